"""The legal-play generator behind `movement.legal_plays`, written for speed.

Every rule it applies is asked of `step_rules`: the landing rule through
`landings` (what landing on each point does, from `is_blocked` and `is_hit`;
off refused as a landing), the steps, their targets (`destination`) and
their keys through `StepTables`, a point landed on this turn through
`AFTER_LANDING`, the order-dependent rules (`must_enter`, `movable_sources`,
`may_bear_off`, `starts_bearing_off`, `bears_off_from`) by calling them where
a move could depend on them, and the forced-move rule through `most_dice`
and `larger_die`. The mover's counts live in one list changed and restored
in place, and so does `land`, the landing table of the turn. Each candidate
play has an integer key, the sum of its steps' keys: plays reaching the
same position get the same key and merge in a dict.

Non-doubles try the two die orders; doubles are in `double_plays`.

Fast paths cover the common case where nothing depends on the order of the
moves (`order_free`): no checker must enter first and no checker can bear off
this turn. Then a move is legal exactly when its landing point is open (off
is never), and the plays of a non-double are the pairs of single moves plus
one checker moving twice. With one checker to enter (`enter_pair`), the same
holds once it has entered.

Plays are made without their boards: a `Play` works its board out from its
steps the first time it is read (random play reads one board a turn).
"""

from __future__ import annotations

from itertools import compress

from companion.games.backgammon.geometry import Board, Geometry, make_board
from companion.games.backgammon.step_rules import (
    AFTER_LANDING,
    BAR,
    BLOCKED,
    HITS,
    LANDS,
    Landing,
    Step,
    StepTables,
    bear_off_out_of_reach,
    bears_off_from,
    entry_point,
    larger_die,
    may_bear_off,
    most_dice,
    movable_sources,
    must_enter,
    starts_bearing_off,
    step_tables,
)

__all__ = ["Play", "Step", "board_after"]


def board_after(board: Board, mover: int, steps: tuple[Step, ...]) -> Board:
    """The board after steps known to be playable in order; a hit checker goes to its bar."""
    geometry = board.geometry
    track = list(board.tracks[mover])
    for step in steps:
        track[step.source] -= 1
        track[step.destination] += 1
    tracks = list(board.tracks)
    tracks[mover] = tuple(track)
    for step in steps:
        if step.hit:
            cell = geometry.cell(mover, step.destination)
            victim = 1 - mover  # the only other seat, else the one holding that cell
            if len(tracks) > 2:
                victim = next(
                    seat
                    for seat, counts in enumerate(board.tracks)
                    if seat != mover and counts[geometry.position(seat, cell)]
                )
            counts = list(tracks[victim])
            counts[geometry.position(victim, cell)] -= 1
            counts[BAR] += 1
            tracks[victim] = tuple(counts)
    return make_board(geometry, tuple(tracks))


class Play:
    """A whole turn: its steps in the order played, and the board it leads to.

    Two plays are equal when their steps and boards are. `Play(steps, board)`
    holds its board; the generator's plays work theirs out when first read.
    """

    __slots__ = ("_board", "_origin", "steps")

    steps: tuple[Step, ...]
    _board: Board  # unset until first read in a generated play
    _origin: tuple[Board, int]  # where a generated play starts, and who moves

    def __init__(self, steps: tuple[Step, ...], board: Board) -> None:
        self.steps = steps
        self._board = board

    @property
    def board(self) -> Board:
        """The board the play leads to."""
        try:
            return self._board
        except AttributeError:
            board = self._board = board_after(*self._origin, self.steps)
            return board

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self.steps == other.steps and self.board == other.board

    def __hash__(self) -> int:
        return hash((self.steps, self.board))

    def __repr__(self) -> str:
        return f"Play(steps={self.steps!r}, board={self.board!r})"


class _FoundPlay(Play):
    """A play the generator found: it works its board out from `_origin` when first read.

    Made by calling the class bare: with neither `__init__` nor `__new__` in
    Python, that is the quickest way Python has to make an object, and the
    generator makes one for every legal play.
    """

    __slots__ = ()
    __init__ = object.__init__


def plays_from(board: Board, mover: int, found: list[tuple[Step, ...]]) -> list[Play]:
    """The plays of steps found from `board`, each working out its board when first read."""
    origin = (board, mover)
    plays: list[Play] = []
    add = plays.append
    for steps in found:
        play = _FoundPlay()
        play.steps = steps
        play._origin = origin
        add(play)
    return plays


