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


def double_sources(
    track: list[int], landings: list[Landing], targets: Targets, off: int
) -> list[int]:
    """Positions a checker could move from during a double, in order.

    Those a checker of `track` reaches in fewer moves than the double has
    dice, not off, whose move (`targets`) does not land on a blocked point.
    """
    reachable = set()
    for source in compress(range(off), track):
        position = source
        for _ in range(DICE_IN_A_DOUBLE):
            if position == off:
                break
            reachable.add(position)
            position = targets[position]
    return sorted(
        position
        for position in reachable
        if targets[position] == off or landings[targets[position]] != BLOCKED
    )


def search_double(track: list[int], landings: list[Landing], geometry: Geometry, die: int) -> Found:
    """Every play of a double, in general (bar and bear-off rules), sources non-decreasing."""
    tables = step_tables(geometry.points)
    moves, keys, targets = tables.moves[die], tables.keys[die], tables.targets[die]
    off = geometry.off
    loose, home = geometry.loose_bar, geometry.home_start
    sources = double_sources(track, landings, targets, off)
    count = len(sources)
    path: list[Step] = []
    by_dice: list[Found] = [{} for _ in range(DICE_IN_A_DOUBLE + 1)]
    whole = by_dice[DICE_IN_A_DOUBLE]

    def extend(start: int, key: int) -> None:
        depth = len(path)
        extended = False
        bar_held = must_enter(track, loose)
        bearing_off = may_bear_off(track, home)  # the same for every move of this level
        for index in range(start, count):
            source = sources[index]
            # `may_move_from` is called only while the bar is held.
            if not track[source] or (bar_held and not may_move_from(source, bar_held)):
                continue
            target = targets[source]
            landing = LANDS
            if target < off:
                landing = landings[target]  # never BLOCKED: `double_sources` left those out
            elif not (bearing_off and bears_off_from(track, source, die, off)):
                continue
            extended = True
            if depth == DICE_IN_A_DOUBLE - 1:  # the last die: nothing to move and put back
                whole[key + keys[source][landing]] = (*path, moves[source][landing])
                continue
            track[source] -= 1
            track[target] += 1
            if landing == HITS:
                landings[target] = AFTER_LANDING
            path.append(moves[source][landing])
            extend(index, key + keys[source][landing])
            path.pop()
            if landing == HITS:
                landings[target] = HITS
            track[source] += 1
            track[target] -= 1
        if not extended and depth:
            by_dice[depth][key] = tuple(path)

    extend(0, 0)
    return most_dice(by_dice)


def fast_double(
    track: list[int], landings: list[Landing], geometry: Geometry, die: int
) -> list[tuple[Step, ...]]:
    """Plays of a double when only landing points matter (`movegen.order_free`).

    Four nested loops (one a die of the double, `DICE_IN_A_DOUBLE`) rather
    than recursion or helpers: this is the generator's hottest code, and a
    call per move costs more than the whole move. Loop n moves a checker
    from a source at or after loop n-1's (`source1` .. `source4`); a loop
    that finds no move ends a play of n-1 dice, a candidate for `most_dice`.
    A checker landing where one landed earlier this turn finds
    `AFTER_LANDING` there until the loop that moved there puts it back.
    `landings` refuses off, so no move bears off.
    """
    tables = step_tables(geometry.points)
    moves, targets = tables.moves[die], tables.targets[die]
    off = geometry.off
    sources = [
        source for source in double_sources(track, landings, targets, off) if targets[source] < off
    ]
    count = len(sources)
    by_dice: list[list[tuple[Step, ...]]] = [[] for _ in range(DICE_IN_A_DOUBLE + 1)]
    _, add_one_die, add_two_dice, add_three_dice, add_four_dice = (
        plays.append for plays in by_dice
    )
    for index1 in range(count):
        source1 = sources[index1]
        if not track[source1]:
            continue
        target1 = targets[source1]
        landing1 = landings[target1]
        track[source1] -= 1
        track[target1] += 1
        landings[target1] = AFTER_LANDING
        step1 = moves[source1][landing1]
        has_second = False
        for index2 in range(index1, count):
            source2 = sources[index2]
            if not track[source2]:
                continue
            has_second = True
            target2 = targets[source2]
            landing2 = landings[target2]
            track[source2] -= 1
            track[target2] += 1
            landings[target2] = AFTER_LANDING
            step2 = moves[source2][landing2]
            has_third = False
            for index3 in range(index2, count):
                source3 = sources[index3]
                if not track[source3]:
                    continue
                has_third = True
                target3 = targets[source3]
                landing3 = landings[target3]
                track[source3] -= 1
                track[target3] += 1
                landings[target3] = AFTER_LANDING
                step3 = moves[source3][landing3]
                has_fourth = False
                for index4 in range(index3, count):  # the last die: nothing to move and put back
                    source4 = sources[index4]
                    if track[source4]:
                        has_fourth = True
                        add_four_dice(
                            (step1, step2, step3, moves[source4][landings[targets[source4]]])
                        )
                if not has_fourth:
                    add_three_dice((step1, step2, step3))
                landings[target3] = landing3
                track[source3] += 1
                track[target3] -= 1
            if not has_third:
                add_two_dice((step1, step2))
            landings[target2] = landing2
            track[source2] += 1
            track[target2] -= 1
        if not has_second:
            add_one_die((step1,))
        landings[target1] = landing1
        track[source1] += 1
        track[target1] -= 1
    return most_dice(by_dice)
