"""Phones as hands at a person's pace: every tap to its frame (`bench/web.py --hands`).

A whole four-player UNO Tiki Twist round with phones as hands (`"hands": "phones"`,
`companion/table/hands.py`), the idol on the simulated spinner `companion run` uses
without hardware (`table_spins` on the "sim" backend: results at once, the motor
following). Four scripted phones (a child process, this file with `--phones`) play it as
`companion/web/static/hand.js` does: each joins its seat with the PIN, follows the stream
with its seat cookie and, after every state it hears and after each of its own taps, asks
`GET /api/me` then `GET /api/seat/hand`; when its hand has actions of its own, it waits a
person's moment (`--tap-s`, 0.6 to 1.4 times it, from a random seeded with `--seed` and the
seat), chooses among them (a card when it may play one, calling UNO when it may; never a
catch of another player) and posts `POST /api/seat/actions` with the CSRF token and the
hand's `match` and `seq`. A state that comes while it waits makes it look at its hand
again. The table's screen is the table's subscriber in the server's process, subscribed
as `ui/app.py` subscribes (a mailbox of 4), and it taps Shuffle and Spin the idol at the
same pace when the table waits for chance. `--spectators` more clients follow the stream
(the child process of `bench/web.py`'s other figures).

Figures, for every applied tap of a phone (the issue's targets in brackets):

- on the tapping phone: from the POST to the moment that phone has what it needs to draw
  the new state, its stream event and its hand read after it (whichever comes last)
  [p95 under 150 ms];
- on the table's screen: from the POST to the table's subscriber receiving the state
  [p95 under 100 ms].

Both processes read CLOCK_MONOTONIC. The same seed deals the same cards, spins the same
seats and paces the same taps, so runs play the same round (up to the order in which two
phones' taps meet the table). Each of `--hands-runs` runs prints its figures, then their
medians.

    .venv/bin/python bench/web.py --hands [--spectators 20] [--tap-s 1.0] [--seed 1]
        [--taps 0] [--hands-runs 3]
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import importlib.util
import json
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

_HERE = Path(__file__).resolve().parent
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != _HERE]

from companion.config import load_config, with_backend  # noqa: E402
from companion.hardware.table_spins import table_spins  # noqa: E402
from companion.table import DrawChance, NewMatch, Table, TableSnapshot, default_players  # noqa: E402

GAME = "tiki"
PHONES = 4
PHONE_TARGET_MS = 150.0
SCREEN_TARGET_MS = 100.0
ROUND_WAIT_S = 900.0
"""A round that has not ended in this long is a bench that is stuck: it stops and says so."""
EVENT = re.compile(rb"id: \d+\nevent: state\ndata: ([^\n]*)\n\n")
Key = tuple[int, int]


def _web() -> ModuleType:
    """bench/web.py: its server set-up and its followers (the module itself when it runs)."""
    main = sys.modules.get("__main__")
    if main is not None and Path(getattr(main, "__file__", "") or ".").resolve() == (
        _HERE / "web.py"
    ):
        return main
    if "bench_web" not in sys.modules:
        spec = importlib.util.spec_from_file_location("bench_web", _HERE / "web.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench_web"] = module
        spec.loader.exec_module(module)
    return sys.modules["bench_web"]


# -- the phones (the child process) -------------------------------------------------------


@dataclass
class Phone:
    """One player's phone: its session, what its stream and its hand brought and when."""

    seat: int
    name: str
    port: int
    cookie: str
    csrf: str
    rng: random.Random
    events: list[tuple[Key, int]] = field(default_factory=list)
    hands: list[tuple[Key, int]] = field(default_factory=list)
    news: threading.Condition = field(default_factory=threading.Condition)
    connection: http.client.HTTPConnection | None = None

    @property
    def latest(self) -> Key | None:
        return self.events[-1][0] if self.events else None

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """One request on the phone's own connection (opened again if the server closed it)."""
        headers = {"Cookie": self.cookie, "X-CSRF-Token": self.csrf}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = json.dumps(body)
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                self.connection.request(method, path, data, headers)
                answer = self.connection.getresponse()
                text = answer.read()
                return answer.status, json.loads(text) if text else None
            except (OSError, http.client.HTTPException):
                self.connection.close()
                self.connection = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def refresh(self) -> dict[str, Any] | None:
        """As hand.js after every state: who am I, then my hand; None when there is none."""
        self.request("GET", "/api/me")
        status, hand = self.request("GET", "/api/seat/hand")
        if status != 200:
            return None
        self.hands.append(((hand["match"], hand["seq"]), time.monotonic_ns()))
        return dict(hand)


