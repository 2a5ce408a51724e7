"""The real waitress server refuses what no phone sends: huge headers, huge bodies."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from flask import Flask

from companion.web import WebServer
from companion.web.server import MAX_BODY_BYTES, MAX_HEADER_BYTES
from tests.web.conftest import PIN

READ_TIMEOUT_S = 5.0


def connect(server: WebServer) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", server.port, timeout=READ_TIMEOUT_S)


def test_headers_over_16_kb_are_refused_before_the_app(server: WebServer) -> None:
    connection = connect(server)
    connection.request("GET", "/api/state", headers={"X-Padding": "a" * (MAX_HEADER_BYTES + 1)})
    answer = connection.getresponse()
    assert answer.status == 431
    assert b"Traceback" not in answer.read()
    connection.close()


def test_a_body_over_the_servers_limit_is_refused_before_the_app(server: WebServer) -> None:
    connection = connect(server)
    connection.putrequest("POST", "/api/actions")
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Content-Length", str(MAX_BODY_BYTES + 1))
    connection.endheaders()  # refused on its length alone, before a byte of it is sent
    answer = connection.getresponse()
    assert answer.status == 413
    connection.close()


def test_a_body_over_64_kb_gets_the_apps_sentence_through_the_server(server: WebServer) -> None:
    connection = connect(server)
    body = json.dumps({"padding": "a" * 65 * 1024}).encode()
    headers = {"Content-Type": "application/json", "X-Table-PIN": PIN}
    connection.request("POST", "/api/actions", body=body, headers=headers)
    answer = connection.getresponse()
    assert answer.status == 413
    assert json.loads(answer.read()) == {
        "ok": False,
        "error": "The body is larger than 64 KB; send less.",
    }
    connection.close()


def test_a_request_being_answered_when_the_server_closes_gets_its_answer(app: Flask) -> None:
    entered, release = threading.Event(), threading.Event()

    def slow() -> str:
        entered.set()
        release.wait(10)
        return "applied"

    app.add_url_rule("/slow", "slow", slow)
    server = WebServer(app, "127.0.0.1", 0)
    port = server.port
    with ThreadPoolExecutor(2) as pool:
        asked = pool.submit(_get, port, "/slow")
        assert entered.wait(10)
        closing = pool.submit(server.close)
        assert _eventually_refused(port)  # closing: no new phone is let in ...
        release.set()
        assert asked.result(timeout=10) == (200, b"applied")  # ... the one inside is answered
        closing.result(timeout=10)


def _get(port: int, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def _eventually_refused(port: int) -> bool:
    """True once the port takes no connection (bounded: the server closes on its thread)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            return True
        time.sleep(0.01)
    return False


def test_with_no_phone_connected_the_server_sleeps_until_one_connects(
        server: WebServer) -> None:
    assert server.loop_timeout() is None
    connection = connect(server)
    connection.request("GET", "/api/state")
    assert connection.getresponse().status == 200
    assert server.loop_timeout() is not None  # the open connection is looked after
    connection.close()


FROZEN_CHECK = """
import gc, sys, tempfile
from pathlib import Path
from companion.event_log.store import Store
from companion.table import FairChance, Table
from companion.web import PinGuard, WebServer, create_app
log = Path(tempfile.mkdtemp()) / "companion.db"
with Store.open(log) as store, Table(store, chance=FairChance(1)) as table:
    page = create_app(table, log, PinGuard("4821"))
    walked = lambda: any(thing is table for thing in gc.get_objects())
    before = walked()
    with WebServer(page, "127.0.0.1", 0):
        print(before, walked(), gc.get_freeze_count() > 0)
"""
"""A fresh process (the freezing is once a process): is the table walked by a full
collection before its server starts, after, and was anything frozen."""


def test_what_the_process_started_with_is_not_walked_by_each_full_collection() -> None:
    """A full collection of everything at startup paused every stream for 130-260 ms at
    load; once the server starts, the table (and all made before it) is out of its reach."""
    done = subprocess.run([sys.executable, "-c", FROZEN_CHECK], capture_output=True,
                          text=True, timeout=60, check=True)
    assert done.stdout.split() == ["True", "False", "True"], done.stderr
