"""The rules of one checker's move and of a whole turn, as `step_rules` states them once."""

from __future__ import annotations

import pytest

from companion.games.backgammon.geometry import BACKGAMMON, MINIGAM
from companion.games.backgammon.step_rules import (
    AFTER_LANDING,
    BAR,
    BLOCKED,
    DICE_IN_A_DOUBLE,
    HITS,
    LANDING,
    LANDS,
    bear_off_out_of_reach,
    destination,
    dice_to_play,
    entry_point,
    landings,
    larger_die,
    may_move_from,
    most_dice,
    movable_sources,
    starts_bearing_off,
    step_tables,
)
from tests.games.backgammon.boards import bg

OFF = BACKGAMMON.off
HOME = BACKGAMMON.home_start


def _track(**positions: int) -> list[int]:
    """A Backgammon track of seat 0 with checkers at track positions `p<position>=count`."""
    track = [0] * (OFF + 1)
    for name, count in positions.items():
        track[int(name[1:])] = count
    return track


def test_a_double_is_played_four_times_and_any_other_roll_once_each_larger_first() -> None:
    assert DICE_IN_A_DOUBLE == 4
    assert dice_to_play((3, 3)) == (3, 3, 3, 3)
    assert dice_to_play((2, 5)) == (5, 2)
    assert dice_to_play((6, 1)) == (6, 1)


def test_a_checker_on_the_bar_enters_on_its_die_counted_from_the_bar() -> None:
    for die in range(1, 7):
        assert entry_point(die) == destination(BAR, die, OFF) == die


def test_while_a_checker_must_enter_only_the_bar_may_move() -> None:
    assert may_move_from(BAR, bar_held=True)
    assert not may_move_from(6, bar_held=True)
    assert may_move_from(6, bar_held=False)
    assert movable_sources(_track(p0=1, p6=2, p12=3), loose_bar=False) == [BAR]


def test_with_nothing_on_the_bar_or_a_loose_bar_every_occupied_position_may_move() -> None:
    assert movable_sources(_track(p6=2, p12=3), loose_bar=False) == [6, 12]
    assert movable_sources(_track(p0=1, p6=2), loose_bar=True) == [BAR, 6]


def test_bearing_off_is_out_of_reach_with_more_checkers_outside_home_than_moves() -> None:
    track = _track(p17=1, p18=1, p20=13)
    assert bear_off_out_of_reach(track, HOME, moves=1, die=6)
    assert not bear_off_out_of_reach(track, HOME, moves=2, die=6)


def test_bearing_off_is_out_of_reach_when_the_checker_nearest_off_cannot_get_there() -> None:
    assert bear_off_out_of_reach(_track(p19=15), HOME, moves=1, die=5)
    assert not bear_off_out_of_reach(_track(p19=15), HOME, moves=1, die=6)
    assert not bear_off_out_of_reach(_track(p19=15), HOME, moves=2, die=3)
    assert bear_off_out_of_reach(_track(p19=14, p23=1), HOME, moves=1, die=1)
    assert not bear_off_out_of_reach(_track(p19=14, p23=1), HOME, moves=1, die=2)


def test_only_a_move_into_the_home_board_can_start_bearing_off() -> None:
    after = _track(p19=1, p24=14)
    assert starts_bearing_off(after, HOME, target=19)
    assert not starts_bearing_off(_track(p5=1, p19=1, p24=13), HOME, target=19)
    assert not starts_bearing_off(after, HOME, target=18)


def test_a_point_landed_on_this_turn_holds_nothing_to_hit_for_the_next_checker() -> None:
    assert LANDING[1] == HITS
    assert AFTER_LANDING == LANDING[1 - 1] == LANDS


def test_off_is_never_a_landing_point_bearing_off_has_its_own_rules() -> None:
    land = landings(bg({24: 2, 13: 5}, {24: 2, 13: 5}), 0)
    assert land[OFF] == BLOCKED
    assert LANDS in land[1:OFF] and BLOCKED in land[1:OFF]


def test_step_targets_are_the_destination_of_each_die() -> None:
    for geometry in (BACKGAMMON, MINIGAM):
        tables = step_tables(geometry.points)
        for die in range(1, 7):
            assert tables.targets[die] == [
                destination(source, die, geometry.off) for source in range(geometry.off + 1)
            ]


def test_a_turn_keeps_the_plays_using_the_most_dice() -> None:
    assert most_dice(([], ["one"], ["two a", "two b"])) == ["two a", "two b"]
    assert most_dice(([], ["one"], [], [], [])) == ["one"]
    assert most_dice(([], [], [], ["three"], [])) == ["three"]


def test_a_turn_with_no_playable_die_keeps_no_play() -> None:
    assert most_dice(([], [], [])) == []


@pytest.mark.parametrize(
    ("larger", "smaller", "kept"),
    [(["6"], ["1"], ["6"]), ([], ["1"], ["1"]), ([], [], [])],
    ids=["larger-fits", "only-smaller-fits", "neither"],
)
def test_with_one_die_of_a_non_double_playable_the_larger_is_kept_if_it_can_be(
    larger: list[str], smaller: list[str], kept: list[str]
) -> None:
    assert larger_die(larger, smaller) == kept
