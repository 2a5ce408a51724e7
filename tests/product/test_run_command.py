"""`companion run` as a process of its own: what it prints, how it stops, what a taken port
does with and without the screen, and that a SIGKILL at any moment loses no answered move."""

from __future__ import annotations

import http.client
import os
import random
import selectors
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from companion.event_log.store import Store
from tests.product.phone import Phone
from tests.web.test_command import (
    REPO,
    START_WAIT_S,
    read_lines,
    unfinished_match,
    write_config,
)

ADDRESS = "Phone page: http://"


def run_command(log: Path, config: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "companion", "run", "--db", str(log), "--config", str(config),
            *extra]  # fmt: skip


def start(log: Path, config: Path, *extra: str) -> tuple[subprocess.Popen[str], list[str]]:
    """`companion run --no-ui --port 0`, once it printed its address, PIN and stop line."""
    process = subprocess.Popen(
        run_command(log, config, "--no-ui", "--port", "0", *extra),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )  # fmt: skip
    return process, read_lines(process, 3)


@pytest.fixture
def processes() -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
        process.communicate()


def read_until(process: subprocess.Popen[str], text: str) -> str:
    """Standard error up to the line holding `text` (the log says what the product did)."""
    assert process.stderr is not None
    read = b""
    deadline = time.monotonic() + START_WAIT_S
    with selectors.DefaultSelector() as selector:
        selector.register(process.stderr, selectors.EVENT_READ)
        while text.encode() not in read:
            if not selector.select(timeout=max(0.0, deadline - time.monotonic())):
                pytest.fail(f"no {text!r} in {START_WAIT_S} s: {read!r}")
            byte = os.read(process.stderr.fileno(), 1)
            if not byte:
                pytest.fail(f"companion run ended before {text!r}: {read!r}")
            read += byte
    return read.decode()


def port_of(lines: list[str]) -> int:
    assert lines[0].startswith(ADDRESS), lines
    return int(lines[0].rsplit(":", 1)[1].rstrip("/"))


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_without_the_screen_it_serves_the_match_in_the_log_and_stops_cleanly_on_a_signal(
    tmp_path: Path, processes: list[subprocess.Popen[str]], signum: int
) -> None:
    log = tmp_path / "companion.db"
    match_id, seq = unfinished_match(log)
    process, lines = start(log, write_config(tmp_path, '[web]\npin = "2468"\n'))
    processes.append(process)
    assert lines[1:] == ["Table PIN: 2468", "No screen: serving the phone page only. Stop with"
                         " Ctrl-C."]
    phone = Phone(port_of(lines), "2468")
    match = phone.state()
    assert (match["id"], match["seq"]) == (match_id, seq)
    process.send_signal(signum)
    out, err = process.communicate(timeout=START_WAIT_S)
    assert process.returncode == 0, err
    assert "The companion has stopped and the log is closed." in err
    assert "Traceback" not in err and out == ""
    assert not log.with_name(f"{log.name}-wal").exists()  # SQLite removes it on a clean close


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_with_the_screen_a_stop_signal_closes_everything_with_exit_code_0(
    tmp_path: Path, processes: list[subprocess.Popen[str]], signum: int
) -> None:
    log = tmp_path / "companion.db"
    process = subprocess.Popen(
        run_command(log, write_config(tmp_path), "--port", "0", "--size", "800x480"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "SDL_VIDEODRIVER": "offscreen"},
    )  # fmt: skip
    processes.append(process)
    lines = read_lines(process, 2)
    phone = Phone(port_of(lines), lines[1].removeprefix("Table PIN: "))
    phone.new_match("tiki", ["Ana", "Ben", "Cleo"], {"mode": "referee"})
    shown = read_until(process, "First frame on screen.")
    process.send_signal(signum)
    _, err = process.communicate(timeout=START_WAIT_S)
    assert process.returncode == 0, err
    err = shown + err
    assert "Traceback" not in err
    assert "The companion has stopped and the log is closed." in err
    assert not log.with_name(f"{log.name}-wal").exists()


