"""The legal plays of a double, for `movement.legal_play_steps` (see `movegen`).

Doubles move checkers in non-decreasing source order: every multiset of
moves legal in some order is legal in that one (blocks do not change during
a turn, and moving the back checkers first only helps entering and bearing
off), and distinct multisets of one die's moves always reach distinct
positions, so each play is found exactly once. Plays that cannot go on are
grouped by the dice they use, and the forced-move rule (`most_dice`) keeps
the group of the most.
"""

from __future__ import annotations

from itertools import compress

from companion.games.backgammon.geometry import Geometry
from companion.games.backgammon.movegen import Found
from companion.games.backgammon.step_rules import (
    AFTER_LANDING,
    BLOCKED,
    DICE_IN_A_DOUBLE,
    HITS,
    LANDS,
    Landing,
    Step,
    Targets,
    bears_off_from,
    may_bear_off,
    may_move_from,
    most_dice,
    must_enter,
    step_tables,
)


def double_sources(me: list[int], land: list[Landing], targets: Targets, off: int) -> list[int]:
    """Positions a checker could move from during a double, in order.

    Those a checker of `me` reaches in fewer moves than the double has dice,
    not off, whose move (`targets`) does not land on a blocked point.
    """
    reachable = set()
    for q in compress(range(off), me):
        for _ in range(DICE_IN_A_DOUBLE):
            if q == off:
                break
            reachable.add(q)
            q = targets[q]
    return sorted(q for q in reachable if targets[q] == off or land[targets[q]] != BLOCKED)


def search_double(me: list[int], land: list[Landing], geometry: Geometry, die: int) -> Found:
    """Every play of a double, in general (bar and bear-off rules), sources non-decreasing."""
    tables = step_tables(geometry.points)
    moves, keys, targets = tables.moves[die], tables.keys[die], tables.targets[die]
    off = geometry.off
    loose, home = geometry.loose_bar, geometry.home_start
    sources = double_sources(me, land, targets, off)
    count = len(sources)
    path: list[Step] = []
    by_dice: list[Found] = [{} for _ in range(DICE_IN_A_DOUBLE + 1)]
    whole = by_dice[DICE_IN_A_DOUBLE]

    def extend(start: int, key: int) -> None:
        depth = len(path)
        extended = False
        bar_held = must_enter(me, loose)
        bearing_off = may_bear_off(me, home)  # the same for every move of this level
        for index in range(start, count):
            q = sources[index]
            if not me[q] or (bar_held and not may_move_from(q, bar_held)):  # a call only if held
                continue
            t = targets[q]
            hit = LANDS
            if t < off:
                hit = land[t]  # never BLOCKED: `double_sources` left those out
            elif not (bearing_off and bears_off_from(me, q, die, off)):
                continue
            extended = True
            if depth == DICE_IN_A_DOUBLE - 1:  # the last die: nothing to move and put back
                whole[key + keys[q][hit]] = (*path, moves[q][hit])
                continue
            me[q] -= 1
            me[t] += 1
            if hit == HITS:
                land[t] = AFTER_LANDING
            path.append(moves[q][hit])
            extend(index, key + keys[q][hit])
            path.pop()
            if hit == HITS:
                land[t] = HITS
            me[q] += 1
            me[t] -= 1
        if not extended and depth:
            by_dice[depth][key] = tuple(path)

    extend(0, 0)
    return most_dice(by_dice)


def fast_double(
    me: list[int], land: list[Landing], geometry: Geometry, die: int
) -> list[tuple[Step, ...]]:
    """Plays of a double when only landing points matter (`movegen.order_free`).

    Four nested loops (one a die of the double, `DICE_IN_A_DOUBLE`) rather
    than recursion: this is the generator's hottest code. Level k moves a
    checker from a source at or after level k-1's; a level that finds no
    move ends a play of k-1 dice, a candidate for `most_dice`. A checker
    landing where one landed earlier this turn finds `AFTER_LANDING` there
    until the level that moved there is undone. `land` refuses off, so no
    move bears off.
    """
    tables = step_tables(geometry.points)
    moves, targets = tables.moves[die], tables.targets[die]
    off = geometry.off
    sources = [q for q in double_sources(me, land, targets, off) if targets[q] < off]
    count = len(sources)
    by_dice: list[list[tuple[Step, ...]]] = [[] for _ in range(DICE_IN_A_DOUBLE + 1)]
    _, add1, add2, add3, add4 = (plays.append for plays in by_dice)
    for i1 in range(count):
        q1 = sources[i1]
        if not me[q1]:
            continue
        t1 = targets[q1]
        h1 = land[t1]
        me[q1] -= 1
        me[t1] += 1
        land[t1] = AFTER_LANDING
        s1 = moves[q1][h1]
        more1 = False
        for i2 in range(i1, count):
            q2 = sources[i2]
            if not me[q2]:
                continue
            more1 = True
            t2 = targets[q2]
            h2 = land[t2]
            me[q2] -= 1
            me[t2] += 1
            land[t2] = AFTER_LANDING
            s2 = moves[q2][h2]
            more2 = False
            for i3 in range(i2, count):
                q3 = sources[i3]
                if not me[q3]:
                    continue
                more2 = True
                t3 = targets[q3]
                h3 = land[t3]
                me[q3] -= 1
                me[t3] += 1
                land[t3] = AFTER_LANDING
                s3 = moves[q3][h3]
                more3 = False
                for i4 in range(i3, count):
                    q4 = sources[i4]
                    if me[q4]:
                        more3 = True
                        add4((s1, s2, s3, moves[q4][land[targets[q4]]]))
                if not more3:
                    add3((s1, s2, s3))
                land[t3] = h3
                me[q3] += 1
                me[t3] -= 1
            if not more2:
                add2((s1, s2))
            land[t2] = h2
            me[q2] += 1
            me[t2] -= 1
        if not more1:
            add1((s1,))
        land[t1] = h1
        me[q1] += 1
        me[t1] -= 1
    return most_dice(by_dice)
