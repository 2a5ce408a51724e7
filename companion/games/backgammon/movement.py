"""The movement core of Backgammon, Mini-Gam and Multi-Gam: legal plays and steps.

Public API (positions are track positions, see `geometry`: 0 = bar,
1..N = points in the mover's travel order, N + 1 = off):

- `Geometry`, `BACKGAMMON`, `MINIGAM`, `MULTIGAM`, `Board` (re-exported from
  `geometry`): immutable, hashable board values; `Board.start(geometry)`.
- `Step(source, destination, die, hit)`: one checker moved by one die.
- `Play(steps, board)`: a whole turn and the board it leads to.
- `legal_plays(board, mover, dice) -> list[Play]`: every legal play for a
  roll, each distinct resulting position once, with the forced-move rule
  applied (as many dice as possible; the larger die when only one of two
  fits; doubles as many times as possible). An empty list means the turn is
  lost.
- `legal_steps(board, mover, dice, steps_made) -> list[Step]`: the single
  steps that can still be completed into a legal play after `steps_made`
  (for the touchscreen: no first step can trap a player).
- `find_play(board, mover, dice, steps) -> Play`: the legal play a complete
  list of steps makes, or a `RuleError` explaining why it is not legal.
- `apply_step(board, mover, step) -> Board`: the board after one step
  (no legality check beyond the board staying valid).
- Helpers: `pip_count`, `borne_off`, `checkers_on_bar`, `all_home`,
  `has_won`.

Rules, once for the three games (`Geometry` holds the differences): a die d
moves a checker from position q to q + d. A point holding two or more
opposing checkers is blocked; landing on a single opposing checker hits it to
its owner's bar. In Backgammon and Mini-Gam checkers on the bar must all
enter before any other checker moves; in Multi-Gam (loose bar) any checker may
move. A checker bears off with an exact roll once no checker of the player is
below `home_start`, and with a larger roll only from the lowest occupied
position.

How the generator stays fast: the mover's counts live in one list that is
changed and restored in place; each candidate play is identified by an
integer key (count changes in base 32 plus one bit per hit point), so plays
reaching the same position merge in a dict. Non-doubles try the two die
orders; doubles move checkers in non-decreasing source order, which reaches
every multiset of moves exactly once (each multiset is legal in that order if
in any: blocks are fixed during a turn and moving back checkers first only
helps entering and bearing off).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from companion.games.backgammon.geometry import (
    BACKGAMMON,
    MINIGAM,
    MULTIGAM,
    Board,
    Geometry,
    make_board,
)
from companion.games.base import RuleError

__all__ = [
    "BACKGAMMON",
    "MINIGAM",
    "MULTIGAM",
    "Board",
    "Geometry",
    "Play",
    "Step",
    "all_home",
    "apply_step",
    "borne_off",
    "checkers_on_bar",
    "find_play",
    "has_won",
    "legal_plays",
    "legal_steps",
    "pip_count",
]


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


class Play(NamedTuple):
    """A whole turn: its steps in the order played, and the board it leads to."""

    steps: tuple[Step, ...]
    board: Board


_BITS = 5  # bits per count change in a play key: changes are within -15..15


class _Tables:
    """Per-geometry constants of the generator, built once."""

    def __init__(self, geometry: Geometry) -> None:
        off = geometry.points + 1
        self.weights = [1 << (_BITS * q) for q in range(off + 1)]
        self.hit_bits = [1 << (_BITS * (off + 1) + q) for q in range(off + 1)]
        # steps[q * 14 + d * 2 + hit]: every step object the generator can make, shared.
        self.steps = [
            Step(q, min(q + d, off), d, bool(hit))
            for q in range(off + 1)
            for d in range(7)
            for hit in (0, 1)
        ]


_TABLES = {geometry.name: _Tables(geometry) for geometry in (BACKGAMMON, MINIGAM, MULTIGAM)}


def _tables(geometry: Geometry) -> _Tables:
    tables = _TABLES.get(geometry.name)
    if tables is None or len(tables.weights) != geometry.points + 2:
        tables = _TABLES[geometry.name] = _Tables(geometry)
    return tables


def _check_roll(board: Board, mover: int, dice: Sequence[int]) -> None:
    if not 0 <= mover < board.geometry.players:
        raise RuleError(f"There is no player {mover} in {board.geometry.name}.")
    if len(dice) != 2 or any(
        isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6 for die in dice
    ):
        raise RuleError(f"A roll is two dice from 1 to 6, not {list(dice)!r}.")


def _opposition(board: Board, mover: int) -> list[int]:
    """Opposing checkers on each cell, indexed by the mover's track position."""
    geometry = board.geometry
    if geometry.opposite:
        # The other seat's track read backwards lines up with the mover's.
        return list(board.tracks[1 - mover][::-1])
    others = [track for seat, track in enumerate(board.tracks) if seat != mover]
    return [sum(counts) for counts in zip(*others, strict=True)]


