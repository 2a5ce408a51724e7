"""The legal-play generator behind `movement.legal_plays`, written for speed.

Every rule it applies is asked of `step_rules`: the landing rule through
`landings` (what landing on each point does, from `is_blocked` and `is_hit`),
the steps and their keys through `StepTables`, and the order-dependent rules
(`must_enter`, `may_bear_off`, `bears_off_from`) by calling them where a move
could depend on them. The mover's counts live in one list changed and
restored in place, and so does `land`, the landing table of the turn (a hit
point is plain landing for the next checker). Each candidate play has an
integer key, the sum of its steps' keys: plays reaching the same position
get the same key and merge in a dict.

Non-doubles try the two die orders. Doubles move checkers in non-decreasing
source order: every multiset of moves legal in some order is legal in that
one (blocks do not change during a turn, and moving the back checkers first
only helps entering and bearing off), and distinct multisets of one die's
moves always reach distinct positions, so each play is found exactly once.

Fast paths cover the common case where nothing depends on the order of the
moves (`order_free`): no checker must enter first and no checker can bear off
this turn. Then a move is legal exactly when its landing point is open, and
the plays of a non-double are the pairs of single moves plus one checker
moving twice. With one checker to enter (`enter_pair`), the same holds once
it has entered.

Plays are made without their boards: a `Play` works its board out from its
steps the first time it is read (random play reads one board a turn).
"""

from __future__ import annotations

from itertools import compress

from companion.games.backgammon.geometry import Board, Geometry, make_board
from companion.games.backgammon.step_rules import (
    BAR,
    BLOCKED,
    HITS,
    LANDS,
    Landing,
    Step,
    bears_off_from,
    may_bear_off,
    must_enter,
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
    bear off this turn, because too many are outside the home board for
    `dice` moves to bring them all in, or because none can reach off.
    """
    if must_enter(track, geometry.loose_bar):
        return False
    if sum(track[: geometry.home_start]) > dice:
        return True
    off = geometry.points + 1
    front = max(compress(range(off), track), default=off)
    return front + dice * high < off


def enter_pair(
    me: list[int], land: list[Landing], geometry: Geometry, high: int, low: int
) -> list[tuple[Step, ...]] | None:
    """Plays of a non-double while one checker on the bar must enter first; the entries if none.

    The checker enters with one die, then any checker moves with the other:
    after entering, only landing points matter, unless the other die could
    then bear a checker off (`order_free` of one die), and then this returns
    None for `search_pair`. Plays come in `search_pair`'s order (the larger
    die entering first), a position once; when no play uses both dice, the
    larger die's entry if it can be made, else the smaller's.
    """
    tables = step_tables(geometry.points)
    off = geometry.points + 1
    found: Found = {}
    entries: list[Step] = []
    for first, second in ((high, low), (low, high)):
        target = BAR + first
        landing = land[target]
        if landing == BLOCKED:
            continue
        entry, key1 = tables.moves[first][BAR][landing], tables.keys[first][BAR][landing]
        entries.append(entry)
        me[BAR] -= 1
        me[target] += 1
        land[target] = LANDS  # the next checker there hits nothing
        free = order_free(me, geometry, 1, second)
        if free:
            moves2, keys2 = tables.moves[second], tables.keys[second]
            for q in compress(range(off), me):
                t = q + second
                if t < off and land[t] != BLOCKED:  # no bearing off: `order_free` said so
                    key = key1 + keys2[q][land[t]]
                    if key not in found:
                        found[key] = (entry, moves2[q][land[t]])
        land[target] = landing
        me[BAR] += 1
        me[target] -= 1
        if not free:
            return None
    return list(found.values()) if found else [(entry,) for entry in entries[:1]]


def search_pair(
    me: list[int],
    land: list[Landing],
    geometry: Geometry,
    dice: tuple[int, int],
    found: Found,
    singles: Found,
) -> None:
    """Every play of one die order into `found`, in general (bar and bear-off rules).

    One-die plays go into `singles`, only while no play uses both dice.
    """
    first, second = dice
    tables = step_tables(geometry.points)
    moves1, keys1 = tables.moves[first], tables.keys[first]
    moves2, keys2 = tables.moves[second], tables.keys[second]
    off = geometry.points + 1
    loose, home = geometry.loose_bar, geometry.home_start
    bar_held = must_enter(me, loose)
    occupied = [BAR] if bar_held else list(compress(range(off), me))
    bearing_off = may_bear_off(me, home)
    for q1 in occupied:
        t1 = q1 + first
        hit1 = LANDS
        if t1 < off:
            hit1 = land[t1]
            if hit1 == BLOCKED:
                continue
        elif bearing_off and bears_off_from(me, q1, first, off):
            t1 = off
        else:
            continue
        me[q1] -= 1
        me[t1] += 1
        if hit1:
            land[t1] = LANDS  # the next checker there hits nothing
        key1 = keys1[q1][hit1]
        step1 = moves1[q1][hit1]
        if not bar_held:  # nor is it now: a move never puts the mover's own checker on the bar
            sources = occupied if t1 >= off or t1 in occupied else [*occupied, t1]
        elif must_enter(me, loose):
            sources = [BAR]
        else:  # the last checker on the bar just entered: any checker may go on
            sources = list(compress(range(off), me))
        extended = False
        # A move lets the player bear off only by bringing a checker home.
        bearing_off_next = bearing_off or (t1 >= home and may_bear_off(me, home))
        for q2 in sources:
            if not me[q2]:
                continue
            t2 = q2 + second
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
        if not extended and not found and key1 not in singles:
            singles[key1] = (step1,)
        if hit1:
            land[t1] = HITS
        me[q1] += 1
        me[t1] -= 1


LowMove = tuple[int, int, int, Step]
"""(source, target, key, step) of a low die's move, as it is when the high move hits nothing."""


