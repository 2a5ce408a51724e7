"""A soak of the phone page: phones playing whole matches of every game, for minutes.

Figures, not pass/fail (issue 25's goal in brackets):

- the server's resident memory, threads and open files at the start and after
  every minute, and how much the memory moved from minute one to the last
  [at most +15 MB from minute one to minute ten];
- what the phones were answered against what the log holds: every applied
  change a phone was answered (its match and seq) must be in the log, and
  every event of the log must have been answered to some phone.

The companion runs as the product does, `companion run --no-ui` on a fresh log in
a child process (its memory is what is measured). `--phones` phones (threads of
this process, one keep-alive connection each) take turns at one table: each reads
`GET /api/state`, then starts the next game of the rotation when the match is
over (every game the table knows, with short rule options), asks for the
pending chance (`POST /api/chance`), or plays one of the legal actions listed,
at random. Two phones often act on the same state: the table refuses the later
one, as it would at a table. `--streams` live streams (`GET /api/events`) are
read throughout by one selector thread and reopened when the server recycles
them.

Each change says the match and the seq it was made against (docs/web.md), so
that a change the table moved past is refused rather than applied to a state
the phone did not see.

    .venv/bin/python bench/soak.py [--minutes 10] [--phones 8] [--streams 30] [--without-seq]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

PIN = "4821"
START_WAIT_S = 60.0
MEMORY_GOAL_MB = 15.0
SHORT_OPTIONS: dict[str, dict[str, object]] = {
    "backgammon": {"match_length": 1},
    "minigam": {"wins_needed": 1},
    "multigam": {"games": 1},
    "classic": {"mode": "referee", "target": 50},
    "tiki": {"mode": "referee", "target": 50},
    "duo": {"mode": "referee", "target": 50},
    "yahtzee": {},
}
"""Each game with options that keep a match to minutes (UNO refereed, as at a table)."""
PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]
PLAYER_COUNTS = {"multigam": 4}
"""Players of each game (two where it is not named here)."""
CONFIG = f"""
[web]
pin = "{PIN}"

[tray]
enabled = false
"""


@dataclass
class Tally:
    """What the phones were answered, shared by their threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    applied: set[tuple[int, int]] = field(default_factory=set)
    """(match id, seq) of every change a phone was answered as applied."""
    matches: set[int] = field(default_factory=set)
    statuses: dict[int, int] = field(default_factory=dict)
    finished: int = 0
    failures: list[str] = field(default_factory=list)
    sentences: dict[int, str] = field(default_factory=dict)
    """The first refusal's sentence of each status."""

    def answered(self, status: int, answer: dict, match_id: int | None) -> None:
        """Count one answer; an applied change by the match the answer names (the match the
        phone read, from a server whose answers do not name one)."""
        match_id = answer.get("id", match_id)
        seq = answer.get("seq")
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if "error" in answer:
                self.sentences.setdefault(status, str(answer["error"])[:160])
            if status in (200, 201) and match_id is not None and seq is not None:
                self.applied.add((match_id, seq))
                self.matches.add(match_id)


class Phone:
    """One phone at the table: a keep-alive connection that reads, starts, rolls and plays."""

    def __init__(
        self, port: int, number: int, tally: Tally, stop: threading.Event, with_seq: bool
    ) -> None:
        self.port = port
        self.with_seq = with_seq
        self.rng = random.Random(number)
        self.tally = tally
        self.stop = stop
        self.games = list(SHORT_OPTIONS)
        self.next_game = number % len(self.games)
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def ask(self, method: str, path: str, body: object = None) -> tuple[int, dict]:
        headers = {"X-Table-PIN": PIN}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in range(2):
            try:
                self.connection.request(method, path, body=data, headers=headers)
                response = self.connection.getresponse()
                return response.status, json.loads(response.read() or b"{}")
            except (OSError, http.client.HTTPException):
                # The server may close a keep-alive connection between two requests.
                self.connection.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def turn(self) -> None:
        _, state = self.ask("GET", "/api/state")
        match = state.get("match")
        if match is None or match["is_over"]:
            if match is not None:
                with self.tally.lock:
                    self.tally.finished += 1
            game = self.games[self.next_game % len(self.games)]
            self.next_game += 1
            players = PLAYERS[: PLAYER_COUNTS.get(game, 2)]
            body = {"game": game, "players": players, "options": SHORT_OPTIONS[game]}
            if self.with_seq and match is not None:
                body["abandon"] = match["id"]  # over already: nothing is abandoned
            status, answer = self.ask("POST", "/api/matches", body)
            self.tally.answered(status, answer, None)
            return
        against = {"match": match["id"], "seq": match["seq"]} if self.with_seq else {}
        if match["chance"] is not None:
            status, answer = self.ask("POST", "/api/chance", against or None)
        elif match["legal_actions"]:
            action = self.rng.choice(match["legal_actions"])
            status, answer = self.ask("POST", "/api/actions", {**action, **against})
        else:
            return
        self.tally.answered(status, answer, match["id"])

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                self.turn()
        except Exception as error:  # the figures say so rather than a thread dying silently
            with self.tally.lock:
                self.tally.failures.append(f"{type(error).__name__}: {error}")
        finally:
            self.connection.close()


