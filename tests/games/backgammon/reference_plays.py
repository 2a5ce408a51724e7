"""A slow, plain reference for the legal plays, written straight from the rules digest.

It shares nothing with the generator but the board value: every order of the
dice is tried on whole boards, one checker at a time, with no pruning and no
keys, and plays are told apart by the board they reach. Tests compare the
fast generator against it.
"""

from __future__ import annotations

from companion.games.backgammon.geometry import Board


def _lands_on(board: Board, mover: int, position: int) -> list[tuple[int, int]]:
    """(seat, their position) of every opposing checker stack on the mover's `position`."""
    geometry = board.geometry
    cell = geometry.cell(mover, position)
    stacks = []
    for seat, track in enumerate(board.tracks):
        if seat != mover and track[geometry.position(seat, cell)]:
            stacks.append((seat, geometry.position(seat, cell)))
    return stacks


def _may_bear_off(board: Board, mover: int) -> bool:
    geometry = board.geometry
    track = board.tracks[mover]
    if geometry.name == "backgammon":
        return all(count == 0 for count in track[:19])  # all 15 in the home board or off
    if geometry.name == "minigam":
        return track[0] == 0  # nothing on the bar
    return True  # Multi-Gam: an exact roll always bears off


def one_move(board: Board, mover: int, source: int, die: int) -> Board | None:
    """The board after moving one checker from `source` by `die`, or None if illegal."""
    geometry = board.geometry
    track = list(board.tracks[mover])
    exit_ = geometry.points + 1
    if track[source] == 0:
        return None
    if not geometry.loose_bar and track[0] > 0 and source != 0:
        return None  # enter from the bar first
    target = source + die
    tracks = [list(counts) for counts in board.tracks]
    if target >= exit_:
        if not _may_bear_off(board, mover):
            return None
        further_back = any(track[position] for position in range(source))
        if target > exit_ and further_back:
            return None
        target = exit_
    else:
        stacks = _lands_on(board, mover, target)
        if stacks:
            seat, position = stacks[0]
            if board.tracks[seat][position] >= 2:
                return None  # a made point (a prime in Multi-Gam)
            tracks[seat][position] -= 1
            tracks[seat][0] += 1
    tracks[mover][source] -= 1
    tracks[mover][target] += 1
    return Board(geometry, tuple(tuple(counts) for counts in tracks))


def reference_plays(board: Board, mover: int, dice: tuple[int, int]) -> set[Board]:
    """The boards of all legal plays, by brute force over every order of the dice."""
    memo: dict[tuple[Board, tuple[int, ...]], frozenset[tuple[tuple[int, ...], Board]]] = {}

    def endings(current: Board, remaining: tuple[int, ...]) -> frozenset:
        """(dice used, sorted; final board) of every maximal sequence of single moves."""
        if (current, remaining) in memo:
            return memo[current, remaining]
        found: set[tuple[tuple[int, ...], Board]] = set()
        for die in set(remaining):
            rest = list(remaining)
            rest.remove(die)
            for source in range(board.geometry.points + 1):
                after = one_move(current, mover, source, die)
                if after is not None:
                    for used, final in endings(after, tuple(rest)):
                        found.add((tuple(sorted((die, *used))), final))
        result = frozenset(found) if found else frozenset({((), current)})
        memo[current, remaining] = result
        return result

    all_dice = (dice[0],) * 4 if dice[0] == dice[1] else tuple(sorted(dice))
    ends = endings(board, all_dice)
    most = max(len(used) for used, _ in ends)
    if most == 0:
        return set()
    best = [(used, after) for used, after in ends if len(used) == most]
    if most == 1 and dice[0] != dice[1]:
        larger = [(used, after) for used, after in best if used[0] == max(dice)]
        best = larger or best
    return {after for _, after in best}
