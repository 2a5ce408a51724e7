"""Text positions for Mini-Gam and Multi-Gam (specified in docs/rules/position-formats.md).

A position is the seat on roll, then one field per seat, separated by colons::

    <seat on roll>:<seat 0>:<seat 1>[:<seat 2>:<seat 3>]

Each seat's field is ``B-PPPPPP-F``: the number of that seat's checkers on
its bar, on the printed points 1 to 6 (left to right, the same order for
every seat), and borne off. The Mini-Gam opening with seat 0 on roll is
``0:8-000000-0:8-000000-0``; seat 0 moves 1 -> 6, seat 1 moves 6 -> 1.
The word ``start`` stands for the opening with seat 0 on roll.
"""

from __future__ import annotations

import re

from companion.games.backgammon.geometry import Board, Geometry
from companion.games.base import RuleError

_FIELD = re.compile(r"([0-9])-([0-9]{6})-([0-9])")


def format_position(board: Board, on_roll: int) -> str:
    """The text form of a Mini-Gam or Multi-Gam board with `on_roll` to play.

    Raises:
        RuleError: the board is not a 6-point board.
    """
    geometry = board.geometry
    if geometry.points != 6:
        raise RuleError("Text positions describe Mini-Gam and Multi-Gam boards only.")
    fields = [str(on_roll)]
    for seat, track in enumerate(board.tracks):
        cells = "".join(str(track[geometry.position(seat, cell)]) for cell in range(1, 7))
        fields.append(f"{track[0]}-{cells}-{track[-1]}")
    return ":".join(fields)


def parse_position(geometry: Geometry, text: str) -> tuple[Board, int]:
    """Read a text position: the board and the seat on roll.

    Raises:
        RuleError: the text does not follow the format or is not a possible board.
    """
    cleaned = text.strip()
    example = format_position(Board.start(geometry), 0)
    if cleaned.lower() == "start":
        return Board.start(geometry), 0
    fields = cleaned.split(":")
    if len(fields) != geometry.players + 1:
        raise RuleError(
            f"A {geometry.title} position has the seat on roll and {geometry.players} seat fields "
            f"separated by ':', like {example}."
        )
    on_roll = fields[0]
    if on_roll not in {str(seat) for seat in range(geometry.players)}:
        shown = on_roll if len(on_roll) <= 12 else on_roll[:12] + "..."
        raise RuleError(
            f"The seat on roll is a number from 0 to {geometry.players - 1}, not {shown!r}."
        )
    tracks = []
    for seat, field in enumerate(fields[1:]):
        match = _FIELD.fullmatch(field)
        if match is None:
            shown = field if len(field) <= 16 else field[:16] + "..."
            raise RuleError(
                f"Seat {seat}'s field {shown!r} should be bar-points-off digits, like "
                f"{geometry.checkers}-000000-0."
            )
        bar, cells, off = match.groups()
        track = [0] * 8
        track[0], track[7] = int(bar), int(off)
        for cell, digit in enumerate(cells, start=1):
            track[geometry.position(seat, cell)] = int(digit)
        tracks.append(tuple(track))
    return Board(geometry, tuple(tracks)), int(on_roll)
