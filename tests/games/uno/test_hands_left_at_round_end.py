"""With every card known (phones as hands), the hands counted at a round's end are shown to
the table until the next deal, and at the match's end: nothing of a hand in play is."""

from companion.games.uno import actions as act
from companion.games.uno.cards import Card

from .classic_tables import laid_out, stacked


def test_the_hands_counted_are_public_from_the_round_end_to_the_next_deal() -> None:
    state = laid_out([["Red 7"], ["Blue 9", "Wild"], ["Green Skip", "Red 0"]], top="Red 5")
    assert state.public_view().hands_left is None  # in play: only the sizes
    state.apply(act.PlayCard(Card.parse("Red 7")))
    view = state.public_view().to_json()
    assert view["hands_left"] == [[], ["Blue 9", "Wild"], ["Green Skip", "Red 0"]]
    assert view["rounds"][-1] == {"winner": 0, "points": [0, 59, 20], "totals": [79, 0, 0]}
    assert "Wild" not in {str(card) for card in state.hidden_cards()}
    state.apply(stacked(list(state.deck), []))  # the next deal
    assert state.public_view().hands_left is None
    assert state.hidden_cards() >= {card for hand in state.piles.hands for card in hand
                                    if card is not None}


def test_the_last_hands_counted_stay_shown_when_the_match_is_over() -> None:
    state = laid_out([["Red 7"], ["Blue 9"]], top="Red 5", target=5)
    state.apply(act.PlayCard(Card.parse("Red 7")))
    assert state.is_over
    assert state.public_view().to_json()["hands_left"] == [[], ["Blue 9"]]


def test_a_refereed_round_shows_no_hand_it_never_knew() -> None:
    state = laid_out([["Red 7"], ["Blue 9"]], top="Red 5", mode="referee")
    state.apply(act.PlayCard(Card.parse("Red 7")))
    assert state.public_view().hands_left is None
