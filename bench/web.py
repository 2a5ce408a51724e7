"""How the phone page holds up with 50 phones following the game live.

Figures, not pass/fail (issue 17's targets in brackets):

- the p99 of the time from posting a table command to the last of the 50
  Server-Sent Events clients receiving its state (or a newer one, which holds
  it), over commands posted every `--interval-ms` (250: faster than people
  play) [under 100 ms]: the median of `--latency-rounds` runs' p99s; and, for
  comparison, over a burst of commands every `--burst-ms` (50), closer together
  than the streams' gap (`StreamSettings.min_gap_s`, 100 ms), where a state may
  wait for the gap to end;
- the table's commands per second, posted as fast as they are answered,
  with the page running and no stream open, and with the 50 clients
  following [the clients cost at most 10%]: the median of `--rounds` pairs of
  runs, each pair's cost measured between its two runs, one just after the other;
  and what each command costs the server's own process in CPU time, which other
  programs on the machine move far less than the wall clock. The followers' cost is
  by state sent (at most one every `min_gap_s`, however many commands it holds), not by
  command: a table slowed by other programs sends a state for fewer commands, so the
  same followers cost it a larger share; their CPU a second is the steadier figure;
- the server's memory: resident with no stream and with the 50 streams, and its peak.

With `--players 4` (the default) four more clients are players' phones: each joins a
seat (`POST /api/join` with the PIN), follows the stream like the others and, as the
page's seat script does, asks `GET /api/me` with its seat cookie at each new match its
stream hears (the seat's turn comes with each state, its `asks`; `--seat-asks every-state`
asks after every state, as `seat.js` did before); the latency is to the last of all of
them [issue 28: 50 spectators and 4 players, p99 under 100 ms, throughput within 10%].

With `--hands` it measures instead phones as hands at a person's pace (issue 30), in
`bench/web_hands.py` (its docstring says how): a whole four-player Tiki Twist round with
`"hands": "phones"`, the idol on the simulated spinner, played by four scripted phones as
`static/hand.js` plays (join with the PIN, the stream, `GET /api/me` and `GET
/api/seat/hand` after every state, `POST /api/seat/actions` with the CSRF token, a tap
every `--tap-s` or so, paced by a random seeded with `--seed`), with `--spectators` (20)
following: every tap to its frame on the tapping phone [p95 under 150 ms] and on the
table's screen, the table's subscriber as ui/ subscribes [p95 under 100 ms], p50, p95 and
max of each of `--hands-runs` rounds and the median of their p95s, the taps and the load.

The table, its SQLite log (WAL, synchronous=FULL) and the waitress server run in
this process, as in the product; the clients are a child process (this file with
`--follow`) reading every stream through one selector, so that their reading
does not take this process's interpreter lock, as phones would not. Both
processes read CLOCK_MONOTONIC, which the whole machine shares. Commands are
chosen as `companion demo` chooses them (a rematch when a match ends), the
same ones with and without the clients, each run on a fresh log.

Why single runs moved so much (p99 27 to 135 ms, the cost 9 to 24% in three runs): a p99
of 100 commands is their second slowest, one pause of another program on the machine; a
run of 400 commands took a quarter of a second at 1600 a second, so one such pause moved
it by a fifth; the first commands of a run started the server's threads and filled
SQLite's cache; and each run began with the garbage of the one before. So every run
starts after `--warmup` untimed commands and a full garbage collection, runs are longer,
and each figure is the median of several runs, with the runs' own figures printed too.

    .venv/bin/python bench/web.py [--clients 50] [--players 4] [--commands 2000] [--rounds 7]
        [--paced 200] [--latency-rounds 3] [--interval-ms 250] [--burst-ms 50] [--warmup 30]
        [--game tiki] [--seat-asks new-match|every-state]
    .venv/bin/python bench/web.py --hands [--spectators 20] [--tap-s 1.0] [--seed 1]
        [--taps 0] [--hands-runs 3]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import http.client
import importlib.util
import json
import math
import os
import random
import re
import selectors
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from bisect import bisect_left
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

# This file is bench/web.py: its own folder first on sys.path would shadow any `web` module.
_HERE = Path(__file__).resolve().parent
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != _HERE]

from companion.app.commands.demo import choose_command  # noqa: E402
from companion.event_log.store import Store  # noqa: E402
from companion.games.registry import game_specs  # noqa: E402
from companion.table import (  # noqa: E402
    ChanceSource,
    FairChance,
    NewMatch,
    Rematch,
    SoftwareSpinner,
    Table,
    default_players,
)
from companion.web import PinGuard, StreamSettings, WebServer, create_app  # noqa: E402

FRAME = re.compile(rb'id: (\d+)\nevent: state\ndata: \{"match":\{"id":(\d+),[^\n]*\n\n')
"""One complete state event, its seq and its match id (chunk sizes fall between frames)."""
READY_WAIT_S = 60.0
LATENCY_TARGET_MS = 100.0
SLOWDOWN_TARGET = 0.10
Key = tuple[int, int]
"""A state's match id and seq: later states have larger keys."""
PIN = "0000"


