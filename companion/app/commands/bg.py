"""`companion bg`: Backgammon legal plays and boards from GNU Backgammon Position IDs.

- `companion bg plays --position-id ID --dice D1 D2` prints every legal play
  of the player on roll, one per line in standard notation (or says there is
  none);
- `companion bg plays --batch FILE` (`-` = standard input) answers lines
  `ID D1 D2` with one JSON line each: `{"position_id": ID, "dice": [D1, D2],
  "plays": [{"notation": ..., "position_id": ...}]}`, where each play's ID is
  the board after the play with the mover still on roll; a bad line gets
  `{"error": ...}` and the batch goes on;
- `companion bg show --position-id ID` draws the board.
"""

from __future__ import annotations

from typing import Any

from companion.app.commands._position_commands import PositionGame, register_position_game
from companion.games.backgammon.diagram import draw_backgammon
from companion.games.backgammon.geometry import BACKGAMMON, Board
from companion.games.backgammon.position_id import (
    board_from_position_id,
    play_position_ids,
    position_id,
    remember_for_batch,
)


def _read(text: str) -> tuple[Board, int]:
    return board_from_position_id(text), 0


def _draw(board: Board, on_roll: int) -> str:
    return draw_backgammon(board, on_roll, position_id(board, on_roll))


BACKGAMMON_POSITIONS = PositionGame(
    command="bg",
    title="Backgammon",
    geometry=BACKGAMMON,
    option="position-id",
    json_key="position_id",
    example="4HPwATDgc/ABMA",
    read=_read,
    write=position_id,
    draw=_draw,
    write_plays=play_position_ids,
    for_batch=remember_for_batch,
)


def register(subparsers: Any) -> None:
    """Add the `bg` subcommand."""
    register_position_game(
        subparsers,
        BACKGAMMON_POSITIONS,
        "Backgammon positions as GNU Backgammon Position IDs (the player on roll is the second "
        "half of the key, as GNU Backgammon writes it): legal plays and boards.",
    )
