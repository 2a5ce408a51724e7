"""Crash recovery with real processes: SIGKILL the demo at random moments, resume, repeat.

Five kills for each of the seven games (35 in all), half of them after a
random number of printed commands and half after a random time, which may
land while Python starts, while the log is opened and replayed, or while a
match is being created.

Every command line the demo printed before it was killed must be in the log;
the match rebuilt by replay must equal the match rebuilt from scratch and the
state the killed process last showed; and the match must finish. This runs
every registered game (and Tally, the tests' own game), so it is also the
check that `companion demo` plays each game to the end.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.event_log.store import Store
from companion.games.base import RuleError
from companion.games.registry import game_specs
from companion.table import NewMatch, default_players
from companion.table.state_text import canonical_json, sha
from tests.table.conftest import open_table, rebuild_from_scratch
from tests.table.tally import TALLY

REPO = Path(__file__).resolve().parents[2]
GAMES = {**game_specs(), "tally": TALLY}
KILLS_PER_GAME = 5
"""Kills per real game: 7 games x 5 = 35, beyond the 30 asked for; Tally gets them too."""
assert KILLS_PER_GAME * len(game_specs()) >= 30
LINE = re.compile(r"^#(\d+) (.+)$")
QUICK_TARGET = 30


@dataclass(frozen=True)
class Kill:
    """When to SIGKILL the demo: after it printed `lines` command lines, or after `seconds`.

    Timed kills land anywhere: while Python starts, while the log is opened and
    the match replayed, while a match is created, or between commands.
    """

    lines: int | None = None
    seconds: float | None = None


def random_kill(rng: random.Random) -> Kill:
    if rng.random() < 0.5:
        return Kill(seconds=rng.uniform(0.0, 1.5))
    return Kill(lines=rng.randint(1, 40))


def demo_command(game: str) -> list[str]:
    if game == "tally":
        return [sys.executable, "-m", "tests.table.tally", "demo"]
    return [sys.executable, "-m", "companion", "demo"]


def run_demo(arguments: list[str], kill: Kill | None) -> tuple[list[str], int]:
    """Run the demo, SIGKILL it as `kill` says (None: let it finish).

    Returns every line it printed (all output up to its death) and its exit status.
    """
    process = subprocess.Popen(
        arguments, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=REPO,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    assert process.stdout is not None
    output = b""
    if kill is not None and kill.seconds is not None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=kill.seconds)
        process.send_signal(signal.SIGKILL)
    elif kill is not None and kill.lines is not None:
        printed = 0
        while printed < kill.lines:
            line = process.stdout.readline()
            if not line:
                break
            output += line
            printed += line.startswith(b"#")
        process.send_signal(signal.SIGKILL)
    output += process.stdout.read()
    process.stdout.close()
    status = process.wait(timeout=300)
    return output.decode(errors="replace").split("\n"), status


def check_printed_lines_are_logged(store: Store, match_id: int, lines: list[str]) -> int:
    """Every '#seq text' line printed is the logged event with that seq; returns how many."""
    logged = {event.seq: event.text for event in store.events(match_id)}
    count = 0
    for number, line in enumerate(lines):
        if not line.startswith("#"):
            continue
        if number == len(lines) - 1:  # cut off mid-line by the kill: what was printed is logged
            seq_text, _, rest = line[1:].partition(" ")
            if seq_text.isdigit() and rest:
                assert logged[int(seq_text)].startswith(rest)
            continue
        found = LINE.match(line)
        assert found, line
        assert logged.get(int(found[1])) == found[2], line
        count += 1
    return count


def check_replay(db: Path, game: str, match_id: int) -> None:
    """The table's replay equals a rebuild from scratch and the state last shown."""
    with Store.open(db) as store, open_table(store, games=GAMES) as table:
        record = store.match(match_id)
        events = store.events(match_id)
        snapshot = table.snapshot
        assert table.notices == []
    assert record is not None
    from_scratch = rebuild_from_scratch(GAMES[game], len(record.players), record.options, events)
    if record.status == "playing":
        assert snapshot is not None and snapshot.match_id == match_id
        assert canonical_json(GAMES[game].state_from_json(json.loads(snapshot.state_json))) == (
            from_scratch
        )
    assert not events or sha(from_scratch) == events[-1].state_sha


def quick_options(game: str) -> dict[str, int]:
    """A short match where the game has a target score, to keep the tests' time modest.

    Games without one play with their defaults. (A target is probed, not
    assumed: a game that refuses it simply plays a full match.)
    """
    spec = GAMES[game]
    try:
        spec.new(spec.min_players, {"target": QUICK_TARGET})
    except RuleError:
        return {}
    return {"target": QUICK_TARGET}


def start_quick_match(db: Path, game: str, seed: int) -> None:
    """Put a short match seeded with `seed` on the table for `demo --resume` to play."""
    spec = GAMES[game]
    with Store.open(db) as store, open_table(store, games=GAMES) as table:
        players = default_players(spec.min_players)
        command = NewMatch(game, players, quick_options(game), seed=seed)
        assert table.post(command).result(timeout=30).applied


def play_one_match(
    db: Path, game: str, seed: int, rng: random.Random, kills_wanted: int
) -> tuple[int, int]:
    """Start a demo match, SIGKILL it up to `kills_wanted` times, resume until it is over.

    Games with a target score start a short match through the table and the
    demo resumes it from the first run on; the others start with `demo --game`
    (again, if a kill came before the match was made). Returns (kills that
    really killed the demo, command lines checked).
    """
    base = [*demo_command(game), "--pace", "0", "--db", str(db), "--seed", str(seed)]
    start = [*base, "--game", game, "--players", str(GAMES[game].min_players)]
    known = matches_in(db)
    if quick_options(game):
        start_quick_match(db, game, seed)
        start = [*base, "--resume"]
    kills = checked = 0
    for _ in range(kills_wanted + 20):
        kill = random_kill(rng) if kills < kills_wanted else None
        started = matches_in(db) > known
        lines, status = run_demo([*base, "--resume"] if started else start, kill)
        if status == -signal.SIGKILL:
            kills += 1
        else:
            assert status == 0, lines[-3:]
        if matches_in(db) == known:
            continue  # killed before the match was made: start it again
        with Store.open(db) as store:
            record = store.matches()[-1]
            checked += check_printed_lines_are_logged(store, record.id, lines)
        check_replay(db, game, record.id)
        if record.status == "finished":
            assert record.result is not None
            return kills, checked
    raise AssertionError(f"the {game} match did not finish")


def matches_in(db: Path) -> int:
    """How many matches the log holds (0 when it does not exist yet)."""
    if not db.exists():
        return 0
    with Store.open(db) as store:
        return len(store.matches())


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_killed_demo_resumes_without_losing_a_shown_command_and_finishes(
    tmp_path: Path, game: str
) -> None:
    rng = random.Random(game)
    kills = checked = 0
    for seed in range(20):
        if kills >= KILLS_PER_GAME:
            break
        made, lines = play_one_match(tmp_path / "crash.db", game, seed, rng, KILLS_PER_GAME - kills)
        kills, checked = kills + made, checked + lines
    assert kills >= KILLS_PER_GAME and checked > 0
