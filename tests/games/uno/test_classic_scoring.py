"""Classic UNO round scoring (both methods) and the end of the match at 500."""

import pytest

from companion.games.base import RuleError
from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour
from companion.games.uno.scoring import CLASSIC_POINTS, DUO_POINTS, RoundResult, card_points

from .classic_tables import laid_out


def go_out(state, text: str = "Red 7", colour: str | None = None) -> None:  # type: ignore[no-untyped-def]
    state.apply(act.PlayCard(Card.parse(text), Colour.parse(colour) if colour else None))


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("Blue 7", 7),
        ("Red 0", 0),
        ("Green Skip", 20),
        ("Green Reverse", 20),
        ("Green Draw Two", 20),
        ("Wild", 50),
        ("Wild Draw Four", 50),
        ("Blank Wild", 50),
    ],
)
def test_classic_card_points(text: str, points: int) -> None:
    assert card_points(Card.parse(text), CLASSIC_POINTS) == points


@pytest.mark.parametrize(
    ("text", "points"),
    [("Blue 7", 7), ("Green Skip", 10), ("Wild", 15), ("Wild Draw Four", 20)],
)
def test_duo_card_points_table(text: str, points: int) -> None:
    assert card_points(Card.parse(text), DUO_POINTS) == points


def test_round_ends_when_a_hand_is_empty_and_the_winner_scores_the_other_hands() -> None:
    state = laid_out([["Red 7"], ["Blue 9", "Wild"], ["Green Skip", "Red 0"]], top="Red 5")
    go_out(state)
    assert state.scores() == [9 + 50 + 20, 0, 0]
    assert state.rounds[-1] == RoundResult(winner=0, points=(0, 59, 20), totals=(79, 0, 0))
    assert not state.is_over
    assert state.pending_chance == "deal"


def test_alternative_scoring_each_player_adds_their_own_hand() -> None:
    state = laid_out(
        [["Red 7"], ["Blue 9", "Wild"], ["Green Skip"]], top="Red 5", scoring="own_hand"
    )
    go_out(state)
    assert state.scores() == [0, 59, 20]


def test_first_to_500_wins_the_match() -> None:
    state = laid_out([["Red 7"], ["Wild", "Wild"], ["Blue 1"]], top="Red 5")
    state.totals = [410, 300, 450]
    go_out(state)
    assert state.is_over and state.scores() == [511, 300, 450]
    assert state.winners() == [0]
    assert state.to_move is None and state.legal_actions() == [] and state.chance() is None


def test_alternative_scoring_lowest_total_wins_when_someone_reaches_500() -> None:
    state = laid_out([["Red 7"], ["Wild", "Wild"], ["Blue 1"]], top="Red 5", scoring="own_hand")
    state.totals = [200, 450, 120]
    go_out(state)
    assert state.is_over and state.scores() == [200, 550, 121]
    assert state.winners() == [2]


def test_option_target_changes_the_match_length() -> None:
    state = laid_out([["Red 7"], ["Blue 9"]], top="Red 5", target=5)
    go_out(state)
    assert state.is_over and state.winners() == [0]


def test_no_action_after_the_match_is_over() -> None:
    state = laid_out([["Red 7"], ["Blue 9"]], top="Red 5", target=5)
    go_out(state)
    with pytest.raises(RuleError, match="The match is over"):
        state.apply(act.Draw())


def test_winners_are_empty_until_the_match_is_over() -> None:
    state = laid_out([["Red 7", "Red 8"], ["Blue 9"]], top="Red 5")
    assert state.winners() == []


def test_going_out_with_draw_two_still_makes_the_next_player_draw_and_those_cards_count() -> None:
    state = laid_out(
        [["Red Draw Two"], ["Blue 9"], ["Blue 1"]], top="Red 5", draw=["Wild", "Red 4", "Red 3"]
    )
    go_out(state, "Red Draw Two")
    assert state.scores() == [9 + 50 + 4 + 1, 0, 0]


def test_going_out_with_wild_draw_four_makes_the_next_player_draw_four() -> None:
    state = laid_out(
        [["Wild Draw Four"], ["Blue 9"]], top="Red 5", draw=["Red 1", "Red 2", "Red 3", "Red 4"]
    )
    go_out(state, "Wild Draw Four", "Blue")
    assert state.scores() == [9 + 1 + 2 + 3 + 4, 0]


def test_option_last_card_effects_off_ends_the_round_without_drawing() -> None:
    state = laid_out(
        [["Red Draw Two"], ["Blue 9"]], top="Red 5", draw=["Wild", "Red 4"], last_card_effects=False
    )
    go_out(state, "Red Draw Two")
    assert state.scores() == [9, 0]


def test_a_round_end_waits_for_a_reshuffle_when_the_last_card_draws_from_an_empty_pile() -> None:
    state = laid_out(
        [["Red Draw Two"], ["Blue 9"]], top="Red 5", draw=["Wild"], discard_below=["Green 3"]
    )
    go_out(state, "Red Draw Two")
    assert state.pending_chance == "reshuffle" and state.scores() == [0, 0]
    state.apply(act.Shuffle((0, 1)))  # new pile: Green 3 under Red 5
    assert state.scores() == [9 + 50 + 5, 0]
