"""`companion minigam` and `companion multigam`: legal plays and boards from text positions.

The two commands are one table of data (`POSITION_GAMES`): the games differ only in
their board (`MINIGAM`, `MULTIGAM`) and the example in their help. Positions
are written as docs/rules/position-formats.md says (`start` is the opening with
seat 0 on roll):

- `companion minigam plays --position POS --dice D1 D2` prints every legal play of
  the seat on roll, one per line in standard notation (or says there is none);
- `companion minigam plays --batch FILE` (`-` = standard input) answers lines
  `POS D1 D2` with one JSON line each, like `companion bg plays --batch` with
  the key `position` instead of `position_id`;
- `companion minigam show --position POS` draws the board;

and the same for `companion multigam`.
"""

from __future__ import annotations

import functools
from typing import Any

from companion.app.commands._position_commands import PositionGame, register_position_game
from companion.games.backgammon.diagram import draw_six_points
from companion.games.backgammon.geometry import MINIGAM, MULTIGAM, Board, Geometry
from companion.games.backgammon.text_format import format_position, parse_position


def _read(geometry: Geometry, text: str) -> tuple[Board, int]:
    return parse_position(geometry, text)


def _position_game(command: str, title: str, geometry: Geometry, example: str) -> PositionGame:
    return PositionGame(
        command=command,
        title=title,
        geometry=geometry,
        option="position",
        json_key="position",
        example=example,
        read=functools.partial(_read, geometry),
        write=format_position,
        draw=draw_six_points,
    )


POSITION_GAMES = (
    _position_game("minigam", "Mini-Gam", MINIGAM, "0:8-000000-0:8-000000-0"),
    _position_game("multigam", "Multi-Gam", MULTIGAM,
                   "0:5-000000-0:5-000000-0:5-000000-0:5-000000-0"),
)
"""Each game whose positions are written in the text format, as its command shows it."""

MINIGAM_POSITIONS, MULTIGAM_POSITIONS = POSITION_GAMES


def register(subparsers: Any) -> None:
    """Add the `minigam` and `multigam` subcommands."""
    for game in POSITION_GAMES:
        register_position_game(
            subparsers,
            game,
            f"{game.title} positions in the text format of docs/rules/position-formats.md:"
            " legal plays and boards.",
        )


__all__ = ["MINIGAM_POSITIONS", "MULTIGAM_POSITIONS", "POSITION_GAMES", "register"]