# -- the clients (the child process) ------------------------------------------------------


SEAT_ASKS = "new-match"
"""When a player's phone asks `GET /api/me`: at each new match, as `seat.js` does now (the
seat's turn comes with each state, its `asks`), or after every state (`every-state`, as it
did before: the figures of both on the same server, `--seat-asks`)."""


def follow(port: int, clients: int, names: list[str], every_state: bool = False) -> None:
    """Open `clients` streams, and one more for each player of `names` (joined as that seat,
    asking /api/me at each new match its stream hears, or after every state), say "ready"
    once each has its first state, record every state until a line comes on stdin, then
    print `[[match, seq, ns], ...]` per stream as JSON."""
    selector = selectors.DefaultSelector()
    cookies = [_join(port, name) for name in names]
    streams = clients + len(cookies)
    buffers: list[bytes] = [b""] * streams
    heard: list[list[tuple[int, int, int]]] = [[] for _ in range(streams)]
    request = f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    for client in range(streams):
        stream = socket.create_connection(("127.0.0.1", port))
        player = client - clients
        cookie = f"Cookie: {cookies[player]}\r\n" if player >= 0 else ""
        stream.sendall(request.replace(b"\r\n\r\n", f"\r\n{cookie}\r\n".encode()))
        stream.setblocking(False)
        selector.register(stream, selectors.EVENT_READ, client)
    asking = _Asking(port, cookies, selector)
    selector.register(sys.stdin, selectors.EVENT_READ, None)
    ready = False
    while True:
        for key, _ in selector.select():
            if key.data is None:
                print(json.dumps(heard), flush=True)
                return
            if isinstance(key.data, tuple):
                asking.read(key.data[1])
                continue
            chunk = key.fileobj.recv(1 << 16)  # type: ignore[union-attr]
            now = time.monotonic_ns()
            if not chunk:
                raise SystemExit(f"stream {key.data} was closed by the server")
            before = len(heard[key.data])
            buffers[key.data] = _frames(buffers[key.data] + chunk, heard[key.data], now)
            told = heard[key.data]
            if key.data >= clients and len(told) > before:
                new_match = before == 0 or told[before - 1][0] != told[-1][0]
                if every_state or new_match:
                    asking.ask(key.data - clients)
        if not ready and all(heard):
            ready = True
            print("ready", flush=True)


