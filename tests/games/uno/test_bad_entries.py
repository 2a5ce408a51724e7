"""Bad entries at the table: a sentence, nothing changed, never a crash.

Random entries of every action type, with wrong cards, seats and counts, are
thrown at matches of each game in both modes between random legal moves:
each is either accepted or refused with a `RuleError` that leaves the match
exactly as it was.
"""

import json
import random

import pytest

from companion.games.autoplay import next_random_action
from companion.games.base import RuleError
from companion.games.uno import actions as act
from companion.games.uno import duo_actions as dact
from companion.games.uno import tiki_actions as tact
from companion.games.uno.cards import Card, Colour
from companion.games.uno.classic import ClassicUno
from companion.games.uno.duo import DuoUno
from companion.games.uno.referee import new_referee
from companion.games.uno.tiki import TikiTwist

CARDS = [
    Card.parse(text)
    for text in (
        "Red 5", "Wild", "Wild Draw Four", "Tiki Draw 4", "Blue Skip", "Green Draw Two",
        "Tiki Discard All Red", "Yellow 2 Spin", "Blank Wild", "Red Reverse",
    )
]
SEATS = [-1, 0, 1, 2, 5, 99]


def random_entry(rng: random.Random) -> object:
    card, seat = rng.choice(CARDS), rng.choice(SEATS)
    some_cards = tuple(rng.sample(CARDS, rng.randint(0, 3)))
    return rng.choice(
        [
            act.PlayCard(card, rng.choice([None, *Colour]), rng.random() < 0.5),
            act.Draw(),
            act.KeepCard(),
            act.ChooseColour(rng.choice(list(Colour))),
            act.Challenge(rng.choice([None, True, False])),
            act.AcceptDraw(),
            act.CatchUno(seat),
            act.CallUno(seat),
            act.CountHand(seat, rng.choice([None, -1, 0, 3, 49, 500]), some_cards),
            act.ChooseDealer(seat),
            act.TurnUp(card),
            act.Shuffle(tuple(range(rng.randint(0, 3)))),
            tact.SpinResult(tuple(rng.sample([0, 1, 2, 7], rng.randint(0, 3)))),
            tact.PickSeat(seat),
            tact.TikiDiscard(card),
            tact.DiscardAll(rng.randint(-1, 3)),
            tact.EndTikiAction(),
            dact.DraftPick(rng.random() < 0.5),
            dact.PlayColour(some_cards),
        ]
    )


@pytest.mark.parametrize(("game", "players"), [(ClassicUno, 3), (TikiTwist, 3), (DuoUno, 2)])
@pytest.mark.parametrize("mode", ["simulation", "referee"])
def test_a_refused_entry_changes_nothing_and_nothing_crashes(
    game: type[ClassicUno], players: int, mode: str
) -> None:
    rng = random.Random(f"{game.game_name}-{mode}")
    state = new_referee(game, players) if mode == "referee" else game(players)
    refused = 0
    for _ in range(600):
        if state.is_over:
            break
        before = json.dumps(state.to_json())
        try:
            state.apply(random_entry(rng))
        except RuleError as error:
            refused += 1
            assert str(error)[-1] in ".?!)", str(error)
            assert json.dumps(state.to_json()) == before
        if not state.is_over:
            state.apply(next_random_action(state, rng))
    assert refused > 100
