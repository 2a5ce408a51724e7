"""Legal-play generator latency, and random-play game throughput.

Usage:
    python bench/movegen.py               # latency over bench/positions.txt x 21 rolls
    python bench/movegen.py --regenerate  # rebuild bench/positions.txt (seed 2026)
    python bench/movegen.py --games 20    # 20 random matches of each game (default 50)
    python bench/movegen.py --peer-games 200  # random full games against OpenSpiel (default 100)

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
`companion` process runs (`companion.app.cli.run`): then a full pass has little
to walk. Nothing is cached between calls: each call generates from scratch.

Throughput: whole random matches of Backgammon, Mini-Gam and Multi-Gam with
their default options, played through the engine protocol with
`companion.games.autoplay.play_random` (seeds 0, 1, ...): every roll, cube
decision and play goes through the game state, so this measures the whole
referee, not just the generator.

Against OpenSpiel (when `pyspiel` is installed: `pip install -e .[bench]`),
in the same run, on the same positions: 400 positions reached in
OpenSpiel's own random Backgammon games (seed 2026, the position before
every second roll, the opening roll left out), each turned into our board,
with the 21 rolls. Per (position, roll), the fastest of `--repeat` runs in
this thread's CPU time. OpenSpiel's `legal_actions()` of a non-double lists
whole turns; of a double it lists half a turn (two dice), so a whole double
turn is timed as OpenSpiel lists it: `legal_actions()`, then for each of
those actions `apply_action` and the second half's `legal_actions()` (the
copies of the state it needs are made before the clock starts). Ours is one
`legal_plays` call. Random full games: single games to the end, every roll
fair and every choice uniform, seeds 0, 1, ...: OpenSpiel's state
(`apply_action` on chance and player nodes) against ours at two levels: the
movement core (`legal_plays`, a random play, its board) as OpenSpiel's state
is, and the whole referee (`BackgammonGame` with one-point matches and no
cube, through `play_random`, notes and narration included).
"""

from __future__ import annotations

import argparse
import gc
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

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
    gc.freeze()  # as the companion process does after starting (companion.app.cli.run)
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


PEER_MISSING = (
    "OpenSpiel is not installed, so there is no comparison with it: install it with"
    " `pip install -e .[bench]` (PyPI: open-spiel) and run this again."
)
_DICE = re.compile(r"Dice: (\d)(\d)")
_SCORES = re.compile(r"Scores, X: (\d+), O: (\d+)")


def _openspiel_track(state: Any, player: int, borne_off: int) -> tuple[int, ...]:
    """An OpenSpiel player's checkers as our track (OpenSpiel's player 1 counts points down)."""
    track = [0] * 26
    for point in range(24):
        track[point + 1 if player == 0 else 24 - point] = state.board(player, point)
    track[25] = borne_off
    track[0] = 15 - sum(track)  # the rest wait on the bar
    return tuple(track)


def openspiel_board(state: Any, mover: int) -> Board:
    """Our board of an OpenSpiel Backgammon state, `mover` as seat 0."""
    scores = [int(score) for score in _SCORES.findall(str(state))[0]]
    tracks = [_openspiel_track(state, player, scores[player]) for player in (0, 1)]
    return Board(BACKGAMMON, (tracks[mover], tracks[1 - mover]))


PeerPosition = tuple[dict[tuple[int, int], Any], Board]
"""OpenSpiel's state after each of the 21 rolls, and our board of the position."""