def _join(port: int, name: str) -> str:
    """Join the seat of `name`; the `companion_seat=...` cookie of the session."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=READY_WAIT_S)
    body = json.dumps({"pin": PIN, "name": name})
    connection.request("POST", "/api/join", body, {"Content-Type": "application/json"})
    answer = connection.getresponse()
    answer.read()
    connection.close()
    if answer.status != 200:
        raise SystemExit(f"{name}'s phone could not join: {answer.status}")
    return str(answer.getheader("Set-Cookie", "")).split(";")[0]


class _Asking:
    """Each player's connection for `GET /api/me`: asked after every state its stream hears,
    its answers read and dropped; opened again when the server closed it (idle for 5 s)."""

    def __init__(self, port: int, cookies: list[str], selector: selectors.BaseSelector) -> None:
        self.port = port
        self.cookies = cookies
        self.selector = selector
        self.sockets: list[socket.socket | None] = [None] * len(cookies)

    def ask(self, player: int) -> None:
        request = (
            f"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            f"Cookie: {self.cookies[player]}\r\n\r\n"
        ).encode()
        connection = self.sockets[player]
        if connection is None:
            connection = socket.create_connection(("127.0.0.1", self.port))
            self.selector.register(connection, selectors.EVENT_READ, ("me", player))
            self.sockets[player] = connection
        try:
            connection.sendall(request)
        except OSError:
            self._closed(player)
            self.ask(player)

    def read(self, player: int) -> None:
        connection = self.sockets[player]
        if connection is None:
            return
        try:
            chunk = connection.recv(1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            self._closed(player)

    def _closed(self, player: int) -> None:
        connection = self.sockets[player]
        if connection is not None:
            self.selector.unregister(connection)
            connection.close()
        self.sockets[player] = None


def _frames(buffer: bytes, heard: list[tuple[int, int, int]], now: int) -> bytes:
    """Note every complete frame in `buffer` as heard `now`; returns what is left of it."""
    end = 0
    for frame in FRAME.finditer(buffer):
        heard.append((int(frame.group(2)), int(frame.group(1)), now))
        end = frame.end()
    return buffer[end:]


@contextlib.contextmanager
def followers(
    port: int, clients: int, names: list[str]
) -> Iterator[list[list[tuple[int, int, int]]]]:
    """The child process following `port` with `clients` streams and the players of `names`;
    yields, once every stream is open, the list that receives what each heard when it stops."""
    child = subprocess.Popen(
        [sys.executable, __file__, "--follow", str(port), "--clients", str(clients),
         "--names", ",".join(names), "--seat-asks", SEAT_ASKS],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert child.stdin is not None and child.stdout is not None
    heard: list[list[tuple[int, int, int]]] = []
    try:
        line = child.stdout.readline()
        if line.strip() != "ready":
            raise SystemExit(f"the clients did not connect (they said {line!r})")
        yield heard
        child.stdin.write("stop\n")
        child.stdin.flush()
        heard.extend(json.loads(child.stdout.readline()))
        child.wait(READY_WAIT_S)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


# -- the table and the page (this process) -----------------------------------------------


@contextlib.contextmanager
def serving(
    path: Path, streams: int, spinner: ChanceSource | None = None, seed: int = 1
) -> Iterator[tuple[Table, int]]:
    """A table on a fresh log at `path` with its phone page on a free port; its spins are
    `spinner`'s (the companion's seeded picks when None)."""
    settings = StreamSettings(max_streams=max(StreamSettings().max_streams, streams))
    with Store.open(path) as store:
        spins = spinner if spinner is not None else SoftwareSpinner(seed)
        table = Table(store, chance=FairChance(seed), spinner=spins)
        with (
            table,
            WebServer(create_app(table, path, PinGuard(PIN), settings), "127.0.0.1", 0) as server,
        ):
            yield table, server.port


class SimulatedPlay:
    """Posts the commands a simulated table would, the same ones for the same seed."""

    def __init__(self, table: Table, game: str, seed: int = 1, seats: int = 0) -> None:
        self.table = table
        self.spec = game_specs()[game]
        self.rng = random.Random(seed)
        self.players = default_players(max(self.spec.min_players, seats))
        outcome = table.post(NewMatch(game, self.players, {})).result()
        assert outcome.applied, outcome.text

    def phones(self, count: int) -> list[str]:
        """The names `count` players' phones join as, a seat each (a second phone joining
        a seat would take it over, and the first would stop being a player's)."""
        assert count <= len(self.players), f"{count} phones for {len(self.players)} seats"
        return [player.name for player in self.players[:count]]

    def step(self) -> tuple[int, Key | None]:
        """Post the next command and wait for the table's answer; returns when it was posted
        (monotonic ns) and the key of the state it made (None when it was refused)."""
        snapshot = self.table.snapshot
        assert snapshot is not None
        command = Rematch() if snapshot.is_over else choose_command(snapshot, self.spec, self.rng)
        posted = time.monotonic_ns()
        outcome = self.table.post(command).result()
        if not outcome.applied or outcome.match_id is None or outcome.seq is None:
            return posted, None
        return posted, (outcome.match_id, outcome.seq)


