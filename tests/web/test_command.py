"""`companion web` as a process of its own: what it prints, what it serves, how it stops.

Each test starts `python -m companion web` on a port the system picks (`--port 0`),
reads the address it prints and talks to it over HTTP, as a phone would.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import selectors
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.event_log.store import Store
from companion.table import NewMatch, Table, default_players
from tests.web.conftest import play

REPO = Path(__file__).resolve().parents[2]
START_WAIT_S = 30.0
"""Only a guard against a hung start: the command prints its address within a second or two."""
ADDRESS_LINE = re.compile(r"Phone page: http://(\S+):(\d+)/")
PIN_LINE = re.compile(r"Table PIN: (\d+)")


class Running:
    """A `companion web` process and the lines it printed on starting."""

    def __init__(self, process: subprocess.Popen[str], lines: list[str]) -> None:
        self.process = process
        self.lines = lines
        found = ADDRESS_LINE.fullmatch(lines[0])
        assert found is not None, lines
        self.port = int(found.group(2))

    def get(self, path: str) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()

    def stop(self, signum: int) -> tuple[int, str, str]:
        """Send `signum`; the exit code and the rest of stdout and stderr.

        How soon it stops is a figure of bench/startup.py, not a test: on a busy machine the
        seconds would be the load's. A stop that waited for the open stream to end would not
        end before START_WAIT_S, and fails here."""
        self.process.send_signal(signum)
        out, err = self.process.communicate(timeout=START_WAIT_S)
        return self.process.returncode, out, err


Starter = Callable[..., Running]


def command(log: Path, config: Path, port: int = 0) -> list[str]:
    return [sys.executable, "-m", "companion", "web", "--port", str(port), "--db", str(log),
            "--config", str(config)]  # fmt: skip


def write_config(directory: Path, extra: str = "") -> Path:
    """A config on the simulated devices (a Pi's own pins are never touched by a test)."""
    path = directory / "config.toml"
    path.write_text(f'backend = "sim"\n{extra}', encoding="utf-8")
    return path


def read_lines(process: subprocess.Popen[str], count: int) -> list[str]:
    """The first `count` lines of stdout, or a failure saying what the process wrote instead.

    Read from the pipe itself, byte by byte as they come, so that nothing after
    those lines is held in a buffer `communicate()` would not see.
    """
    assert process.stdout is not None
    printed = b""
    deadline = time.monotonic() + START_WAIT_S
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        while printed.count(b"\n") < count:
            if not selector.select(timeout=max(0.0, deadline - time.monotonic())):
                process.kill()
                pytest.fail(f"companion web printed only {printed!r} in {START_WAIT_S} s")
            byte = os.read(process.stdout.fileno(), 1)
            if not byte:
                _, err = process.communicate()
                pytest.fail(f"companion web ended early: {printed!r} {err}")
            printed += byte
    return printed.decode().splitlines()


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Starter]:
    started: list[subprocess.Popen[str]] = []

    def starting(config: Path, log: Path | None = None) -> Running:
        process = subprocess.Popen(
            command(log or tmp_path / "companion.db", config),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        started.append(process)
        return Running(process, read_lines(process, 3))

    yield starting
    for process in started:
        if process.poll() is None:
            process.kill()
            process.communicate()


def unfinished_match(log: Path) -> tuple[int, int]:
    """A log whose backgammon match is under way; its id and its last event's seq."""
    with Store.open(log) as store, Table(store) as table:
        table.post(NewMatch("backgammon", default_players(2), {})).result()
        snapshot = play(table, 6)
        return snapshot.match_id, snapshot.seq


def test_it_resumes_the_match_in_the_log_and_prints_the_address_and_the_pin(
    tmp_path: Path, start: Starter
) -> None:
    log = tmp_path / "companion.db"
    match_id, seq = unfinished_match(log)
    running = start(write_config(tmp_path, '[web]\npin = "2468"\n'), log)
    assert running.lines[1:] == ["Table PIN: 2468", "Stop with Ctrl-C."]
    status, body = running.get("/api/state")
    assert status == 200
    match = json.loads(body)["match"]
    assert (match["id"], match["seq"], match["game"]) == (match_id, seq, "backgammon")
    running.stop(signal.SIGTERM)


def test_the_page_is_in_the_language_the_table_is_set_to(tmp_path: Path, start: Starter) -> None:
    running = start(write_config(tmp_path, '[screen]\nlanguage = "cy"\n'))
    status, page = running.get("/")
    assert status == 200
    assert '<html lang="cy">' in page
    running.stop(signal.SIGTERM)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_stop_signal_with_a_stream_open_ends_it_cleanly_with_exit_code_0(
    tmp_path: Path, start: Starter, signum: int
) -> None:
    log = tmp_path / "companion.db"
    running = start(write_config(tmp_path), log)
    assert PIN_LINE.fullmatch(running.lines[1]) is not None
    assert len(PIN_LINE.fullmatch(running.lines[1]).group(1)) == 6  # a fresh PIN per start
    live = http.client.HTTPConnection("127.0.0.1", running.port, timeout=10)
    live.request("GET", "/api/events")
    stream = live.getresponse()
    assert stream.status == 200
    assert stream.read(len(b"retry: 3000\n\n")) == b"retry: 3000\n\n"
    code, out, err = running.stop(signum)
    live.close()
    assert code == 0, err
    assert out == "The phone page has stopped and the log is closed.\n"
    assert "Traceback" not in err
    assert not log.with_name(f"{log.name}-wal").exists()  # SQLite removes it on a clean close


def test_a_port_in_use_is_one_sentence_naming_it_and_exit_code_1(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            command(tmp_path / "companion.db", write_config(tmp_path), port),
            capture_output=True, text=True, cwd=REPO, timeout=START_WAIT_S,
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"companion: The phone page cannot listen on port {port} ")
    assert lines[0].count(". ") == 0 and lines[0].endswith(".")
