"""Legal-play generator latency, and random-play game throughput.

Usage:
    python bench/movegen.py               # latency over bench/positions.txt x 21 rolls
    python bench/movegen.py --regenerate  # rebuild bench/positions.txt (seed 2026)
    python bench/movegen.py --games 20    # 20 random matches of each game (default 50)

The position set is fixed: `bench/positions.txt` holds 400 Backgammon
positions (GNU Backgammon Position IDs, player on roll second as GNU
Backgammon writes them) reached in random games: seed 2026, each turn a fair
roll and a uniformly chosen legal play, a game restarting from the opening
when one side has borne off; the position before every second turn is kept.
`--regenerate` rebuilds exactly the same file.

Latency: every (position, roll) pair, the 21 distinct rolls, is timed
`--repeat` times with `time.perf_counter_ns`; a pair's latency is its fastest
run (the usual way to keep other processes' noise out of a latency figure);
the single-run mean over all runs is printed too. A last pass times one run
per pair in the thread's CPU time (`time.thread_time_ns`), which other busy
processes on the machine do not inflate; its worst call can include a pass
of Python's cyclic garbage collector (a few ms over thousands of boards), so
the pass is repeated with the collector paused, and then three times with
the collector on but the start-up objects frozen (`gc.freeze`), as the
`companion` process runs (`companion.cli.run`): then a full pass has little
to walk. Nothing is cached between calls: each call generates from scratch.

Throughput: whole random matches of Backgammon, Mini-Gam and Multi-Gam with
their default options, played through the engine protocol with
`companion.games.autoplay.play_random` (seeds 0, 1, ...): every roll, cube
decision and play goes through the game state, so this measures the whole
referee, not just the generator.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.backgammon.geometry import BACKGAMMON, Board
from companion.games.backgammon.movement import has_won, legal_plays
from companion.games.backgammon.position_id import (
    board_from_position_id,
    position_id,
)

POSITIONS = Path(__file__).with_name("positions.txt")
SEED = 2026
COUNT = 400
ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]
HEADER = f"""\
# Backgammon positions for bench/movegen.py: {COUNT} GNU Backgammon Position IDs,
# player on roll second, as GNU Backgammon writes them. Random games from the
# opening, seed {SEED}: each turn a fair roll and a uniformly chosen legal play; a
# new game starts when one side has borne off; the position before every second
# turn is kept. The play is drawn from the legal plays sorted by the resulting
# checker counts.
# Rebuild with: python bench/movegen.py --regenerate
"""


def generate_positions(seed: int = SEED, count: int = COUNT) -> list[str]:
    """Position IDs reached in seeded random games (see the module docstring)."""
    rng = random.Random(seed)
    ids: list[str] = []
    board, mover, turn = Board.start(BACKGAMMON), 0, 0
    while len(ids) < count:
        if turn % 2 == 0:
            ids.append(position_id(board, mover))
        turn += 1
        plays = legal_plays(board, mover, (rng.randint(1, 6), rng.randint(1, 6)))
        if plays:
            # Sorted, so the file does not depend on the generator's order of plays.
            board = rng.choice(sorted(plays, key=lambda play: play.board.tracks)).board
        if has_won(board, mover):
            board, mover, turn = Board.start(BACKGAMMON), 0, 0
        else:
            mover = 1 - mover
    return ids


def load_positions() -> list[Board]:
    """The fixed position set, player on roll as seat 0."""
    lines = POSITIONS.read_text(encoding="utf-8").splitlines()
    return [board_from_position_id(line) for line in lines if line and not line.startswith("#")]


def measure_latency(boards: list[Board], repeat: int) -> tuple[list[float], float, int]:
    """Per-pair fastest latency in microseconds, the single-run mean, and the number of plays."""
    best: list[float] = []
    total_ns = 0
    runs = 0
    plays = 0
    clock = time.perf_counter_ns
    for board in boards:
        for roll in ROLLS:
            fastest = None
            for _ in range(repeat):
                start = clock()
                result = legal_plays(board, 0, roll)
                elapsed = clock() - start
                total_ns += elapsed
                runs += 1
                fastest = elapsed if fastest is None else min(fastest, elapsed)
            plays += len(result)
            best.append((fastest or 0) / 1000)
    return best, total_ns / runs / 1000, plays


def measure_cpu(boards: list[Board]) -> list[float]:
    """One run per pair timed in this thread's CPU time (microseconds), blind to other processes."""
    clock = time.thread_time_ns
    times = []
    for board in boards:
        for roll in ROLLS:
            start = clock()
            legal_plays(board, 0, roll)
            times.append((clock() - start) / 1000)
    return times


def report_latency(repeat: int) -> None:
    """Print the latency figures of the legal-play generator."""
    boards = load_positions()
    best, single_mean, plays = measure_latency(boards, repeat)
    cpu = measure_cpu(boards)
    worst = max(best)
    print(f"legal_plays over {len(boards)} positions x {len(ROLLS)} rolls = {len(best)} calls")
    print(f"  distinct plays found: {plays} ({plays / len(best):.1f} per call)")
    print(f"  fastest of {repeat} runs per call (wall clock):")
    print(f"    mean   {statistics.fmean(best):8.1f} us   (single-run mean {single_mean:.1f} us)")
    print(f"    median {statistics.median(best):8.1f} us")
    print(f"    worst  {worst:8.1f} us")
    print("  one run per call, CPU time of this thread (other processes do not count):")
    print(f"    mean   {statistics.fmean(cpu):8.1f} us")
    print(f"    median {statistics.median(cpu):8.1f} us")
    print(f"    worst  {max(cpu):8.1f} us   (includes any pass of Python's garbage collector)")
    gc.disable()
    try:
        paused = measure_cpu(boards)
    finally:
        gc.enable()
    print(f"  the same with the garbage collector paused: worst {max(paused):.1f} us")
    gc.collect()
    gc.freeze()  # as the companion process does after starting (companion.cli.run)
    try:
        frozen = [max(measure_cpu(boards)) for _ in range(3)]
    finally:
        gc.unfreeze()
    print(
        "  as the companion runs it (start-up objects frozen, collector on):"
        f" worst {max(frozen):.1f} us over 3 passes"
    )


def report_throughput(games: int) -> None:
    """Print how many random matches per second each game plays (default options, seeds 0..)."""
    from companion.games.autoplay import play_random
    from companion.games.backgammon import GAME_SPECS

    print(f"random play, {games} matches per game (default options, seeds 0..{games - 1}):")
    for spec in GAME_SPECS:
        actions = 0
        start = time.perf_counter()
        for seed in range(games):
            state = spec.new(spec.min_players, {})
            actions += len(play_random(state, random.Random(seed)))
        elapsed = time.perf_counter() - start
        print(
            f"  {spec.title:<10} {games / elapsed:8.1f} matches/s  "
            f"{actions / elapsed:9.0f} actions/s  ({actions / games:.0f} actions per match)"
        )


def main() -> int:
    """Run the benchmark; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regenerate", action="store_true", help="rebuild bench/positions.txt")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per (position, roll)")
    parser.add_argument("--games", type=int, default=50, help="random matches per game (0 = none)")
    args = parser.parse_args()
    if args.regenerate:
        POSITIONS.write_text(HEADER + "\n".join(generate_positions()) + "\n", encoding="utf-8")
        print(f"wrote {COUNT} positions to {POSITIONS.name}")
        return 0
    report_latency(args.repeat)
    if args.games:
        report_throughput(args.games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