def _open_moves(
    me: list[int], land: list[Landing], off: int, high: int, low: int
) -> tuple[list[int], list[LowMove]]:
    """The sources of the high die's moves to open points, and the low die's moves."""
    tables = step_tables(off - 1)
    low_moves, low_keys = tables.moves[low], tables.keys[low]
    highs: list[int] = []
    lows: list[LowMove] = []
    for q in compress(range(off), me):
        t = q + high
        if t < off and land[t] != BLOCKED:
            highs.append(q)
        t = q + low
        if t < off:
            landing = land[t]
            if landing != BLOCKED:
                lows.append((q, t, low_keys[q][landing], low_moves[q][landing]))
    return highs, lows


def fast_pair(
    me: list[int], land: list[Landing], off: int, high: int, low: int
) -> list[tuple[Step, ...]]:
    """Plays of a non-double when only landing points matter; the one-die plays if none.

    Returns the plays that use both dice or, when there are none, the legal
    one-die plays (the larger die's when it can be played). Two plays reach
    the same position only when both move one checker by both dice (a pair of
    moves whose second starts where the first ended, or that checker's own
    two moves in either order): only those are checked against the ones found
    before (`one_checker`, by key).
    """
    tables = step_tables(off - 1)
    high_moves, high_keys = tables.moves[high], tables.keys[high]
    low_moves, low_keys = tables.moves[low], tables.keys[low]
    highs, lows = _open_moves(me, land, off, high, low)
    plays: list[tuple[Step, ...]] = []
    add = plays.append
    one_checker: set[int] = set()  # keys of the plays found that move one checker by both dice
    for qa in highs:
        ta = qa + high
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
            elif tb == ta and hit_a:  # the second checker there hits nothing
                add((step_a, low_moves[qb][LANDS]))
            else:
                add((step_a, step_b))
        tc = ta + low
        if tc < off and land[tc] != BLOCKED:  # the same checker goes on with the low die
            key = key_a + low_keys[ta][land[tc]]
            if key not in one_checker:
                one_checker.add(key)
                add((step_a, low_moves[ta][land[tc]]))
    for _, tb, key_b, step_b in lows:
        tc = tb + high
        if tc < off and land[tc] != BLOCKED:  # low die first, then the same checker with the high
            key = key_b + high_keys[tb][land[tc]]
            if key not in one_checker:
                one_checker.add(key)
                add((step_b, high_moves[tb][land[tc]]))
    if plays:
        return plays
    if highs:
        return [(high_moves[q][land[q + high]],) for q in highs]
    return [(step,) for _, _, _, step in lows]


def double_sources(me: list[int], land: list[Landing], off: int, die: int) -> list[int]:
    """Positions a checker could move from with `die` during a double, in order."""
    reachable = set()
    for q in range(off):
        if me[q]:
            for k in range(4):
                position = q + k * die
                if position >= off:
                    break
                reachable.add(position)
    return sorted(q for q in reachable if q + die >= off or land[q + die] != BLOCKED)


