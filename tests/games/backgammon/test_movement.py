"""The movement rules of Backgammon, Mini-Gam and Multi-Gam, one test per rule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from companion.games.backgammon.geometry import BACKGAMMON, MINIGAM, MULTIGAM, Board
from companion.games.backgammon.movement import (
    Step,
    all_home,
    borne_off,
    checkers_on_bar,
    has_won,
    legal_plays,
    pip_count,
)
from companion.games.backgammon.notation import format_play
from companion.games.base import RuleError
from tests.games.backgammon.boards import bg, six


def plays(board: Board, dice: Sequence[int], mover: int = 0) -> set[str]:
    """The legal plays in notation."""
    found = legal_plays(board, mover, dice)
    texts = {format_play(board, mover, play) for play in found}
    assert len(texts) == len(found), "each play is listed once"
    return texts


OPENING = Board.start(BACKGAMMON)


# --- Moving, blocking, hitting ---------------------------------------------------------


def test_each_die_moves_one_checker_exactly_that_many_points() -> None:
    board = bg({13: 1}, {})
    assert plays(board, (5, 2)) == {"13/6"}


def test_same_checker_may_use_both_dice() -> None:
    assert plays(bg({24: 1}, {}), (6, 2)) == {"24/16"}


@pytest.mark.parametrize(
    ("board", "dice", "mover", "expected"),
    [
        # O holds X's 18-point (their 7-point): X's 6 from 24 is blocked.
        (bg({24: 1}, {7: 2}), (6, 1), 0, {"24/17"}),
        # Mini-Gam: seat 1 holds points 4 and 6, so seat 0's 3s cannot land anywhere.
        (six(MINIGAM, {1: 8}, {4: 2, 6: 6}), (3, 2), 0, {"1/3"}),
        # Multi-Gam prime rule: seat 2 holds point 5.
        (six(MULTIGAM, {2: 5}, {}, {5: 2}, {}), (3, 1), 0, {"2/6"}),
    ],
    ids=["backgammon", "minigam", "multigam"],
)
def test_point_held_by_two_opposing_checkers_is_blocked(
    board: Board, dice: tuple[int, int], mover: int, expected: set[str]
) -> None:
    assert plays(board, dice, mover) == expected


def test_landing_on_a_blot_hits_it_to_its_owners_bar() -> None:
    board = bg({13: 1}, {15: 1, 1: 14})  # O's 15-point is X's 10-point
    [play] = legal_plays(board, 0, (2, 1))
    assert format_play(board, 0, play) == "13/10*"
    assert checkers_on_bar(play.board, 1) == 1


def test_a_hit_checker_goes_to_the_bar_of_the_player_it_belongs_to_in_multigam() -> None:
    board = six(MULTIGAM, {1: 5}, {}, {3: 1, 6: 4}, {5: 2})
    texts = plays(board, (2, 1))
    assert "1/3*" in " ".join(texts)
    hit = next(p for p in legal_plays(board, 0, (2, 1)) if any(s.hit for s in p.steps))
    assert checkers_on_bar(hit.board, 2) == 1
    assert checkers_on_bar(hit.board, 1) == 0


def test_hitting_twice_in_one_turn_sends_both_blots_back() -> None:
    board = bg({13: 1, 8: 1}, {15: 1, 18: 1, 1: 13})  # O blots on X's 10 and 7
    play = next(
        p for p in legal_plays(board, 0, (3, 1)) if format_play(board, 0, p) == "13/10* 8/7*"
    )
    assert checkers_on_bar(play.board, 1) == 2


# --- Entering from the bar -----------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "mover", "expected"),
    [
        (bg({"bar": 2, 6: 13}, {}), 0, {"bar/22 bar/20"}),
        (six(MINIGAM, {"bar": 8}, {"bar": 8}), 0, {"bar/3 bar/5"}),
        (six(MINIGAM, {"bar": 8}, {"bar": 8}), 1, {"bar/4 bar/2"}),
        (six(MULTIGAM, {"bar": 5}, {"bar": 5}, {"bar": 5}, {"bar": 5}), 2, {"bar/3 bar/5"}),
    ],
    ids=["backgammon-25-minus-die", "minigam-seat0-die", "minigam-seat1-7-minus-die", "multigam"],
)
def test_a_checker_enters_on_the_point_matching_the_die_from_its_entry_side(
    board: Board, mover: int, expected: set[str]
) -> None:
    texts = plays(board, (5, 3), mover)
    assert expected <= texts
    assert all(text.startswith("bar/") for text in texts)


def test_checkers_on_the_bar_must_enter_before_any_other_checker_moves() -> None:
    board = bg({"bar": 1, 13: 14}, {})
    assert plays(board, (6, 5)) == {"bar/19 13/8", "bar/20 13/7", "bar/14"}


def test_minigam_checkers_on_the_bar_must_enter_first() -> None:
    board = six(MINIGAM, {"bar": 1, 2: 7}, {6: 8})
    assert plays(board, (3, 1)) == {"bar/1 2/5", "bar/3 2/3", "bar/4"}


def test_when_only_some_bar_checkers_can_enter_the_rest_of_the_turn_is_forfeit() -> None:
    # O holds X's 19- to 23-points; only the 24-point is open for a 1.
    board = bg({"bar": 2, 13: 13}, {1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 6})
    assert plays(board, (5, 1)) == {"bar/24*"}


def test_no_legal_move_when_the_bar_checker_faces_a_closed_board() -> None:
    board = bg({"bar": 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5})
    assert legal_plays(board, 0, (6, 6)) == []


def test_multigam_loose_bar_lets_any_checker_move_while_others_wait_on_the_bar() -> None:
    board = six(MULTIGAM, {"bar": 3, 2: 2}, {}, {}, {})
    assert plays(board, (2, 1)) == {"2/3 2/4", "2/5", "bar/1 2/4", "bar/1 bar/2", "bar/3"}


def test_multigam_snipe_enter_and_bear_off_in_one_turn() -> None:
    board = six(MULTIGAM, {"bar": 5}, {}, {}, {})
    assert plays(board, (6, 1)) == {"bar/1 bar/6", "bar/off"}


# --- Bearing off ---------------------------------------------------------------------


def test_bearing_off_needs_every_checker_in_the_home_board() -> None:
    # 6/off is not allowed while the checker on the 7-point is outside; 7/6 6/off is 7/off.
    board = bg({7: 1, 6: 14}, {})
    assert plays(board, (6, 1)) == {"7/1 6/5", "7/off"}


def test_an_exact_roll_bears_a_checker_off() -> None:
    # O holds X's 1-point, so 3/1 is blocked: each checker bears off exactly.
    assert plays(bg({3: 1, 2: 1}, {24: 2}), (3, 2)) == {"3/off 2/off"}


def test_a_larger_roll_bears_off_only_from_the_highest_point() -> None:
    assert plays(bg({2: 1, 1: 1}, {}), (6, 5)) == {"2/off 1/off"}


def test_a_larger_roll_must_move_a_checker_from_a_higher_point_when_there_is_one() -> None:
    # A 4 with nothing on the 4-point: the checker on the 5 must move, the 2 may not bear off.
    assert plays(bg({5: 1, 2: 1}, {}), (4, 1)) == {"5/1 2/1", "5/off"}


def test_a_hit_checker_must_come_home_before_bearing_off_resumes() -> None:
    board = bg({"bar": 1, 1: 14}, {})
    assert plays(board, (6, 5)) == {"bar/14"}


def test_minigam_bears_off_only_while_no_checker_is_on_the_bar() -> None:
    # Even with the loose-bar option, a checker on the bar forbids bearing off.
    loose = replace(MINIGAM, loose_bar=True)
    board = six(loose, {"bar": 1, 6: 7}, {1: 8})
    assert legal_plays(board, 0, (1, 1)) == []
    assert plays(six(loose, {6: 8}, {1: 8}), (1, 1)) == {"6/off(4)"}


def test_minigam_a_checker_may_enter_and_bear_off_in_the_same_turn() -> None:
    board = six(MINIGAM, {"bar": 1, 6: 2}, {1: 8})
    assert plays(board, (6, 1)) == {"bar/off"}


def test_minigam_seat_one_bears_off_past_point_one() -> None:
    board = six(MINIGAM, {6: 8}, {1: 1, 2: 1})
    # 2/1 then 1/off with the 2 is also a whole play (nothing is further back).
    assert plays(board, (2, 1), mover=1) == {"2/off 1/off", "2/off"}


def test_multigam_an_exact_roll_always_bears_off_even_with_checkers_on_the_bar() -> None:
    board = six(MULTIGAM, {"bar": 4, 5: 1}, {2: 2}, {}, {})
    assert plays(board, (2, 2)) == {"5/off"}


def test_multigam_a_larger_roll_bears_off_only_with_nothing_further_back() -> None:
    board = six(MULTIGAM, {"bar": 1, 5: 1}, {}, {6: 2}, {})
    assert legal_plays(board, 0, (6, 6)) == []
    lone = six(MULTIGAM, {5: 1}, {}, {}, {})
    assert plays(lone, (6, 6)) == {"5/off"}


# --- The forced-move rule ------------------------------------------------------------


def test_both_dice_must_be_played_when_some_order_allows_it() -> None:
    # 24/23 then 23/17 uses both dice; 24/18 first would leave the 1 unplayable.
    board = bg({24: 1}, {7: 2, 6: 13})  # O holds X's 18-point
    assert plays(board, (6, 1)) == {"24/17"}


def test_larger_die_must_be_played_when_only_one_of_the_two_fits() -> None:
    # 24/18 or 24/19 alone, but X's 13-point is O's, so not both: the 6 must be played.
    board = bg({24: 1}, {12: 2, 2: 13})
    assert plays(board, (6, 5)) == {"24/18"}


def test_smaller_die_is_played_when_the_larger_cannot_be() -> None:
    # O holds X's 18- and 16-points: only the 2 can be played.
    board = bg({24: 1}, {7: 2, 9: 2, 2: 11})
    assert plays(board, (6, 2)) == {"24/22"}


def test_doubles_are_played_as_many_times_as_possible() -> None:
    # Two 3s fit (24/21/18); the third would land on O's point at X's 15.
    board = bg({24: 1}, {10: 2, 6: 13})
    assert plays(board, (3, 3)) == {"24/18"}


def test_doubles_are_played_four_times_when_possible() -> None:
    assert plays(bg({24: 1}, {}), (2, 2)) == {"24/16"}


def test_multigam_applies_the_forced_move_rule_too_d_b1() -> None:
    # 1/5 or 1/2 alone, but seat 1's point 6 stops 1/5/6 and 1/2/6: the 4 must be played.
    board = six(MULTIGAM, {1: 1}, {6: 2}, {}, {})
    assert plays(board, (4, 1)) == {"1/5"}


def test_no_legal_move_means_the_turn_is_lost() -> None:
    board = bg({"bar": 2, 13: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5})
    assert legal_plays(board, 0, (4, 2)) == []


def test_plays_reaching_the_same_position_are_one_play() -> None:
    # 24/21/20 and 24/23/20 reach the same board: one play, written 24/20.
    texts = plays(OPENING, (3, 1))
    assert sum(text == "24/20" for text in texts) == 1
    assert "24/21 21/20" not in texts


def test_opening_three_one_has_sixteen_distinct_plays() -> None:
    assert len(legal_plays(OPENING, 0, (3, 1))) == 16


def test_opening_six_five_has_seven_distinct_plays() -> None:
    assert plays(OPENING, (6, 5)) == {
        "24/13",
        "24/18 13/8",
        "24/18 8/3",
        "13/8 13/7",
        "13/7 8/3",
        "13/2",
        "8/3 8/2",
    }


def test_a_roll_is_two_dice_from_one_to_six() -> None:
    with pytest.raises(RuleError, match="two dice"):
        legal_plays(OPENING, 0, (7, 1))


# --- Counting helpers ----------------------------------------------------------------


def test_counting_helpers_at_the_opening() -> None:
    assert pip_count(OPENING, 0) == pip_count(OPENING, 1) == 167
    assert borne_off(OPENING, 0) == 0
    assert checkers_on_bar(OPENING, 0) == 0
    assert not all_home(OPENING, 0)
    assert not has_won(OPENING, 0)


def test_a_player_with_every_checker_off_has_won() -> None:
    board = bg({}, {6: 1})
    assert has_won(board, 0)
    assert borne_off(board, 0) == 15


def test_steps_name_track_positions_and_the_die() -> None:
    [play] = legal_plays(bg({24: 1}, {}), 0, (2, 2))
    assert play.steps == tuple(Step(source, source + 2, 2, False) for source in (1, 3, 5, 7))


def test_a_board_built_from_lists_is_frozen_and_hashable() -> None:
    board = Board(BACKGAMMON, [list(track) for track in OPENING.tracks])  # type: ignore[arg-type]
    assert board == OPENING
    assert hash(board) == hash(OPENING)


# X's opening with one checker moved from its 6-point to its ace point, where O has two.
ACE_POINT_TAKEN = tuple(c - (i == 19) + (i == 24) for i, c in enumerate(OPENING.tracks[0]))


@pytest.mark.parametrize(
    ("tracks", "sentence"),
    [
        ((OPENING.tracks[0],), "2 players, not 1"),
        ((OPENING.tracks[0][:-1], OPENING.tracks[1]), "26 counts"),
        (((-1, *OPENING.tracks[0][1:-1], 16), OPENING.tracks[1]), "negative"),
        (((1, *OPENING.tracks[0][1:]), OPENING.tracks[1]), "16 checkers"),
        ((ACE_POINT_TAKEN, OPENING.tracks[1]), "two players"),
    ],
)
def test_an_impossible_board_is_refused_with_a_sentence(
    tracks: tuple[tuple[int, ...], ...], sentence: str
) -> None:
    with pytest.raises(RuleError, match=sentence):
        Board(BACKGAMMON, tracks)
