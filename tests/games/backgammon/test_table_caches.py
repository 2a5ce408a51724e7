"""The caches a long-running table process fills stay small; only a batch lets them grow.

The table writes the Position ID of each position and, in every snapshot,
the notation of every listed play (`Writer.notation`): the remembered backs
of `position_id` and the notation memos must stay within the table's bounds
however many games it plays.
"""

from __future__ import annotations

import io
import random

import pytest

from companion.app.commands import bg as bg_command
from companion.app.commands._position_commands import answer_batch
from companion.games.backgammon import notation
from companion.games.backgammon import position_id as position_id_module
from companion.games.backgammon.actions import Writer
from companion.games.backgammon.geometry import BACKGAMMON, Board
from companion.games.backgammon.movement import has_won, legal_plays
from companion.games.backgammon.position_id import board_from_position_id, position_id


@pytest.fixture
def fresh_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Empty notation memos and remembered backs, at the table's bounds."""
    monkeypatch.setattr(notation, "_WRITERS", {})
    backs = position_id_module._BackCodes(position_id_module._BACKS_SIZE)
    monkeypatch.setattr(position_id_module, "_BACKS", backs)


@pytest.mark.usefixtures("fresh_caches")
def test_a_tables_games_keep_notation_memos_and_backs_within_their_bounds() -> None:
    rng = random.Random(13)
    backs_met: set[tuple[int, ...]] = set()
    doubles_met: set[tuple[object, ...]] = set()
    for _ in range(30):
        board, mover = Board.start(BACKGAMMON), 0
        while not has_won(board, 1 - mover):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            read_back = board_from_position_id(position_id(board, mover))
            assert read_back.tracks == (board.tracks[mover], board.tracks[1 - mover])
            backs_met.update(track[:15] for track in board.tracks)
            plays = legal_plays(board, mover, dice)
            writer = Writer(BACKGAMMON, mover)
            fresh = notation.steps_writer(BACKGAMMON, mover, remember=False)
            for play in plays:
                assert writer.notation(play.steps) == fresh(play.steps)
                if len(play.steps) > 2:
                    doubles_met.add(play.steps)
            assert len(position_id_module._BACKS) <= position_id_module._BACKS_SIZE
            assert all(len(memo.memo) <= notation._MEMO_SIZE for memo in notation._WRITERS.values())
            board = rng.choice(plays).board if plays else board
            mover = 1 - mover
    # Both caches met more than they may keep: the bounds were reached.
    assert len(backs_met) > position_id_module._BACKS_SIZE
    assert len(doubles_met) > notation._MEMO_SIZE


@pytest.mark.usefixtures("fresh_caches")
def test_a_batch_lets_the_remembered_backs_grow_to_the_batch_bound() -> None:
    assert position_id_module._BACKS.bound == position_id_module._BACKS_SIZE
    out = io.StringIO()
    assert answer_batch(bg_command.BACKGAMMON_POSITIONS, ["4HPwATDgc/ABMA 3 1\n"], out) == 0
    assert '"notation": "8/5 6/5"' in out.getvalue()
    assert position_id_module._BACKS.bound == position_id_module.BATCH_BACKS_SIZE