def search_double(
    me: list[int], land: list[Landing], geometry: Geometry, die: int, found: Found
) -> None:
    """Every play of a double, in general (bar and bear-off rules), sources non-decreasing."""
    tables = step_tables(geometry.points)
    moves, keys = tables.moves[die], tables.keys[die]
    off = geometry.points + 1
    loose, home = geometry.loose_bar, geometry.home_start
    sources = double_sources(me, land, off, die)
    count = len(sources)
    path: list[Step] = []
    most = [0]  # the most dice a play found so far uses

    def extend(start: int, key: int) -> None:
        depth = len(path)
        extended = False
        bar_held = must_enter(me, loose)
        bearing_off = may_bear_off(me, home)  # the same for every move of this level
        for index in range(start, count):
            q = sources[index]
            if not me[q]:
                continue
            if q and bar_held:
                break
            t = q + die
            hit = LANDS
            if t < off:
                hit = land[t]  # never BLOCKED: `double_sources` left those out
            elif bearing_off and bears_off_from(me, q, die, off):
                t = off
            else:
                continue
            extended = True
            if depth == 3:  # the last die: a whole play, with nothing to move and put back
                found[key + keys[q][hit]] = (*path, moves[q][hit])
                most[0] = 4
                continue
            me[q] -= 1
            me[t] += 1
            if hit:
                land[t] = LANDS
            path.append(moves[q][hit])
            extend(index, key + keys[q][hit])
            path.pop()
            if hit:
                land[t] = HITS
            me[q] += 1
            me[t] -= 1
        if not extended and depth and depth >= most[0]:
            if depth > most[0]:
                found.clear()
                most[0] = depth
            found[key] = tuple(path)

    extend(0, 0)


def fast_double(me: list[int], land: list[Landing], off: int, die: int) -> list[tuple[Step, ...]]:
    """Plays of a double when only landing points matter (no entering or bearing off first).

    Four nested loops rather than recursion: this is the generator's hottest
    code. Level k moves a checker from a source at or after level k-1's; a
    level that finds no move ends a play of k-1 dice, kept only while no
    longer play is known. A checker landing on a point hit earlier this turn
    hits nothing: `land` says LANDS there until the level moving there is undone.
    """
    moves = step_tables(off - 1).moves[die]
    sources = [q for q in double_sources(me, land, off, die) if q + die < off]
    count = len(sources)
    plays: list[tuple[Step, ...]] = []
    best = 0
    for i1 in range(count):
        q1 = sources[i1]
        if not me[q1]:
            continue
        t1 = q1 + die
        h1 = land[t1]
        me[q1] -= 1
        me[t1] += 1
        land[t1] = LANDS
        s1 = moves[q1][h1]
        more1 = False
        for i2 in range(i1, count):
            q2 = sources[i2]
            if not me[q2]:
                continue
            more1 = True
            t2 = q2 + die
            h2 = land[t2]
            me[q2] -= 1
            me[t2] += 1
            land[t2] = LANDS
            s2 = moves[q2][h2]
            more2 = False
            for i3 in range(i2, count):
                q3 = sources[i3]
                if not me[q3]:
                    continue
                more2 = True
                t3 = q3 + die
                h3 = land[t3]
                me[q3] -= 1
                me[t3] += 1
                land[t3] = LANDS
                s3 = moves[q3][h3]
                more3 = False
                for i4 in range(i3, count):
                    q4 = sources[i4]
                    if me[q4]:
                        if not more3:
                            more3 = True
                            if best < 4:  # the first whole play: shorter ones are out
                                plays.clear()
                                best = 4
                        plays.append((s1, s2, s3, moves[q4][land[q4 + die]]))
                if not more3 and best <= 3:
                    if best < 3:
                        plays.clear()
                        best = 3
                    plays.append((s1, s2, s3))
                land[t3] = h3
                me[q3] += 1
                me[t3] -= 1
            if not more2 and best <= 2:
                if best < 2:
                    plays.clear()
                    best = 2
                plays.append((s1, s2))
            land[t2] = h2
            me[q2] += 1
            me[t2] -= 1
        if not more1 and best <= 1:
            best = 1
            plays.append((s1,))
        land[t1] = h1
        me[q1] += 1
        me[t1] -= 1
    return plays
