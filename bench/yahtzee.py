"""Yahtzee board variant: complete simulated games per second for 2, 3 and 4 players.

Usage:
    python bench/yahtzee.py              # 40 games per player count (seeds 0-39)
    python bench/yahtzee.py --games 100  # more games, steadier figures

Each game is what `companion yahtzee simulate` plays: a new game with the
default options, then every chance request answered with fair dice and every
decision a uniformly random legal action, both from `random.Random(seed)`,
until the challenge rounds end. Timed with `time.perf_counter` around whole
games (creation included); the figure is games divided by total seconds. The
same seeds give the same games on every run, so figures compare across
changes. Random players make long games (they rarely hold sensibly), so the
actions per game are printed too.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games.autoplay import play_random
from companion.games.yahtzee import new_game


def bench(players: int, games: int) -> tuple[float, float]:
    """(games per second, mean actions per game) over seeds 0 to `games` - 1."""
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        state = new_game(players)
        actions += len(play_random(state, random.Random(seed)))
        assert state.is_over
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def main() -> None:
    """Print one line per player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="Games per player count.")
    args = parser.parse_args()
    print(f"Yahtzee board variant, {args.games} random games per player count")
    for players in (2, 3, 4):
        rate, actions = bench(players, args.games)
        print(f"  {players} players: {rate:7.1f} games/s  ({actions:,.0f} actions per game)")


if __name__ == "__main__":
    main()
