"""Doubles that cannot all be played: as many dice as possible, the rest lost.

Hand-built Backgammon boards (X on roll, O blocking) where a double moves
only one or three of its four dice, with nothing to enter and nothing to
bear off: the generator's quickest path. Each is checked against the
brute-force reference and against the plays written out.
"""

from __future__ import annotations

from companion.games.backgammon.geometry import Board
from companion.games.backgammon.movement import legal_plays
from companion.games.backgammon.notation import format_play
from tests.games.backgammon.boards import bg
from tests.games.backgammon.reference_plays import reference_plays


def _check(board: Board, dice: tuple[int, int], expected: list[str], dice_used: int) -> None:
    plays = legal_plays(board, 0, dice)
    assert [format_play(board, 0, play) for play in plays] == expected
    assert {play.board for play in plays} == reference_plays(board, 0, dice)
    assert all(len(play.steps) == dice_used for play in plays)


# X's 14-point is open; O holds X's 8 and 7 (O's 17 and 18): the back checker stops at 14,
# the 13-point cannot move, and no checker may bear off with six outside the home board.
ONE_STEP = bg({20: 1, 13: 5, 6: 5, 5: 4}, {18: 2, 17: 2, 6: 5, 8: 6})


def test_a_double_that_can_move_only_one_checker_one_step_plays_one_die() -> None:
    _check(ONE_STEP, (6, 6), ["20/14"], dice_used=1)


def test_a_double_that_takes_one_checker_three_steps_plays_three_dice() -> None:
    # 20 -> 14 -> 8 -> 2 is open; from 2 it could only bear off, which it may not yet.
    board = bg({20: 1, 13: 5, 6: 5, 5: 4}, {18: 2, 6: 5, 8: 8})
    _check(board, (6, 6), ["20/2"], dice_used=3)


def test_a_double_that_moves_two_checkers_three_steps_in_all_plays_three_dice() -> None:
    # O holds X's 8, 7 and 3: the 21-point checker goes 21/15/9, the 20-point one 20/14.
    board = bg({21: 1, 20: 1, 13: 5, 6: 4, 5: 4}, {18: 2, 17: 2, 22: 2, 6: 5, 8: 4})
    _check(board, (6, 6), ["21/9 20/14"], dice_used=3)
