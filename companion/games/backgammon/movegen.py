"""The legal-play generator behind `movement.legal_plays`, written for speed.

Positions here are track positions (see `geometry`). The mover's counts live
in one list changed and restored in place; `opp[q]` counts the opposing
checkers on the cell of the mover's position q. Each candidate play has an
integer key, the sum of its count changes in base 32 (changes stay within
-15..15, so the sum is unique) plus one bit per point where it hit: plays
reaching the same position get the same key and merge in a dict.

Non-doubles try the two die orders. Doubles move checkers in non-decreasing
source order: every multiset of moves legal in some order is legal in that
one (blocks do not change during a turn, and moving the back checkers first
only helps entering and bearing off), and distinct multisets of one die's
moves always reach distinct positions, so each play is found exactly once.

Fast paths cover the common case where nothing depends on the order of the
moves: no checker must enter first and no checker can bear off this turn.
Then a move is legal exactly when its landing point is open, and the plays of
a non-double are the pairs of single moves plus one checker moving twice.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.games.backgammon.geometry import Board, Geometry

_BITS = 5


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


class _Tables:
    """Per-board-size constants, built once."""

    def __init__(self, points: int) -> None:
        off = points + 1
        self.weights = [1 << (_BITS * q) for q in range(off + 1)]
        self.hit_bits = [1 << (_BITS * (off + 1) + q) for q in range(off + 1)]
        # steps[q * 14 + die * 2 + hit]: every step the generator makes, shared.
        self.steps = [
            Step(q, min(q + die, off), die, bool(hit))
            for q in range(off + 1)
            for die in range(7)
            for hit in (0, 1)
        ]


_TABLES: dict[int, _Tables] = {}


def tables(points: int) -> _Tables:
    """The constant tables for a board of `points` points."""
    found = _TABLES.get(points)
    if found is None:
        found = _TABLES[points] = _Tables(points)
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


Candidate = tuple[tuple[Step, ...], tuple[int, ...] | None, bool]
"""A play found: its steps, the mover's counts after it (None: work them out
from the steps), and whether it hit."""

Found = dict[int, Candidate]
"""Plays found so far by key."""


def search_pair(
    me: list[int],
    opp: list[int],
    geometry: Geometry,
    dice: tuple[int, int],
    found: Found,
    singles: Found,
) -> None:
    """Every play of one die order into `found`, in general (bar and bear-off rules).

    One-die plays go into `singles`, only while no play uses both dice.
    """
    first, second = dice
    table = tables(geometry.points)
    weights, hit_bits, step_table = table.weights, table.hit_bits, table.steps
    off = geometry.points + 1
    home = geometry.home_start
    must_enter = not geometry.loose_bar
    outside = sum(me[:home])
    occupied = [0] if must_enter and me[0] else [q for q in range(off) if me[q]]
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
        if must_enter and me[0]:
            sources = [0]
        elif must_enter and q1 == 0:
            sources = [q for q in range(off) if me[q]]
        else:
            sources = occupied if t1 >= off or t1 in occupied else [*occupied, t1]
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
                found[key] = (
                    (step1, step_table[q2 * 14 + second * 2 + hit2]),
                    None,
                    bool(hit1 or hit2),
                )
        if not extended and not found and key1 not in singles:
            singles[key1] = ((step1,), None, bool(hit1))
        if hit1:
            opp[t1] = 1
        outside += entered
        me[q1] += 1
        me[t1] -= 1


def fast_pair(
    me: list[int], opp: list[int], off: int, high: int, low: int, found: Found
) -> Found | None:
    """Plays of a non-double when only landing points matter; the one-die plays if none.

    Returns None when some play uses both dice (they are in `found`), else
    the legal one-die plays (the larger die's when it can be played).
    """
    table = tables(off - 1)
    weights, hit_bits, step_table = table.weights, table.hit_bits, table.steps
    occupied = [q for q in range(off) if me[q]]
    highs = [q for q in occupied if q + high < off and opp[q + high] < 2]
    lows = [q for q in occupied if q + low < off and opp[q + low] < 2]
    for qa in highs:
        ta = qa + high
        hit_a = opp[ta]
        key_a = weights[ta] - weights[qa] + (hit_bits[ta] if hit_a else 0)
        step_a = step_table[qa * 14 + high * 2 + hit_a]
        for qb in lows:
            if qb == qa and me[qa] < 2:
                continue
            tb = qb + low
            hit_b = opp[tb] if tb != ta else 0
            key = key_a + weights[tb] - weights[qb] + (hit_bits[tb] if hit_b else 0)
            if key not in found:
                found[key] = (
                    (step_a, step_table[qb * 14 + low * 2 + hit_b]),
                    None,
                    bool(hit_a or hit_b),
                )
        tc = ta + low
        if tc < off and opp[tc] < 2:  # the same checker goes on with the low die
            hit_c = opp[tc]
            key = key_a + weights[tc] - weights[ta] + (hit_bits[tc] if hit_c else 0)
            if key not in found:
                found[key] = (
                    (step_a, step_table[ta * 14 + low * 2 + hit_c]),
                    None,
                    bool(hit_a or hit_c),
                )
    for qb in lows:
        tb = qb + low
        tc = tb + high
        if tc < off and opp[tc] < 2:  # low die first, then the same checker with the high
            hit_b = opp[tb]
            hit_c = opp[tc]
            key = (
                weights[tc]
                - weights[qb]
                + (hit_bits[tb] if hit_b else 0)
                + (hit_bits[tc] if hit_c else 0)
            )
            if key not in found:
                found[key] = (
                    (step_table[qb * 14 + low * 2 + hit_b], step_table[tb * 14 + high * 2 + hit_c]),
                    None,
                    bool(hit_b or hit_c),
                )
    if found:
        return None
    die, sources = (high, highs) if highs else (low, lows)
    return {
        q: ((step_table[q * 14 + die * 2 + opp[q + die]],), None, bool(opp[q + die]))
        for q in sources
    }


def double_sources(me: list[int], opp: list[int], off: int, die: int) -> list[int]:
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


def search_double(
    me: list[int], opp: list[int], geometry: Geometry, die: int, found: Found
) -> None:
    """Every play of a double, in general (bar and bear-off rules), sources non-decreasing."""
    table = tables(geometry.points)
    weights, hit_bits, step_table = table.weights, table.hit_bits, table.steps
    off = geometry.points + 1
    home = geometry.home_start
    must_enter = not geometry.loose_bar
    sources = double_sources(me, opp, off, die)
    count = len(sources)
    path: list[Step] = []
    state = [sum(me[:home]), 0]  # checkers outside the home board, most dice used

    def extend(start: int, key: int, hits: int) -> None:
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
                found[new_key] = (tuple(path), tuple(me), bool(hits or hit))
                state[1] = 4
            else:
                extend(index, new_key, hits + hit)
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
            found[key] = (tuple(path), tuple(me), bool(hits))

    extend(0, 0, 0)


def fast_double(me: list[int], opp: list[int], off: int, die: int) -> list[Candidate]:
    """Plays of a double when only landing points matter (no entering or bearing off first).

    Four nested loops rather than recursion: this is the generator's hottest
    code. Level k moves a checker from a source at or after level k-1's; a
    level that finds no move ends a play of k-1 dice, kept only while no
    longer play is known.
    """
    steps = tables(off - 1).steps
    sources = [q for q in double_sources(me, opp, off, die) if q + die < off]
    count = len(sources)
    plays: list[Candidate] = []
    best = 0
    base = die * 2  # steps[q * 14 + die * 2 + hit]
    for i1 in range(count):
        q1 = sources[i1]
        if not me[q1]:
            continue
        t1 = q1 + die
        h1 = opp[t1]
        me[q1] -= 1
        me[t1] += 1
        opp[t1] = 0
        s1 = steps[q1 * 14 + base + h1]
        more1 = False
        for i2 in range(i1, count):
            q2 = sources[i2]
            if not me[q2]:
                continue
            more1 = True
            t2 = q2 + die
            h2 = opp[t2]
            me[q2] -= 1
            me[t2] += 1
            opp[t2] = 0
            s2 = steps[q2 * 14 + base + h2]
            more2 = False
            for i3 in range(i2, count):
                q3 = sources[i3]
                if not me[q3]:
                    continue
                more2 = True
                t3 = q3 + die
                h3 = opp[t3]
                me[q3] -= 1
                me[t3] += 1
                opp[t3] = 0
                s3 = steps[q3 * 14 + base + h3]
                hit3 = bool(h1 or h2 or h3)
                more3 = False
                for i4 in range(i3, count):
                    q4 = sources[i4]
                    if me[q4]:
                        if not more3:
                            more3 = True
                            if best < 4:  # the first whole play: shorter ones are out
                                plays.clear()
                                best = 4
                        t4 = q4 + die
                        h4 = opp[t4]
                        me[q4] -= 1
                        me[t4] += 1
                        plays.append(
                            ((s1, s2, s3, steps[q4 * 14 + base + h4]), tuple(me), hit3 or bool(h4))
                        )
                        me[q4] += 1
                        me[t4] -= 1
                if not more3 and best <= 3:
                    if best < 3:
                        plays.clear()
                        best = 3
                    plays.append(((s1, s2, s3), tuple(me), hit3))
                opp[t3] = h3
                me[q3] += 1
                me[t3] -= 1
            if not more2 and best <= 2:
                if best < 2:
                    plays.clear()
                    best = 2
                plays.append(((s1, s2), tuple(me), bool(h1 or h2)))
            opp[t2] = h2
            me[q2] += 1
            me[t2] -= 1
        if not more1 and best <= 1:
            best = 1
            plays.append(((s1,), tuple(me), bool(h1)))
        opp[t1] = h1
        me[q1] += 1
        me[t1] -= 1
    return plays