# A search result: (dice used, steps, the mover's counts afterwards).
_Found = dict[int, tuple[int, tuple[Step, ...], tuple[int, ...]]]


def _search_pair(
    me: list[int],
    opp: list[int],
    geometry: Geometry,
    dice: tuple[int, int],
    found: _Found,
    singles: _Found,
) -> None:
    """Every play of one die order into `found`.

    One-die plays go into `singles`, only while no play uses both dice.
    """
    first, second = dice
    tables = _tables(geometry)
    weights, hit_bits, step_table = tables.weights, tables.hit_bits, tables.steps
    off = geometry.points + 1
    home = geometry.home_start
    must_enter = not geometry.loose_bar
    outside = sum(me[:home])
    occupied = [q for q in range(off) if me[q]]
    if must_enter and me[0]:
        occupied = [0]
    for q1 in occupied:
        t1 = q1 + first
        hit1 = 0
        if t1 < off:
            if opp[t1] > 1:
                continue
            hit1 = opp[t1]
        else:
            if outside or (t1 > off and any(me[home:q1])):
                continue
            t1 = off
        me[q1] -= 1
        me[t1] += 1
        entered = q1 < home <= t1
        outside -= entered
        if hit1:
            opp[t1] = 0
        key1 = weights[t1] - weights[q1] + (hit_bits[t1] if hit1 else 0)
        step1 = step_table[q1 * 14 + first * 2 + hit1]
        sources = occupied if t1 >= off or t1 in occupied else [*occupied, t1]
        if must_enter and me[0]:
            sources = [0]
        elif must_enter and q1 == 0:
            sources = [q for q in range(off) if me[q]]
        extended = False
        for q2 in sources:
            if not me[q2]:
                continue
            t2 = q2 + second
            hit2 = 0
            if t2 < off:
                if opp[t2] > 1:
                    continue
                hit2 = opp[t2]
            else:
                if outside or (t2 > off and any(me[home:q2])):
                    continue
                t2 = off
            extended = True
            key = key1 + weights[t2] - weights[q2] + (hit_bits[t2] if hit2 else 0)
            if key not in found:
                me[q2] -= 1
                me[t2] += 1
                found[key] = (2, (step1, step_table[q2 * 14 + second * 2 + hit2]), tuple(me))
                me[q2] += 1
                me[t2] -= 1
        if not extended and not found and key1 not in singles:
            singles[key1] = (1, (step1,), tuple(me))
        if hit1:
            opp[t1] = 1
        outside += entered
        me[q1] += 1
        me[t1] -= 1


def _double_sources(me: list[int], opp: list[int], off: int, die: int) -> list[int]:
    """Positions a checker could move from with `die` during a double, in order."""
    reachable = set()
    for q in range(off):
        if me[q]:
            for k in range(4):
                position = q + k * die
                if position >= off:
                    break
                reachable.add(position)
    return sorted(q for q in reachable if q + die >= off or opp[q + die] < 2)


def _search_double(
    me: list[int], opp: list[int], geometry: Geometry, die: int, found: _Found
) -> int:
    """Every play of a double, sources non-decreasing; returns the most dice used."""
    tables = _tables(geometry)
    weights, hit_bits, step_table = tables.weights, tables.hit_bits, tables.steps
    off = geometry.points + 1
    home = geometry.home_start
    must_enter = not geometry.loose_bar
    sources = _double_sources(me, opp, off, die)
    count = len(sources)
    path: list[Step] = []
    state = [sum(me[:home]), 0]  # checkers outside the home board, most dice used

    def extend(start: int, key: int) -> None:
        depth = len(path)
        extended = False
        for index in range(start, count):
            q = sources[index]
            if not me[q]:
                continue
            if must_enter and q and me[0]:
                break
            t = q + die
            hit = 0
            if t < off:
                hit = opp[t]
            else:
                if state[0] or (t > off and any(me[home:q])):
                    continue
                t = off
            extended = True
            me[q] -= 1
            me[t] += 1
            entered = q < home <= t
            state[0] -= entered
            if hit:
                opp[t] = 0
            new_key = key + weights[t] - weights[q] + (hit_bits[t] if hit else 0)
            path.append(step_table[q * 14 + die * 2 + hit])
            if depth == 3:
                found[new_key] = (4, tuple(path), tuple(me))
                state[1] = 4
            else:
                extend(index, new_key)
            path.pop()
            if hit:
                opp[t] = 1
            state[0] += entered
            me[q] += 1
            me[t] -= 1
        if not extended and depth and depth >= state[1]:
            if depth > state[1]:
                found.clear()
                state[1] = depth
            found[key] = (depth, tuple(path), tuple(me))

    extend(0, 0)
    return state[1]


