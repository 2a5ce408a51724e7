"""The rules of one checker's move, each stated once, and the tables built from them.

Positions are track positions (see `geometry`: 0 = bar, 1..N = points in the
mover's travel order, N + 1 = off). A die d moves a checker from q to
`destination(q, d, off)`. Whether it may:

- `is_blocked`: it may not land on a point holding two or more opposing
  checkers; `is_hit`: landing on a lone one sends it to its owner's bar.
- `must_enter`: while the mover has a checker on the bar (and the bar is not
  loose, as it is in Multi-Gam), only a checker on the bar may move.
- `may_bear_off`: a checker may go off only once none of the mover's checkers
  is below the home board; `bears_off_from`: with an exact roll, or with a
  larger one only from the furthest occupied position.

`movement._step_problem` asks these predicates why a move is refused; the
generator (`movegen`) asks the same ones, mostly through `LANDING` and
`StepTables`, tables built from them once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from companion.games.backgammon.geometry import Board

BAR = 0
"""Track position of the bar."""

MOST_ON_A_POINT = 15
"""The most checkers one cell can hold (every checker of one player, or of three in Multi-Gam)."""


def destination(source: int, die: int, off: int) -> int:
    """The track position a checker reaches from `source` with `die` (anything past N is off)."""
    return min(source + die, off)


def is_blocked(opposing: int) -> bool:
    """A point holding two or more opposing checkers is blocked: nothing may land there."""
    return opposing >= 2


def is_hit(opposing: int) -> bool:
    """Landing on a point with a lone opposing checker hits it to its owner's bar."""
    return opposing == 1


def must_enter(track: Sequence[int], loose_bar: bool) -> bool:
    """True while only checkers on the bar may move: some wait there and the bar is not loose."""
    return bool(track[BAR]) and not loose_bar


def may_bear_off(track: Sequence[int], home_start: int) -> bool:
    """True when no checker of the player is below the home board (nor on the bar)."""
    return not any(track[:home_start])


def bears_off_from(track: Sequence[int], source: int, die: int, off: int) -> bool:
    """Given bearing off is allowed: an exact roll bears off, a larger one only from the furthest
    occupied position."""
    return source + die == off or not any(track[:source])


Landing = int
"""What a checker landing on a point does: `LANDS`, `HITS` or `BLOCKED`."""

LANDS: Landing = 0
"""The checker just lands (the index of a step without a hit in `StepTables`)."""
HITS: Landing = 1
"""The checker hits a lone opposing checker (the index of a step with a hit)."""
BLOCKED: Landing = 2
"""The checker may not land there."""


def _landing(opposing: int) -> Landing:
    if is_blocked(opposing):
        return BLOCKED
    return HITS if is_hit(opposing) else LANDS


LANDING: tuple[Landing, ...] = tuple(_landing(opposing) for opposing in range(MOST_ON_A_POINT + 1))
"""`LANDING[opposing]`: what landing on a point with that many opposing checkers does."""


class Step(NamedTuple):
    """One checker moved by one die, in the mover's track positions."""

    source: int
    """Track position left (0 = bar)."""
    destination: int
    """Track position reached (N + 1 = off)."""
    die: int
    """The die value used."""
    hit: bool
    """True when a lone opposing checker was sent to the bar."""


Moves = list[list[Step]]
"""`moves[source][landing]`: the step of one die from a source, landing `LANDS` or `HITS`."""

Keys = list[list[int]]
"""`keys[source][landing]`: that step's change to a play's key (see `StepTables`)."""


class StepTables:
    """Every step of a board size, and its key, built once and shared.

    A play's key is the sum of its steps' keys: the count changes in base 32
    (changes stay within -15..15, so the sum is unique) plus one bit per point
    where it hit. Plays reaching the same position get the same key.
    """

    BITS = 5

    def __init__(self, points: int) -> None:
        off = points + 1
        weights = [1 << (self.BITS * position) for position in range(off + 1)]
        hit_bits = [1 << (self.BITS * (off + 1) + position) for position in range(off + 1)]
        self.moves: list[Moves] = []
        """`moves[die]`: the `Moves` of a die."""
        self.keys: list[Keys] = []
        """`keys[die]`: the `Keys` of a die."""
        for die in range(7):
            targets = [destination(source, die, off) for source in range(off + 1)]
            self.moves.append(
                [
                    [Step(source, target, die, landing == HITS) for landing in (LANDS, HITS)]
                    for source, target in enumerate(targets)
                ]
            )
            self.keys.append(
                [
                    [
                        weights[target] - weights[source] + (hit_bits[target] if landing else 0)
                        for landing in (LANDS, HITS)
                    ]
                    for source, target in enumerate(targets)
                ]
            )


_TABLES: dict[int, StepTables] = {}


def step_tables(points: int) -> StepTables:
    """The step tables of a board of `points` points."""
    found = _TABLES.get(points)
    if found is None:
        found = _TABLES[points] = StepTables(points)
    return found


def opposition(board: Board, mover: int) -> list[int]:
    """Opposing checkers on each cell, indexed by the mover's track position.

    Entries 0 and N + 1 (bar and off) are meaningless and must not be read.
    """
    if board.geometry.opposite:
        # The other seat's track read backwards lines up with the mover's.
        return list(board.tracks[1 - mover][::-1])
    others = [track for seat, track in enumerate(board.tracks) if seat != mover]
    return [sum(counts) for counts in zip(*others, strict=True)]


def landings(board: Board, mover: int) -> list[Landing]:
    """What landing on each of the mover's track positions does (`LANDING` of `opposition`).

    Entries 0 and N + 1 (bar and off) are meaningless and must not be read.
    """
    if board.geometry.opposite:  # as in `opposition`, without its copy
        return [LANDING[opposing] for opposing in board.tracks[1 - mover][::-1]]
    return [LANDING[opposing] for opposing in opposition(board, mover)]