def test_without_the_screen_a_taken_port_is_one_sentence_naming_it_and_exit_code_1(
    tmp_path: Path,
) -> None:
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            run_command(tmp_path / "companion.db", write_config(tmp_path), "--no-ui",
                        "--port", str(port)),
            capture_output=True, text=True, cwd=REPO, timeout=START_WAIT_S,
        )  # fmt: skip
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"companion: The phone page cannot listen on port {port} ")


def test_with_the_screen_a_taken_port_is_said_on_it_and_the_table_still_plays(
    tmp_path: Path,
) -> None:
    script = tmp_path / "play.script"
    script.write_text("expect cannot listen on port\nexpect Phones off\ntap phones\n"
                      "expect stop the program that may use it\nnew backgammon\n"
                      "roll 3 1\nexpect Ana\n", encoding="utf-8")
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            run_command(tmp_path / "companion.db", write_config(tmp_path), "--headless",
                        "--script", str(script), "--port", str(port)),
            capture_output=True, text=True, cwd=REPO, timeout=START_WAIT_S,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"cannot listen on port {port}" in done.stderr  # the journal says it too
    with Store.open(tmp_path / "companion.db") as store:
        match = store.unfinished_match()
        assert match is not None and len(store.events(match.id)) >= 1  # the roll is kept


def test_a_sigkill_at_any_moment_loses_no_answered_move(
    tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    """Twenty times: a phone keeps playing while the whole product is killed at a random
    moment (SIGKILL: nothing gets to close), then started again. The match resumes where
    the log says, every move the companion answered is in the log, and play goes on.

    The moments are random on purpose; what is checked holds whenever the kill lands.
    """
    log = tmp_path / "companion.db"
    config = write_config(tmp_path, '[web]\npin = "2468"\n')
    rng = random.Random(20)
    answered: dict[int, list[int]] = {}  # match id: the seqs the companion answered
    match_id = 0
    for _ in range(20):
        process, lines = start(log, config)
        processes.append(process)
        phone = Phone(port_of(lines), "2468")
        state = phone.state()
        if match_id and state is None:  # the match ended before the kill: so says the log
            status, shown = phone.request("GET", f"/api/matches/{match_id}?last=0")
            assert (status, shown["status"]) == (200, "finished")
        elif match_id:  # the match resumed, at least where the last answer left it
            assert state["id"] == match_id
            assert state["seq"] >= max(answered[match_id], default=0)
        if state is None or state["is_over"]:
            match_id = phone.new_match("backgammon", ["Ana", "Ben"], {"match_length": 5})
            phone.answered.clear()
            answered[match_id] = []
        with ThreadPoolExecutor(1) as worker:
            playing = worker.submit(_play_until_gone, phone, rng.random())
            time.sleep(rng.uniform(0.02, 0.4))
            process.kill()
            process.communicate()
            playing.result()  # a refused move or a server error fails the test here
        answered[match_id].extend(phone.answered)
    with Store.open(log) as store:
        for match, seqs in answered.items():
            stored = {event.seq for event in store.events(match)}
            assert set(seqs) <= stored, match
    assert sum(len(seqs) for seqs in answered.values()) > 20  # the phone did play


def _play_until_gone(phone: Phone, seed: float) -> None:
    """Play random moves until the companion stops answering (it was killed)."""
    rng = random.Random(seed)
    try:
        while not phone.state()["is_over"]:
            phone.play_one(rng)  # fails the test (AssertionError) on a refused move
    except (OSError, http.client.HTTPException):  # the product was killed under the phone
        return


@pytest.mark.parametrize("extra", [["--size", "800x480"], ["--rotate", "90"],
                                   ["--script", "x.script"], ["--headless"]])
def test_screen_options_without_a_screen_are_refused_in_a_sentence(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.app.cli import main

    assert main(["run", "--no-ui", *extra]) == 1
    err = capsys.readouterr().err
    assert err.startswith("companion: --") and "--no-ui" in err and err.endswith(".\n")
