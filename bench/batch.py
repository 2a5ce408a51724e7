"""`companion bg plays --batch` per line, against GNU Backgammon in the same process.

Usage:
    python bench/batch.py               # 8,400 lines, best of 3 passes each side
    python bench/batch.py --repeat 5
    python bench/batch.py --check       # also compare every answer with the stored reference

The lines are the documented position set (`bench/positions.txt`, 400
Position IDs) x the 21 rolls, higher die first: 8,400 lines ``ID D1 D2``, in
a file read the way the command reads it.

Ours: the batch path of the command end to end, start-up excluded: reading
the file (`_bgfamily._lines`), answering each line (parsing the ID, the legal
plays, each play's notation and Position ID, the JSON line) and writing the
answers to the null device through a text file, as the command writes to
standard output.

GNU Backgammon (`pip install gnubg`, the optional ``bench`` dependencies):
for each line, `gnubg.position_from_id` and `gnubg.find_best_moves` with a
0-ply evaluation context: its move generation, which lists every legal play,
plus its neural-net evaluation of each (the figure of issue 13); a second
figure adds `gnubg.move_tuple_to_string` for every play, the notation our
answers carry.

Each side runs `--repeat` passes over all lines, alternating; a side's figure
is its fastest pass (wall clock, `time.perf_counter`) and, for a busy
machine, its fastest pass in this thread's CPU time (`time.thread_time`).
Our first pass is reported apart: it starts with empty caches.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.commands._bgfamily import _lines, answer_batch
from companion.commands.bg import FAMILY

POSITIONS = Path(__file__).with_name("positions.txt")
ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]

Pass = tuple[float, float]
"""Seconds of one pass: (wall clock, thread CPU time)."""


def batch_lines() -> list[str]:
    """The documented position set x the 21 rolls, higher die first."""
    text = POSITIONS.read_text(encoding="utf-8")
    ids = [line for line in text.splitlines() if line and not line.startswith("#")]
    return [f"{position} {high} {low}\n" for position in ids for high, low in ROLLS]


def timed(run: Callable[[], object]) -> Pass:
    """Wall-clock and thread CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.thread_time()
    run()
    return time.perf_counter() - wall, time.thread_time() - cpu


def ours(path: Path) -> Callable[[], object]:
    """One pass of the batch command over the file, answers written to the null device."""

    def run() -> int:
        with open(os.devnull, "w", encoding="utf-8") as sink:
            return answer_batch(FAMILY, _lines(path), sink)

    return run


def gnubg_passes(lines: list[str]) -> tuple[Callable[[], object], Callable[[], object]] | str:
    """GNU Backgammon's two passes (plays, plays + notation), or why it cannot run."""
    try:
        import gnubg  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError as error:
        return f"GNU Backgammon's Python module is not installed ({error}): pip install gnubg"
    cube = gnubg.cube_info()
    zero_ply = gnubg.eval_context(0, 0, 1, 0, 0.0)  # cubeless, 0-ply, deterministic, no noise
    parsed = [(text, (int(high), int(low))) for text, high, low in map(str.split, lines)]

    def plays() -> None:
        for text, dice in parsed:
            gnubg.find_best_moves(gnubg.position_from_id(text), cube, zero_ply, dice)

    def plays_and_notation() -> None:
        for text, dice in parsed:
            board = gnubg.position_from_id(text)
            for found in gnubg.find_best_moves(board, cube, zero_ply, dice):
                gnubg.move_tuple_to_string(found["move"], board)

    return plays, plays_and_notation


def legal_plays_pass(lines: list[str]) -> Callable[[], object]:
    """One pass of the legal-play generator alone over the lines' positions (read beforehand)."""
    from companion.games.backgammon.movement import legal_plays
    from companion.games.backgammon.position_id import board_from_position_id

    boards = {text: board_from_position_id(text) for text, _, _ in map(str.split, lines)}
    asked = [(boards[text], (int(high), int(low))) for text, high, low in map(str.split, lines)]

    def run() -> None:
        for board, dice in asked:
            legal_plays(board, 0, dice)

    return run


