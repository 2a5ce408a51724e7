"""Players at a Yahtzee board table who act only through the script driver's lines, as people
tap and throw: the dice settle in the tray (now and then cocked, or rolled by the companion,
or tapped in), dice are held by tapping them, tiles and squares are tapped on screen."""

from __future__ import annotations

import random

from companion.games.yahtzee import Phase
from ui.yahtzee.scene import YahtzeeScene

MAX_LINES = 20_000


def yahtzee_scene(screen) -> YahtzeeScene:
    scene = screen.app.scene
    assert isinstance(scene, YahtzeeScene), f"the Yahtzee board is not on screen but {scene.name}"
    return scene


def dice_lines(rng: random.Random, count: int, *, yahtzees: float) -> list[str]:
    """How `count` dice asked for arrive: mostly settled in the tray, sometimes a Yahtzee
    (`yahtzees` of five-dice throws), a cocked die first, the companion's roll, or taps."""
    chosen = rng.random()
    if count == 5 and chosen < yahtzees:
        face = rng.randint(1, 6)
        return ["roll " + " ".join([str(face)] * 5)]
    values = [rng.randint(1, 6) for _ in range(count)]
    if chosen < 0.05:
        return ["roll cocked", "roll " + " ".join(map(str, values))]
    if chosen < 0.12:
        return ["roll"]
    if chosen < 0.2:
        return [f"tap face:{value}" for value in values]
    return ["roll " + " ".join(map(str, values))]


def hold_lines(scene: YahtzeeScene, rng: random.Random) -> list[str]:
    """Between throws: tap dice until the wanted ones are held (at least one left to throw),
    then throw; or keep the dice."""
    view = scene.view
    assert view is not None and view.dice is not None
    if rng.random() < 0.25:
        return ["tap stop"]
    faces = scene.shown_faces()
    # Hold the most common face, as a player going for a kind would.
    best = max(set(faces), key=lambda face: (faces.count(face), face))
    wanted = {index for index, face in enumerate(faces) if face == best}
    if len(wanted) == len(faces):
        return ["tap stop"]
    toggles = sorted(wanted ^ scene.held)
    return [f"tap hold:{index + 1}" for index in toggles] + ["tap throw"]


def next_lines(screen, rng: random.Random, *, yahtzees: float = 0.04) -> list[str]:
    """The lines for what the table waits for now (empty once the game is over)."""
    scene = yahtzee_scene(screen)
    view = scene.view
    assert view is not None
    snapshot = view.snapshot
    if snapshot.is_over:
        return []
    if snapshot.chance is not None:
        return dice_lines(rng, snapshot.chance.dice, yahtzees=yahtzees)
    phase = view.phase
    if phase is Phase.OWN_TILE:
        return [rng.choice(["tap stay", "tap move"])]
    if phase is Phase.ROLL:
        return hold_lines(scene, rng)
    if phase in (Phase.TARGET, Phase.CLAIM):
        action = rng.choice(view.choice_actions())
        return [f"tap tile:{action.tile.value}"]
    if phase is Phase.PLACE:
        return [f"tap square:{rng.choice(sorted(view.place_actions()))}"]
    raise AssertionError(f"nothing to do in phase {phase}")


def play_out(screen, rng: random.Random, **choices: float) -> list[str]:
    """Play the game on screen to its end; returns the lines run. No line may be refused."""
    played: list[str] = []
    for _ in range(MAX_LINES):
        lines = next_lines(screen, rng, **choices)
        if not lines:
            return played
        for line in lines:
            screen.run(line)
            played.append(line)
            message = screen.app.message
            assert message is None or not message.refusal, (
                f"{line!r} was refused: {message.text}")
    raise AssertionError("the game did not end")


__all__ = ["dice_lines", "hold_lines", "next_lines", "play_out", "yahtzee_scene"]
