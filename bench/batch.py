"""`companion bg plays --batch` per line, against GNU Backgammon in the same process.

Usage:
    python bench/batch.py               # 8,400 lines, best of 3 passes each side
    python bench/batch.py --repeat 5
    python bench/batch.py --check       # also compare every answer with the stored reference

The lines are the documented position set (`bench/positions.txt`, 400
Position IDs) x the 21 rolls, higher die first: 8,400 lines ``ID D1 D2``, in
a file read the way the command reads it.

Ours: the batch path of the command end to end, start-up excluded: reading
the file (`_position_commands._lines`), answering each line (parsing the ID, the legal
plays, each play's notation and Position ID, the JSON line) and writing the
answers to the null device through a text file, as the command writes to
standard output.

GNU Backgammon (`pip install gnubg`, the optional ``bench`` dependencies):
for each line, `gnubg.position_from_id` and `gnubg.find_best_moves` with a
0-ply evaluation context: its move generation, which lists every legal play,
plus its neural-net evaluation of each (the figure of issue 13); a second
figure adds `gnubg.move_tuple_to_string` for every play, the notation our
answers carry.

Two comparisons, each side measured in the same state as the other:

- first pass against first pass: each side's first pass over all lines in a
  Python process of its own, started for it (`--repeat` such processes a
  side, alternating; the fastest is kept). Our module caches (play openings,
  position-ID codes, notation memos) start empty, and so does GNU
  Backgammon's evaluation cache: a side's start-up (imports, GNU
  Backgammon's weights) is done before its pass is timed.
- warm against warm: in this process, after one untimed pass of each side
  that fills both sides' caches, `--repeat` passes of each side, alternating.

A figure is a side's fastest pass (wall clock, `time.perf_counter`) and, for
a busy machine, its fastest pass in its thread's CPU time
(`time.thread_time`).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.app.commands._position_commands import _lines, answer_batch
from companion.app.commands.bg import BACKGAMMON_POSITIONS

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
            return answer_batch(BACKGAMMON_POSITIONS, _lines(path), sink)

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


def fresh_pass(side: str, path: Path) -> Pass:
    """One first pass of `side` ("ours" or "gnubg") over the file, in a new Python process."""
    done = subprocess.run(
        [sys.executable, __file__, "--fresh", side, str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    wall, cpu = map(float, done.stdout.split())
    return wall, cpu


def run_fresh(side: str, path: Path) -> int:
    """In a process of its own: time `side`'s first pass over the file and print its seconds."""
    if side == "ours":
        run = ours(path)
    else:
        peer = gnubg_passes(path.read_text(encoding="utf-8").splitlines(keepends=True))
        if isinstance(peer, str):
            print(peer, file=sys.stderr)
            return 1
        run = peer[0]
    wall, cpu = timed(run)
    print(wall, cpu)
    return 0


Passes = dict[str, list[Pass]]
"""Timed passes by what was timed: "ours", "gnubg" (plays + 0-ply), "notation" (and notation)."""


def measure(path: Path, peer: Any, repeat: int) -> tuple[Passes, Passes]:
    """(first passes, each in a fresh process; warm passes in this one), by side."""
    first: Passes = {"ours": [], "gnubg": []}
    warm: Passes = {"ours": [], "gnubg": [], "notation": []}
    for _ in range(repeat):
        first["ours"].append(fresh_pass("ours", path))
        if not isinstance(peer, str):
            first["gnubg"].append(fresh_pass("gnubg", path))
    ours(path)()  # the untimed warm-up of each side
    if not isinstance(peer, str):
        peer[0]()
        peer[1]()
    for _ in range(repeat):
        if not isinstance(peer, str):
            warm["gnubg"].append(timed(peer[0]))
            warm["notation"].append(timed(peer[1]))
        warm["ours"].append(timed(ours(path)))
    return first, warm


def ratio(mine: list[Pass], theirs: list[Pass]) -> str:
    """Our fastest pass over theirs, wall clock and CPU."""
    wall = min(p[0] for p in mine) / min(p[0] for p in theirs)
    cpu = min(p[1] for p in mine) / min(p[1] for p in theirs)
    return f"{wall:.2f}x wall, {cpu:.2f}x CPU"


def main() -> int:
    """Print the figures; exit status 1 if an answer differs from the reference."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="passes (and fresh processes) a side")
    parser.add_argument("--check", action="store_true", help="compare with the stored reference")
    parser.add_argument("--fresh", nargs=2, metavar=("SIDE", "FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.fresh:
        return run_fresh(args.fresh[0], Path(args.fresh[1]))
    lines = batch_lines()
    count = len(lines)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lines.txt"
        path.write_text("".join(lines), encoding="utf-8")
        peer = gnubg_passes(lines)
        first, warm = measure(path, peer, args.repeat)
    generator = [timed(legal_plays_pass(lines)) for _ in range(args.repeat)]
    fresh = f"first pass, fastest of {args.repeat} fresh processes"
    warmed = f"warm, fastest of {args.repeat} passes"
    print(f"plays --batch over {count} lines (bench/positions.txt x 21 rolls), per line:")
    print(f"  ours, {fresh:<48}{per_line(first['ours'], count)}")
    print(f"  ours, {warmed:<48}{per_line(warm['ours'], count)}")
    print(f"    of which legal_plays alone (warm){'':<19}{per_line(generator, count)}")
    if isinstance(peer, str):
        print(f"  GNU Backgammon: not measured. {peer}")
    else:
        import gnubg  # type: ignore[import-not-found,import-untyped,unused-ignore]

        print(f"  GNU Backgammon {gnubg.version}, plays + 0-ply evaluation:")
        print(f"    {fresh:<52}{per_line(first['gnubg'], count)}")
        print(f"    {warmed:<52}{per_line(warm['gnubg'], count)}")
        print(f"    warm, + notation of each play{'':<23}{per_line(warm['notation'], count)}")
        print("  ours / GNU Backgammon (plays + 0-ply):")
        for name, passes in (("first pass / first pass", first), ("warm / warm", warm)):
            print(f"    {name:<52}{ratio(passes['ours'], passes['gnubg'])}")
        mine, theirs = play_counts(lines, gnubg)
        print(f"  plays listed: ours {mine}, GNU Backgammon {theirs}")
    if args.check and check_reference():
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
