"""The legal-play generator behind `movement.legal_plays`, written for speed.

Every rule it applies is asked of `step_rules`: the landing rule through
`landings` (what landing on each point does, from `is_blocked` and `is_hit`;
off refused as a landing), the steps, their targets (`destination`) and
their keys through `StepTables`, a point landed on this turn through
`AFTER_LANDING`, the order-dependent rules (`must_enter`, `movable_sources`,
`may_bear_off`, `starts_bearing_off`, `bears_off_from`) by calling them where
a move could depend on them, and the forced-move rule through `most_dice`
and `larger_die`. The mover's checker counts (`track`) live in one list
changed and restored in place, and so does `landings`, the landing table of
the turn. Each candidate play has an integer key, the sum of its steps'
keys: plays reaching the same position get the same key and merge in a dict.

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
    track: list[int], landings: list[Landing], geometry: Geometry, high: int, low: int
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
    for entering_die, other_die in ((high, low), (low, high)):
        entry_target = entry_point(entering_die)
        entry_landing = landings[entry_target]
        if entry_landing == BLOCKED:
            continue
        entry = tables.moves[entering_die][BAR][entry_landing]
        entry_key = tables.keys[entering_die][BAR][entry_landing]
        entries[entering_die] = [(entry,)]
        track[BAR] -= 1
        track[entry_target] += 1
        landings[entry_target] = AFTER_LANDING
        free = order_free(track, geometry, 1, other_die)
        if free:  # then off is `BLOCKED` in `landings`: nothing bears off
            other_moves, other_keys = tables.moves[other_die], tables.keys[other_die]
            other_targets = tables.targets[other_die]
            for source in compress(range(geometry.off), track):
                landing = landings[other_targets[source]]
                if landing != BLOCKED:
                    key = entry_key + other_keys[source][landing]
                    if key not in found:
                        found[key] = (entry, other_moves[source][landing])
        landings[entry_target] = entry_landing
        track[BAR] += 1
        track[entry_target] -= 1
        if not free:
            return None
    one_die = larger_die(entries.get(high, []), entries.get(low, []))
    return most_dice(([], one_die, list(found.values())))


def search_pair(
    track: list[int],
    landings: list[Landing],
    geometry: Geometry,
    dice: tuple[int, int],
    found: Found,
    singles: Found,
) -> None:
    """Every play of one die order into `found`, in general (bar and bear-off rules).

    The plays of the first die alone that cannot go on go into `singles`.
    The second die's loop stays inline: as a helper it would cost a call
    for every first move.
    """
    first, second = dice
    tables = step_tables(geometry.points)
    first_moves, first_keys = tables.moves[first], tables.keys[first]
    second_moves, second_keys = tables.moves[second], tables.keys[second]
    first_targets, second_targets = tables.targets[first], tables.targets[second]
    off = geometry.off
    loose, home = geometry.loose_bar, geometry.home_start
    bar_held = must_enter(track, loose)
    occupied = movable_sources(track, loose)
    bearing_off = may_bear_off(track, home)
    for first_source in occupied:
        first_target = first_targets[first_source]
        first_landing = LANDS
        if first_target < off:
            first_landing = landings[first_target]
            if first_landing == BLOCKED:
                continue
        elif not (bearing_off and bears_off_from(track, first_source, first, off)):
            continue
        track[first_source] -= 1
        track[first_target] += 1
        if first_landing == HITS:
            landings[first_target] = AFTER_LANDING
        first_key = first_keys[first_source][first_landing]
        first_step = first_moves[first_source][first_landing]
        if not bar_held:  # nor is it now: a move never puts the mover's own checker on the bar
            if first_target >= off or first_target in occupied:
                sources = occupied
            else:
                sources = [*occupied, first_target]
        else:
            sources = movable_sources(track, loose)
        extended = False
        bearing_off_next = bearing_off or starts_bearing_off(track, home, first_target)
        for second_source in sources:
            if not track[second_source]:
                continue
            second_target = second_targets[second_source]
            second_landing = LANDS
            if second_target < off:
                second_landing = landings[second_target]
                if second_landing == BLOCKED:
                    continue
            elif not (bearing_off_next and bears_off_from(track, second_source, second, off)):
                continue
            extended = True
            key = first_key + second_keys[second_source][second_landing]
            if key not in found:
                found[key] = (first_step, second_moves[second_source][second_landing])
        if not extended and first_key not in singles:
            singles[first_key] = (first_step,)
        if first_landing == HITS:
            landings[first_target] = HITS
        track[first_source] += 1
        track[first_target] -= 1


LowMove = tuple[int, int, int, Step]
"""(source, target, key, step) of a low die's move, as it is when the high move hits nothing."""