def _resulting_board(
    board: Board, mover: int, steps: tuple[Step, ...], track: tuple[int, ...]
) -> Board:
    geometry = board.geometry
    tracks = list(board.tracks)
    tracks[mover] = track
    for step in steps:
        if step.hit:
            cell = geometry.cell(mover, step.destination)
            victim = _owner_of_blot(board, mover, cell)
            counts = list(tracks[victim])
            counts[geometry.position(victim, cell)] -= 1
            counts[0] += 1
            tracks[victim] = tuple(counts)
    return make_board(geometry, tuple(tracks))


def _owner_of_blot(board: Board, mover: int, cell: int) -> int:
    geometry = board.geometry
    for seat, track in enumerate(board.tracks):
        if seat != mover and track[geometry.position(seat, cell)]:
            return seat
    raise AssertionError("a hit step always lands on an opposing checker")


def legal_plays(board: Board, mover: int, dice: Sequence[int]) -> list[Play]:
    """Every legal play of `mover` for a roll, each resulting position once.

    The forced-move rule is applied: plays use as many dice as the position
    allows; when only one die of a non-double can be played and either could
    be, only plays of the larger die are legal. An empty list means no legal
    move: the turn is lost.

    Raises:
        RuleError: the mover or the dice are out of range.
    """
    _check_roll(board, mover, dice)
    geometry = board.geometry
    me = list(board.tracks[mover])
    opp = _opposition(board, mover)
    found: _Found = {}
    high, low = max(dice), min(dice)
    if high == low:
        _search_double(me, opp, geometry, high, found)
    else:
        singles: _Found = {}
        _search_pair(me, opp, geometry, (high, low), found, singles)
        _search_pair(me, opp, geometry, (low, high), found, singles)
        if not found:
            found = _larger_die_first(singles, high)
    return [
        Play(steps, _resulting_board(board, mover, steps, track))
        for used, steps, track in found.values()
    ]


def _larger_die_first(singles: _Found, high: int) -> _Found:
    """Forced-move rule when only one die fits: the larger one if it can be played."""
    larger = {key: found for key, found in singles.items() if found[1][0].die == high}
    return larger or singles


def pip_count(board: Board, player: int) -> int:
    """Pips `player` must still travel to bear everything off (the bar counts N + 1)."""
    off = board.geometry.points + 1
    return sum(count * (off - position) for position, count in enumerate(board.tracks[player]))


def borne_off(board: Board, player: int) -> int:
    """How many of `player`'s checkers are off the board."""
    return board.tracks[player][-1]


def checkers_on_bar(board: Board, player: int) -> int:
    """How many of `player`'s checkers wait on the bar."""
    return board.tracks[player][0]


def all_home(board: Board, player: int) -> bool:
    """True when `player` may bear off: no checker below the home board (nor on the bar)."""
    return not any(board.tracks[player][: board.geometry.home_start])


def has_won(board: Board, player: int) -> bool:
    """True once every checker of `player` is off."""
    return board.tracks[player][-1] == board.geometry.checkers


def _step_problem(board: Board, mover: int, source: int, die: int) -> str | None:
    """Why one checker may not move from `source` by `die` now, or None if it may."""
    geometry = board.geometry
    track = board.tracks[mover]
    off = geometry.points + 1
    if not 0 <= source < off or not track[source]:
        return "You have no checker there to move."
    if source and track[0] and not geometry.loose_bar:
        return "You have a checker on the bar: enter it first."
    target = source + die
    if target < off:
        if _opposition(board, mover)[target] > 1:
            number = geometry.point_number(mover, target)
            return f"Point {number} is blocked: two or more opposing checkers hold it."
        return None
    if not all_home(board, mover):
        if track[0]:
            return "You cannot bear off while a checker is on the bar: enter it first."
        return "You can bear off only once all your checkers are in your home board."
    if target > off and any(track[:source]):
        return (
            f"A {die} bears off only from your furthest point; move a checker from "
            "further back instead."
        )
    return None


def single_steps(board: Board, mover: int, die: int) -> list[Step]:
    """Every single move of one checker by `die` the board allows (forced-move rule not applied)."""
    off = board.geometry.points + 1
    opposition = _opposition(board, mover)
    opposition[off] = 0  # nobody is hit by a checker bearing off
    return [
        Step(source, min(source + die, off), die, opposition[min(source + die, off)] == 1)
        for source in range(off)
        if _step_problem(board, mover, source, die) is None
    ]


