"""Standard move notation both ways: ``24/18 13/11*``, ``bar/22``, ``6/off``, ``8/5(2)``.

Writing follows GNU Backgammon: the moves of one checker are joined into one
move (``24/13``), keeping an intermediate point only where it hit
(``24/18*/13``); moves are listed from the furthest-back checker forward; the
same move made by several checkers is written once with a count
(``8/5(2)``). Points are numbered as `Geometry.point_number` says: from the
mover's side in Backgammon (bar 25, off 0), by the printed cell numbers in
Mini-Gam and Multi-Gam (Multi-Gam: BAR 0, OFF 7). ``bar`` and ``off`` are
written as words.

Reading accepts all of that plus chained steps written out (``24/21/20``,
``24/21 21/20``), numbers for bar and off, and a missing ``*``; it matches the
text against the legal plays of the roll.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Sequence

from companion.games.backgammon.geometry import Board, Geometry
from companion.games.backgammon.movement import Play, Step, legal_plays
from companion.games.base import RuleError

_Chain = tuple[tuple[int, bool], ...]
"""A checker's path as read: (track position, marked as a hit), starting with its source."""


def point_label(geometry: Geometry, mover: int, position: int) -> str:
    """How notation names a track position: "bar", "off" or a point number."""
    if position == 0:
        return "bar"
    if position == geometry.points + 1:
        return "off"
    return str(geometry.point_number(mover, position))


def _paths(steps: Sequence[Step], hits: Sequence[int]) -> list[list[int]]:
    """Moves joined into checker paths as GNU Backgammon joins them.

    Moves are taken furthest-back source first (then shorter first); a move
    leaving the point where an earlier path ends continues the first such
    path, keeping the intermediate point only where it hit.
    """
    paths: list[list[int]] = []
    ends: list[int] = []  # where each path ends so far
    for source, destination, _, _ in sorted(steps):
        if source in ends:
            index = ends.index(source)
            ends[index] = destination
            path = paths[index]
            if source in hits:
                path.append(destination)
            else:
                path[-1] = destination
        else:
            ends.append(destination)
            paths.append([source, destination])
    return paths


def _write(labels: Sequence[str], steps: Sequence[Step]) -> str:
    """Notation for steps, `labels` naming each track position (see `format_steps`)."""
    if len(steps) == 2:
        return _write_two(labels, steps)
    if len(steps) == 1:
        source, destination, _, hit = steps[0]
        return f"{labels[source]}/{labels[destination]}{'*' if hit else ''}"
    return _write_paths(labels, steps)


def _write_paths(labels: Sequence[str], steps: Sequence[Step]) -> str:
    """`_write` for any number of steps: paths joined, identical ones counted, hits starred."""
    hits: tuple[int, ...] = ()
    for _, destination, _, hit in steps:
        if hit:
            hits += (destination,)
    kinds: list[list[int]] = []  # identical paths once, in the order first met
    counts: list[int] = []
    for path in _paths(steps, hits):
        if path in kinds:
            counts[kinds.index(path)] += 1
        else:
            kinds.append(path)
            counts.append(1)
    starred: list[int] = []
    texts = []
    for path, count in zip(kinds, counts, strict=True):
        if len(path) == 2:  # most paths: no point kept on the way
            start, last = path
            text = labels[start] + "/" + labels[last]
        else:
            text = labels[path[0]]
            for position in path[1:-1]:
                text += "/" + labels[position] + "*"
                starred.append(position)
            last = path[-1]
            text += "/" + labels[last]
        if last in hits and last not in starred:
            text += "*"
            starred.append(last)
        texts.append(f"{text}({count})" if count > 1 else text)
    return " ".join(texts)


def _write_two(labels: Sequence[str], steps: Sequence[Step]) -> str:
    """`_write_paths` for two steps, most plays: the same paths, groups and stars, spelt out."""
    first, second = steps
    if (second[0], second[1]) < (first[0], first[1]):
        first, second = second, first
    source, middle, _, middle_hit = first
    start, end, _, end_hit = second
    if middle == start:  # one checker moved twice: 24/18*/13 or 24/13
        if middle_hit:
            return f"{labels[source]}/{labels[middle]}*/{labels[end]}{'*' if end_hit else ''}"
        return f"{labels[source]}/{labels[end]}{'*' if end_hit else ''}"
    if middle == end:  # both land on one point; a hit there is marked once
        hit = "*" if middle_hit or end_hit else ""
        if source == start:
            return f"{labels[source]}/{labels[end]}{hit}(2)"
        return f"{labels[source]}/{labels[end]}{hit} {labels[start]}/{labels[end]}"
    return (
        f"{labels[source]}/{labels[middle]}{'*' if middle_hit else ''} "
        f"{labels[start]}/{labels[end]}{'*' if end_hit else ''}"
    )


_MEMO_SIZE = 1_024
"""Doubles remembered per writer (about 170 bytes each: 0.17 MB full; four writers):
the table writes every listed play of a turn in each snapshot, and writing three or four
steps costs several times a look-up. On random games this keeps nine tenths of the gain
of remembering 32 times as many; the batch command keeps its own texts (`remember` off)."""


class _StepsWriter:
    """Notation for one board shape and mover: point labels by track position, and a memo."""

    def __init__(self, geometry: Geometry, mover: int) -> None:
        self.labels = [point_label(geometry, mover, q) for q in range(geometry.points + 2)]
        self.memo: dict[tuple[Step, ...], str] = {}

    def __call__(self, steps: Sequence[Step]) -> str:
        if len(steps) <= 2:
            return _write(self.labels, steps)  # as quick as a look-up
        key = steps if type(steps) is tuple else tuple(steps)
        text = self.memo.get(key)
        if text is None:
            if len(self.memo) >= _MEMO_SIZE:
                self.memo.clear()  # bounded; clear() is safe with other threads writing too
            text = self.memo[key] = _write(self.labels, key)
        return text