class Streams:
    """`count` live streams read by one thread, each reopened when the server ends it."""

    def __init__(self, port: int, count: int, stop: threading.Event) -> None:
        self.port = port
        self.count = count
        self.stop = stop
        self.events = 0
        self.reopened = 0
        self.selector = selectors.DefaultSelector()
        self.thread = threading.Thread(target=self._read, name="streams", daemon=True)

    def _open(self) -> None:
        stream = socket.create_connection(("127.0.0.1", self.port))
        stream.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
        stream.setblocking(False)
        self.selector.register(stream, selectors.EVENT_READ)

    def _read(self) -> None:
        for _ in range(self.count):
            self._open()
        while not self.stop.is_set():
            for key, _ in self.selector.select(timeout=0.5):
                stream = key.fileobj
                assert isinstance(stream, socket.socket)
                try:
                    chunk = stream.recv(1 << 16)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if chunk:
                    self.events += chunk.count(b"event: state")
                    continue
                self.selector.unregister(stream)
                stream.close()
                self.reopened += 1
                self._open()
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()  # type: ignore[union-attr]


def server_figures(pid: int) -> tuple[float, int, int]:
    """Resident memory in MB, threads and open files of process `pid`."""
    status = Path(f"/proc/{pid}/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    rss_mb = int(fields["VmRSS"].split()[0]) / 1024
    return rss_mb, int(fields["Threads"]), len(os.listdir(f"/proc/{pid}/fd"))


def start_companion(folder: Path) -> tuple[subprocess.Popen[str], int]:
    """`companion run --no-ui` on a fresh log in `folder`; the process and its port."""
    config = folder / "config.toml"
    config.write_text(CONFIG)
    child = subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--no-ui", "--port", "0",
         "--db", str(folder / "companion.db"), "--config", str(config)],
        stdout=subprocess.PIPE, stderr=(folder / "stderr.log").open("w"), text=True,
    )  # fmt: skip
    assert child.stdout is not None
    deadline = time.monotonic() + START_WAIT_S
    while time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        if line.startswith("Phone page: "):
            port = int(line.rsplit(":", 1)[1].strip("/\n"))
            threading.Thread(target=child.stdout.read, daemon=True).start()  # drain the rest
            return child, port
    child.kill()
    raise SystemExit(f"the companion did not start; see {folder / 'stderr.log'}")


def logged_events(port: int, matches: set[int]) -> Iterator[tuple[int, int]]:
    """(match id, seq) of every event the log holds for `matches`, and each match's start."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    for match_id in sorted(matches):
        connection.request("GET", f"/api/matches/{match_id}")
        match = json.loads(connection.getresponse().read())
        yield match_id, 0
        for event in match["events"]:
            yield match_id, event["seq"]
    connection.close()


def soak(minutes: float, phones: int, streams: int, with_seq: bool) -> None:
    with tempfile.TemporaryDirectory(prefix="companion-soak-") as folder:
        child, port = start_companion(Path(folder))
        stop = threading.Event()
        tally = Tally()
        readers = Streams(port, streams, stop)
        players = [Phone(port, number, tally, stop, with_seq) for number in range(phones)]
        threads = [threading.Thread(target=phone.run, daemon=True) for phone in players]
        try:
            print(f"soak: {phones} phones, {streams} live streams, {minutes:g} minutes,"
                  f" server pid {child.pid}", flush=True)
            rss, count, files = server_figures(child.pid)
            print(f"minute 0: {rss:.1f} MB resident, {count} threads, {files} open files",
                  flush=True)
            readers.thread.start()
            for thread in threads:
                thread.start()
            began = time.monotonic()
            first = None
            for minute in range(1, int(minutes) + 1):
                time.sleep(max(0.0, began + 60 * minute - time.monotonic()))
                rss, count, files = server_figures(child.pid)
                first = rss if first is None else first
                with tally.lock:
                    answered, finished = sum(tally.statuses.values()), tally.finished
                print(f"minute {minute}: {rss:.1f} MB resident, {count} threads, {files} open"
                      f" files; {answered} answers, {finished} matches finished,"
                      f" {readers.events} stream events", flush=True)
            stop.set()
            for thread in threads:
                thread.join()
            readers.thread.join()
            report(tally, port, first, rss, readers)
        finally:
            child.send_signal(signal.SIGTERM)
            try:
                child.wait(30)
            except subprocess.TimeoutExpired:
                child.kill()


def report(tally: Tally, port: int, first: float | None, last: float, readers: Streams) -> None:
    logged = set(logged_events(port, tally.matches))
    missing = tally.applied - logged
    unanswered = logged - tally.applied
    statuses = ", ".join(f"{status}: {count}" for status, count in sorted(tally.statuses.items()))
    print(f"answers by status: {statuses}")
    print(f"answered as applied: {len(tally.applied)} in {len(tally.matches)} matches; in the"
          f" log: {len(logged)}; answered but not in the log: {len(missing)}; in the log but"
          f" answered to no phone: {len(unanswered)}")
    for status, sentence in sorted(tally.sentences.items()):
        print(f"first {status}: {sentence}")
    print(f"streams reopened after the server ended them: {readers.reopened}")
    if tally.failures:
        print(f"phones that stopped: {len(tally.failures)} (first: {tally.failures[0]})")
    if first is not None:
        moved = last - first
        verdict = "met" if moved <= MEMORY_GOAL_MB else "missed"
        print(f"resident memory from minute one to the last: {first:.1f} -> {last:.1f} MB,"
              f" {moved:+.1f} MB [goal at most +{MEMORY_GOAL_MB:g} MB: {verdict}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--phones", type=int, default=8)
    parser.add_argument("--streams", type=int, default=30)
    parser.add_argument(
        "--without-seq", action="store_true",
        help="send changes without the match and seq they were made against (for a"
        " companion from before they were taken)",
    )
    args = parser.parse_args()
    soak(args.minutes, args.phones, args.streams, not args.without_seq)


if __name__ == "__main__":
    main()
