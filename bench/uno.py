"""UNO engine throughput: complete simulated matches per second, for each UNO game.

Each match is played to its end by `companion.games.autoplay` with a seeded
`random.Random` (seeds 0, 1, 2...) answering every chance request and
choosing every action uniformly among the legal ones. Printed per game:
matches per second, actions per second (chance outcomes included) and the
mean actions per match. Rates are wall-clock (`time.perf_counter`) on one
core; the last column divides by the CPU time the process used
(`time.process_time`), the figure to read on a busy machine.

Target: at least 20 complete 4-player classic matches per second.

Run: .venv/bin/python bench/uno.py [--matches N] [--players N] [--game NAME ...]
(about 10 seconds with the defaults on an idle machine)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.commands.uno import UNO_GAMES
from companion.games.autoplay import play_random
from companion.games.registry import game_specs

TARGET_CLASSIC_MATCHES_PER_SECOND = 20.0


def measure(game: str, seats: int, matches: int) -> tuple[float, float, float, float]:
    """(matches/s, actions/s, actions per match, CPU matches/s) over `matches` seeded matches."""
    spec = game_specs()[game]
    actions = 0
    started, cpu_started = time.perf_counter(), time.process_time()
    for seed in range(matches):
        actions += len(play_random(spec.new(seats, {}), random.Random(seed)))
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    return matches / elapsed, actions / elapsed, actions / matches, matches / cpu


def main() -> int:
    """Print the figures; exit status 1 if classic misses its target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=60, help="matches per game")
    parser.add_argument("--players", type=int, default=4, help="players (clamped per game)")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    args = parser.parse_args()
    registered = [game for game in UNO_GAMES if game in game_specs()]
    games = [game for game in registered if not args.game or game in args.game]
    print(
        f"{'game':8} {'players':>7} {'matches/s':>10} {'actions/s':>10} "
        f"{'actions/match':>14} {'matches/CPU-s':>14}"
    )
    missed = False
    for game in games:
        spec = game_specs()[game]
        seats = max(spec.min_players, min(args.players, spec.max_players))
        per_second, actions_per_second, per_match, per_cpu = measure(game, seats, args.matches)
        print(
            f"{game:8} {seats:>7} {per_second:>10.1f} {actions_per_second:>10.0f} "
            f"{per_match:>14.0f} {per_cpu:>14.1f}"
        )
        if game == "classic" and seats == 4 and per_cpu < TARGET_CLASSIC_MATCHES_PER_SECOND:
            missed = True
    if missed:
        print(f"classic: below the target of {TARGET_CLASSIC_MATCHES_PER_SECOND:.0f} matches/s")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