Found = dict[int, tuple[Step, ...]]
"""Plays found so far by key."""


def order_free(track: list[int], geometry: Geometry, dice: int, high: int) -> bool:
    """True when no move of `dice` dice up to `high` can depend on another.

    That is: no checker must enter first (`must_enter`), and no checker can
    bear off this turn (`bear_off_out_of_reach`). Then landing off is refused
    as `landings` says (`BLOCKED`), like landing on a blocked point.
    """
    if must_enter(track, geometry.loose_bar):
        return False
    return bear_off_out_of_reach(track, geometry.home_start, dice, high)


def enter_pair(
    me: list[int], land: list[Landing], geometry: Geometry, high: int, low: int
) -> list[tuple[Step, ...]] | None:
    """Plays of a non-double while one checker on the bar must enter first; the entries if none.

    The checker enters with one die, then any checker moves with the other:
    after entering, only landing points matter, unless the other die could
    then bear a checker off (`order_free` of one die), and then this returns
    None for `search_pair`. Plays come in `search_pair`'s order (the larger
    die entering first), a position once; when no play uses both dice, the
    forced-move rule (`most_dice`, `larger_die`) picks among the entries.
    """
    tables = step_tables(geometry.points)
    found: Found = {}
    entries: dict[int, list[tuple[Step, ...]]] = {}  # by die: the one-die play entering with it
    for first, second in ((high, low), (low, high)):
        target = entry_point(first)
        landing = land[target]
        if landing == BLOCKED:
            continue
        entry, key1 = tables.moves[first][BAR][landing], tables.keys[first][BAR][landing]
        entries[first] = [(entry,)]
        me[BAR] -= 1
        me[target] += 1
        land[target] = AFTER_LANDING
        free = order_free(me, geometry, 1, second)
        if free:  # then off is `BLOCKED` in `land`: nothing bears off
            moves2, keys2 = tables.moves[second], tables.keys[second]
            targets2 = tables.targets[second]
            for q in compress(range(geometry.off), me):
                hit = land[targets2[q]]
                if hit != BLOCKED:
                    key = key1 + keys2[q][hit]
                    if key not in found:
                        found[key] = (entry, moves2[q][hit])
        land[target] = landing
        me[BAR] += 1
        me[target] -= 1
        if not free:
            return None
    one_die = larger_die(entries.get(high, []), entries.get(low, []))
    return most_dice(([], one_die, list(found.values())))


def search_pair(
    me: list[int],
    land: list[Landing],
    geometry: Geometry,
    dice: tuple[int, int],
    found: Found,
    singles: Found,
) -> None:
    """Every play of one die order into `found`, in general (bar and bear-off rules).

    The plays of the first die alone that cannot go on go into `singles`.
    """
    first, second = dice
    tables = step_tables(geometry.points)
    moves1, keys1, targets1 = tables.moves[first], tables.keys[first], tables.targets[first]
    moves2, keys2, targets2 = tables.moves[second], tables.keys[second], tables.targets[second]
    off = geometry.off
    loose, home = geometry.loose_bar, geometry.home_start
    bar_held = must_enter(me, loose)
    occupied = movable_sources(me, loose)
    bearing_off = may_bear_off(me, home)
    for q1 in occupied:
        t1 = targets1[q1]
        hit1 = LANDS
        if t1 < off:
            hit1 = land[t1]
            if hit1 == BLOCKED:
                continue
        elif not (bearing_off and bears_off_from(me, q1, first, off)):
            continue
        me[q1] -= 1
        me[t1] += 1
        if hit1 == HITS:
            land[t1] = AFTER_LANDING
        key1 = keys1[q1][hit1]
        step1 = moves1[q1][hit1]
        if not bar_held:  # nor is it now: a move never puts the mover's own checker on the bar
            sources = occupied if t1 >= off or t1 in occupied else [*occupied, t1]
        else:
            sources = movable_sources(me, loose)
        extended = False
        bearing_off_next = bearing_off or starts_bearing_off(me, home, t1)
        for q2 in sources:
            if not me[q2]:
                continue
            t2 = targets2[q2]
            hit2 = LANDS
            if t2 < off:
                hit2 = land[t2]
                if hit2 == BLOCKED:
                    continue
            elif not (bearing_off_next and bears_off_from(me, q2, second, off)):
                continue
            extended = True
            key = key1 + keys2[q2][hit2]
            if key not in found:
                found[key] = (step1, moves2[q2][hit2])
        if not extended and key1 not in singles:
            singles[key1] = (step1,)
        if hit1 == HITS:
            land[t1] = HITS
        me[q1] += 1
        me[t1] -= 1


