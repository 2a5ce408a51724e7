"""Boards drawn in plain text for the terminal.

Backgammon is drawn the way GNU Backgammon draws it: the player on roll (X)
at the bottom, points numbered from their side, stacks of up to five
checkers with a count when taller. Mini-Gam and Multi-Gam are drawn as one
row of six points with stacks growing upwards.
"""

from __future__ import annotations

from companion.games.backgammon.geometry import Board
from companion.games.backgammon.movement import pip_count

_STACK = 5  # checkers drawn per point before a count is shown instead
_SIX_POINT_MARKS = {2: "XO", 4: "ABCD"}


def _column(count: int, mark: str, row: int) -> str:
    """What a point shows in its `row`-th row from the edge (0 is the edge)."""
    if count > _STACK and row == _STACK - 1:
        return f"{count:>2} " if count > 9 else f" {count} "
    return f" {mark} " if count > row else "   "


def _backgammon_half(board: Board, on_roll: int, numbers: list[int], top: bool) -> list[str]:
    """Five rows of one half of the board; `numbers` are X's point numbers left to right."""
    geometry = board.geometry
    rows = []
    for row in range(_STACK):
        cells = []
        for number in numbers:
            position = geometry.position_of_number(on_roll, number)
            mine = board.tracks[on_roll][position]
            cell = geometry.cell(on_roll, position)
            theirs = board.tracks[1 - on_roll][geometry.position(1 - on_roll, cell)]
            cells.append(_column(mine, "X", row) if mine else _column(theirs, "O", row))
        # As GNU Backgammon draws it: O's bar in the top half, X's in the bottom half.
        bar_seat, bar_mark = (1 - on_roll, "O") if top else (on_roll, "X")
        bar = _column(board.tracks[bar_seat][0], bar_mark, row)
        rows.append(f" |{''.join(cells[:6])}|{bar}|{''.join(cells[6:])}|")
    return rows if top else rows[::-1]


def draw_backgammon(board: Board, on_roll: int = 0, position_id: str = "") -> str:
    """A GNU Backgammon-style diagram with `on_roll` as X at the bottom."""
    other = 1 - on_roll
    top = _backgammon_half(board, on_roll, list(range(13, 25)), top=True)
    bottom = _backgammon_half(board, on_roll, list(range(12, 0, -1)), top=False)
    side = {
        0: f"O: {pip_count(board, other)} pips, {board.tracks[other][-1]} off",
        _STACK * 2 - 1: "X on roll",
        _STACK * 2: f"X: {pip_count(board, on_roll)} pips, {board.tracks[on_roll][-1]} off",
    }
    middle = " |                  |BAR|                  |"
    lines = [f" Position ID: {position_id}"] if position_id else []
    lines.append(" +13-14-15-16-17-18------19-20-21-22-23-24-+")
    for index, row in enumerate([*top, middle, *bottom]):
        note = side.get(index)
        lines.append(f"{row}     {note}" if note else row)
    lines.append(" +12-11-10--9--8--7-------6--5--4--3--2--1-+")
    return "\n".join(lines)


def draw_six_points(board: Board, on_roll: int = 0) -> str:
    """A Mini-Gam or Multi-Gam diagram: points 1 to 6 with stacks, then each seat's bar and off."""
    geometry = board.geometry
    marks = _SIX_POINT_MARKS.get(geometry.players, "ABCD")
    columns = []
    for cell in range(1, geometry.points + 1):
        occupant = board.occupant(cell)
        columns.append(occupant if occupant else (0, 0))
    height = max(min(count, _STACK) for _, count in columns) if columns else 0
    lines = []
    for row in range(max(height, 1) - 1, -1, -1):
        cells = [_column(count, marks[seat], row) for seat, count in columns]
        lines.append("  |" + "".join(cells) + "|")
    lines.append("  +" + "---" * geometry.points + "+")
    lines.append(("   " + "".join(f" {cell} " for cell in range(1, geometry.points + 1))).rstrip())
    for seat, track in enumerate(board.tracks):
        start, end = geometry.cell(seat, 1), geometry.cell(seat, geometry.points)
        note = "  (on roll)" if seat == on_roll else ""
        lines.append(
            f"  {marks[seat]} (seat {seat}, {start} -> {end}): bar {track[0]}, "
            f"off {track[-1]}, {pip_count(board, seat)} pips{note}"
        )
    return "\n".join(lines)
