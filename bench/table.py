"""How fast the table goes: commands per second through the queue and the log, and latency.

For each game, simulated players post random legal commands (as `companion
demo` does) to a real table with a real SQLite log (WAL, synchronous=FULL) in
a temporary directory. A subscriber thread notes when each new state
arrives; latency is from `post()` to that subscriber receiving the state.
Matches that end are followed by a rematch until enough commands were timed.

    .venv/bin/python bench/table.py [--commands 1000] [--game NAME ...]

Target: 99th percentile latency under 20 ms.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import tempfile
import threading
import time
from pathlib import Path

from companion.app.commands.demo import choose_command
from companion.event_log.store import Store
from companion.games.registry import game_specs
from companion.table import FairChance, NewMatch, Rematch, SoftwareSpinner, Table, default_players


def bench_game(game: str, commands: int, directory: Path) -> dict[str, float]:
    """Time `commands` commands of `game`; returns throughput and latency figures."""
    spec = game_specs()[game]
    received: dict[tuple[int, int], float] = {}
    posted: dict[tuple[int, int], float] = {}
    rng = random.Random(1)
    with Store.open(directory / f"{game}.db") as store:
        table = Table(store, chance=FairChance(1), spinner=SoftwareSpinner(1))
        subscription = table.subscribe(maxsize=commands * 2 + 10)

        def listen() -> None:
            for snapshot in subscription:
                received[(snapshot.match_id, snapshot.seq)] = time.perf_counter()

        listener = threading.Thread(target=listen)
        listener.start()
        table.post(NewMatch(game, default_players(spec.min_players), {})).result()
        started = time.perf_counter()
        for _ in range(commands):
            snapshot = table.snapshot
            assert snapshot is not None
            if snapshot.is_over:
                table.post(Rematch()).result()
                continue
            command = choose_command(snapshot, spec, rng)
            before = time.perf_counter()
            outcome = table.post(command).result()
            if outcome.applied and outcome.match_id is not None and outcome.seq is not None:
                posted[(outcome.match_id, outcome.seq)] = before
        elapsed = time.perf_counter() - started
        table.close()
        listener.join()
    latencies = sorted(received[key] - posted[key] for key in posted)
    return {
        "commands": len(latencies),
        "per_second": len(latencies) / elapsed,
        "median_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[math.ceil(len(latencies) * 0.99) - 1] * 1000,  # nearest rank
        "max_ms": latencies[-1] * 1000,
    }


def main() -> None:
    """Run the benchmark and print one line per game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=1000, help="commands timed per game")
    parser.add_argument("--game", action="append", help="a game to time (default: all)")
    args = parser.parse_args()
    games = args.game or sorted(game_specs())
    print(f"{'game':<12}{'commands':>9}{'per s':>9}{'median ms':>11}{'p99 ms':>9}{'max ms':>9}")
    with tempfile.TemporaryDirectory() as directory:
        for game in games:
            figures = bench_game(game, args.commands, Path(directory))
            print(
                f"{game:<12}{figures['commands']:>9.0f}{figures['per_second']:>9.0f}"
                f"{figures['median_ms']:>11.2f}{figures['p99_ms']:>9.2f}{figures['max_ms']:>9.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
