"""The opening roll: one die each, highest starts, ties for highest re-roll."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([2, 4]), st.lists(st.integers(1, 6), min_size=40, max_size=40))
def test_every_opening_roll_rerolls_only_the_tied_and_never_starts_with_a_double(
    players: int, dice: list[int]
) -> None:
    opening = OpeningRoll.start(players)
    supply = iter(dice)
    latest: dict[int, int] = {}
    while opening.starter is None:
        rolling = opening.rolling
        throw = [next(supply, 0) for _ in rolling]
        if 0 in throw:
            return  # ties all the way through the dice drawn: nothing more to check
        latest.update(zip(rolling, throw, strict=True))
        opening = opening.record(throw)
        best = max(throw)
        assert opening.rolling == tuple(s for s, d in zip(rolling, throw, strict=True) if d == best)
    starter = opening.starter
    high, low = opening.first_roll()
    assert high == latest[starter]
    assert low == min(die for seat, die in latest.items() if seat != starter)
    assert high > low  # never a double