def openspiel_positions(game: Any, count: int = COUNT, seed: int = SEED) -> list[PeerPosition]:
    """Positions reached in OpenSpiel's random games (see the module docstring)."""
    rng = random.Random(seed)
    state, rolls_seen = game.new_initial_state(), 0
    found: list[PeerPosition] = []
    while len(found) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            if len(outcomes) == 36:  # after the opening roll: the 36 ordered rolls
                rolls_seen += 1
                if rolls_seen % 2 == 0:
                    found.append(_rolled(state, outcomes))
            action = rng.choice(outcomes)[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
    return found


def _rolled(state: Any, outcomes: list[tuple[int, float]]) -> PeerPosition:
    children: dict[tuple[int, int], Any] = {}
    for outcome, _ in outcomes:
        child = state.child(outcome)
        high, low = sorted((int(die) for die in _DICE.findall(str(child))[0]), reverse=True)
        children.setdefault((high, low), child)
    some = next(iter(children.values()))
    return children, openspiel_board(some, some.current_player())


def openspiel_turn_ns(rolled: Any, double: bool) -> int:
    """CPU time OpenSpiel takes to list a whole turn (a double in two halves)."""
    clock = time.thread_time_ns
    if not double:
        start = clock()
        rolled.legal_actions()
        return clock() - start
    halves = [rolled.clone() for _ in rolled.legal_actions()]
    start = clock()
    for action, half in zip(rolled.legal_actions(), halves, strict=True):
        half.apply_action(action)
        half.legal_actions()
    return clock() - start


def ours_turn_ns(board: Board, roll: tuple[int, int]) -> int:
    """CPU time our generator takes to list a whole turn."""
    clock = time.thread_time_ns
    start = clock()
    legal_plays(board, 0, roll)
    return clock() - start


def compare_turns(positions: list[PeerPosition], repeat: int) -> dict[tuple[str, bool], float]:
    """Mean over (position, roll) of the fastest of `repeat` runs, in us, by engine and double."""
    times: dict[tuple[str, bool], list[int]] = {}
    for children, board in positions:
        for roll, rolled in children.items():
            double = roll[0] == roll[1]
            ours = min(ours_turn_ns(board, roll) for _ in range(repeat))
            theirs = min(openspiel_turn_ns(rolled, double) for _ in range(repeat))
            times.setdefault(("ours", double), []).append(ours)
            times.setdefault(("OpenSpiel", double), []).append(theirs)
    return {key: statistics.fmean(values) / 1000 for key, values in times.items()}


def openspiel_games_per_second(game: Any, games: int) -> float:
    """Random full games of OpenSpiel's Backgammon per CPU-second."""
    start = time.thread_time()
    for seed in range(games):
        rng, state = random.Random(seed), game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return games / (time.thread_time() - start)


def movement_games_per_second(games: int) -> float:
    """Random full games of our movement core per CPU-second (roll, legal plays, one chosen)."""
    start = time.thread_time()
    for seed in range(games):
        rng, board, mover = random.Random(seed), Board.start(BACKGAMMON), 0
        while not has_won(board, 1 - mover):
            plays = legal_plays(board, mover, (rng.randint(1, 6), rng.randint(1, 6)))
            if plays:
                board = rng.choice(plays).board
            mover = 1 - mover
    return games / (time.thread_time() - start)


def referee_games_per_second(games: int) -> float:
    """Random one-point games without the cube through the whole referee, per CPU-second."""
    from companion.games.autoplay import play_random
    from companion.games.backgammon import BACKGAMMON

    start = time.thread_time()
    for seed in range(games):
        state = BACKGAMMON.new(2, {"match_length": 1, "cube": False})
        play_random(state, random.Random(seed))
    return games / (time.thread_time() - start)


def report_openspiel(repeat: int, games: int) -> None:
    """Print ours against OpenSpiel's C++ Backgammon, or why there is no comparison."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print(PEER_MISSING)
        return
    game = pyspiel.load_game("backgammon")
    positions = openspiel_positions(game)
    means = compare_turns(positions, repeat)
    print(
        f"against OpenSpiel's C++ Backgammon, {len(positions)} positions of its random games"
        f" x 21 rolls, fastest of {repeat} runs, CPU time per whole turn:"
    )
    for double, label in ((False, "non-doubles"), (True, "doubles (whole turns)")):
        ours, theirs = means["ours", double], means["OpenSpiel", double]
        print(
            f"  {label:<22} ours {ours:7.1f} us   OpenSpiel {theirs:7.1f} us"
            f"   ours/OpenSpiel {ours / theirs:.2f}"
        )
    if games:
        theirs = openspiel_games_per_second(game, games)
        print(f"random full games, {games} each (CPU time), OpenSpiel {theirs:7.1f} games/s:")
        for label, rate in (
            ("movement core", movement_games_per_second(games)),
            ("whole referee", referee_games_per_second(games)),
        ):
            print(f"  ours, {label:<14} {rate:7.1f} games/s   ours/OpenSpiel {rate / theirs:.2f}")


def main() -> int:
    """Run the benchmark; returns the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regenerate", action="store_true", help="rebuild bench/positions.txt")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per (position, roll)")
    parser.add_argument("--games", type=int, default=50, help="random matches per game (0 = none)")
    parser.add_argument(
        "--peer-games", type=int, default=100, help="random full games against OpenSpiel"
    )
    args = parser.parse_args()
    if args.regenerate:
        POSITIONS.write_text(HEADER + "\n".join(generate_positions()) + "\n", encoding="utf-8")
        print(f"wrote {COUNT} positions to {POSITIONS.name}")
        return 0
    report_latency(args.repeat)
    if args.games:
        report_throughput(args.games)
    report_openspiel(args.repeat, args.peer_games)
    return 0


if __name__ == "__main__":
    sys.exit(main())
