"""No input crashes the companion: the real `companion` command, given what a new user might.

Every test runs the installed console script as a process of its own, with its
data directory and log in the test's temporary directory. A bad file or
argument is one sentence on stderr, exit 1 (2 for argparse's usage errors,
130 for Ctrl-C), and nothing is changed.
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

from companion.app.cli import build_parser
from tests.test_cli import every_parser

COMPANION = Path(sys.executable).with_name("companion")
MEMORY_BOUND_MB = 150
"""Far above what the command needs (about 30 MB), far below reading /dev/zero whole."""
TIMEOUT_S = 120
"""A command that hangs is killed after this long, and its test fails."""
OPENING_ID = "4HPwATDgc/ABMA"
SEVEN_GAMES = ("backgammon", "classic", "duo", "minigam", "multigam", "tiki", "yahtzee")


@dataclass(frozen=True)
class Finished:
    """A `companion` process that ended: its exit code, output and peak memory."""

    code: int
    out: str
    err: str
    max_rss_mb: float


def environment(tmp_path: Path) -> dict[str, str]:
    """The process environment with every data and configuration place inside `tmp_path`."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for name in ("STATE_DIRECTORY", "COMPANION_CONFIG"):
        env.pop(name, None)
    env["XDG_STATE_HOME"] = str(tmp_path / "state")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    env["HOME"] = str(tmp_path / "home")
    return env


MEASURED = (
    "import os, subprocess, sys\n"
    "child = subprocess.Popen(sys.argv[2:])\n"
    "_, status, usage = os.wait4(child.pid, 0)\n"
    "child.returncode = code = os.waitstatus_to_exitcode(status)\n"
    "with open(sys.argv[1], 'w') as peak:\n"
    "    peak.write(str(usage.ru_maxrss))\n"
    "sys.exit(code if code >= 0 else 128 - code)\n"
)
"""Runs a command and writes its peak memory (kilobytes) to a file. A small process of its
own starts the command: a process forked from the test run counts the test run's memory."""


def companion(tmp_path: Path, *argv: str, stdin: IO[bytes] | None = None) -> Finished:
    """Run `companion ARGV` to its end; a process still running after TIMEOUT_S is killed."""
    out_path, err_path = tmp_path / "stdout.txt", tmp_path / "stderr.txt"
    peak_path = tmp_path / "peak.txt"
    with out_path.open("wb") as out, err_path.open("wb") as err:
        process = subprocess.Popen(
            [sys.executable, "-c", MEASURED, str(peak_path), str(COMPANION), *argv],
            stdin=stdin if stdin is not None else subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            env=environment(tmp_path),
            cwd=tmp_path,
            start_new_session=True,
        )
        watchdog = threading.Timer(TIMEOUT_S, os.killpg, (process.pid, signal.SIGKILL))
        watchdog.start()
        try:
            process.wait()
        finally:
            watchdog.cancel()
    return Finished(
        process.returncode,
        out_path.read_text(encoding="utf-8", errors="replace"),
        err_path.read_text(encoding="utf-8", errors="replace"),
        int(peak_path.read_text()) / 1024 if peak_path.exists() else math.inf,
    )


def assert_one_sentence(finished: Finished, sentence: str, code: int = 1) -> None:
    """The process failed with `code` and said `sentence` on one line, with no traceback."""
    assert finished.code == code, finished
    assert "Traceback" not in finished.err
    lines = finished.err.splitlines()
    assert len(lines) == 1, lines
    assert sentence in lines[0]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    """A named pipe nobody writes to."""
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.fixture
def endless_writer(fifo: Path) -> Iterator[Path]:
    """A named pipe with a writer that would write forever, should anyone read it."""
    writer = subprocess.Popen(
        [sys.executable, "-c", f"f = open({str(fifo)!r}, 'wb')\nwhile True: f.write(b'x' * 65536)"]
    )
    yield fifo
    writer.kill()
    writer.wait()


