"""Players at an UNO table who act only through the script driver's lines, as people tap.

Every line is made from the engine's legal actions in the snapshot on screen:
the taps a person makes to enter that action (open the picker, the colour's
tab, the card, the Wild's colour; a count's digits), and the spinner's stop.
"""

from __future__ import annotations

import random

from companion.games.uno import actions as act
from companion.games.uno import tiki_actions as tact
from companion.games.uno.phases import Phase
from ui.uno.picker import tab_of
from ui.uno.scene import UnoScene

MAX_LINES = 20_000


def uno_scene(screen) -> UnoScene:
    scene = screen.app.scene
    assert isinstance(scene, UnoScene), f"the UNO table is not on screen but {scene.name}"
    return scene


def play_lines(action: act.PlayCard, seat: int) -> list[str]:
    """The taps that play `action`: the picker, the UNO call, the tab, the card, the colour."""
    lines = ["tap play"]
    if action.uno:
        lines.append(f"tap uno:{seat}")
    lines += [f"tap tab:{tab_of(action.card)}", f'tap "card:{action.card}"']
    if action.colour is not None:
        lines.append(f"tap colour:{action.colour.value.lower()}")
    return lines


def count_lines(action: act.CountHand) -> list[str]:
    """The taps that count a hand as its points."""
    digits = [] if not action.points else [f"tap digit:{d}" for d in str(action.points)]
    return [f"tap count:{action.counted}", *digits, "tap done"]


def spin_line(rng: random.Random, players: int, between: float) -> str:
    """Where the spinner stops: a seat, or now and then between two neighbours."""
    seat = rng.randrange(players)
    if rng.random() < between:
        return f"spin {seat} {(seat + 1) % players}"
    return f"spin {seat}"


def next_lines(screen, rng: random.Random, *, between: float = 0.25, low_first: bool = False
               ) -> list[str]:
    """The lines for what the table waits for now (empty once the match is over).

    `between` is how often the spinner stops between two seats; `low_first` counts the
    first round's hands at their lowest, so that the match goes on to a second round.
    """
    scene = uno_scene(screen)
    view = scene.view
    assert view is not None
    snapshot = view.snapshot
    if scene.notice is not None:
        return [] if snapshot.is_over else ["tap next"]
    if view.spinning:
        return [spin_line(rng, view.game.players, between)]
    legal = list(snapshot.legal_actions)
    calls = [a for a in legal if isinstance(a, act.CatchUno | act.CallUno)]
    if calls and rng.random() < 0.7:
        call = rng.choice(calls)
        return [f"tap catch:{call.caught}" if isinstance(call, act.CatchUno)
                else f"tap uno:{call.caller}"]
    phase, seat = view.phase, snapshot.to_move
    assert seat is not None, f"nobody is to act in phase {phase}"
    if phase is Phase.DEALER:
        return [f"tap dealer:{rng.randrange(view.game.players)}"]
    if phase is Phase.START_CARD:
        card = rng.choice([a.card for a in legal if isinstance(a, act.TurnUp)])
        return [f"tap tab:{tab_of(card)}", f'tap "card:{card}"']
    if phase is Phase.START_COLOUR:
        return [f"tap colour:{rng.choice(['red', 'yellow', 'green', 'blue'])}"]
    if phase is Phase.DRAFT:
        return [rng.choice(["tap keep", "tap discard"])]
    if phase is Phase.CHALLENGE:
        return rng.choice([["tap accept"], ["tap challenge", "tap guilty"],
                           ["tap challenge", "tap innocent"]])
    if phase is Phase.PICK_SEAT:
        return [f"tap pick:{rng.choice([a.picked for a in legal if isinstance(a, tact.PickSeat)])}"]
    if phase is Phase.TIKI_DISCARD:
        cards = [a.card for a in legal if isinstance(a, tact.TikiDiscard)]
        if rng.random() < 0.3 or not cards:
            return ["tap done"]
        card = rng.choice(cards)
        return [f"tap tab:{tab_of(card)}", f'tap "card:{card}"']
    if phase is Phase.TIKI_DISCARD_ALL:
        counts = [a.count for a in legal if isinstance(a, tact.DiscardAll)]
        return ["tap done"] if rng.random() < 0.5 else [f"tap discard:{min(counts)}"]
    if phase is Phase.SCORING:
        counts = [a for a in legal if isinstance(a, act.CountHand)]
        first = counts[0].counted
        mine = [a for a in counts if a.counted == first]
        low = low_first and not view.game.rounds
        return count_lines(mine[0] if low else rng.choice(mine))
    return _turn_lines(legal, seat, rng)


def _turn_lines(legal: list, seat: int, rng: random.Random) -> list[str]:
    plays = [a for a in legal if isinstance(a, act.PlayCard)]
    keep = any(isinstance(a, act.KeepCard) for a in legal)
    if plays and rng.random() < 0.85:
        card = rng.choice(list(dict.fromkeys(a.card for a in plays)))
        return play_lines(rng.choice([a for a in plays if a.card is card]), seat)
    if keep:
        return ["tap keep"]
    assert any(isinstance(a, act.Draw) for a in legal), "a turn with nothing to do"
    return ["tap draw"]


def play_out(screen, rng: random.Random, **choices: object) -> list[str]:
    """Play the match on screen to its end; returns the lines run. No line may be refused."""
    played: list[str] = []
    for _ in range(MAX_LINES):
        lines = next_lines(screen, rng, **choices)  # type: ignore[arg-type]
        if not lines:
            return played
        for line in lines:
            screen.run(line)
            played.append(line)
            message = screen.app.message
            assert message is None or not message.refusal, (
                f"{line!r} was refused: {message.text}")
    raise AssertionError("the match did not end")


__all__ = ["next_lines", "play_lines", "play_out", "uno_scene"]