LowMove = tuple[int, int, int, Step]
"""(source, target, key, step) of a low die's move, as it is when the high move hits nothing."""


def _open_moves(
    me: list[int], land: list[Landing], tables: StepTables, off: int, high: int, low: int
) -> tuple[list[int], list[LowMove]]:
    """The sources of the high die's moves to open points, and the low die's moves.

    Only for a turn where nothing bears off (`order_free`): `land` refuses off.
    """
    low_moves, low_keys = tables.moves[low], tables.keys[low]
    high_targets, low_targets = tables.targets[high], tables.targets[low]
    highs: list[int] = []
    lows: list[LowMove] = []
    for q in compress(range(off), me):
        if land[high_targets[q]] != BLOCKED:
            highs.append(q)
        t = low_targets[q]
        landing = land[t]
        if landing != BLOCKED:
            lows.append((q, t, low_keys[q][landing], low_moves[q][landing]))
    return highs, lows


def fast_pair(
    me: list[int], land: list[Landing], geometry: Geometry, high: int, low: int
) -> list[tuple[Step, ...]]:
    """Plays of a non-double when only landing points matter (`order_free`).

    Returns the plays the forced-move rule keeps (`most_dice`, `larger_die`).
    Two plays reach the same position only when both move one checker by
    both dice (a pair of moves whose second starts where the first ended, or
    that checker's own two moves in either order): only those are checked
    against the ones found before (`one_checker`, by key). `land` refuses
    off, so no move bears off.
    """
    tables = step_tables(geometry.points)
    high_moves, high_keys = tables.moves[high], tables.keys[high]
    low_moves, low_keys = tables.moves[low], tables.keys[low]
    high_targets, low_targets = tables.targets[high], tables.targets[low]
    highs, lows = _open_moves(me, land, tables, geometry.off, high, low)
    plays: list[tuple[Step, ...]] = []
    add = plays.append
    one_checker: set[int] = set()  # keys of the plays found that move one checker by both dice
    for qa in highs:
        ta = high_targets[qa]
        hit_a = land[ta]
        key_a = high_keys[qa][hit_a]
        step_a = high_moves[qa][hit_a]
        alone = me[qa] < 2  # then no low move can start from qa once the high one left
        for qb, tb, key_b, step_b in lows:
            if qb == ta or tb == qa:  # together, one checker's moves by both dice
                key = key_a + key_b
                if key not in one_checker:
                    one_checker.add(key)
                    add((step_a, step_b))
            elif qb == qa and alone:
                continue
            elif tb == ta and hit_a == HITS:
                add((step_a, low_moves[qb][AFTER_LANDING]))
            else:
                add((step_a, step_b))
        tc = low_targets[ta]
        hit_c = land[tc]
        if hit_c != BLOCKED:  # the same checker goes on with the low die
            key = key_a + low_keys[ta][hit_c]
            if key not in one_checker:
                one_checker.add(key)
                add((step_a, low_moves[ta][hit_c]))
    for _, tb, key_b, step_b in lows:
        tc = high_targets[tb]
        hit_c = land[tc]
        if hit_c != BLOCKED:  # low die first, then the same checker with the high
            key = key_b + high_keys[tb][hit_c]
            if key not in one_checker:
                one_checker.add(key)
                add((step_b, high_moves[tb][hit_c]))
    # The one-die plays are made only when `most_dice` would read them.
    singles = [] if plays else _one_die_plays(land, tables, high, highs, lows)
    return most_dice(([], singles, plays))


def _one_die_plays(
    land: list[Landing], tables: StepTables, high: int, highs: list[int], lows: list[LowMove]
) -> list[tuple[Step, ...]]:
    """The one-die plays `larger_die` keeps, of the high die's moves from `highs` or `lows`."""
    high_moves, high_targets = tables.moves[high], tables.targets[high]
    larger: list[tuple[Step, ...]] = [(high_moves[q][land[high_targets[q]]],) for q in highs]
    return larger_die(larger, [(step,) for _, _, _, step in lows])