# --- 1. files are read with a size limit, and only regular files --------------------------


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["demo", "--game", "classic", "--deck", "/dev/zero", "--db", "log.db"],
         "/dev/zero is a device, not a deck file: give the path of a deck file."),
        (["uno", "simulate", "--deck", "/dev/zero"],
         "/dev/zero is a device, not a deck file: give the path of a deck file."),
        (["bg", "plays", "--batch", "/dev/zero"],
         "/dev/zero is a device, not a batch file: give the path of a batch file."),
        (["config", "check", "/dev/zero"],
         "/dev/zero: is a device, not a configuration file (named by the command line)"),
    ],
)  # fmt: skip
def test_an_endless_device_is_refused_without_reading_it(
    tmp_path: Path, argv: list[str], sentence: str
) -> None:
    finished = companion(tmp_path, *argv)
    assert finished.code == 1
    assert sentence in finished.err
    assert "Traceback" not in finished.err
    assert finished.max_rss_mb < MEMORY_BOUND_MB
    assert not (tmp_path / "log.db").exists()


def test_one_endless_batch_line_on_standard_input_is_an_error_object_in_bounded_memory(
    tmp_path: Path,
) -> None:
    with open("/dev/zero", "rb") as zeros:
        finished = companion(tmp_path, "bg", "plays", "--batch", "-", stdin=zeros)
    assert finished.code == 1
    assert finished.max_rss_mb < MEMORY_BOUND_MB
    (answer,) = [json.loads(line) for line in finished.out.splitlines()]
    assert answer["error"].startswith("Line 1: longer than 1000000 characters")
    assert answer["error"].endswith("It has no end in sight: the batch stops there.")
    assert "Traceback" not in finished.err


def test_an_over_long_batch_line_gets_its_error_and_the_lines_after_it_are_answered(
    tmp_path: Path,
) -> None:
    start = "4HPwATDgc/ABMA"
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{start} 3 1\n{'x' * 5_000_000}\n{start} 6 5\n")
    finished = companion(tmp_path, "bg", "plays", "--batch", "batch.txt")
    assert finished.code == 1
    assert finished.max_rss_mb < MEMORY_BOUND_MB
    first, second, third = [json.loads(line) for line in finished.out.splitlines()]
    assert first["dice"] == [3, 1] and third["dice"] == [6, 5]
    assert second == {
        "error": "Line 2: longer than 1000000 characters; a batch line is a position and two dice."
    }
    assert "1 batch line could not be answered" in finished.err


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["uno", "simulate", "--deck", "pipe"],
         "pipe is a named pipe (FIFO), not a deck file: give the path of a deck file."),
        (["demo", "--game", "duo", "--deck", "pipe", "--db", "log.db"],
         "pipe is a named pipe (FIFO), not a deck file"),
        (["bg", "plays", "--batch", "pipe"],
         "pipe is a named pipe (FIFO), not a batch file: give the path of a batch file."),
        (["config", "check", "pipe"],
         "pipe: is a named pipe (FIFO), not a configuration file (named by the command line)"),
    ],
)  # fmt: skip
def test_a_named_pipe_with_no_writer_is_refused_at_once(
    tmp_path: Path, fifo: Path, argv: list[str], sentence: str
) -> None:
    finished = companion(tmp_path, *argv)
    assert finished.code == 1
    assert sentence in finished.err
    assert not (tmp_path / "log.db").exists()


def test_a_named_pipe_whose_writer_never_stops_is_refused_in_bounded_memory(
    tmp_path: Path, endless_writer: Path
) -> None:
    finished = companion(tmp_path, "uno", "simulate", "--deck", endless_writer.name)
    assert_one_sentence(finished, "pipe is a named pipe (FIFO), not a deck file")
    assert finished.max_rss_mb < MEMORY_BOUND_MB


def test_a_huge_regular_deck_file_is_refused_by_its_size(tmp_path: Path) -> None:
    with (tmp_path / "huge.toml").open("wb") as huge:  # sparse: no disk is written
        huge.seek(MEMORY_BOUND_MB * 2 * 1024 * 1024 - 1)
        huge.write(b"#")
    finished = companion(tmp_path, "uno", "simulate", "--deck", "huge.toml")
    assert_one_sentence(
        finished, "huge.toml holds 314572800 bytes, too many for a deck file (at most 262144)"
    )
    assert finished.max_rss_mb < MEMORY_BOUND_MB


# --- 2. nesting without end is a sentence, not a RecursionError --------------------------


def test_a_configuration_nested_a_thousand_deep_is_a_sentence(tmp_path: Path) -> None:
    (tmp_path / "deep.toml").write_text("a = " + "[" * 1000 + "]" * 1000 + "\n")
    finished = companion(tmp_path, "config", "check", "deep.toml")
    assert finished.code == 1
    assert "deep.toml: its values are nested too deeply to read" in finished.err
    assert "Recursion" not in finished.err


