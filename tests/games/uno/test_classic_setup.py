"""Classic UNO setup: choosing the dealer, the deal and every start-card case."""

import pytest

from companion.games.base import RuleError
from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour

from .classic_tables import cards, deal_round, new_match, stacked


def cut(state, *texts: str) -> None:  # type: ignore[no-untyped-def]
    """Apply a dealer-choice shuffle that gives the candidates these cards in seat order."""
    state.apply(stacked(state.shuffle_cards("dealer"), cards(*texts)))


def test_match_starts_by_asking_for_a_shuffle_to_choose_the_dealer() -> None:
    state = new_match(4)
    request = state.chance()
    assert request is not None and request.kind == "shuffle" and request.size == 108
    assert state.to_move is None and state.legal_actions() == []


def test_highest_number_drawn_deals() -> None:
    state = new_match(3)
    cut(state, "Red 3", "Blue 9", "Green 4")
    assert state.dealer == 1


def test_symbols_count_zero_when_choosing_the_dealer() -> None:
    state = new_match(3)
    cut(state, "Red Skip", "Wild Draw Four", "Green 1")
    assert state.dealer == 2


def test_players_tied_for_the_highest_card_draw_again() -> None:
    state = new_match(4)
    cut(state, "Red 8", "Blue 2", "Green 8", "Yellow 1")
    assert state.dealer is None
    assert state.dealer_candidates == [0, 2]
    cut(state, "Red 1", "Blue 5")  # only seats 0 and 2 draw: seat 2 gets Blue 5
    assert state.dealer == 2


def test_option_dealer_tie_lowest_seat_lets_the_first_tied_player_deal() -> None:
    state = new_match(4, dealer_tie="lowest_seat")
    cut(state, "Red 2", "Blue 8", "Green 8", "Yellow 1")
    assert state.dealer == 1


def test_deal_gives_seven_cards_each_from_the_dealers_left() -> None:
    state = new_match(3)
    cut(state, "Red 1", "Blue 9", "Green 4")  # seat 1 deals
    pool = state.shuffle_cards("deal")
    state.apply(act.Shuffle(tuple(range(len(pool)))))  # pile in deck order, top last
    assert state.hand_sizes == [7, 7, 7]
    assert state.hands[2][0] == pool[-1]  # seat 2 sits left of the dealer: first card
    assert state.hands[0][0] == pool[-2]
    assert state.discard == [pool[-22]]
    assert len(state.draw_pile) == 108 - 22


def test_number_start_card_player_left_of_dealer_goes_first() -> None:
    state = deal_round(new_match(4), "Red 5", dealer=1)
    assert (state.to_move, state.direction, state.colour) == (2, 1, Colour.RED)


def test_skip_start_card_skips_the_first_player() -> None:
    state = deal_round(new_match(4), "Red Skip", dealer=1)
    assert state.to_move == 3


def test_reverse_start_card_dealer_goes_first_and_play_runs_the_other_way() -> None:
    state = deal_round(new_match(4), "Blue Reverse", dealer=1)
    assert state.to_move == 1
    assert state.direction == -1
    state.apply(act.Draw())
    if state.phase == "drawn":
        state.apply(act.KeepCard())
    assert state.to_move == 0


def test_reverse_start_card_with_two_players_dealer_goes_first() -> None:
    state = deal_round(new_match(2), "Blue Reverse", dealer=1)
    assert state.to_move == 1


def test_draw_two_start_card_first_player_draws_two_and_is_skipped() -> None:
    state = deal_round(new_match(4), "Green Draw Two", dealer=1)
    assert state.hand_sizes == [7, 7, 9, 7]
    assert state.to_move == 3


def test_wild_start_card_first_player_names_the_colour() -> None:
    state = deal_round(new_match(4), "Wild", dealer=1)
    assert state.to_move == 2 and state.phase == "start_colour"
    assert set(state.legal_actions()) == {act.ChooseColour(colour) for colour in Colour}
    state.apply(act.ChooseColour(Colour.YELLOW))
    assert (state.colour, state.to_move, state.phase) == (Colour.YELLOW, 2, "turn")


def test_wild_draw_four_start_card_is_returned_reshuffled_and_a_new_card_turned() -> None:
    state = new_match(4)
    deal_round(state, ["Wild Draw Four"], dealer=1)
    request = state.chance()
    assert request is not None and request.size == 108 - 28
    assert Card.parse("Wild Draw Four") in state.draw_pile and state.discard == []
    state.apply(stacked(state.shuffle_cards("restart"), cards("Yellow 3")))
    assert state.discard == cards("Yellow 3")
    assert state.start_cards == cards("Wild Draw Four", "Yellow 3")
    assert state.to_move == 2 and state.colour is Colour.YELLOW


def test_blank_wild_start_card_acts_as_wild_d_u1() -> None:
    state = deal_round(new_match(4, deck="classic112"), "Blank Wild", dealer=0)
    assert state.phase == "start_colour" and state.to_move == 1


def test_blank_wild_option_wild_draw_four_returns_it_at_the_start() -> None:
    state = new_match(4, deck="classic112", blank_wild="wild_draw_four")
    deal_round(state, ["Blank Wild"], dealer=0)
    assert state.pending_chance == "restart"


@pytest.mark.parametrize("players", [1, 11, 0])
def test_classic_uno_is_for_two_to_ten_players(players: int) -> None:
    with pytest.raises(RuleError, match=f"UNO is for 2 to 10 players, not {players}"):
        new_match(players)


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ({"colour_of_sky": 1}, "no UNO rule option called 'colour_of_sky'"),
        ({"scoring": "most"}, "'scoring' must be one of"),
        ({"target": "lots"}, "'target' must be a whole number"),
        ({"target": 0}, "target score must be at least 1"),
        ({"deck": "tiki112"}, "UNO is played with the classic108 or classic112 deck"),
        ({"play_drawn_card": "yes"}, "must be true or false"),
    ],
)
def test_bad_options_are_refused_with_a_sentence(options: dict, sentence: str) -> None:
    with pytest.raises(RuleError, match=sentence):
        new_match(4, **options)


def test_first_dealer_passes_to_the_left_after_each_round() -> None:
    state = deal_round(new_match(3), "Red 5", hands=[["Red 1"]], dealer=2)
    state.hands[0] = cards("Red 1")
    state.apply(act.PlayCard(Card.parse("Red 1")))
    assert state.dealer == 0 and state.pending_chance == "deal"


def test_option_dealer_rotates_off_keeps_the_dealer() -> None:
    state = deal_round(new_match(3, dealer_rotates=False), "Red 5", dealer=2)
    state.hands[0] = cards("Red 1")
    state.apply(act.PlayCard(Card.parse("Red 1")))
    assert state.dealer == 2


def test_draw_two_start_card_with_two_players_the_dealer_plays_first() -> None:
    state = deal_round(new_match(2), "Green Draw Two", dealer=0)
    assert state.hand_sizes == [7, 9] and state.to_move == 0


def test_skip_start_card_with_two_players_the_dealer_plays_first() -> None:
    state = deal_round(new_match(2), "Green Skip", dealer=0)
    assert state.to_move == 0


def test_a_deck_without_numbers_cannot_tie_for_ever_the_first_tied_player_deals() -> None:
    state = new_match(2, deck_cards=["Red Skip"] * 10 + ["Wild"] * 10)
    state.apply(act.Shuffle(tuple(range(20))))
    assert state.dealer == 0 and state.pending_chance == "deal"
