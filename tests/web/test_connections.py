"""The server's connections: late or silent ones cannot shut phones out, and every request
gets a final answer (`companion.web.connections`, `companion.web.workers`)."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from flask import Flask

from companion.table import Table
from companion.web import WebServer
from companion.web.connections import REQUEST_S
from companion.web.workers import OnDemandWorkers
from tests.web.conftest import PIN, ManualClock, play, start

ANSWER_S = 5.0
"""A bound for a failure only: every answer here comes in milliseconds."""
IDLE_CONNECTIONS = 200


def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """True once `condition` holds (checked every few ms); False at `timeout`."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def raw(server: WebServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=ANSWER_S)


def read_answer(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes, or what came before a timeout."""
    received = b""
    try:
        while chunk := connection.recv(65536):
            received += chunk
            if b"\r\n\r\n" in received.split(b"100 Continue\r\n\r\n")[-1]:
                break
    except TimeoutError:
        pass
    return received


@pytest.fixture
def timed_server(app: Flask, clock: ManualClock) -> Iterator[WebServer]:
    """The real server on the tests' hand-moved clock."""
    with WebServer(app, "127.0.0.1", 0, clock=clock) as serving:
        yield serving


@pytest.mark.parametrize("path", ["/api/undo", "/api/chance"])
def test_expect_100_continue_with_an_empty_body_gets_a_final_answer(
    server: WebServer, table: Table, path: str
) -> None:
    start(table, "backgammon")
    with raw(server) as connection:
        connection.sendall(
            f"POST {path} HTTP/1.1\r\nHost: x\r\nX-Table-PIN: {PIN}\r\n"
            "Expect: 100-continue\r\nContent-Length: 0\r\n\r\n".encode()
        )
        answer = read_answer(connection)
    final = answer.split(b"100 Continue\r\n\r\n")[-1]
    assert final.startswith((b"HTTP/1.1 200", b"HTTP/1.1 409")), answer


def test_expect_100_continue_with_a_body_is_still_continued(
    server: WebServer, table: Table
) -> None:
    start(table, "backgammon")
    with raw(server) as connection:
        connection.sendall(
            f"POST /api/undo HTTP/1.1\r\nHost: x\r\nX-Table-PIN: {PIN}\r\nContent-Type:"
            " application/json\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".encode()
        )
        assert connection.recv(100).startswith(b"HTTP/1.1 100 Continue")
        connection.sendall(b"{}")
        assert read_answer(connection).startswith(b"HTTP/1.1 409")  # nothing to undo yet


def test_a_silent_connection_is_dropped_once_its_request_is_late(
    timed_server: WebServer, clock: ManualClock
) -> None:
    with raw(timed_server) as silent:
        assert wait_until(lambda: timed_server.connections == 1)
        clock.advance(REQUEST_S - 0.5)
        with raw(timed_server) as other:  # the server's loop has turned: still open
            other.sendall(b"GET /api/state HTTP/1.1\r\nHost: x\r\n\r\n")
            assert read_answer(other).startswith(b"HTTP/1.1 200")
        assert timed_server.connections >= 1
        clock.advance(1.0)
        assert silent.recv(10) == b""  # dropped by the server


def test_a_connection_that_drips_its_request_is_dropped_too(
    timed_server: WebServer, clock: ManualClock
) -> None:
    with raw(timed_server) as slow:
        slow.sendall(b"GET /api/st")
        assert wait_until(lambda: timed_server.connections == 1)
        dripped = 0.0
        try:
            for byte in b"ate HTTP/1.1\r\nHost: x\r\n":
                clock.advance(1.0)  # a byte a second keeps it busy, never finished
                dripped += 1.0
                slow.sendall(bytes([byte]))
            assert slow.recv(10) == b""
        except (BrokenPipeError, ConnectionResetError):
            pass  # dropped while dripping
        assert dripped > REQUEST_S - 1.0


def test_a_live_stream_is_never_dropped_for_being_quiet(
    timed_server: WebServer, clock: ManualClock, table: Table
) -> None:
    start(table, "backgammon")
    with raw(timed_server) as stream:
        stream.sendall(b"GET /api/events HTTP/1.1\r\nHost: x\r\n\r\n")
        assert b"event: state" in _until(stream, b"event: state")
        clock.advance(10 * REQUEST_S)
        play(table, 1)
        assert b"event: state" in _until(stream, b"event: state")


def _until(stream: socket.socket, marker: bytes) -> bytes:
    received = b""
    while marker not in received:
        chunk = stream.recv(65536)
        assert chunk, "the stream was closed"
        received += chunk
    return received


def test_200_idle_or_slow_connections_do_not_keep_a_new_phone_out(
    server: WebServer, table: Table
) -> None:
    start(table, "backgammon")
    with raw(server) as stream:
        stream.sendall(b"GET /api/events HTTP/1.1\r\nHost: x\r\n\r\n")
        _until(stream, b"event: state")
        idle = [raw(server) for _ in range(IDLE_CONNECTIONS)]
        for number, connection in enumerate(idle):
            if number % 2:
                connection.sendall(b"GET /api/state HTTP/1.1\r\nHo")  # slow: never finished
        stop = threading.Event()
        players = threading.Thread(target=_play_on, args=(table, stop), daemon=True)
        players.start()
        try:
            asked = time.monotonic()
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=ANSWER_S)
            connection.request("GET", "/api/state")
            answer = connection.getresponse()
            took = time.monotonic() - asked
            assert answer.status == 200 and json.loads(answer.read())["match"] is not None
            connection.close()
            assert took < ANSWER_S
            assert b"event: state" in _until(stream, b"event: state")  # the stream goes on
        finally:
            stop.set()
            players.join()
            for connection in idle:
                connection.close()