def join(port: int, name: str) -> tuple[str, str]:
    """Join the seat of `name` with the PIN: the session's cookie and its CSRF token."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    body = json.dumps({"pin": _web().PIN, "name": name})
    connection.request("POST", "/api/join", body, {"Content-Type": "application/json"})
    answer = connection.getresponse()
    said = json.loads(answer.read())
    connection.close()
    if answer.status != 200:
        raise SystemExit(f"{name}'s phone could not join: {answer.status} {said}")
    return str(answer.getheader("Set-Cookie", "")).split(";")[0], str(said["csrf"])


def choose(hand: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """What a person taps among the hand's own actions: a card when one may be played (with
    UNO called when it may be), else another of them; never a catch of another player."""
    own = [action for action in hand["legal_actions"] if action["action"] != "catch_uno"]
    cards = [action for action in own if action["action"] == "play" and "card" in action]
    calling = [action for action in cards if action.get("uno")]
    among = calling or cards or own
    return rng.choice(among) if among else None


class Phones:
    """The four phones playing the round; `taps` holds `[match, seq, posted_ns, seat]`."""

    def __init__(self, port: int, names: list[str], seed: int, tap_s: float, limit: int) -> None:
        self.port = port
        self.tap_s = tap_s
        self.limit = limit
        self.phones = [
            Phone(seat, name, port, *join(port, name), random.Random(seed * 100 + seat))
            for seat, name in enumerate(names)
        ]
        self.taps: list[list[int]] = []
        self.refused = 0
        self.lock = threading.Lock()
        self.over = threading.Event()
        """The round is over (or the taps asked are made): no more taps."""
        self.stopped = threading.Event()

    def play(self) -> None:
        """Follow and play until the round is over, then a moment more for the last frames."""
        threads = [threading.Thread(target=self._follow, args=(phone,), daemon=True)
                   for phone in self.phones]
        threads += [threading.Thread(target=self._tap, args=(phone,), daemon=True)
                    for phone in self.phones]
        for thread in threads:
            thread.start()
        if not self.over.wait(ROUND_WAIT_S):
            raise SystemExit(f"the round did not end in {ROUND_WAIT_S:.0f} s")
        time.sleep(max(1.0, 2 * self.tap_s))
        self.stopped.set()
        for phone in self.phones:
            with phone.news:
                phone.news.notify_all()

    def _follow(self, phone: Phone) -> None:
        stream = socket.create_connection(("127.0.0.1", self.port))
        stream.sendall(
            f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            f"Cookie: {phone.cookie}\r\n\r\n".encode()
        )
        buffer = b""
        while not self.stopped.is_set():
            chunk = stream.recv(1 << 16)
            now = time.monotonic_ns()
            if not chunk:
                return
            buffer += chunk
            end = 0
            heard: list[tuple[Key, int]] = []
            for frame in EVENT.finditer(buffer):
                end = frame.end()
                match = json.loads(frame.group(1))["match"]
                if match is None:
                    continue
                heard.append(((match["id"], match["seq"]), now))
                if match["hands"] == "phones" and (match["rounds"] or match["is_over"]):
                    self.over.set()
            buffer = buffer[end:]
            if heard:
                with phone.news:
                    phone.events.extend(heard)
                    phone.news.notify_all()

    def _tap(self, phone: Phone) -> None:
        seen: Key | None = None
        while not self.stopped.is_set():
            with phone.news:
                phone.news.wait_for(lambda at=seen: phone.latest != at or self.stopped.is_set())
                seen = phone.latest
            hand = phone.refresh()
            if hand is None or self.over.is_set():
                continue
            action = choose(hand, phone.rng)
            if action is None:
                continue
            pause = self.tap_s * phone.rng.uniform(0.6, 1.4)
            with phone.news:  # a state that comes meanwhile: look at the hand again
                if phone.news.wait_for(lambda at=seen: phone.latest != at, pause):
                    continue
            if self.over.is_set():
                continue
            posted = time.monotonic_ns()
            status, answer = phone.request(
                "POST", "/api/seat/actions", {**action, "match": hand["match"], "seq": hand["seq"]}
            )
            with self.lock:
                if status == 200:
                    self.taps.append([answer["id"], answer["seq"], posted, phone.seat])
                    if self.limit and len(self.taps) >= self.limit:
                        self.over.set()
                else:
                    self.refused += 1
            phone.refresh()  # as hand.js does after its own POST

    def report(self) -> dict[str, Any]:
        """Each applied tap with the ms until its phone had its new state (None: never)."""
        taps = []
        for match, seq, posted, seat in self.taps:
            phone = self.phones[seat]
            ready = [_first_at((match, seq), phone.events), _first_at((match, seq), phone.hands)]
            done = None if None in ready else (max(r for r in ready if r is not None) - posted)
            taps.append([match, seq, posted, None if done is None else done / 1e6])
        return {"taps": taps, "refused": self.refused}


def _first_at(key: Key, heard: list[tuple[Key, int]]) -> int | None:
    """When the first of `heard` at `key` or later came (None: none did)."""
    return next((when for at, when in heard if at >= key), None)


def phones_main(port: int, seed: int, tap_s: float, limit: int) -> None:
    """The child: join, say "joined", wait for "go" (the match with phones as hands is on),
    play the round, print the report as JSON."""
    names = [player.name for player in default_players(PHONES)]
    phones = Phones(port, names, seed, tap_s, limit)
    print("joined", flush=True)
    if sys.stdin.readline().strip() != "go":
        return
    phones.play()
    print(json.dumps(phones.report()), flush=True)


# -- the table and its screen (this process) ----------------------------------------------


class Screen:
    """The table's screen: subscribed as ui/app.py is; notes when each state reached it, and
    taps Shuffle or Spin the idol at a person's pace while the round waits for chance."""

    def __init__(self, table: Table, seed: int, tap_s: float) -> None:
        self.table = table
        self.tap_s = tap_s
        self.rng = random.Random(seed)
        self.heard: list[tuple[Key, int]] = []
        self.taps = 0
        self.stopping = threading.Event()
        self.subscription = table.subscribe(maxsize=4)
        self.thread = threading.Thread(target=self._watch, name="screen", daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        due: tuple[int, float] | None = None  # the seq a chance waits on, when to tap it
        while not self.stopping.is_set():
            wait = 0.2 if due is None else max(0.0, due[1] - time.monotonic())
            snapshot = self.subscription.get(timeout=wait)
            if snapshot is not None:
                self.heard.append(((snapshot.match_id, snapshot.seq), time.monotonic_ns()))
                due = self._chance_due(snapshot, due)
            elif due is not None and time.monotonic() >= due[1]:
                self.table.post(DrawChance(for_seq=due[0]))
                self.taps += 1
                due = None

    def _chance_due(
        self, snapshot: TableSnapshot, due: tuple[int, float] | None
    ) -> tuple[int, float] | None:
        waits = (snapshot.chance is not None and snapshot.hands == "phones"
                 and not snapshot.rounds and not snapshot.is_over)
        if not waits:
            return None
        if due is not None and due[0] == snapshot.seq:
            return due
        return snapshot.seq, time.monotonic() + self.tap_s * self.rng.uniform(0.6, 1.4)

    def close(self) -> None:
        self.stopping.set()
        self.thread.join()
        self.subscription.close()

    def ms_after(self, key: Key, posted: int) -> float | None:
        when = _first_at(key, self.heard)
        return None if when is None else (when - posted) / 1e6


@dataclass
class RoundFigures:
    phone_ms: list[float]
    screen_ms: list[float]
    taps: int
    refused: int
    never: int
    screen_taps: int
    spins: str
    """Where the spins came from: the simulated spinner, or why not."""


def one_round(path: Path, args: argparse.Namespace) -> RoundFigures:
    """A round played by the phones against a table served from this process."""
    web = _web()
    config = with_backend(load_config(None, with_seats_file=False), "sim")
    players = default_players(PHONES)
    with (
        table_spins(config, args.seed) as spins,
        web.serving(path, args.spectators + PHONES, spins, args.seed) as (table, port),
    ):
        spun = spins.problem or "the idol on the simulated spinner"
        refereed = table.post(NewMatch(GAME, players, {"mode": "referee"})).result()
        assert refereed.applied, refereed.text
        following = web.followers(port, args.spectators, []) if args.spectators else None
        with following or contextlib.nullcontext(), _phones(port, args) as child:
            assert child.stdin is not None and child.stdout is not None
            screen = Screen(table, args.seed, args.tap_s)
            try:
                started = table.post(NewMatch(GAME, players, {}, hands="phones")).result()
                if not started.applied:
                    raise SystemExit(f"the match with phones as hands did not start: "
                                     f"{started.text}")
                child.stdin.write("go\n")
                child.stdin.flush()
                line = child.stdout.readline()
                if not line:
                    raise SystemExit("the phones stopped before the round ended")
                report = json.loads(line)
            finally:
                screen.close()
    phone_ms, screen_ms, never = [], [], 0
    for match, seq, posted, phone in report["taps"]:
        seen = screen.ms_after((match, seq), posted)
        never += (phone is None) + (seen is None)
        phone_ms += [phone] if phone is not None else []
        screen_ms += [seen] if seen is not None else []
    return RoundFigures(sorted(phone_ms), sorted(screen_ms), len(report["taps"]),
                        report["refused"], never, screen.taps, spun)


@contextlib.contextmanager
def _phones(port: int, args: argparse.Namespace) -> Any:
    child = subprocess.Popen(
        [sys.executable, __file__, "--phones", str(port), "--seed", str(args.seed),
         "--tap-s", str(args.tap_s), "--taps", str(args.taps)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert child.stdout is not None
    try:
        if child.stdout.readline().strip() != "joined":
            raise SystemExit("the phones could not join their seats")
        yield child
        child.wait(60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def _spread(values: list[float]) -> str:
    percentile = _web().percentile
    if not values:
        return "none heard"
    return (f"p50 {percentile(values, 0.50):.1f} ms, p95 {percentile(values, 0.95):.1f} ms,"
            f" max {values[-1]:.1f} ms")


def _verdict(values: list[float], target: float, never: int) -> str:
    met = values and _web().percentile(values, 0.95) < target and not never
    return f"[target p95 under {target:.0f} ms: {'met' if met else 'NOT met'}]"


def run(args: argparse.Namespace) -> None:
    """Print each run's figures, then the median of the runs' p95s."""
    web = _web()
    print(web._machine_load("before"), flush=True)
    rounds = []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.hands_runs):
            figures = one_round(Path(folder) / f"hands{number}.db", args)
            rounds.append(figures)
            print(
                f"run {number + 1}: a four-player {GAME} round with phones as hands,"
                f" {args.spectators} spectators, a tap every {args.tap_s:g} s or so"
                f" (seed {args.seed}): {figures.taps} taps of the phones applied"
                f" ({figures.refused} refused), {figures.screen_taps} of the screen's"
                f" (shuffle, spin), {figures.spins}; never reached: {figures.never}",
                flush=True,
            )
            print(f"  tap to the tapping phone's new state (stream and hand):"
                  f" {_spread(figures.phone_ms)}", flush=True)
            print(f"  tap to the table's screen (its subscriber): {_spread(figures.screen_ms)}",
                  flush=True)
            print(web._machine_load(f"after run {number + 1}"), flush=True)
    never = sum(figures.never for figures in rounds)
    for what, target, values in (
        ("tapping phone", PHONE_TARGET_MS, [figures.phone_ms for figures in rounds]),
        ("table's screen", SCREEN_TARGET_MS, [figures.screen_ms for figures in rounds]),
    ):
        p95s = [web.percentile(ms, 0.95) for ms in values if ms]
        median = statistics.median(p95s) if p95s else float("inf")
        met = "met" if median < target and not never else "NOT met"
        print(
            f"tap to the {what}, {len(values)} runs: p95 {median:.1f} ms (median of the runs'"
            f" {', '.join(f'{value:.1f}' for value in p95s)}) [target p95 under"
            f" {target:.0f} ms: {met}]",
            flush=True,
        )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """This mode's options, on bench/web.py's command line and this file's."""
    parser.add_argument("--spectators", type=int, default=20, help="streams besides the phones")
    parser.add_argument("--tap-s", type=float, default=1.0, help="a person's pace between taps")
    parser.add_argument("--seed", type=int, default=1, help="the deal, the spins and the pace")
    parser.add_argument("--taps", type=int, default=0, help="stop after this many (0: the round)")
    parser.add_argument("--hands-runs", type=int, default=3, help="rounds played (median p95)")
    parser.add_argument("--phones", type=int, help=argparse.SUPPRESS)


def main() -> None:
    """`bench/web.py --hands`, or (with `--phones PORT`) its phones' child process."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    args = parser.parse_args()
    if args.phones is not None:
        phones_main(args.phones, args.seed, args.tap_s, args.taps)
        return
    run(args)


if __name__ == "__main__":
    main()
