"""The listed plays of a turn: `PlayActions` reads as a list of `TurnPlay`, each one as built."""

from __future__ import annotations

import pytest

from companion.games.backgammon.actions import PlayActions, TurnPlay, Writer
from companion.games.backgammon.geometry import BACKGAMMON, MINIGAM, Board
from companion.games.backgammon.movement import legal_plays
from tests.games.backgammon.boards import bg

# The opening 3-1, the doubles 6-6 from a board with a hit, and Mini-Gam's opening 2-1.
ROLLS = [
    (Board.start(BACKGAMMON), 0, (3, 1)),
    (bg({24: 2, 13: 5, 8: 3, 6: 5}, {7: 1, 6: 5, 8: 3, 13: 5}), 0, (6, 6)),
    (Board.start(MINIGAM), 1, (2, 1)),
]


@pytest.mark.parametrize(("board", "mover", "dice"), ROLLS)
def test_a_listed_play_has_the_fields_of_a_play_built_by_its_class(
    board: Board, mover: int, dice: tuple[int, int]
) -> None:
    writer = Writer(board.geometry, mover)
    plays = legal_plays(board, mover, dice)
    assert plays
    actions = PlayActions([play.steps for play in plays], writer, mover)
    for index, play in enumerate(plays):
        built = TurnPlay(play.steps, writer=writer, seat=mover)
        listed = actions[index]
        assert vars(listed) == vars(built)
        assert listed == built
        assert listed.describe(str) == built.describe(str)


def _listed(board: Board, mover: int, dice: tuple[int, int]) -> tuple[PlayActions, list[TurnPlay]]:
    """The turn's PlayActions and the list of TurnPlay it stands for."""
    writer = Writer(board.geometry, mover)
    steps = [play.steps for play in legal_plays(board, mover, dice)]
    expected = [TurnPlay(each, writer=writer, seat=mover) for each in steps]
    return PlayActions(steps, writer, mover), expected


def test_listed_plays_read_as_the_list_of_their_actions() -> None:
    actions, expected = _listed(Board.start(BACKGAMMON), 0, (3, 1))
    assert len(actions) == len(expected) == 16
    assert actions[0] == expected[0]
    assert actions[-1] == expected[-1]
    assert actions[2:5] == expected[2:5]
    assert list(actions) == expected
    assert actions[3] is actions[3]  # each action made once and kept
    assert repr(actions) == repr(expected)
    with pytest.raises(IndexError):
        actions[len(expected)]


def test_listed_plays_equal_a_list_of_the_same_actions_but_not_a_tuple() -> None:
    actions, expected = _listed(Board.start(BACKGAMMON), 0, (3, 1))
    again, _ = _listed(Board.start(BACKGAMMON), 0, (3, 1))
    other, _ = _listed(Board.start(BACKGAMMON), 0, (4, 2))
    assert actions == expected
    assert expected == actions
    assert actions == again
    assert actions != expected[:-1]
    assert actions != other
    assert actions != tuple(expected)
    assert tuple(expected) != actions
    assert expected != tuple(expected)  # as for a list
    with pytest.raises(TypeError):
        hash(actions)