_WRITERS: dict[tuple[int, bool, bool, int], _StepsWriter] = {}


def steps_writer(
    geometry: Geometry, mover: int, *, remember: bool = True
) -> Callable[[Sequence[Step]], str]:
    """`format_steps` for one geometry and mover, for writing many plays in a row.

    With `remember` off, nothing written is kept: for a caller that keeps the
    texts itself.
    """
    # Everything point_label reads; the mover matters only to cell numbers on opposite tracks.
    own, opposite = geometry.own_numbering, geometry.opposite
    key = (geometry.points, own, opposite, mover if opposite and not own else 0)
    writer = _WRITERS.get(key)
    if writer is None:
        writer = _WRITERS[key] = _StepsWriter(geometry, mover)
    return writer if remember else functools.partial(_write, writer.labels)


def format_steps(geometry: Geometry, mover: int, steps: Sequence[Step]) -> str:
    """Standard notation for a list of steps, e.g. ``24/18* 13/11`` or ``8/5(2) 6/1(2)``.

    Written as GNU Backgammon writes moves: identical checker paths once with
    a count, intermediate points only where they hit, and each hit marked
    once with ``*``.
    """
    return steps_writer(geometry, mover)(steps)


def format_play(board: Board, mover: int, play: Play) -> str:
    """Standard notation for a play; an empty play (no legal move) is written ``-``."""
    if not play.steps:
        return "-"
    return format_steps(board.geometry, mover, play.steps)


_MOVE = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<count>[1-4])\))?$")


def _cut(text: str) -> str:
    """`text` for a sentence, cut short when it is long."""
    return text if len(text) <= 16 else text[:16] + "..."


def _parse_position(geometry: Geometry, mover: int, text: str, whole: str) -> int:
    word = text.lower()
    if word in {"bar", "b"}:
        return 0
    if word in {"off", "o"}:
        return geometry.points + 1
    if not (word.isascii() and word.isdigit()):
        raise RuleError(
            f"{_cut(whole)!r}: {_cut(text)!r} is not a point; write a number, 'bar' or 'off'."
        )
    # No board has a point number of more than two digits (and int() refuses huge ones).
    position = geometry.position_of_number(mover, int(word)) if len(word) <= 2 else -1
    if not 0 <= position <= geometry.points + 1:
        raise RuleError(
            f"{_cut(whole)!r}: there is no point {_cut(text)} on a {geometry.title} board."
        )
    return position


def parse_moves(geometry: Geometry, mover: int, text: str) -> list[_Chain]:
    """Read notation into checker paths (one per checker moved), without checking legality.

    Raises:
        RuleError: the text is not move notation.
    """
    chains: list[_Chain] = []
    for token in text.replace(",", " ").split():
        match = _MOVE.match(token)
        parts = match.group("path").split("/") if match else []
        if len(parts) < 2:
            raise RuleError(f"{_cut(token)!r} is not a move: write it like 24/18, bar/22 or 6/off.")
        path = []
        for part in parts:
            hit = part.endswith("*")
            path.append((_parse_position(geometry, mover, part.rstrip("*"), token), hit))
        if any(later[0] <= earlier[0] for earlier, later in itertools.pairwise(path)):
            raise RuleError(f"{_cut(token)!r} moves backwards: checkers only move towards home.")
        count = int(match.group("count")) if match and match.group("count") else 1
        chains.extend([tuple(path)] * count)
    if not chains:
        raise RuleError("Write a move, like 24/18 13/11*.")
    return chains


def _track_after(board: Board, mover: int, chains: list[_Chain]) -> tuple[int, ...]:
    track = list(board.tracks[mover])
    for chain in chains:
        track[chain[0][0]] -= 1
        track[chain[-1][0]] += 1
    return tuple(track)


def _hits(steps: Sequence[Step]) -> frozenset[int]:
    return frozenset(step.destination for step in steps if step.hit)


def parse_play(board: Board, mover: int, dice: Sequence[int], text: str) -> Play:
    """The legal play that notation describes for this roll.

    ``*`` marks pick the play that hits exactly there; without them (or when
    they fit no play) the text means the play that hits nothing if there is
    one, else the only play with those checker moves. ``-`` or ``none``
    stands for no move, which is right only when the roll has no legal play.

    Raises:
        RuleError: the text is not notation, or no legal play matches it.
    """
    plays = legal_plays(board, mover, dice)
    roll = f"{dice[0]}-{dice[1]}"
    if text.strip().lower() in {"-", "none", "no move", ""}:
        if plays:
            raise RuleError(f"With {roll} you have a legal move, so you must play.")
        return Play((), board)
    geometry = board.geometry
    chains = parse_moves(geometry, mover, text)
    track = _track_after(board, mover, chains)
    marked = frozenset(position for chain in chains for position, hit in chain[1:] if hit)
    same_moves = [play for play in plays if play.board.tracks[mover] == track]
    # Stars choose between plays that differ only in what they hit; like GNU
    # Backgammon, a star that fits no play is not held against the player.
    candidates = [play for play in same_moves if marked and _hits(play.steps) == marked]
    if not candidates:
        candidates = [play for play in same_moves if not _hits(play.steps)]
    if not candidates and len(same_moves) == 1:
        candidates = same_moves
    if len(candidates) == 1:
        return candidates[0]
    if not plays:
        raise RuleError(f"With {roll} there is no legal move: the turn passes.")
    if len(candidates) > 1:
        raise RuleError(f"{text!r} could mean several plays: mark the hits with '*'.")
    raise RuleError(f"{text.strip()} is not a legal play with {roll}.")
