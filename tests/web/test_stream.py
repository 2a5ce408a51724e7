"""The live stream through the real waitress server, read with a plain HTTP client."""

from __future__ import annotations

import http.client
import json
import threading
import time
from typing import Any

from companion.table import DrawChance, Table
from companion.web import StreamSettings, WebServer
from companion.web.stream import Streams
from tests.web.conftest import ManualClock, play, start

READ_TIMEOUT_S = 5.0
"""Only a guard against a hanging test: every frame awaited here comes within milliseconds."""


class EventReader:
    """One phone's stream: frames read as the browser's EventSource parses them."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=READ_TIMEOUT_S)
        self.connection.request("GET", "/api/events")
        self.response = self.connection.getresponse()

    def frame(self) -> dict[str, Any] | None:
        """The next frame's fields (`comment` for a comment line), or None at the end."""
        fields: dict[str, Any] = {}
        while True:
            line = self.response.readline()
            if not line:
                return None
            text = line.decode("utf-8").rstrip("\n")
            if not text:
                if fields:
                    return fields
                continue
            if text.startswith(":"):
                fields["comment"] = text[1:].strip()
                continue
            name, _, value = text.partition(": ")
            fields[name] = value

    def state(self) -> dict[str, Any]:
        """The next state event's data, past heartbeats."""
        while (frame := self.frame()) is not None:
            if frame.get("event") == "state":
                return json.loads(frame["data"])
        raise AssertionError("the stream ended before a state event")

    def close(self) -> None:
        """Hang up as a phone does (the response holds the socket too)."""
        self.response.close()
        self.connection.close()


def get(port: int, path: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=READ_TIMEOUT_S)
    connection.request("GET", path)
    return connection.getresponse()


def test_a_stream_starts_with_retry_and_the_current_snapshot(
    server: WebServer, table: Table
) -> None:
    start(table, "backgammon")
    snapshot = play(table, 3)
    reader = EventReader(server.port)
    assert reader.response.status == 200
    assert reader.response.getheader("Content-Type").startswith("text/event-stream")
    assert reader.frame() == {"retry": "200"}
    first = reader.frame()
    assert first is not None
    assert first["id"] == str(snapshot.seq)
    assert first["event"] == "state"
    assert json.loads(first["data"]) == json.loads(get(server.port, "/api/state").read())
    reader.close()


def test_a_table_command_reaches_the_stream(server: WebServer, table: Table) -> None:
    start(table, "backgammon")
    reader = EventReader(server.port)
    assert reader.state()["match"]["seq"] == 0
    table.post(DrawChance()).result()
    assert reader.state()["match"]["seq"] == 1
    reader.close()


def test_an_idle_stream_gets_heartbeats(server: WebServer, table: Table) -> None:
    start(table, "backgammon")
    reader = EventReader(server.port)
    reader.state()
    assert reader.frame() == {"comment": "heartbeat"}
    reader.close()


def test_streams_over_the_cap_get_503_with_retry_after_until_one_closes(
    server: WebServer, table: Table
) -> None:
    start(table, "backgammon")
    readers = [EventReader(server.port) for _ in range(2)]
    for reader in readers:
        reader.state()
    refused = get(server.port, "/api/events")
    assert refused.status == 503
    assert refused.getheader("Retry-After") == "10"
    assert "checks every few seconds" in json.loads(refused.read())["error"]
    readers[0].close()
    deadline = time.monotonic() + READ_TIMEOUT_S
    while (answer := get(server.port, "/api/events")).status == 503:
        assert time.monotonic() < deadline, "the closed stream's slot never came back"
    assert answer.status == 200
    readers[1].close()


def test_a_stream_is_recycled_after_its_time(
    server: WebServer, table: Table, clock: ManualClock
) -> None:
    start(table, "backgammon")
    reader = EventReader(server.port)
    reader.state()
    clock.advance(300)
    while (frame := reader.frame()) is not None:
        assert "event" not in frame
    reader.close()


def test_closing_the_server_ends_every_stream(server: WebServer, table: Table) -> None:
    start(table, "backgammon")
    reader = EventReader(server.port)
    reader.state()
    server.close()
    while reader.frame() is not None:
        pass
    reader.close()


def test_a_phone_that_reads_nothing_does_not_hold_up_the_table(
    server: WebServer, table: Table
) -> None:
    start(table, "classic", 4)
    reader = EventReader(server.port)  # connected, never read while the table plays
    snapshot = play(table, 200)
    latest = None
    while latest is None or latest["match"]["seq"] < snapshot.seq:
        latest = reader.state()
    assert latest["match"]["seq"] == snapshot.seq
    reader.close()


def seq_of(frame: bytes) -> int:
    """The id of a state event (the match's seq)."""
    assert frame.startswith(b"id: "), frame
    return int(frame.split(b"\n", 1)[0].removeprefix(b"id: "))


def test_states_within_the_gap_go_together_as_the_newest_and_a_lone_one_at_once(
    table: Table, clock: ManualClock
) -> None:
    start(table, "backgammon")
    gate = threading.Event()
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        assert gate.wait(READ_TIMEOUT_S)

    streams = Streams(table, StreamSettings(min_gap_s=1.0, clock=clock, sleep=sleep))
    frames = streams.open()
    assert frames is not None
    assert next(frames) == b"retry: 3000\n\n"
    assert seq_of(next(frames)) == 0
    burst = play(table, 3)  # the first waits for the gap; the others come meanwhile
    gate.set()
    assert seq_of(next(frames)) == burst.seq
    assert slept == [1.0]
    clock.advance(1.0)
    alone = play(table, 1)
    assert seq_of(next(frames)) == alone.seq
    assert slept == [1.0]
    frames.close()
    streams.close()