def warm_up(player: SimulatedPlay, commands: int) -> None:
    """Untimed commands first (the server's threads started, SQLite's cache filled), then
    a full garbage collection: each timed run starts from the same state."""
    for _ in range(commands):
        player.step()
    gc.collect()


def commands_per_second(
    path: Path, game: str, commands: int, clients: int, players: int = 0, warmup: int = 0,
    seats: int = 0,
) -> tuple[float, float]:
    """Commands applied per second, as fast as the table answers, with `clients` following
    and `players` players' phones, in a match of `seats` players (at least the game's
    least); and this process's CPU ms per command meanwhile."""
    with serving(path, clients + players) as (table, port):
        player = SimulatedPlay(table, game, seats=max(seats, players))
        following = clients or players
        names = player.phones(players)
        with followers(port, clients, names) if following else contextlib.nullcontext():
            warm_up(player, warmup)
            started, cpu = time.perf_counter(), time.process_time()
            applied = sum(player.step()[1] is not None for _ in range(commands))
            spent_cpu, spent = time.process_time() - cpu, time.perf_counter() - started
            return applied / spent, spent_cpu * 1000 / max(applied, 1)


def latencies_ms(
    path: Path,
    game: str,
    commands: int,
    clients: int,
    interval_s: float,
    players: int = 0,
    warmup: int = 0,
) -> tuple[list[float], int, dict[str, float]]:
    """For each paced command, ms until the last client (or player) heard its state or a
    newer one; the count of (command, client) pairs never heard; the memory figures in MB."""
    posted: dict[Key, int] = {}
    with serving(path, clients + players) as (table, port):
        player = SimulatedPlay(table, game, seats=players)
        memory = {"none": resident_mb()}
        with followers(port, clients, player.phones(players)) as heard:
            warm_up(player, warmup)
            for _ in range(commands):
                when, key = player.step()
                if key is not None:
                    posted[key] = when
                time.sleep(max(0.0, interval_s - (time.monotonic_ns() - when) / 1e9))
            time.sleep(max(interval_s * 4, 0.5))  # the last state's way to every client
            memory["streams"] = resident_mb()
        memory["peak"] = peak_mb()
    missing = 0
    result = []
    keys = [[(match, seq) for match, seq, _ in client] for client in heard]
    for key, when in posted.items():
        slowest = 0
        for client, client_keys in zip(heard, keys, strict=True):
            at = bisect_left(client_keys, key)
            if at == len(client):
                missing += 1
                continue
            slowest = max(slowest, client[at][2] - when)
        result.append(slowest / 1e6)
    return sorted(result), missing, memory


def resident_mb() -> float:
    """This process's resident memory now, in MB (Linux)."""
    return _status_kb("VmRSS") / 1024


def peak_mb() -> float:
    """This process's largest resident memory so far, in MB (Linux)."""
    return _status_kb("VmHWM") / 1024