def apply_step(board: Board, mover: int, step: Step) -> Board:
    """The board after one step (a hit sends the lone opposing checker to its bar).

    Raises:
        RuleError: the step's checker is missing or its landing point is blocked.
    """
    geometry = board.geometry
    off = geometry.points + 1
    problem = _step_problem(board, mover, step.source, step.die)
    destination = min(step.source + step.die, off)
    if problem is None and step.destination != destination:
        problem = f"A {step.die} does not move a checker to that point."
    if problem is not None:
        raise RuleError(problem)
    track = list(board.tracks[mover])
    track[step.source] -= 1
    track[destination] += 1
    hit = destination < off and _opposition(board, mover)[destination] == 1
    new_step = step._replace(hit=hit)
    return _resulting_board(board, mover, (new_step,), tuple(track))


def _dice_of_roll(dice: Sequence[int]) -> list[int]:
    return [dice[0]] * 4 if dice[0] == dice[1] else sorted(dice, reverse=True)


class _Completion:
    """Which partial turns can still be completed into a legal play."""

    def __init__(self, board: Board, mover: int, dice: Sequence[int]) -> None:
        self.mover = mover
        self.plays = legal_plays(board, mover, dice)
        self.targets = {play.board: play for play in self.plays}
        self.length = len(self.plays[0].steps) if self.plays else 0
        self.memo: dict[tuple[Board, tuple[int, ...]], bool] = {}

    def completable(self, board: Board, remaining: tuple[int, ...], made: int) -> bool:
        if made == self.length:
            return board in self.targets
        key = (board, remaining)
        if key not in self.memo:
            self.memo[key] = any(
                self.completable(after, rest, made + 1)
                for step, after, rest in self.next_steps(board, remaining)
            )
        return self.memo[key]

    def next_steps(
        self, board: Board, remaining: tuple[int, ...]
    ) -> list[tuple[Step, Board, tuple[int, ...]]]:
        result = []
        for die in sorted(set(remaining), reverse=True):
            rest = list(remaining)
            rest.remove(die)
            for step in single_steps(board, self.mover, die):
                result.append((step, apply_step(board, self.mover, step), tuple(rest)))
        return result


def legal_steps(
    board: Board, mover: int, dice: Sequence[int], steps_made: Sequence[Step] = ()
) -> list[Step]:
    """The single steps that can follow `steps_made` and still end in a legal play.

    `steps_made` are the steps already played this turn from `board` (as
    returned by earlier calls). An empty answer means the turn is complete
    (or there was no legal move at all).

    Raises:
        RuleError: the dice are out of range, or `steps_made` cannot be part
            of a legal play (the sentence says why).
    """
    completion = _Completion(board, mover, dice)
    current, remaining = _replay(completion, board, dice, steps_made)
    made = len(steps_made)
    if made == completion.length:
        return []
    return [
        step
        for step, after, rest in completion.next_steps(current, remaining)
        if completion.completable(after, rest, made + 1)
    ]


def _replay(
    completion: _Completion, board: Board, dice: Sequence[int], steps: Sequence[Step]
) -> tuple[Board, tuple[int, ...]]:
    """Play `steps` from `board`, checking each can still lead to a legal play."""
    remaining = tuple(_dice_of_roll(dice))
    current = board
    for made, step in enumerate(steps):
        if made >= completion.length:
            raise RuleError(_too_many(completion.length))
        if step.die not in remaining:
            raise RuleError(f"You have no {step.die} left to play this turn.")
        after = apply_step(current, completion.mover, step)
        rest = list(remaining)
        rest.remove(step.die)
        if not completion.completable(after, tuple(rest), made + 1):
            raise RuleError(_forced_move_sentence(completion, dice))
        current, remaining = after, tuple(rest)
    return current, remaining


def _too_many(length: int) -> str:
    if length == 0:
        return "You have no legal move with this roll: the turn passes."
    return f"This roll allows {length} move{'s' if length != 1 else ''} at most."


def _forced_move_sentence(completion: _Completion, dice: Sequence[int]) -> str:
    if completion.length == 0:
        return "You have no legal move with this roll: the turn passes."
    if dice[0] != dice[1] and completion.length == 1:
        return (
            "Only one die can be played this turn, and it must be the larger one if it fits: "
            f"play the {completion.plays[0].steps[0].die}."
        )
    return (
        f"That move leaves the rest of your roll unplayable: you must use {completion.length} "
        "dice if you can. Choose another move."
    )


def find_play(board: Board, mover: int, dice: Sequence[int], steps: Sequence[Step]) -> Play:
    """The legal play that `steps` make from `board`.

    Raises:
        RuleError: the steps are not a whole legal play; the sentence says why.
    """
    completion = _Completion(board, mover, dice)
    current, _ = _replay(completion, board, dice, steps)
    if len(steps) < completion.length:
        more = completion.length - len(steps)
        dice_left = "another die" if more == 1 else f"{more} more dice"
        raise RuleError(f"Your turn is not finished: play {dice_left}.")
    return Play(tuple(steps), completion.targets[current].board)
