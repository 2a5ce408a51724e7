"""Shared `plays` and `show` subcommands for Backgammon, Mini-Gam and Multi-Gam.

`companion bg`, `companion minigam` and `companion multigam` differ only in
how a position is written (a GNU Backgammon Position ID, or the text format of
docs/rules/position-formats.md) and how the board is drawn.
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import operator
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from json.encoder import encode_basestring_ascii as _json_text
from pathlib import Path
from typing import Any, TextIO

from companion.errors import CompanionError
from companion.games.backgammon.geometry import Board, Geometry
from companion.games.backgammon.movement import Play, Step, legal_plays, over_problem
from companion.games.backgammon.notation import format_play, steps_writer
from companion.games.base import RuleError
from companion.user_files import UnusableFile, open_regular_file


class PositionError(CompanionError, ValueError):
    """A position, roll or batch file given on the command line cannot be used."""


@dataclass(frozen=True)
class PositionGame:
    """How one game of the backgammon family reads, writes and draws positions on the command
    line."""

    command: str
    title: str
    geometry: Geometry
    option: str
    """The position flag without dashes: "position-id" or "position"."""
    json_key: str
    """The key naming the position in batch JSON: "position_id" or "position"."""
    example: str
    read: Callable[[str], tuple[Board, int]]
    """Text -> (board, seat on roll); raises RuleError."""
    write: Callable[[Board, int], str]
    """(board, seat on roll) -> text."""
    draw: Callable[[Board, int], str]
    write_plays: Callable[[Board, int, list[Play]], list[str]] | None = None
    """(board, seat on roll, its plays) -> the text of each play's board with that seat
    still on roll: `write` of each, if the game has a quicker way."""
    for_batch: Callable[[], None] | None = None
    """Called before a batch: lets the game's caches grow to the sizes thousands of lines
    gain from (they stay small for the table, a long-running process)."""

    def written_plays(self, board: Board, on_roll: int, plays: list[Play]) -> list[str]:
        """The text of the board each play leads to, with `on_roll` still to play."""
        if self.write_plays is not None:
            return self.write_plays(board, on_roll, plays)
        return [self.write(play.board, on_roll) for play in plays]


def register_position_game(subparsers: Any, game: PositionGame, description: str) -> None:
    """Add `<command> plays` and `<command> show` for one game."""
    parser = subparsers.add_parser(
        game.command,
        help=f"{game.title} positions: legal plays and boards",
        description=description,
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    flag = f"--{game.option}"
    plays = actions.add_parser(
        "plays",
        help="list every legal play for a roll",
        description=(
            f"List every legal {game.title} play for the player on roll, one per line in "
            f"standard notation; or, with --batch, answer lines '{game.option.upper()} D1 D2' "
            "with one JSON line each."
        ),
    )
    source = plays.add_mutually_exclusive_group(required=True)
    source.add_argument(flag, dest="position", metavar="POS", help=f"e.g. {game.example}")
    source.add_argument(
        "--batch", type=Path, metavar="FILE", help="read positions and rolls from FILE (- = stdin)"
    )
    plays.add_argument(
        "--dice",
        nargs=2,
        type=int,
        choices=range(1, 7),
        metavar=("D1", "D2"),
        help="the roll: two dice, each 1-6",
    )
    plays.set_defaults(func=lambda args: run_plays(game, args))
    show = actions.add_parser("show", help="draw the board", description="Draw the board.")
    show.add_argument(
        flag, dest="position", metavar="POS", required=True, help=f"e.g. {game.example}"
    )
    show.set_defaults(func=lambda args: run_show(game, args))


def _read(game: PositionGame, text: str) -> tuple[Board, int]:
    try:
        return game.read(text)
    except RuleError as error:
        raise PositionError(str(error)) from None


def _over(board: Board, mover: int) -> str | None:
    """Why the position cannot be answered: its game is over (see `over_problem`)."""
    return over_problem(
        board, mover, lambda seat: "The player on roll" if seat == mover else "the other player"
    )


def run_plays(game: PositionGame, args: argparse.Namespace) -> int:
    """`plays`: print the legal plays, or answer a batch; returns the exit code.

    Raises:
        PositionError: the position or dice are missing or invalid, or the batch file is unreadable.
    """
    if args.batch is not None:
        if args.dice is not None:
            raise PositionError("With --batch the dice come from each line: drop --dice.")
        return _run_batch(game, args.batch)
    if args.dice is None:
        raise PositionError("Give the roll with --dice D1 D2, for example --dice 3 1.")
    board, mover = _read(game, args.position)
    problem = _over(board, mover)
    if problem:
        raise PositionError(problem)
    plays = legal_plays(board, mover, args.dice)
    if not plays:
        print(f"No legal play with {args.dice[0]}-{args.dice[1]}: the turn passes.")
    for play in plays:
        print(format_play(board, mover, play))
    return 0


def run_show(game: PositionGame, args: argparse.Namespace) -> int:
    """`show`: draw the board; returns the exit code.

    Raises:
        PositionError: the position is invalid.
    """
    board, mover = _read(game, args.position)
    print(game.draw(board, mover))
    return 0


_DIE_TEXTS = {"1", "2", "3", "4", "5", "6"}


class BadLine(PositionError):
    """A batch line that cannot be answered; the sentence says why."""


def playable_position(game: PositionGame, text: str) -> tuple[Board, int]:
    """The board and seat on roll a batch line's position gives, if the game is still on.

    Raises:
        BadLine: the position cannot be read, or its game is over.
    """
    try:
        board, mover = game.read(text)
    except RuleError as error:
        raise BadLine(str(error)) from None
    problem = _over(board, mover)
    if problem:
        raise BadLine(problem)
    return board, mover


_OPENINGS_SIZE = 65_536
"""Play openings remembered per game and mover (about 250 bytes each): the same moves
recur from one position to the next, and writing a double's notation costs several
times a look-up."""


class _PlayOpenings(dict[tuple[Step, ...], str]):
    """The start of a play's JSON object, up to its position's text: steps -> text.

    ``{"notation": "24/18 13/11", "position_id": "`` for one mover's plays,
    written when first met and remembered (at most `_OPENINGS_SIZE`).
    """

    def __init__(self, game: PositionGame, mover: int) -> None:
        super().__init__()
        self.notation = steps_writer(game.geometry, mover, remember=False)
        self.key = game.json_key

    def __missing__(self, steps: tuple[Step, ...]) -> str:
        if len(self) >= _OPENINGS_SIZE:
            self.clear()
        # format_play's "-" for a play without steps (notation writes it as "").
        text = self[steps] = f'{{"notation": "{self.notation(steps) or "-"}", "{self.key}": "'
        return text


_OPENINGS: dict[tuple[str, int], _PlayOpenings] = {}
"""The `_PlayOpenings` of each game (by command) and mover, kept from batch to batch."""


def _openings(game: PositionGame, mover: int) -> _PlayOpenings:
    """The remembered play openings of one game's mover."""
    openings = _OPENINGS.get((game.command, mover))
    if openings is None:
        openings = _OPENINGS[game.command, mover] = _PlayOpenings(game, mover)
    return openings


class _Answers:
    """The answers to one batch's lines: each position read once, each play's notation
    written once (`_PlayOpenings`)."""

    def __init__(self, game: PositionGame) -> None:
        self.game = game
        # A batch often asks about one position with several rolls: it is read once.
        self.position = functools.lru_cache(maxsize=16)(
            functools.partial(playable_position, game)
        )

    def __call__(self, line: str) -> str:
        """The JSON answer to one batch line 'POSITION D1 D2', without its newline.

        Written as `json.dumps` writes the answer object ``{json_key: POSITION,
        "dice": [D1, D2], "plays": [{"notation": ..., json_key: ...}, ...]}``, but
        straight from the texts: notation and positions are written in alphabets
        JSON needs no escape for (digits, letters, ``/*()+-:`` and spaces).

        Raises:
            BadLine: the line is not a position and two dice, or its position cannot be played.
        """
        game = self.game
        text, first, second = _line_fields(game, line)
        board, mover = self.position(text)
        try:
            plays = legal_plays(board, mover, (int(first), int(second)))
        except RuleError as error:
            raise BadLine(str(error)) from None
        openings = _openings(game, mover)
        positions = game.written_plays(board, mover, plays)
        answers = _joined(map(openings.__getitem__, map(_STEPS, plays)), positions)
        key = game.json_key
        return f'{{"{key}": {_json_text(text)}, "dice": [{first}, {second}], "plays": [{answers}]}}'


_STEPS = operator.attrgetter("steps")


def _joined(openings: Iterable[str], positions: list[str]) -> str:
    """The plays' JSON objects, from their openings (`_PlayOpenings`) and positions' texts.

    Joined in C (`map`, `join`) rather than play by play: a line lists about 16 plays.
    """
    if not positions:
        return ""
    return '"}, '.join(map(str.__add__, openings, positions)) + '"}'


def _line_fields(game: PositionGame, line: str) -> tuple[str, str, str]:
    """A batch line's position text and dice texts.

    Raises:
        BadLine: the line is not a position and two dice.
    """
    fields = line.split()
    if len(fields) != 3:
        start = "The line is empty: write" if not fields else "Write"
        raise BadLine(f"{start} a position and two dice, like '{game.example} 3 1'.")
    text, first, second = fields
    if first not in _DIE_TEXTS or second not in _DIE_TEXTS:
        shown = " ".join(die if len(die) <= 8 else die[:8] + "..." for die in (first, second))
        raise BadLine(f"Dice are numbers from 1 to 6, not {shown!r}.")
    return text, first, second


MAX_LINE_CHARS = 1_000_000
"""A batch line is a position and two dice, well under a hundred characters: a longer
line is never held whole; it gets its error object and the batch goes on after it."""
MAX_SKIPPED_CHARS = 64 * MAX_LINE_CHARS
"""How far the rest of an over-long line is read in search of its end: a line with no
end in sight (``/dev/zero`` on standard input) ends the batch."""


class LineTooLong(PositionError):
    """A batch line with no end in sight: the batch cannot go on past it."""


def _lines(path: Path) -> Iterator[str | LineTooLong]:
    """The lines of the batch file (``-``: standard input), each at most `MAX_LINE_CHARS`;
    a longer line comes as the `LineTooLong` that says so.

    Bytes that are not UTF-8 become U+FFFD: the line gets an error object. A
    byte-order mark at the start (Windows editors write one) is not part of the
    first line.

    Raises:
        PositionError: the file cannot be read or is not a regular file.
        LineTooLong: a line has no end within `MAX_SKIPPED_CHARS` (``/dev/zero``).
    """
    if str(path) == "-":
        raw = getattr(sys.stdin, "buffer", None)
        if raw is None:
            yield from _bounded_lines(sys.stdin)
            return
        text = io.TextIOWrapper(raw, "utf-8-sig", errors="replace")
        try:
            yield from _bounded_lines(text)
        finally:
            text.detach()  # leave standard input open
        return
    try:
        handle = open_regular_file(path, "batch file")
    except UnusableFile as error:
        raise PositionError(str(error)) from None
    with io.TextIOWrapper(handle, "utf-8-sig", errors="replace") as lines:
        yield from _bounded_lines(lines)


def _bounded_lines(lines: TextIO) -> Iterator[str | LineTooLong]:
    number = 0
    while line := lines.readline(MAX_LINE_CHARS + 1):
        number += 1
        if len(line) > MAX_LINE_CHARS and not line.endswith("\n"):
            too_long = (
                f"Line {number}: longer than {MAX_LINE_CHARS} characters; a batch line is a"
                " position and two dice."
            )
            if not _skipped_to_its_end(lines):
                raise LineTooLong(f"{too_long} It has no end in sight: the batch stops there.")
            yield LineTooLong(too_long)
            continue
        yield line


def _skipped_to_its_end(lines: TextIO) -> bool:
    """Read past the rest of an over-long line, a bounded piece at a time.

    False when no end came within `MAX_SKIPPED_CHARS` (the end of the input is one).
    """
    skipped = 0
    while skipped < MAX_SKIPPED_CHARS:
        piece = lines.readline(MAX_LINE_CHARS)
        if not piece or piece.endswith("\n"):
            return True
        skipped += len(piece)
    return False


def answer_batch(game: PositionGame, lines: Iterable[str | LineTooLong], out: TextIO) -> int:
    """Write one JSON line to `out` per input line (a blank line gets an error object).

    Returns how many lines got an error object. A line too long to read gets its
    error object too; one with no end in sight ends the batch. The game's caches
    may grow to their batch sizes first (`PositionGame.for_batch`), for the rest of the
    process.
    """
    if game.for_batch is not None:
        game.for_batch()
    failed = 0
    numbered = enumerate(lines, start=1)
    answer = _Answers(game)
    while True:
        try:
            number, line = next(numbered)
        except StopIteration:
            return failed
        except LineTooLong as error:
            out.write(json.dumps({"error": str(error)}) + "\n")
            out.flush()
            return failed + 1
        if isinstance(line, LineTooLong):
            failed += 1
            out.write(json.dumps({"error": str(line)}) + "\n")
            out.flush()
            continue
        try:
            text = answer(line)
        except BadLine as error:
            failed += 1
            text = json.dumps({"error": f"Line {number}: {error}"})
        out.write(text + "\n")
        out.flush()


def _run_batch(game: PositionGame, path: Path) -> int:
    failed = answer_batch(game, _lines(path), sys.stdout)
    if failed:
        print(
            f"companion: {failed} batch line{'s' if failed > 1 else ''} could not be answered;"
            " the JSON line of each says why.",
            file=sys.stderr,
        )
        return 1
    return 0
