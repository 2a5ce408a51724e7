"""Shared dice mechanics: rolls with holds, up to three throws, combinations."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.base import RuleError
from companion.games.dice import (
    Combination as C,
)
from companion.games.dice import (
    DiceRoll,
    face_count,
    faces_text,
    is_yahtzee,
    satisfied_combinations,
)


def test_first_throw_rolls_every_die() -> None:
    roll = DiceRoll()
    assert roll.awaiting_throw and roll.to_roll == 5
    thrown = roll.throw([3, 1, 4, 1, 5])
    assert thrown.faces == (3, 1, 4, 1, 5) and thrown.rolls == 1
    assert not thrown.awaiting_throw and thrown.to_roll == 0


def test_held_dice_keep_their_values_and_only_the_others_are_thrown() -> None:
    roll = DiceRoll().throw([6, 2, 6, 3, 1]).hold([6, 6])
    assert roll.kept == (6, 6) and roll.to_roll == 3
    again = roll.throw([6, 4, 5])
    assert sorted(again.faces) == [4, 5, 6, 6, 6] and again.rolls == 2


def test_holding_nothing_rolls_every_die_again() -> None:
    roll = DiceRoll().throw([6, 2, 6, 3, 1]).hold([])
    assert roll.to_roll == 5


def test_at_most_three_throws() -> None:
    roll = DiceRoll().throw([1, 2, 3, 4, 5]).hold([1]).throw([1, 1, 1, 1])
    roll = roll.hold([1, 1]).throw([2, 2, 2])
    assert roll.rolls == 3 and roll.is_complete and not roll.can_roll_again
    assert roll.hold_choices() == []
    with pytest.raises(RuleError, match="All 3 rolls are used"):
        roll.hold([1])


def test_number_of_throws_is_configurable() -> None:
    roll = DiceRoll(dice=2, max_rolls=1).throw([3, 4])
    assert roll.is_complete


def test_at_least_one_die_must_be_left_to_roll() -> None:
    with pytest.raises(RuleError, match="Leave at least one die to roll"):
        DiceRoll().throw([1, 2, 3, 4, 5]).hold([1, 2, 3, 4, 5])


def test_only_dice_that_are_showing_can_be_held() -> None:
    with pytest.raises(RuleError, match=r"showing \(1 2 3 4 5\), not 6 6"):
        DiceRoll().throw([1, 2, 3, 4, 5]).hold([6, 6])
    with pytest.raises(RuleError, match="not 2"):
        DiceRoll().throw([1, 2, 3, 4, 5]).hold([2, 2])


@pytest.mark.parametrize(
    ("values", "sentence"),
    [
        ([1, 2, 3], "exactly 5 dice values, not 3"),
        ([1, 2, 3, 4, 7], "from 1 to 6, not 7"),
        ([1, 2, 3, 4, True], "not True"),
        ("12345", "list of numbers"),
    ],
)
def test_a_throw_needs_exactly_the_dice_not_held_showing_1_to_6(
    values: object, sentence: str
) -> None:
    with pytest.raises(RuleError, match=sentence):
        DiceRoll().throw(values)


def test_dice_cannot_be_thrown_while_the_player_decides() -> None:
    with pytest.raises(RuleError, match="not to be thrown now"):
        DiceRoll().throw([1, 2, 3, 4, 5]).throw([1, 2, 3, 4, 5])


def test_hold_choices_are_the_distinct_sets_of_showing_values() -> None:
    choices = DiceRoll().throw([2, 2, 2, 2, 2]).hold_choices()
    assert choices == [(), (2,), (2, 2), (2, 2, 2), (2, 2, 2, 2)]
    assert len(DiceRoll().throw([1, 2, 3, 4, 5]).hold_choices()) == 31


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ((3, 3, 3, 5, 5), {C.THREES, C.FIVES, C.THREE_OF_A_KIND, C.FULL_HOUSE, C.CHANCE}),
        ((2, 2, 2, 2, 6), {C.TWOS, C.SIXES, C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND, C.CHANCE}),
        ((1, 2, 3, 4, 6), {C.ONES, C.TWOS, C.THREES, C.FOURS, C.SIXES, C.SMALL_STRAIGHT, C.CHANCE}),
        ((3, 4, 5, 6, 3), {C.THREES, C.FOURS, C.FIVES, C.SIXES, C.SMALL_STRAIGHT, C.CHANCE}),
        (
            (2, 3, 4, 5, 6),
            {
                C.TWOS,
                C.THREES,
                C.FOURS,
                C.FIVES,
                C.SIXES,
                C.SMALL_STRAIGHT,
                C.LARGE_STRAIGHT,
                C.CHANCE,
            },
        ),
        ((4, 4, 4, 4, 4), {C.FOURS, C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND, C.YAHTZEE, C.CHANCE}),
        ((1, 1, 2, 2, 6), {C.ONES, C.TWOS, C.SIXES, C.CHANCE}),
    ],
)
def test_combinations_a_final_roll_satisfies(values: tuple[int, ...], expected: set[C]) -> None:
    assert satisfied_combinations(values) == expected


def test_a_yahtzee_is_not_a_full_house() -> None:
    assert is_yahtzee((6, 6, 6, 6, 6))
    assert C.FULL_HOUSE not in satisfied_combinations((6, 6, 6, 6, 6))


@pytest.mark.parametrize(("face", "count"), [(1, 0), (3, 2), (6, 3)])
def test_number_combinations_count_the_dice_of_that_number(face: int, count: int) -> None:
    assert face_count((3, 6, 6, 3, 6), face) == count


def test_combination_names_read_like_a_score_sheet() -> None:
    assert C.THREE_OF_A_KIND.label == "Three of a Kind"
    assert C.LARGE_STRAIGHT.label == "Large Straight"
    assert faces_text((1, 6)) == "1 6" and faces_text(()) == "no dice"


@given(
    first=st.lists(st.integers(1, 6), min_size=5, max_size=5),
    data=st.data(),
)
def test_a_roll_round_trips_through_json_at_every_step(
    first: list[int], data: st.DataObject
) -> None:
    roll = DiceRoll()
    assert DiceRoll.from_json(roll.to_json()) == roll
    roll = roll.throw(first)
    assert DiceRoll.from_json(roll.to_json()) == roll
    kept = data.draw(st.sampled_from(roll.hold_choices()))
    roll = roll.hold(kept)
    assert DiceRoll.from_json(roll.to_json()) == roll
    roll = roll.throw([1] * roll.to_roll)
    assert DiceRoll.from_json(roll.to_json()) == roll
    assert sorted(roll.faces) == sorted([*kept, *[1] * (5 - len(kept))])


def test_a_damaged_saved_roll_is_refused() -> None:
    with pytest.raises(RuleError, match="not a saved dice roll"):
        DiceRoll.from_json({"dice": 5})
    with pytest.raises(RuleError, match="impossible number of throws"):
        DiceRoll.from_json({"dice": 5, "max_rolls": 3, "faces": [], "rolls": 2, "kept": None})


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        ({"dice": 99}, "1 to 10 dice"),
        ({"dice": 0}, "1 to 10 dice"),
        ({"max_rolls": 0}, "at least one throw"),
        ({"faces": [1, 2, 3]}, "shows 5 faces, not 3"),
        ({"kept": [6, 6]}, "holds dice that are not showing"),
        ({"kept": [1, 2, 3, 4, 5]}, "holds dice when no throw is left"),
        ({"rolls": 3, "kept": [1]}, "holds dice when no throw is left"),
        ({"faces": [1, 2, 3, 4, 9]}, "not a saved dice roll: A die shows a number from 1 to 6"),
    ],
)
def test_a_saved_roll_that_could_not_happen_at_the_table_is_refused(
    change: dict[str, object], sentence: str
) -> None:
    data = {"dice": 5, "max_rolls": 3, "faces": [1, 2, 3, 4, 5], "rolls": 1, "kept": None}
    with pytest.raises(RuleError, match=sentence):
        DiceRoll.from_json({**data, **change})