@pytest.mark.parametrize(
    ("name", "text"),
    [("deep.json", "[" * 1000 + "]" * 1000), ("deep.toml", "a = " + "[" * 1000 + "]" * 1000)],
)
def test_a_deck_file_nested_a_thousand_deep_is_a_sentence(
    tmp_path: Path, name: str, text: str
) -> None:
    (tmp_path / name).write_text(text + "\n")
    finished = companion(tmp_path, "uno", "simulate", "--deck", name)
    assert_one_sentence(finished, f"{name}, line 1: tables are nested too deeply")


def test_options_nested_thirty_thousand_deep_are_a_sentence(tmp_path: Path) -> None:
    argv = ["yahtzee", "simulate", "--players", "2", "--seed", "1", "--options", "[" * 30_000]
    finished = companion(tmp_path, *argv)
    assert_one_sentence(finished, "--options is nested too deeply to read")


# --- 3. Ctrl-C at any moment: one line, exit 130 -------------------------------------------


def demo_process(tmp_path: Path) -> subprocess.Popen[bytes]:
    argv = [str(COMPANION), "demo", "--game", "duo", "--pace", "0.05", "--db", "log.db"]
    return subprocess.Popen(
        [*argv, "--seed", "7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=environment(tmp_path),
        cwd=tmp_path,
    )


def test_ctrl_c_right_after_the_command_starts_leaves_no_traceback(tmp_path: Path) -> None:
    process = demo_process(tmp_path)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=TIMEOUT_S)
    # Before Python has started, the default action ends it (-SIGINT) with no output at all.
    assert process.returncode in (130, -signal.SIGINT)
    assert b"Traceback" not in err
    assert len(err.splitlines()) <= 1


@pytest.mark.parametrize("lines_first", [1, 2, 12])
def test_ctrl_c_during_a_match_prints_one_line_and_exits_130(
    tmp_path: Path, lines_first: int
) -> None:
    process = demo_process(tmp_path)
    assert process.stdout is not None
    for _ in range(lines_first):
        assert process.stdout.readline()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=TIMEOUT_S)
    assert process.returncode == 130
    assert b"Traceback" not in err
    assert err.decode().splitlines() == [
        "Stopped. Continue with: companion demo --resume --db log.db"
    ]


# --- 4. a path that is not a file says what it is ----------------------------------------


@pytest.mark.parametrize(
    ("path", "what"),
    [("/dev/zero", "a device"), ("/dev/null", "a device"), ("pipe", "a named pipe (FIFO)"),
     (".", "a directory")],
)  # fmt: skip
def test_config_check_says_what_a_path_that_is_no_file_is(
    tmp_path: Path, fifo: Path, path: str, what: str
) -> None:
    finished = companion(tmp_path, "config", "check", path)
    assert finished.code == 1
    assert f"{path}: is {what}, not a configuration file" in finished.err
    assert "no such" not in finished.err


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--game", "duo", "--pace", "0", "--db", "/dev/null"],
        ["history", "--db", "/dev/null"],
        ["demo", "--resume", "--db", "/dev/null"],
    ],
)
def test_the_event_log_cannot_be_a_device(tmp_path: Path, argv: list[str]) -> None:
    finished = companion(tmp_path, *argv)
    assert_one_sentence(
        finished, "The match log /dev/null is a device: the event log cannot be a device"
    )


def test_the_event_log_cannot_be_a_named_pipe(tmp_path: Path, fifo: Path) -> None:
    finished = companion(tmp_path, "history", "--db", "pipe")
    assert_one_sentence(finished, "The match log pipe is a named pipe (FIFO)")


# --- 5., 8. resuming: the same match, and its last step first ----------------------------


def killed_duo_match(tmp_path: Path, lines_first: int = 6) -> None:
    """A Duo match in tmp_path/log.db, SIGKILLed after it printed `lines_first` lines."""
    process = demo_process(tmp_path)
    assert process.stdout is not None
    for _ in range(lines_first):
        assert process.stdout.readline()
    process.kill()
    process.communicate(timeout=TIMEOUT_S)


def logged(tmp_path: Path) -> list[dict[str, object]]:
    finished = companion(tmp_path, "history", "--json", "--db", "log.db")
    assert finished.code == 0, finished
    matches: list[dict[str, object]] = json.loads(finished.out)
    return matches


