"""Phones joining seats in the tests: joining, the seat's headers, a round's end to count."""

from __future__ import annotations

import contextlib
import json
import random
import re
import socket
import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games.uno.actions import CountHand
from companion.table import Table, TableSnapshot
from tests.web.conftest import PIN, choose_command, start

COOKIE = "companion_seat"


def phone(app: Flask, address: str = "192.168.1.31") -> FlaskClient:
    """A phone's own client (its own cookies) at `address` on the table's network."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def join(client: FlaskClient, name: str, pin: str = PIN) -> dict[str, Any]:
    """Join as `name`; the answer's JSON (asserted a success)."""
    answer = client.post("/api/join", json={"pin": pin, "name": name})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def seat_post(
    client: FlaskClient, path: str, body: Any = None, csrf: str | None = None, **kw: Any
) -> Any:
    """A seat-bound change: the phone's cookie goes by itself, `csrf` in its header."""
    headers = {} if csrf is None else {"X-CSRF-Token": csrf}
    if body is not None:
        kw.setdefault("data", json.dumps(body))
        kw.setdefault("content_type", "application/json")
    return client.post(path, headers=headers, **kw)


def cookie_of(client: FlaskClient) -> str:
    cookie = client.get_cookie(COOKIE)
    assert cookie is not None
    return cookie.value


def at(snapshot: TableSnapshot) -> dict[str, int]:
    return {"match": snapshot.match_id, "seq": snapshot.seq}


def until_round_end(table: Table, players: int = 4, seed: int = 2) -> TableSnapshot:
    """A refereed Tiki Twist match played as the demo does until its hands are to be counted."""
    start(table, "tiki", players, {"mode": "referee"})
    rng = random.Random(seed)
    for _ in range(3000):
        snapshot = table.snapshot
        assert snapshot is not None and not snapshot.is_over
        if any(isinstance(action, CountHand) for action in snapshot.legal_actions):
            return snapshot
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
    pytest.fail("no round ended in 3000 commands")


def hands_to_count(snapshot: TableSnapshot) -> list[int]:
    return sorted({a.counted for a in snapshot.legal_actions if isinstance(a, CountHand)})


def a_count(snapshot: TableSnapshot, seat: int) -> dict[str, Any]:
    """The lowest count of `seat`'s hand the engine lists, as a phone sends it."""
    points = min(
        a.points or 0
        for a in snapshot.legal_actions
        if isinstance(a, CountHand) and a.counted == seat
    )
    return {"action": "count_hand", "counted": seat, "points": points, **at(snapshot)}


class RecordingLine:
    """A phone's own line to the server: a TCP relay on a port of its own that keeps every
    byte the server sends through it (headers, bodies and the event stream, as they travel).

    A browser context pointed at `port` sees the page exactly as from the server itself
    (one origin, its own cookies); `received` is what reached that phone.
    """

    def __init__(self, server_port: int) -> None:
        self.server_port = server_port
        self._received = bytearray()
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port: int = self._listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def received(self) -> bytes:
        with self._lock:
            return bytes(self._received)

    def _accept(self) -> None:
        while True:
            try:
                phone_side, _ = self._listener.accept()
            except OSError:
                return  # closed
            server_side = socket.create_connection(("127.0.0.1", self.server_port))
            with self._lock:
                self._sockets += [phone_side, server_side]
            threading.Thread(
                target=self._relay, args=(phone_side, server_side, False), daemon=True
            ).start()
            threading.Thread(
                target=self._relay, args=(server_side, phone_side, True), daemon=True
            ).start()

    def _relay(self, source: socket.socket, sink: socket.socket, keep: bool) -> None:
        try:
            while chunk := source.recv(65536):
                if keep:
                    with self._lock:
                        self._received += chunk
                sink.sendall(chunk)
        except OSError:
            pass  # one side closed
        finally:
            for side in (source, sink):
                with contextlib.suppress(OSError):
                    side.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self._listener.close()
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for side in sockets:
            with contextlib.suppress(OSError):
                side.shutdown(socket.SHUT_RDWR)
            side.close()


def seat_secrets(received: bytes) -> tuple[set[str], set[str]]:
    """The CSRF tokens and seat cookie values in the bytes a phone received."""
    text = received.decode("latin-1")
    tokens = set(re.findall(r'"csrf": ?"([^"]+)"', text))
    cookies = {value for value in re.findall(COOKIE + r"=([^;\s]*)", text) if value}
    return tokens, cookies
