"""How many taps a Yahtzee board turn costs when the dice are entered by hand on screen.

The same turns every run: the dice come from a seeded RNG, and the player decides as a
player going for a kind would (hold the most common face, keep the dice one time in four,
stay on an own tile, take the first tile offered). Only how the screen is tapped depends on
the screen: the player taps what the screen offers, through the scripted driver, as few
times as it allows: what the dice thrown at the table made, on the made card, or (one by
one) every die, a throw tapped only when entering a face does not throw by itself.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from statistics import mean

from companion.games.yahtzee import DeclaredResult, Phase, RollAgain, Stop, Tile, YahtzeeState
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


def count_taps(screen, seed: int = 27, turns: int = SAMPLE_TURNS, *, by_hand: bool = True,
               one_by_one: bool = False) -> TapCount:
    """Play `turns` turns of three players on the default board, the dice thrown at the
    table and what they made tapped on the made card (or, `one_by_one`, every die tapped
    in; or, not `by_hand`, rolled by the companion: `screen` then has the companion's
    dice). The dice and the decisions are the same whichever way they are entered."""
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
        lines = _next_taps(screen, rng, by_hand, one_by_one)
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


def _next_taps(screen, rng: random.Random, by_hand: bool, one_by_one: bool) -> list[str]:
    """The taps for what the table waits for now."""
    scene = yahtzee_scene(screen)
    view = scene.view
    assert view is not None
    request = view.snapshot.chance
    if request is not None:
        if not by_hand:
            return ["tap roll"]
        if not one_by_one and "made_card" in screen.names():
            return _made_taps(thrown_at_the_table(view.game, rng))
        return _faces([rng.randint(1, 6) for _ in range(request.dice)])
    phase = view.phase
    if phase is Phase.OWN_TILE:
        return ["tap stay"]
    if phase is Phase.ROLL:
        assert view.dice is not None
        faces = view.dice.faces
        keep, best = _decide(faces, rng)
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


def _decide(faces: tuple[int, ...], rng: random.Random) -> tuple[bool, int]:
    """Between throws: keep the dice (one time in four), else hold the most common face."""
    best = max(set(faces), key=lambda face: (faces.count(face), face))
    return rng.random() < 0.25, best


def thrown_at_the_table(game: YahtzeeState, rng: random.Random) -> DeclaredResult:
    """The five dice thrown at the table, as the player who taps them in one by one would
    throw and hold (the same dice from `rng`, the same choices), and what they made, as
    that player says it on the made card: the tile won and its value, a Yahtzee, or
    nothing. The throws are played on a copy of the game; only the result is told."""
    table = YahtzeeState.from_json(game.to_json())
    turn = (table.turn_number, table.current)
    before = dict(table.holdings)
    while (table.turn_number, table.current) == turn and not table.is_over:
        request = table.chance()
        if table.phase is Phase.CLAIM and table.turn.yahtzee:
            assert table.dice is not None
            return DeclaredResult("yahtzee", table.dice.faces[0])
        if table.phase is Phase.PLACE:
            assert table.turn.placing is not None
            tile, value = table.turn.placing
            return DeclaredResult(tile.value, value)
        if request is not None:
            table.apply(table.chance_action([rng.randint(1, 6) for _ in range(request.dice)]))
        elif table.phase is Phase.ROLL:
            assert table.dice is not None
            keep, best = _decide(table.dice.faces, rng)
            held = tuple(face for face in table.dice.faces if face == best)
            if keep or len(held) == len(table.dice.faces):
                table.apply(Stop())
            else:
                table.apply(RollAgain(held))
        else:  # the first tile offered, as the one-by-one player taps it
            table.apply(table.legal_actions()[0])
    won = [tile for tile, holding in table.holdings.items()
           if holding.owner == turn[1] and holding != before[tile]]
    if won:
        return DeclaredResult(won[0].value, table.holdings[won[0]].value)
    return DeclaredResult("nothing")


def _made_taps(made: DeclaredResult) -> list[str]:
    """The taps on the made card that say `made`."""
    tile = made.tile
    if made.is_yahtzee:
        return ["tap made:yahtzee", f"tap made:yahtzee:{made.value}"]
    if tile is Tile.CHANCE:
        return ["tap made:chance", f"tap made:chance:{made.value}"]
    if tile is None:
        return ["tap made:nothing"]
    return [f"tap made:{tile.value}:{made.value}"]


def _shown(scene) -> list[int]:
    """The dice's faces in the order the screen shows them (`hold:1` first)."""
    return list(scene.shown_faces())


def _faces(values: list[int]) -> list[str]:
    return [f"tap face:{value}" for value in values]


__all__ = ["SAMPLE_TURNS", "TapCount", "count_taps"]