def _status_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1])
    raise SystemExit(f"/proc/self/status has no {field}: run this on Linux")


def percentile(ordered: list[float], share: float) -> float:
    """The nearest-rank percentile of sorted values."""
    return ordered[max(0, math.ceil(len(ordered) * share) - 1)]


def main() -> None:
    global SEAT_ASKS
    """Print every figure against its target."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50, help="SSE clients following")
    parser.add_argument("--players", type=int, default=4, help="players' phones besides them")
    parser.add_argument("--commands", type=int, default=2000, help="commands per throughput run")
    parser.add_argument("--rounds", type=int, default=7, help="throughput runs of each kind")
    parser.add_argument("--paced", type=int, default=200, help="commands timed per latency run")
    parser.add_argument("--latency-rounds", type=int, default=3, help="paced runs (median p99)")
    parser.add_argument("--warmup", type=int, default=30, help="untimed commands before each run")
    parser.add_argument("--interval-ms", type=float, default=250.0, help="their pace")
    parser.add_argument("--burst-ms", type=float, default=50.0, help="a burst's pace (0: none)")
    parser.add_argument("--game", default="tiki", choices=sorted(game_specs()),
                        help="the game played, with a seat for each player's phone")
    parser.add_argument("--follow", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--names", default="", help=argparse.SUPPRESS)
    parser.add_argument("--seat-asks", choices=["new-match", "every-state"], default=SEAT_ASKS,
                        help="when a player's phone asks GET /api/me (seat.js: new-match)")
    parser.add_argument(
        "--hands", action="store_true",
        help="instead: a Tiki Twist round with phones as hands, every tap to its frame",
    )  # fmt: skip
    hands = _sibling("web_hands")
    hands.add_arguments(parser)
    args = parser.parse_args()
    SEAT_ASKS = args.seat_asks  # the child's phones ask as these do
    seats = game_specs()[args.game].max_players
    if args.players > seats and not args.hands:
        parser.error(f"{args.game} seats at most {seats} players, so {args.players} players'"
                     f" phones cannot each hold a seat: give --players {seats} or another"
                     " --game (tiki seats up to 10)")
    if args.follow is not None:
        follow(args.follow, args.clients, [name for name in args.names.split(",") if name],
               every_state=args.seat_asks == "every-state")
        return
    if args.hands:
        hands.run(args)
        return
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder)
        print(_machine_load("before"), flush=True)
        _print_latency(directory, args)
        _print_throughput(directory, args)
        print(_machine_load("after"), flush=True)


def _sibling(name: str) -> ModuleType:
    """Another bench module of this folder (not on sys.path: see above), loaded once."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, _HERE / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _machine_load(when: str) -> str:
    """The machine's load: on a machine shared with other work the figures move with it."""
    one, five, _ = Path("/proc/loadavg").read_text(encoding="ascii").split()[:3]
    cores = len(os.sched_getaffinity(0))
    return f"machine load {when}: {one} (1 min), {five} (5 min) on {cores} cores"


