"""Rebuild batch_reference.txt.xz: `plays --batch` lines and the exact answers to them.

Run from the repository root: ``python -m tests.games.backgammon.batch_reference_build``.
The answers are what the batch command writes today, byte for byte, so rebuild
the file only when the batch output is meant to change (and say so in the
commit); `test_batch_reference` holds every later version of the command to it.

The file is xz-compressed text, one record a line: the set's name, the batch
line and the JSON line answered to it, separated by tabs (neither a batch line
here nor a JSON line holds a tab). Each set is answered as one batch, in order:
error objects carry their line number.

Sets (all seeded, so rebuilding gives the same lines):
- ``positions``: the documented position set of bench/positions.txt (400
  Position IDs) x the 21 rolls, higher die first: 8,400 lines;
- ``random-backgammon``, ``random-minigam``, ``random-multigam``: the position
  and roll before every turn of seeded random games, the dice in the order
  rolled;
- ``bad-lines``: lines that get error objects (wrong fields, dice, IDs, games
  that are over).
"""

from __future__ import annotations

import io
import lzma
import random
from collections.abc import Callable, Iterator
from pathlib import Path

from companion.app.commands import bg, text_positions
from companion.app.commands._position_commands import PositionGame, answer_batch
from companion.games.backgammon.geometry import BACKGAMMON, MINIGAM, MULTIGAM, Board, Geometry
from companion.games.backgammon.movement import has_won, legal_plays
from companion.games.backgammon.position_id import position_id
from companion.games.backgammon.text_format import format_position

REFERENCE = Path(__file__).with_name("batch_reference.txt.xz")
POSITIONS = Path(__file__).parents[3] / "bench" / "positions.txt"
ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]
POSITION_GAMES: dict[str, PositionGame] = {
    "positions": bg.BACKGAMMON_POSITIONS,
    "random-backgammon": bg.BACKGAMMON_POSITIONS,
    "random-minigam": text_positions.MINIGAM_POSITIONS,
    "random-multigam": text_positions.MULTIGAM_POSITIONS,
    "bad-lines": bg.BACKGAMMON_POSITIONS,
}
BAD_LINES = [
    "",
    "4HPwATDgc/ABMA",
    "4HPwATDgc/ABMA 3",
    "4HPwATDgc/ABMA 3 1 2",
    "4HPwATDgc/ABMA 7 1",
    "4HPwATDgc/ABMA 0 1",
    "4HPwATDgc/ABMA x y",
    "4HPwATDgc/ABM 3 1",
    "4HPwATDgc/AB!A 3 1",
    "//////////////// 3 1",
    "AAAAAAAAAAAAAA 3 1",
    "4HPwATDgc/ABMA 3 1",
]


def positions_lines() -> list[str]:
    """The documented position set x the 21 rolls, higher die first."""
    text = POSITIONS.read_text(encoding="utf-8")
    ids = [line for line in text.splitlines() if line and not line.startswith("#")]
    return [f"{position} {high} {low}" for position in ids for high, low in ROLLS]


def random_lines(
    geometry: Geometry, write: Callable[[Board, int], str], seed: int, count: int
) -> list[str]:
    """Lines 'POSITION D1 D2' before every turn of seeded random games, the dice as rolled."""
    return [
        f"{write(board, mover)} {first} {second}"
        for board, mover, (first, second) in _random_turns(geometry, random.Random(seed), count)
    ]


def _random_turns(
    geometry: Geometry, rng: random.Random, count: int
) -> Iterator[tuple[Board, int, tuple[int, int]]]:
    board, mover = Board.start(geometry), 0
    for _ in range(count):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        yield board, mover, dice
        plays = legal_plays(board, mover, dice)
        if plays:
            # Sorted, so the lines do not depend on the generator's order of plays.
            board = rng.choice(sorted(plays, key=lambda play: play.board.tracks)).board
        done = [seat for seat in range(geometry.players) if has_won(board, seat)]
        if len(done) >= geometry.players - 1:
            board, mover = Board.start(geometry), 0
            continue
        mover = (mover + 1) % geometry.players
        while mover in done:
            mover = (mover + 1) % geometry.players


def _bg_id(board: Board, mover: int) -> str:
    return position_id(board, mover)


def reference_inputs() -> dict[str, list[str]]:
    """Every set's batch lines, in order."""
    return {
        "positions": positions_lines(),
        "random-backgammon": random_lines(BACKGAMMON, _bg_id, 13, 3000),
        "random-minigam": random_lines(MINIGAM, format_position, 13, 600),
        "random-multigam": random_lines(MULTIGAM, format_position, 13, 600),
        "bad-lines": BAD_LINES,
    }


def answer(name: str, lines: list[str]) -> list[str]:
    """The JSON lines the batch command writes for one set (each with its newline)."""
    out = io.StringIO()
    answer_batch(POSITION_GAMES[name], [line + "\n" for line in lines], out)
    return out.getvalue().splitlines(keepends=True)


def read_reference() -> dict[str, list[tuple[str, str]]]:
    """The stored sets: (batch line, JSON line with its newline) in order."""
    sets: dict[str, list[tuple[str, str]]] = {}
    with lzma.open(REFERENCE, "rt", encoding="utf-8", newline="\n") as records:
        for record in records:
            name, line, output = record.split("\t", 2)
            sets.setdefault(name, []).append((line, output))
    return sets


def main() -> None:
    """Write the reference file from the command's answers of today."""
    with lzma.open(REFERENCE, "wt", encoding="utf-8", newline="\n", preset=9) as records:
        for name, lines in reference_inputs().items():
            outputs = answer(name, lines)
            if len(outputs) != len(lines):
                raise SystemExit(f"{name}: {len(lines)} lines got {len(outputs)} answers")
            for line, output in zip(lines, outputs, strict=True):
                if "\t" in line or "\t" in output:
                    raise SystemExit(f"{name}: a tab in {line!r} or its answer")
                records.write(f"{name}\t{line}\t{output}")
    print(f"wrote {REFERENCE.name}: {REFERENCE.stat().st_size} bytes")


if __name__ == "__main__":
    main()
