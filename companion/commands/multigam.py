"""`companion multigam`: Multi-Gam legal plays and boards from text positions.

Positions are written as docs/rules/position-formats.md says (`start` is the
opening with seat 0 on roll):

- `companion multigam plays --position POS --dice D1 D2` prints every legal play of
  the seat on roll, one per line in standard notation (or says there is none);
- `companion multigam plays --batch FILE` (`-` = standard input) answers lines
  `POS D1 D2` with one JSON line each, like `companion bg plays --batch` with
  the key `position` instead of `position_id`;
- `companion multigam show --position POS` draws the board.
"""

from __future__ import annotations

from typing import Any

from companion.commands._bgfamily import Family, register_family
from companion.games.backgammon.diagram import draw_six_points
from companion.games.backgammon.geometry import MULTIGAM, Board
from companion.games.backgammon.text_format import format_position, parse_position


def _read(text: str) -> tuple[Board, int]:
    return parse_position(MULTIGAM, text)


FAMILY = Family(
    command="multigam",
    title="Multi-Gam",
    geometry=MULTIGAM,
    option="position",
    json_key="position",
    example="0:5-000000-0:5-000000-0:5-000000-0:5-000000-0",
    read=_read,
    write=format_position,
    draw=draw_six_points,
)


def register(subparsers: Any) -> None:
    """Add the `multigam` subcommand."""
    register_family(
        subparsers,
        FAMILY,
        "Multi-Gam positions in the text format of docs/rules/position-formats.md:"
        " legal plays and boards.",
    )
