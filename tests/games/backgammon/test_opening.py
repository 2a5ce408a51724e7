"""The opening roll: one die each, highest starts, ties for highest re-roll."""

import pytest

from companion.games.backgammon.opening import OpeningRoll
from companion.games.base import RuleError


def test_two_players_higher_die_starts_with_both_dice() -> None:
    opening = OpeningRoll.start(2).record([2, 5])
    assert opening.starter == 1
    assert opening.first_roll() == (5, 2)


def test_two_players_tie_both_roll_again() -> None:
    opening = OpeningRoll.start(2).record([4, 4])
    assert opening.starter is None
    assert opening.rolling == (0, 1)
    assert opening.request().dice == 2
    assert opening.record([6, 3]).first_roll() == (6, 3)


def test_high_low_start_only_players_tied_for_highest_reroll() -> None:
    opening = OpeningRoll.start(4).record([5, 2, 5, 3])
    assert opening.starter is None
    assert opening.rolling == (0, 2)
    request = opening.request()
    assert request.dice == 2
    assert "again" in request.prompt


def test_high_low_first_roll_is_winning_die_and_lowest_showing_die() -> None:
    opening = OpeningRoll.start(4).record([5, 2, 5, 3]).record([1, 4])
    # Seat 2 wins with a 4; the dice showing are seat 0's 1, seat 1's 2, seat 3's 3.
    assert opening.starter == 2
    assert opening.first_roll() == (4, 1)


def test_high_low_first_roll_is_never_a_double() -> None:
    opening = OpeningRoll.start(4).record([6, 6, 6, 6]).record([3, 3, 3, 3]).record([2, 1, 1, 1])
    assert opening.starter == 0
    first = opening.first_roll()
    assert first[0] != first[1]


def test_opening_roll_refuses_the_wrong_number_of_dice() -> None:
    with pytest.raises(RuleError, match="one die"):
        OpeningRoll.start(4).record([1, 2])


def test_first_roll_waits_for_a_winner() -> None:
    with pytest.raises(RuleError, match="not decided"):
        OpeningRoll.start(2).record([3, 3]).first_roll()


def test_opening_json_round_trip() -> None:
    opening = OpeningRoll.start(4).record([5, 2, 5, 3])
    assert OpeningRoll.from_json(opening.to_json()) == opening