@pytest.mark.parametrize(
    ("argv", "named"),
    [(["--game", "tiki"], ["--game tiki", "--game duo"]),
     (["--players", "3"], ["--players 3", "played by 2 players"]),
     (["--seed", "8"], ["--seed 8", "started with --seed 7"])],
)  # fmt: skip
def test_resume_refuses_a_game_players_or_seed_that_are_not_the_logged_matchs(
    tmp_path: Path, argv: list[str], named: list[str]
) -> None:
    killed_duo_match(tmp_path)
    before = logged(tmp_path)
    finished = companion(tmp_path, "demo", "--resume", "--db", "log.db", "--pace", "0", *argv)
    assert_one_sentence(finished, named[0])
    assert all(value in finished.err for value in named)
    assert logged(tmp_path) == before


def test_resume_goes_on_with_the_seed_the_match_was_started_with(tmp_path: Path) -> None:
    killed_duo_match(tmp_path)
    again = tmp_path / "again"
    again.mkdir()
    for part in tmp_path.glob("log.db*"):  # the log and its write-ahead log
        (again / part.name).write_bytes(part.read_bytes())
    without = companion(tmp_path, "demo", "--resume", "--db", "log.db", "--pace", "0")
    same = companion(again, "demo", "--resume", "--db", "log.db", "--pace", "0", "--seed", "7")
    assert without.code == same.code == 0, (without, same)
    assert without.out.splitlines()[-1] == same.out.splitlines()[-1]  # the same result


def test_resume_after_a_kill_first_shows_the_last_recorded_step(tmp_path: Path) -> None:
    killed_duo_match(tmp_path, lines_first=8)
    (match,) = logged(tmp_path)
    events = match["events"]
    assert isinstance(events, list)
    last = events[-1]
    finished = companion(tmp_path, "demo", "--resume", "--db", "log.db", "--pace", "0")
    assert finished.code == 0, finished
    first = finished.out.splitlines()[0]
    assert first == f"Resuming match 1 of UNO Duo after #{last['seq']} {last['text']}"


# --- 6. a damaged log ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def sound_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A log of six finished Mini-Gam matches, made once by `companion demo`."""
    tmp_path = tmp_path_factory.mktemp("sound")
    for seed in range(6):
        argv = ["demo", "--game", "minigam", "--pace", "0", "--seed", str(seed), "--db", "log.db"]
        assert companion(tmp_path, *argv).code == 0
    return tmp_path / "log.db"


def damaged_log(tmp_path: Path, sound_log: Path, where: str) -> None:
    """tmp_path/log.db: `sound_log` with 3,000 bytes overwritten in one page.

    `where`: "middle" (a page of events some matches in) or "end" (the last page but
    one: the last is not always checked by SQLite).
    """
    data = bytearray(sound_log.read_bytes())
    pages = len(data) // 4096
    page = int(pages * 0.6) if where == "middle" else pages - 2
    start = page * 4096 + 100
    data[start : start + 3000] = b"\xff" * 3000
    (tmp_path / "log.db").write_bytes(bytes(data))


@pytest.mark.parametrize("where", ["middle", "end"])
def test_history_of_a_damaged_log_lists_the_matches_before_the_damage_and_changes_nothing(
    tmp_path: Path, sound_log: Path, where: str
) -> None:
    damaged_log(tmp_path, sound_log, where)
    before = (tmp_path / "log.db").read_bytes()
    finished = companion(tmp_path, "history", "--db", "log.db")
    assert finished.code == 1
    assert finished.out.startswith("#1  Mini-Gam  finished")
    assert_plain_damage_sentence(finished, "The match log log.db is damaged: ")
    assert "sqlite3 log.db" in finished.err
    assert (tmp_path / "log.db").read_bytes() == before


@pytest.mark.parametrize("where", ["middle", "end"])
def test_a_demo_on_a_damaged_log_keeps_the_readable_matches_in_a_fresh_log(
    tmp_path: Path, sound_log: Path, where: str
) -> None:
    damaged_log(tmp_path, sound_log, where)
    argv = ["demo", "--game", "minigam", "--pace", "0", "--seed", "9", "--db", "log.db"]
    finished = companion(tmp_path, *argv)
    assert finished.code == 0
    assert_plain_damage_sentence(finished, "The match log log.db was damaged: ")
    (moved,) = tmp_path.glob("log.db.damaged-*[0-9Z]")
    assert f"moved to {moved.name}; look at it with: sqlite3 {moved.name}" in finished.err
    history = companion(tmp_path, "history", "--db", "log.db")
    assert history.code == 0
    lines = history.out.splitlines()
    assert lines[0].startswith("#1  Mini-Gam  finished")
    assert len(lines) >= 2  # the kept matches and the new one
    assert len(lines) < 7  # the damaged match and those after it are not


