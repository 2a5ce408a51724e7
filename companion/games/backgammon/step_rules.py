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

And the rules of a whole turn: `dice_to_play` (a double is played
`DICE_IN_A_DOUBLE` times), `AFTER_LANDING` (a point just hit is open for the
next checker), and the forced-move rule, `most_dice` then `larger_die`.

`movement._step_problem` asks these predicates why a move is refused; the
generator (`movegen`) asks the same ones, mostly through `LANDING`,
`landings` and `StepTables`, tables built from them once.
"""

from __future__ import annotations

from collections.abc import Sequence, Sized
from itertools import compress
from typing import NamedTuple, TypeVar

from companion.games.backgammon.geometry import Board

BAR = 0
"""Track position of the bar."""

MOST_ON_A_POINT = 15
"""The most checkers one cell can hold (every checker of one player, or of three in Multi-Gam)."""


DICE_IN_A_ROLL = 2
"""A roll is two dice; each is played once, unless they show the same number."""

DICE_IN_A_DOUBLE = 4
"""A double (both dice showing the same number) is played four times."""


def dice_to_play(dice: Sequence[int]) -> tuple[int, ...]:
    """The dice a roll gives to play, larger first: its two, or a double's number four times."""
    if dice[0] == dice[1]:
        return (dice[0],) * DICE_IN_A_DOUBLE
    return tuple(sorted(dice, reverse=True))


def off_of(track: Sequence[int]) -> int:
    """The track position of off (N + 1): a track's last."""
    return len(track) - 1


def destination(source: int, die: int, off: int) -> int:
    """The track position a checker reaches from `source` with `die` (anything past N is off)."""
    return min(source + die, off)


def entry_point(die: int) -> int:
    """The track position a checker on the bar enters on with `die` (`destination` from `BAR`)."""
    return BAR + die


def is_blocked(opposing: int) -> bool:
    """A point holding two or more opposing checkers is blocked: nothing may land there."""
    return opposing >= 2


def is_hit(opposing: int) -> bool:
    """Landing on a point with a lone opposing checker hits it to its owner's bar."""
    return opposing == 1


def must_enter(track: Sequence[int], loose_bar: bool) -> bool:
    """True while only checkers on the bar may move: some wait there and the bar is not loose."""
    return bool(track[BAR]) and not loose_bar


def may_move_from(source: int, bar_held: bool) -> bool:
    """Whether a checker on `source` may move, given `must_enter`: while it holds, only a bar's."""
    return source == BAR or not bar_held


def movable_sources(track: Sequence[int], loose_bar: bool) -> list[int]:
    """The positions a checker may move from now, in order: the occupied ones it `may_move_from`.

    While `must_enter` holds that is the bar alone (it holds a checker), else every occupied one.
    """
    if must_enter(track, loose_bar):
        return [BAR]
    return list(compress(range(off_of(track)), track))


def may_bear_off(track: Sequence[int], home_start: int) -> bool:
    """True when no checker of the player is below the home board (nor on the bar)."""
    return not any(track[:home_start])


def starts_bearing_off(track: Sequence[int], home_start: int, target: int) -> bool:
    """True when a move to `target` has just let the player bear off (`may_bear_off` now).

    Only a move into the home board can: a move never takes a checker out of
    it, so bearing off, once allowed, stays allowed for the rest of the turn.
    """
    return target >= home_start and may_bear_off(track, home_start)


def bear_off_out_of_reach(track: Sequence[int], home_start: int, moves: int, die: int) -> bool:
    """True when no checker can bear off within `moves` moves of at most `die` pips each.

    Either more checkers are below the home board than those moves could bring
    in (`may_bear_off` needs them all home), or even the checker nearest off
    cannot reach it with all of them (`destination`). A bound: False does not
    mean a checker can.
    """
    if sum(track[:home_start]) > moves:  # the checkers `may_bear_off` wants home
        return True
    off = off_of(track)
    nearest = max(compress(range(off), track), default=off)
    return destination(nearest, moves * die, off) < off


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

AFTER_LANDING: Landing = LANDING[0]
"""What landing does on a point the mover landed on earlier this turn: no opposing checker is
left there (a lone one was hit to its bar), so the next checker just lands, hitting nothing."""

Group = TypeVar("Group", bound=Sized)


def most_dice(by_dice: Sequence[Group]) -> Group:
    """The forced-move rule, first part: a turn must use as many dice as the position allows.

    `by_dice[n]` holds the candidate plays using n dice, each one that cannot
    go on (its dice are used up, or no checker can move with those left). The
    legal ones are the non-empty group of the most dice; `by_dice[0]`, meant
    empty, when no die can be played at all.
    """
    for group in reversed(by_dice):
        if group:
            return group
    return by_dice[0]


def larger_die(larger: Group, smaller: Group) -> Group:
    """The forced-move rule, second part: when only one die of a non-double can be played, it
    must be the larger if that can be: its one-die plays if there are any, else the smaller's."""
    return larger or smaller


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

Targets = list[int]
"""`targets[source]`: the `destination` of a die from each source."""


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
        self.targets: list[Targets] = []
        """`targets[die]`: the `Targets` of a die."""
        for die in range(7):
            targets = [destination(source, die, off) for source in range(off + 1)]
            self.targets.append(targets)
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

    Entry 0 (the bar) is meaningless and must not be read. Entry N + 1 (off)
    is `BLOCKED`: off is not a point to land on. Whether a checker may go
    there is asked of `may_bear_off` and `bears_off_from`; where no checker
    can bear off this turn, `BLOCKED` is the answer they would give.
    """
    if board.geometry.opposite:  # as in `opposition`, without its copy
        codes = [LANDING[opposing] for opposing in board.tracks[1 - mover][::-1]]
    else:
        codes = [LANDING[opposing] for opposing in opposition(board, mover)]
    codes[-1] = BLOCKED
    return codes
