"""What remembering backs saves a Position ID, by how many are remembered.

Usage:
    python bench/position_id.py            # the positions of bench/positions.txt and their plays
    python bench/position_id.py --repeat 5

`companion.games.backgammon.position_id` remembers the codes of the seats'
backs it has met (`_BACKS_SIZE` in the table, `BATCH_BACKS_SIZE` once a batch
asks). The boards are those of `bench/positions.txt` and every board a legal
play of them reaches with each of the 21 rolls (as the table writes one ID a
snapshot, and the batch command one a play). For each bound (none, the
table's, the batch's) the cache starts empty and each board's ID is written
once, in order; the figure is the mean time of one ID in microseconds, the
fastest of `--repeat` passes. At the time of writing, on random games, the
table's 1,024 gave 4.9 us against 4.1 us with 32 times as many and 6.0 us with
none.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.backgammon import position_id as ids
from companion.games.backgammon.geometry import Board
from companion.games.backgammon.movement import legal_plays

POSITIONS = Path(__file__).with_name("positions.txt")
ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]


def boards() -> list[tuple[Board, int]]:
    """The bench positions and every board their legal plays reach, with the seat to move."""
    lines = POSITIONS.read_text(encoding="utf-8").splitlines()
    start = [ids.board_from_position_id(line) for line in lines if line and line[0] != "#"]
    found: list[tuple[Board, int]] = []
    for board in start:
        found.append((board, 0))
        for roll in ROLLS:
            found.extend((play.board, 1) for play in legal_plays(board, 0, roll))
    return found


def mean_us(positions: list[tuple[Board, int]], bound: int, repeat: int) -> float:
    """The fastest pass's mean time of one Position ID, remembering at most `bound` backs."""
    best = float("inf")
    for _ in range(repeat):
        ids._BACKS.clear()
        ids._BACKS.bound = bound
        start = time.perf_counter_ns()
        for board, mover in positions:
            ids.position_id(board, mover)
        best = min(best, (time.perf_counter_ns() - start) / len(positions) / 1000)
    return best


def main() -> None:
    """Print the mean time of one Position ID for each bound."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    positions = boards()
    print(f"{len(positions)} Position IDs, fastest of {repeat} passes:")
    for label, bound in (
        ("none remembered", 0),
        (f"{ids._BACKS_SIZE:,} (the table's)", ids._BACKS_SIZE),
        (f"{ids.BATCH_BACKS_SIZE:,} (a batch's)", ids.BATCH_BACKS_SIZE),
    ):
        print(f"  {label:<24} {mean_us(positions, bound, repeat):6.2f} us an ID")


if __name__ == "__main__":
    main()