def _open_moves(
    track: list[int], landings: list[Landing], tables: StepTables, off: int, high: int, low: int
) -> tuple[list[int], list[LowMove]]:
    """The sources of the high die's moves to open points, and the low die's moves.

    Only for a turn where nothing bears off (`order_free`): `landings` refuses off.
    """
    low_moves, low_keys = tables.moves[low], tables.keys[low]
    high_targets, low_targets = tables.targets[high], tables.targets[low]
    high_sources: list[int] = []
    low_die_moves: list[LowMove] = []
    for source in compress(range(off), track):
        if landings[high_targets[source]] != BLOCKED:
            high_sources.append(source)
        target = low_targets[source]
        landing = landings[target]
        if landing != BLOCKED:
            low_die_moves.append(
                (source, target, low_keys[source][landing], low_moves[source][landing])
            )
    return high_sources, low_die_moves


def fast_pair(
    track: list[int], landings: list[Landing], geometry: Geometry, high: int, low: int
) -> list[tuple[Step, ...]]:
    """Plays of a non-double when only landing points matter (`order_free`).

    Returns the plays the forced-move rule keeps (`most_dice`, `larger_die`).
    Two plays reach the same position only when both move one checker by
    both dice (a pair of moves whose second starts where the first ended, or
    that checker's own two moves in either order): only those are checked
    against the ones found before (`one_checker`, by key). `landings` refuses
    off, so no move bears off.

    Its three loops stay in one function: even the last one moved into a
    helper called once per call made the common non-double about 3% slower.
    """
    tables = step_tables(geometry.points)
    high_moves, high_keys = tables.moves[high], tables.keys[high]
    low_moves, low_keys = tables.moves[low], tables.keys[low]
    high_targets, low_targets = tables.targets[high], tables.targets[low]
    high_sources, low_die_moves = _open_moves(track, landings, tables, geometry.off, high, low)
    plays: list[tuple[Step, ...]] = []
    add = plays.append
    one_checker: set[int] = set()  # keys of the plays found that move one checker by both dice
    for high_source in high_sources:
        high_target = high_targets[high_source]
        high_landing = landings[high_target]
        high_key = high_keys[high_source][high_landing]
        high_step = high_moves[high_source][high_landing]
        # Alone, the checker leaving high_source leaves no low move from there.
        alone = track[high_source] < 2
        for low_source, low_target, low_key, low_step in low_die_moves:
            if low_source == high_target or low_target == high_source:
                # Together, one checker's moves by both dice: maybe found before.
                key = high_key + low_key
                if key not in one_checker:
                    one_checker.add(key)
                    add((high_step, low_step))
            elif low_source == high_source and alone:
                continue
            elif low_target == high_target and high_landing == HITS:
                add((high_step, low_moves[low_source][AFTER_LANDING]))
            else:
                add((high_step, low_step))
        on_target = low_targets[high_target]
        on_landing = landings[on_target]
        if on_landing != BLOCKED:  # the same checker goes on with the low die
            key = high_key + low_keys[high_target][on_landing]
            if key not in one_checker:
                one_checker.add(key)
                add((high_step, low_moves[high_target][on_landing]))
    for _, low_target, low_key, low_step in low_die_moves:
        on_target = high_targets[low_target]
        on_landing = landings[on_target]
        if on_landing != BLOCKED:  # low die first, then the same checker with the high
            key = low_key + high_keys[low_target][on_landing]
            if key not in one_checker:
                one_checker.add(key)
                add((low_step, high_moves[low_target][on_landing]))
    # The one-die plays are made only when `most_dice` would read them.
    singles = [] if plays else _one_die_plays(landings, tables, high, high_sources, low_die_moves)
    return most_dice(([], singles, plays))


def _one_die_plays(
    landings: list[Landing],
    tables: StepTables,
    high: int,
    high_sources: list[int],
    low_die_moves: list[LowMove],
) -> list[tuple[Step, ...]]:
    """The one-die plays `larger_die` keeps, of the high die's moves or else the low's."""
    high_moves, high_targets = tables.moves[high], tables.targets[high]
    larger: list[tuple[Step, ...]] = [
        (high_moves[source][landings[high_targets[source]]],) for source in high_sources
    ]
    return larger_die(larger, [(step,) for _, _, _, step in low_die_moves])