def play_counts(lines: list[str], gnubg: Any) -> tuple[int, int]:
    """Plays listed over all lines: (ours, GNU Backgammon's)."""
    from companion.games.backgammon.movement import legal_plays
    from companion.games.backgammon.position_id import board_from_position_id

    cube, zero_ply = gnubg.cube_info(), gnubg.eval_context(0, 0, 1, 0, 0.0)
    counted = [0, 0]
    for text, high, low in map(str.split, lines):
        dice = (int(high), int(low))
        counted[0] += len(legal_plays(board_from_position_id(text), 0, dice))
        board = gnubg.position_from_id(text)
        counted[1] += len(gnubg.find_best_moves(board, cube, zero_ply, dice))
    return counted[0], counted[1]


def per_line(passes: list[Pass], lines: int) -> str:
    """The fastest pass per line, wall clock and CPU, in microseconds."""
    wall = min(p[0] for p in passes) / lines * 1e6
    cpu = min(p[1] for p in passes) / lines * 1e6
    return f"{wall:8.1f} us wall  {cpu:8.1f} us CPU"


def check_reference() -> int:
    """Compare every stored reference answer with today's; returns the number that differ."""
    from tests.games.backgammon.batch_reference_build import answer, read_reference

    differ = 0
    for name, records in read_reference().items():
        outputs = answer(name, [line for line, _ in records])
        wrong = sum(out != expected for out, (_, expected) in zip(outputs, records, strict=True))
        differ += wrong + abs(len(outputs) - len(records))
        print(f"  reference {name}: {len(records)} lines, {wrong} differ")
    return differ


def main() -> int:
    """Print the figures; exit status 1 if an answer differs from the reference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="passes per side")
    parser.add_argument("--check", action="store_true", help="compare with the stored reference")
    args = parser.parse_args()
    lines = batch_lines()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lines.txt"
        path.write_text("".join(lines), encoding="utf-8")
        peer = gnubg_passes(lines)
        first = timed(ours(path))
        ours_passes, plays_passes, notation_passes = [first], [], []
        for _ in range(args.repeat):
            if not isinstance(peer, str):
                plays_passes.append(timed(peer[0]))
                notation_passes.append(timed(peer[1]))
            ours_passes.append(timed(ours(path)))
    count = len(lines)
    generator = [timed(legal_plays_pass(lines)) for _ in range(args.repeat)]
    print(f"plays --batch over {count} lines (bench/positions.txt x 21 rolls), per line:")
    print(f"  ours, first pass (empty caches)         {per_line([first], count)}")
    fastest = f"fastest of {args.repeat + 1} passes"
    print(f"  ours, {fastest:<34}{per_line(ours_passes, count)}")
    print(f"    of which legal_plays alone            {per_line(generator, count)}")
    if isinstance(peer, str):
        print(f"  GNU Backgammon: not measured. {peer}")
    else:
        import gnubg  # type: ignore[import-not-found,import-untyped,unused-ignore]

        print(f"  GNU Backgammon {gnubg.version}, plays + 0-ply    {per_line(plays_passes, count)}")
        print(f"  GNU Backgammon, + notation of each play {per_line(notation_passes, count)}")
        for name, passes in (("first pass", [first]), ("fastest pass", ours_passes)):
            wall = min(p[0] for p in passes) / min(p[0] for p in plays_passes)
            cpu = min(p[1] for p in passes) / min(p[1] for p in plays_passes)
            print(f"  ours ({name}) / GNU Backgammon: {wall:.2f}x wall, {cpu:.2f}x CPU")
        mine, theirs = play_counts(lines, gnubg)
        print(f"  plays listed: ours {mine}, GNU Backgammon {theirs}")
    if args.check and check_reference():
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
