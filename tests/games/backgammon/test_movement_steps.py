"""The step-by-step API for the touchscreen: no first step can trap a player."""

from __future__ import annotations

import pytest

from companion.games.backgammon.geometry import BACKGAMMON, MULTIGAM, Board
from companion.games.backgammon.movement import (
    Step,
    apply_step,
    find_play,
    legal_plays,
    legal_steps,
    single_steps,
)
from companion.games.base import RuleError
from tests.games.backgammon.boards import Layout, bg, six

OPENING = Board.start(BACKGAMMON)
START: tuple[Layout, Layout] = ({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})


def test_a_first_step_that_leaves_the_other_die_unplayable_is_not_offered() -> None:
    # 5/2 is a legal 3 on its own, but then the 6 cannot be played; 9/6 then 6/off uses both.
    board = bg({9: 1, 5: 2}, {22: 2})
    assert Step(20, 23, 3, False) in single_steps(board, 0, 3)
    assert legal_steps(board, 0, (6, 3)) == [Step(16, 19, 3, False)]


def test_a_first_step_with_the_smaller_die_is_not_offered_when_the_larger_must_be_played() -> None:
    board = bg({24: 1}, {12: 2, 2: 13})
    assert legal_steps(board, 0, (6, 5)) == [Step(1, 7, 6, False)]


def test_after_a_step_only_the_remaining_die_is_offered() -> None:
    after_8_5 = [Step(17, 20, 3, False)]
    offered = legal_steps(OPENING, 0, (3, 1), after_8_5)
    assert {step.die for step in offered} == {1}
    assert {(step.source, step.destination) for step in offered} == {
        (1, 2),  # 24/23
        (17, 18),  # 8/7
        (19, 20),  # 6/5
        (20, 21),  # 5/4, the same checker again
    }


def test_no_step_is_offered_once_the_turn_is_complete() -> None:
    steps = [Step(17, 20, 3, False), Step(19, 20, 1, False)]
    assert legal_steps(OPENING, 0, (3, 1), steps) == []


def test_every_legal_play_can_be_walked_step_by_step() -> None:
    board = six(MULTIGAM, {"bar": 2, 2: 1, 4: 2}, {1: 1, 6: 2}, {5: 1}, {3: 2})
    for dice in [(3, 1), (2, 2), (6, 5)]:
        reached = set()
        frontier: list[tuple[Board, list[Step]]] = [(board, [])]
        while frontier:
            current, steps = frontier.pop()
            offered = legal_steps(board, 0, dice, steps)
            if not offered:
                reached.add(current)
            for step in offered:
                frontier.append((apply_step(current, 0, step), [*steps, step]))
        assert reached == {play.board for play in legal_plays(board, 0, dice)}


def test_find_play_accepts_the_steps_of_a_play_in_any_order() -> None:
    six_five = [Step(19, 20, 1, False), Step(17, 20, 3, False)]
    play = find_play(OPENING, 0, (3, 1), six_five)
    assert play.board == find_play(OPENING, 0, (3, 1), six_five[::-1]).board
    assert play.steps == tuple(six_five)


@pytest.mark.parametrize(
    ("layout", "dice", "steps", "sentence"),
    [
        (
            ({"bar": 1, 13: 14}, {}),
            (6, 5),
            [Step(12, 18, 6, False)],
            "You have a checker on the bar: enter it first.",
        ),
        (
            ({24: 1}, {12: 2, 2: 13}),
            (6, 5),
            [Step(1, 6, 5, False)],
            "it must be the larger one if it fits: play the 6.",
        ),
        (
            ({9: 1, 5: 2}, {22: 2}),
            (6, 3),
            [Step(20, 23, 3, False)],
            "That move leaves the rest of your roll unplayable",
        ),
        (START, (3, 1), [Step(17, 20, 3, False)], "Your turn is not finished: play another die."),
        (START, (3, 1), [Step(12, 16, 4, False)], "You have no 4 left to play this turn."),
        (START, (5, 5), [Step(1, 6, 5, False)], "Point 19 is blocked"),
        (START, (6, 6), [Step(19, 25, 6, False)], "only once all your checkers are in your home"),
        (START, (6, 6), [Step(3, 9, 6, False)], "You have no checker there to move."),
    ],
    ids=[
        "bar-first", "larger-die", "trap", "unfinished", "wrong-die", "blocked", "not-home", "empty"
    ],
)
def test_a_rejected_play_explains_itself_and_leaves_the_board_as_it_was(
    layout: tuple[Layout, Layout], dice: tuple[int, int], steps: list[Step], sentence: str
) -> None:
    board = bg(*layout)
    with pytest.raises(RuleError) as error:
        find_play(board, 0, dice, steps)
    assert sentence in str(error.value)
    # A board built afresh from the same layout, not the board that was handed in.
    assert board == bg(*layout)


def test_legal_steps_rejects_steps_that_cannot_lead_to_a_legal_play() -> None:
    with pytest.raises(RuleError, match="unplayable"):
        legal_steps(bg({9: 1, 5: 2}, {22: 2}), 0, (6, 3), [Step(20, 23, 3, False)])


def test_a_player_with_no_legal_move_is_offered_no_step_and_no_step_is_accepted() -> None:
    closed = bg({"bar": 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5})
    assert legal_steps(closed, 0, (6, 6)) == []
    with pytest.raises(RuleError, match="no legal move"):
        find_play(closed, 0, (6, 6), [Step(0, 6, 6, False)])
    assert find_play(closed, 0, (6, 6), []).board == closed


def test_find_play_sets_the_hit_flags_itself() -> None:
    board = bg({13: 1}, {15: 1, 1: 14})
    play = find_play(board, 0, (2, 1), [Step(12, 14, 2, False), Step(14, 15, 1, False)])
    assert play.steps == (Step(12, 14, 2, False), Step(14, 15, 1, True))
