"""Every player's action is told as done for the screen's last-action line, while its
`describe` stays the imperative of buttons, legal-action lists and the log."""

from __future__ import annotations

import pytest

from companion.games.action_codec import Action
from companion.games.backgammon import actions as bg
from companion.games.backgammon.movement import Step
from companion.games.registry import game_specs
from companion.games.uno import actions as uno
from companion.games.uno import duo_actions as duo
from companion.games.uno import tiki_actions as tiki
from companion.games.uno.cards import Card, Colour
from companion.games.yahtzee import actions as yz
from companion.games.yahtzee.tiles import Tile

NAMES = ("Ana", "Ben", "Cleo")


def _name(seat: int) -> str:
    return NAMES[seat]


@pytest.mark.parametrize("game", sorted(game_specs()))
def test_every_players_action_of_every_game_has_a_sentence_of_its_own(game: str) -> None:
    untold = [
        kind.__name__
        for kind in game_specs()[game].actions
        if not kind.is_chance and kind.narrate is Action.narrate
    ]
    assert untold == []


TOLD = [
    (uno.Draw(), 0, "Ana drew a card", "draw a card"),
    (uno.KeepCard(), 0, "Ana kept the drawn card", "keep the drawn card"),
    (uno.TurnUp(Card.parse("Red 5")), 1, "Ben turned up Red 5", "turn up Red 5"),
    (uno.PlayCard(Card.parse("Red 7")), 0, "Ana played Red 7", "Red 7"),
    (uno.PlayCard(Card.parse("Wild"), Colour.RED, uno=True), 0,
     "Ana played Wild, chose Red and called UNO", "Wild (Red), UNO!"),
    (uno.ChooseDealer(1), 0, "Ben was chosen to deal", "Ben deals"),
    (uno.CatchUno(1), 1, "Ben was caught without UNO", "caught without UNO"),
    (uno.CountHand(2, points=12), 0, "Cleo held 12 points", "Cleo holds 12 points"),
    (uno.CountHand(2, points=1), 0, "Cleo held 1 point", "Cleo holds 1 points"),
    (tiki.PickSeat(2), 0, "Ana picked Cleo", "pick Cleo"),
    (tiki.DiscardAll(3, Card.parse("Red 7")), 1,
     "Ben discarded all 3 cards of the colour, Red 7 on top",
     "discard all 3 cards of the colour, Red 7 on top"),
    (duo.PlayColour((Card.parse("Red 3"), Card.parse("Red 5"))), 0, "Ana played Red 3, Red 5",
     "Red 3, Red 5"),
    (bg.TurnPlay((Step(8, 5, 3, False), Step(6, 5, 1, False)), text="8/5 6/5"), 0,
     "Ana played 8/5 6/5", "8/5 6/5"),
    (bg.TurnPlay(()), 0, "Ana had no move", "no move"),
    (bg.Take(), 1, "Ben took the cube", "Take"),
    (bg.Double(), 0, "Ana doubled", "Double"),
    (yz.RollAgain((4, 4)), 0, "Ana kept 4 4 to roll the rest", "Keep 4 4 and roll the rest"),
    (yz.Claim(Tile("full_house")), 2, "Cleo claimed Full House", "Claim Full House"),
]


@pytest.mark.parametrize(("action", "actor", "told", "described"), TOLD)
def test_an_action_is_told_in_the_past_and_described_as_a_button_says_it(
    action: Action, actor: int, told: str, described: str
) -> None:
    note = action.narrate(actor)
    assert note is not None and note.render(_name) == told
    assert action.describe(_name) == described