def assert_plain_damage_sentence(finished: Finished, start: str) -> None:
    (line,) = [line for line in finished.err.splitlines() if "damaged" in line]
    assert line.startswith(f"companion: {start}")
    for internal in ("page", "tree", "***", "integrity", "Rowid", "malformed"):
        assert internal not in line


# --- 7. batches: a byte-order mark, and failed lines -------------------------------------


@pytest.mark.parametrize(
    ("command", "line"),
    [("bg", f"{OPENING_ID} 3 1"), ("minigam", "start 6 5"),
     ("multigam", "1:5-000000-0:0-200003-0:5-000000-0:5-000000-0 2 1")],
)  # fmt: skip
def test_a_batch_file_starting_with_a_byte_order_mark_is_read(
    tmp_path: Path, command: str, line: str
) -> None:
    (tmp_path / "batch.txt").write_bytes(b"\xef\xbb\xbf" + line.encode() + b"\n")
    finished = companion(tmp_path, command, "plays", "--batch", "batch.txt")
    assert (finished.code, finished.err) == (0, "")
    (answer,) = [json.loads(text) for text in finished.out.splitlines()]
    assert answer["plays"]


def test_a_batch_with_a_failed_line_writes_every_line_and_exits_1(tmp_path: Path) -> None:
    lines = [f"{OPENING_ID} 3 1", "nonsense 3 1", f"{OPENING_ID} 7 1", f"{OPENING_ID} 6 5"]
    (tmp_path / "batch.txt").write_text("\n".join(lines) + "\n")
    finished = companion(tmp_path, "bg", "plays", "--batch", "batch.txt")
    assert finished.code == 1
    answers = [json.loads(text) for text in finished.out.splitlines()]
    assert [set(answer) for answer in answers] == [
        {"position_id", "dice", "plays"}, {"error"}, {"error"}, {"position_id", "dice", "plays"}
    ]
    assert_one_sentence(finished, "2 batch lines could not be answered")


# --- 9., 10. the configuration and the help ----------------------------------------------


def test_a_pi_on_the_gpio_backend_is_not_warned_about_its_own_default_speed(
    tmp_path: Path,
) -> None:
    (tmp_path / "pi.toml").write_text('backend = "gpio"\n')
    finished = companion(tmp_path, "config", "check", "pi.toml")
    assert (finished.code, finished.err) == (0, "")


def test_a_configuration_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    (tmp_path / "bom.toml").write_bytes(b'\xef\xbb\xbfbackend = "gpio"\n')
    finished = companion(tmp_path, "config", "check", "bom.toml")
    assert (finished.code, finished.err) == (0, "")
    assert 'backend = "gpio"' in finished.out


def test_the_printed_default_file_with_the_gpio_backend_chosen_does_not_warn(
    tmp_path: Path,
) -> None:
    """The Pi's set-up: `config default` into a file, then uncomment the backend."""
    printed = companion(tmp_path, "config", "default")
    assert printed.code == 0 and '# backend = "gpio"' in printed.out
    chosen = printed.out.replace('# backend = "gpio"', 'backend = "gpio"', 1)
    (tmp_path / "pi.toml").write_text(chosen)
    finished = companion(tmp_path, "config", "check", "pi.toml")
    assert (finished.code, finished.err) == (0, "")


def test_every_subcommand_has_a_description() -> None:
    for name, parser in every_parser():
        assert parser.description, name


def test_the_dice_help_says_each_die_is_1_to_6() -> None:
    for name, parser in every_parser():
        for action in parser._actions:
            if "--dice" in action.option_strings:
                assert "1-6" in (action.help or ""), name


def test_demo_help_lists_the_seven_games(tmp_path: Path) -> None:
    finished = companion(tmp_path, "demo", "--help")
    assert finished.code == 0
    game_help = " ".join(finished.out.rsplit("--game GAME", 1)[1].split("--players")[0].split())
    assert game_help == "the game to play (one of the games listed below)"
    listed = " ".join(finished.out.rsplit("Games:", 1)[1].split())
    assert listed == f"{', '.join(SEVEN_GAMES)}."
    assert build_parser().prog == "companion"