def _play_on(table: Table, stop: threading.Event) -> None:
    while not stop.is_set():
        snapshot = play(table, 1)
        if snapshot.is_over:
            start(table, "backgammon")


class _Task:
    def __init__(self, entered: threading.Event | None = None,
                 release: threading.Event | None = None) -> None:
        self.entered, self.release = entered, release
        self.served_by: str | None = None
        self.cancelled = False

    def service(self) -> None:
        self.served_by = threading.current_thread().name
        if self.entered is not None:
            self.entered.set()
        if self.release is not None:
            self.release.wait(ANSWER_S)

    def cancel(self) -> None:
        self.cancelled = True


def test_no_server_thread_is_started_before_a_request_needs_one(server: WebServer) -> None:
    assert server.workers.thread_count == 0


def test_the_thread_idle_since_last_takes_the_next_request() -> None:
    workers = OnDemandWorkers(4)
    try:
        first = _Task()
        workers.add_task(first)
        assert wait_until(lambda: first.served_by is not None and not workers._waiting
                          and len(workers._idle) == 1)
        for _ in range(5):
            task = _Task()
            workers.add_task(task)
            assert wait_until(lambda t=task: t.served_by is not None and len(workers._idle) == 1)
            assert task.served_by == first.served_by
        assert workers.thread_count == 1
    finally:
        workers.shutdown()


def test_requests_beyond_the_threads_wait_their_turn_and_idle_threads_end() -> None:
    workers = OnDemandWorkers(2, idle_exit_s=0.0)
    release = threading.Event()
    busy = [_Task(threading.Event(), release) for _ in range(2)]
    for task in busy:
        workers.add_task(task)
    for task in busy:
        assert task.entered is not None and task.entered.wait(ANSWER_S)
    waiting = _Task()
    workers.add_task(waiting)
    assert workers.thread_count == 2 and waiting.served_by is None
    release.set()
    assert wait_until(lambda: workers.thread_count == 0)
    assert waiting.served_by is not None
    workers.shutdown()


def test_shutdown_cancels_the_requests_still_waiting() -> None:
    workers = OnDemandWorkers(1)
    entered, release = threading.Event(), threading.Event()
    workers.add_task(_Task(entered, release))
    assert entered.wait(ANSWER_S)
    waiting = _Task()
    workers.add_task(waiting)
    closing = threading.Thread(target=workers.shutdown, kwargs={"timeout": ANSWER_S})
    closing.start()
    release.set()
    closing.join()
    assert workers.thread_count == 0
    late = _Task()
    workers.add_task(late)
    assert late.cancelled


def test_a_live_stream_does_not_keep_what_it_has_sent(server: WebServer, table: Table) -> None:
    """Waitress kept every byte a connection sent until 16 MB: each stream grew for ever."""
    from companion.web.server import OUTPUT_BUFFER_BYTES

    start(table, "backgammon")
    with raw(server) as stream:
        stream.sendall(b"GET /api/events HTTP/1.1\r\nHost: x\r\n\r\n")
        _until(stream, b"event: state")
        received = 0
        while received < 4 * OUTPUT_BUFFER_BYTES:
            snapshot = play(table, 1)
            if snapshot.is_over:
                start(table, "backgammon")
            received += len(_until(stream, b"event: state"))
        held = [
            sum(_buffered(outbuf) for outbuf in channel.outbufs)
            for listener in server._listeners
            for channel in list(listener.active_channels.values())
        ]
    assert max(held) <= 2 * OUTPUT_BUFFER_BYTES, held


def _buffered(outbuf: object) -> int:
    """Bytes an output buffer holds, sent or not."""
    inner = getattr(outbuf, "buf", None)
    if inner is None:
        return len(getattr(outbuf, "strbuf", b""))
    file = inner.getfile()
    return len(file.getbuffer()) if hasattr(file, "getbuffer") else 0