def _print_latency(directory: Path, args: argparse.Namespace) -> None:
    runs = [
        latencies_ms(
            directory / f"paced{run}.db",
            args.game,
            args.paced,
            args.clients,
            args.interval_ms / 1000,
            args.players,
            args.warmup,
        )
        for run in range(args.latency_rounds)
    ]
    p99s = [percentile(times, 0.99) for times, _, _ in runs]
    missing = sum(lost for _, lost, _ in runs)
    pooled = sorted(time for times, _, _ in runs for time in times)
    p99 = statistics.median(p99s)
    verdict = "met" if p99 < LATENCY_TARGET_MS and not missing else "NOT met"
    print(
        f"command to the last of {_who(args)}, {args.latency_rounds} runs of {args.paced}"
        f" commands of {args.game} every {args.interval_ms:.0f} ms: p99 {p99:.1f} ms (median"
        f" of the runs' {', '.join(f'{value:.1f}' for value in p99s)}); all"
        f" {len(pooled)}: median {statistics.median(pooled):.1f} ms, p99"
        f" {percentile(pooled, 0.99):.1f} ms, max {pooled[-1]:.1f} ms; never heard: {missing}"
        f" [target p99 under {LATENCY_TARGET_MS:.0f} ms: {verdict}]",
        flush=True,
    )
    memory = runs[-1][2]
    if args.burst_ms > 0:
        times, missing, _ = latencies_ms(
            directory / "burst.db", args.game, args.paced, args.clients,
            args.burst_ms / 1000, args.players, args.warmup,
        )  # fmt: skip
        gap_ms = StreamSettings().min_gap_s * 1000
        print(
            f"{_latency_line(times, missing, args, args.burst_ms)}"
            f" (a burst inside the {gap_ms:.0f} ms gap: for comparison)",
            flush=True,
        )
    print(
        f"server memory: {memory['none']:.0f} MB resident with no stream,"
        f" {memory['streams']:.0f} MB with {args.clients + args.players} streams,"
        f" peak {memory['peak']:.0f} MB",
        flush=True,
    )


def _latency_line(
    times: list[float], missing: int, args: argparse.Namespace, interval_ms: float
) -> str:
    return (
        f"command to the last of {_who(args)}, {len(times)} commands of {args.game}"
        f" every {interval_ms:.0f} ms: median {statistics.median(times):.1f} ms,"
        f" p99 {percentile(times, 0.99):.1f} ms, max {times[-1]:.1f} ms; never heard: {missing}"
    )


def _who(args: argparse.Namespace) -> str:
    players = f" and {args.players} players' phones" if args.players else ""
    return f"{args.clients} clients{players}"


def _change(slowdown: float) -> str:
    return f"{slowdown:.1%} slower" if slowdown >= 0 else f"{-slowdown:.1%} faster (noise)"


def _print_throughput(directory: Path, args: argparse.Namespace) -> None:
    alone: list[tuple[float, float]] = []
    followed: list[tuple[float, float]] = []
    for run in range(args.rounds):  # each pair one run just after the other, in turn first
        kinds = [(alone, 0, 0), (followed, args.clients, args.players)]
        for into, clients, players in kinds if run % 2 == 0 else kinds[::-1]:
            path = directory / f"run{run}-{clients}.db"
            into.append(commands_per_second(  # the same match, followed or not
                path, args.game, args.commands, clients, players, args.warmup, args.players
            ))  # fmt: skip
    costs = [1 - with_ / without for (without, _), (with_, _) in zip(alone, followed, strict=True)]
    slowdown = statistics.median(costs)
    without = statistics.median(rate for rate, _ in alone)
    with_clients = statistics.median(rate for rate, _ in followed)
    cpu_alone = statistics.median(cpu for _, cpu in alone)
    cpu_followed = statistics.median(cpu for _, cpu in followed)
    verdict = "met" if slowdown <= SLOWDOWN_TARGET else "NOT met"
    print(
        f"table commands per second ({args.commands} of {args.game}, {args.rounds} pairs of"
        f" runs): {without:.0f} with no stream, {with_clients:.0f} with {_who(args)} following;"
        f" the median pair: {_change(slowdown)} [target at most {SLOWDOWN_TARGET:.0%}:"
        f" {verdict}]",
        flush=True,
    )
    print(
        "  each pair: "
        + ", ".join(f"{cost:+.1%}" for cost in costs)
        + f"; the server's CPU per command: {cpu_alone:.2f} ms with no stream,"
        f" {cpu_followed:.2f} ms followed ({cpu_followed / cpu_alone - 1:+.0%}), so the"
        f" followers cost it {(cpu_followed - cpu_alone) * with_clients:.0f} ms of CPU a second",
        flush=True,
    )


if __name__ == "__main__":
    main()
