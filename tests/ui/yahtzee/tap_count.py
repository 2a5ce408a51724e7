"""How many taps a Yahtzee board turn costs when every die is entered by hand on screen.

The same turns every run: the dice come from a seeded RNG, and the player decides as a
player going for a kind would (hold the most common face, keep the dice one time in four,
stay on an own tile, take the first tile offered). Only how the screen is tapped depends on
the screen: the player taps what the screen offers, through the scripted driver, as few
times as it allows (a throw tapped only when entering a face does not throw by itself).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from statistics import mean

from companion.games.yahtzee import Phase
from tests.ui.yahtzee.yahtzee_players import yahtzee_scene

SAMPLE_TURNS = 40
"""Turns in the sample (the roll-off for the order of play is not counted)."""


@dataclass(frozen=True)
class TapCount:
    """The taps each turn of the sample cost."""

    taps: tuple[int, ...]

    @property
    def mean(self) -> float:
        """The mean taps a turn."""
        return mean(self.taps)

    def __str__(self) -> str:
        return (f"{len(self.taps)} turns: mean {self.mean:.1f} taps, min {min(self.taps)},"
                f" max {max(self.taps)}")


def count_taps(screen, seed: int = 27, turns: int = SAMPLE_TURNS, *, by_hand: bool = True
               ) -> TapCount:
    """Play `turns` turns of three players on the default board, every die tapped in (or,
    not `by_hand`, rolled by the companion: `screen` then has the companion's dice)."""
    rng = random.Random(seed)
    screen.run("new yahtzee --players 3 --names Ana,Ben,Cleo", "roll 6 5", "roll 4 3", "roll 2 1")
    counted: list[int] = []
    taps = 0
    turn = _turn(screen)
    while len(counted) < turns:
        view = yahtzee_scene(screen).view
        assert view is not None
        if view.snapshot.is_over:
            break
        lines = _next_taps(screen, rng, by_hand)
        screen.run(*lines)
        message = screen.app.message
        assert message is None or not message.refusal, f"{lines} was refused: {message.text}"
        taps += len(lines)
        if _turn(screen) != turn:
            counted.append(taps)
            taps, turn = 0, _turn(screen)
    return TapCount(tuple(counted))


def _turn(screen) -> tuple[int, int]:
    view = yahtzee_scene(screen).view
    assert view is not None
    return view.game.turn_number, view.game.current


def _next_taps(screen, rng: random.Random, by_hand: bool) -> list[str]:
    """The taps for what the table waits for now."""
    scene = yahtzee_scene(screen)
    view = scene.view
    assert view is not None
    request = view.snapshot.chance
    if request is not None:
        if not by_hand:
            return ["tap roll"]
        return _faces([rng.randint(1, 6) for _ in range(request.dice)])
    phase = view.phase
    if phase is Phase.OWN_TILE:
        return ["tap stay"]
    if phase is Phase.ROLL:
        assert view.dice is not None
        faces = view.dice.faces
        best = max(set(faces), key=lambda face: (faces.count(face), face))
        keep = rng.random() < 0.25
        wanted = [slot for slot, face in enumerate(_shown(scene)) if face == best]
        if keep or len(wanted) == len(faces):
            return ["tap stop"]
        thrown = [rng.randint(1, 6) for _ in range(len(faces) - len(wanted))]
        toggles = sorted(set(wanted) ^ scene.held)
        taps = [f"tap hold:{slot + 1}" for slot in toggles]
        if not by_hand:
            return [*taps, "tap throw"]
        if "face:1" not in screen.names():  # a face tapped does not throw by itself
            taps.append("tap throw")
        return taps + _faces(thrown)
    if phase in (Phase.TARGET, Phase.CLAIM):
        return [f"tap tile:{view.choice_actions()[0].tile.value}"]
    if phase is Phase.PLACE:
        return [f"tap square:{min(view.place_actions())}"]
    raise AssertionError(f"nothing to do in phase {phase}")


def _shown(scene) -> list[int]:
    """The dice's faces in the order the screen shows them (`hold:1` first)."""
    return list(scene.shown_faces())


def _faces(values: list[int]) -> list[str]:
    return [f"tap face:{value}" for value in values]


__all__ = ["SAMPLE_TURNS", "TapCount", "count_taps"]
