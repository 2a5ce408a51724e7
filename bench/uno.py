"""UNO engine throughput: complete simulated matches per second, for each UNO game,
and random play against RLCard's UNO in decisions per CPU-second.

Each match is played to its end by `companion.games.autoplay` with a seeded
`random.Random` (seeds 0, 1, 2...) answering every chance request and
choosing every action uniformly among the legal ones. Printed per game:
matches per second, actions per second (chance outcomes included) and the
mean actions per match. Rates are wall-clock (`time.perf_counter`) on one
core; the last column divides by the CPU time the process used
(`time.process_time`), the figure to read on a busy machine.

Then, when RLCard (``pip install rlcard``, the ``bench`` extra) is installed,
classic UNO against RLCard's raw game (``rlcard.games.uno.game.UnoGame``, not
its slower env wrapper) in the same process, 2 and 4 players: decisions
(player actions; our shuffles are timed but not counted) per CPU-second,
the best of several short runs taken in turn over the same seeds, so that
both sides meet the same load on a shared machine. Each side plays whole
games until it has made ``--decisions`` decisions: ours are matches to 500
points, RLCard's single rounds, so the figure is per decision.

Targets: at least 20 complete 4-player classic matches per second; classic
UNO at least 2x RLCard's decisions per CPU-second (issue 13).

Run: .venv/bin/python bench/uno.py [--matches N] [--players N] [--game NAME ...]
[--decisions N] [--repeats N] (about 30 seconds with the defaults on an idle machine)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.app.commands.uno import UNO_GAMES
from companion.games.autoplay import play_random, sample_outcome
from companion.games.registry import game_specs

TARGET_CLASSIC_MATCHES_PER_SECOND = 20.0
TARGET_RLCARD_RATIO = 2.0
RLCARD_PLAYERS = (2, 4)


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


def classic_decisions_per_cpu_second(players: int, decisions: int) -> float:
    """Random classic matches (seeds 0, 1...) until `decisions` decisions: decisions per CPU-s."""
    spec = game_specs()["classic"]
    made, seed = 0, 0
    cpu_started = time.process_time()
    while made < decisions:
        rng, state = random.Random(seed), spec.new(players, {})
        while not state.is_over:
            request = state.chance()
            if request is not None:
                state.apply(state.chance_action(sample_outcome(request, rng)))
            else:
                state.apply(rng.choice(state.legal_actions()))
                made += 1
        seed += 1
    return made / (time.process_time() - cpu_started)


def rlcard_decisions_per_cpu_second(players: int, decisions: int) -> float:
    """RLCard's raw UNO game played at random (seeds 0, 1...) until `decisions`: per CPU-s.

    Each step's legal actions come with the state `step` returns, as RLCard
    computes them anyway.
    """
    from rlcard.games.uno.game import UnoGame

    made, seed = 0, 0
    cpu_started = time.process_time()
    while made < decisions:
        rng, game = random.Random(seed), UnoGame(num_players=players)
        game.np_random.seed(seed)
        state, _ = game.init_game()
        try:
            while not game.is_over():
                state, _ = game.step(rng.choice(state["legal_actions"]))
                made += 1
        except IndexError:
            pass  # RLCard cannot draw when every card is in a hand: that game stops
        seed += 1
    return made / (time.process_time() - cpu_started)


def compare_with_rlcard(decisions: int, repeats: int) -> bool:
    """Print classic UNO against RLCard for 2 and 4 players; False if a ratio misses its target."""
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("RLCard is not installed: pip install rlcard (the bench extra) to compare.")
        return True
    print(f"\n{'players':>7} {'ours/CPU-s':>11} {'RLCard/CPU-s':>13} {'ratio':>6}  (decisions)")
    met = True
    for players in RLCARD_PLAYERS:
        ours, theirs = 0.0, 0.0
        for _ in range(repeats):
            ours = max(ours, classic_decisions_per_cpu_second(players, decisions))
            theirs = max(theirs, rlcard_decisions_per_cpu_second(players, decisions))
        print(f"{players:>7} {ours:>11.0f} {theirs:>13.0f} {ours / theirs:>6.2f}")
        met = met and ours / theirs >= TARGET_RLCARD_RATIO
    if not met:
        print(f"classic: below the target of {TARGET_RLCARD_RATIO:.0f}x RLCard's decisions")
    return met


def main() -> int:
    """Print the figures; exit status 1 if classic misses a target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=60, help="matches per game")
    parser.add_argument("--players", type=int, default=4, help="players (clamped per game)")
    parser.add_argument("--game", action="append", help="only these games (repeatable)")
    parser.add_argument(
        "--decisions", type=int, default=30_000, help="decisions per run against RLCard"
    )
    parser.add_argument("--repeats", type=int, default=7, help="runs against RLCard (best kept)")
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
    if args.decisions > 0 and not compare_with_rlcard(args.decisions, args.repeats):
        missed = True
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
