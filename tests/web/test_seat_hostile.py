"""Hostile requests to every seat endpoint: a 4xx with a sentence, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from companion.table import Table
from companion.web import PinGuard, create_app
from companion.web.app import close_app
from tests.web.conftest import PIN, start
from tests.web.seat_helpers import COOKIE, at, cookie_of, join, phone, seat_post

SEAT_PATHS = ["/api/seat/actions", "/api/seat/chance", "/api/seat/undo", "/api/leave"]
MATCH_PATHS = ["/api/match/start", "/api/match/rematch"]
ALL_PATHS = ["/api/join", *SEAT_PATHS, *MATCH_PATHS]


def _table_key(table: Table) -> tuple[int, int] | None:
    snapshot = table.snapshot
    return None if snapshot is None else (snapshot.match_id, snapshot.seq)


@pytest.fixture
def ana(app: Flask, table: Table) -> tuple[Any, str]:
    """Ana's phone, joined, on the yahtzee table: the rules ask her for dice."""
    start(table, "yahtzee")
    client = phone(app)
    return client, join(client, "Ana")["csrf"]


BAD_BODIES = [
    pytest.param(b"{", "application/json", 400, id="malformed-json"),
    pytest.param(b'{"pin": NaN}', "application/json", 400, id="nan"),
    pytest.param(b"\xff\xfe", "application/json", 400, id="bad-utf8"),
    pytest.param(b'"a string"', "application/json", 400, id="not-an-object"),
    pytest.param(b"[1, 2]", "application/json", 400, id="a-list"),
    pytest.param(b'{"seq": 1e400}', "application/json", 400, id="huge-float"),
    pytest.param(b'{"seq": ' + b"9" * 40 + b"}", "application/json", 400, id="huge-number"),
    pytest.param(b'{"seq": "25"}', "application/json", 400, id="seq-a-string"),
    pytest.param(b'{"pin": "4821", "name": "\\u202eAna"}', "application/json", 400, id="bidi"),
    pytest.param(b'{"name": "A\\u0000"}', "application/json", 400, id="control"),
    pytest.param(b'{"x": "' + b"a" * 60_000 + b'"}', "application/json", 400, id="60kb-text"),
    pytest.param(b"[" + b"[" * 5000 + b"]" * 5000 + b"]", "application/json", 400, id="deep"),
    pytest.param(b"x" * (65 * 1024), "application/json", 413, id="over-64kb"),
    pytest.param(b"pin=4821", "application/x-www-form-urlencoded", 415, id="a-form"),
]


@pytest.mark.parametrize("path", ALL_PATHS)
@pytest.mark.parametrize(("raw", "kind", "status"), BAD_BODIES)
def test_a_bad_body_to_every_seat_endpoint_is_a_4xx_sentence_and_changes_nothing(
    app: Flask, table: Table, ana: tuple[Any, str], path: str, raw: bytes, kind: str, status: int
) -> None:
    client, csrf = ana
    before = _table_key(table)
    answer = client.post(path, data=raw, content_type=kind, headers={"X-CSRF-Token": csrf})
    assert answer.status_code == status
    error = answer.get_json()["error"]
    assert error.endswith(".") and len(error) < 200
    assert _table_key(table) == before
    assert client.get("/api/me").get_json()["name"] == "Ana"


WRONG_JOINS = [
    ({"pin": 4821, "name": "Ana"}, 403),
    ({"pin": ["4821"], "name": "Ana"}, 403),
    ({"pin": PIN, "name": 7}, 400),
    ({"pin": PIN, "name": "A" * 25}, 400),
    ({"pin": PIN, "name": ""}, 400),
    ({"pin": PIN, "name": "Ana", "seat": 3}, 400),
    ({"pin": PIN, "name": "Ānà 🎲"}, 409),
]


@pytest.mark.parametrize(("body", "status"), WRONG_JOINS)
def test_a_join_of_the_wrong_shape_is_a_sentence_and_no_seat(
    app: Flask, table: Table, body: dict[str, Any], status: int
) -> None:
    start(table, "tiki", 3)
    client = phone(app)
    answer = client.post("/api/join", json=body)
    assert answer.status_code == status
    assert answer.get_json()["error"].endswith(".")
    assert client.get_cookie(COOKIE) is None


WRONG_CHANGES = [
    ("/api/seat/actions", {"action": "dice", "values": [1, 2, 3]}),
    ("/api/seat/actions", {"action": "dice", "values": [2**70, 1]}),
    ("/api/seat/actions", {"action": "dice", "values": ["1", 2]}),
    ("/api/seat/actions", {"action": "no_such_thing"}),
    ("/api/seat/actions", {"action": "dice", "values": [3, 4], "seq": -1}),
    ("/api/seat/actions", {"action": "dice", "values": [3, 4], "match": 0}),
    ("/api/seat/actions", {"action": "dice", "values": [3, 4], "seq": 999}),
    ("/api/seat/actions", {"action": "spin_result", "seats": [1]}),
    ("/api/seat/chance", {"seq": 999}),
    ("/api/seat/chance", {"pin": PIN}),
    ("/api/seat/undo", {"pin": 4821}),
    ("/api/seat/undo", {"pin": PIN, "extra": 1}),
]


@pytest.mark.parametrize(("path", "body"), WRONG_CHANGES)
def test_a_seat_change_of_the_wrong_shape_or_state_is_a_4xx_sentence(
    table: Table, ana: tuple[Any, str], path: str, body: dict[str, Any]
) -> None:
    client, csrf = ana
    before = _table_key(table)
    answer = seat_post(client, path, body, csrf)
    assert 400 <= answer.status_code < 500, answer.get_json()
    assert answer.get_json()["error"].endswith(".")
    assert _table_key(table) == before


@pytest.mark.parametrize("path", SEAT_PATHS)
@pytest.mark.parametrize("token", [None, "", "forged-token", "é" * 10])
def test_a_missing_or_forged_csrf_token_is_403_and_changes_nothing(
    table: Table, ana: tuple[Any, str], path: str, token: str | None
) -> None:
    client, _ = ana
    before = _table_key(table)
    headers = {} if token is None else {"X-CSRF-Token": token}
    body = {"seq": 0, **at(table.snapshot)} if table.snapshot else {}
    answer = client.post(path, json=body, headers=headers)
    assert answer.status_code == 403
    assert answer.get_json()["error"] == (
        "This request did not carry this phone's check token (X-CSRF-Token):"
        " reload the page and try again."
    )
    assert _table_key(table) == before
    assert client.get("/api/me").get_json()["name"] == "Ana"


@pytest.mark.parametrize("path", SEAT_PATHS)
def test_a_cookie_copied_to_another_address_is_no_seat(
    app: Flask, table: Table, ana: tuple[Any, str], path: str
) -> None:
    client, csrf = ana
    thief = phone(app, "192.168.1.99")
    thief.set_cookie(COOKIE, cookie_of(client))
    before = _table_key(table)
    answer = seat_post(thief, path, at(table.snapshot) if table.snapshot else {}, csrf)
    assert answer.status_code == 403
    assert answer.get_json()["error"].startswith("This phone has no seat at this table")
    assert _table_key(table) == before
    assert thief.get("/api/me").get_json() == {"name": None, "seat": None, "csrf": None}


@pytest.mark.parametrize("path", SEAT_PATHS)
def test_a_session_of_another_table_is_no_seat_at_this_one(
    table: Table, ana: tuple[Any, str], tmp_path: Any, path: str
) -> None:
    client, csrf = ana
    other = create_app(table, tmp_path / "other.db", PinGuard(PIN))
    try:
        stranger = other.test_client()
        stranger.environ_base["REMOTE_ADDR"] = "192.168.1.31"
        stranger.set_cookie(COOKIE, cookie_of(client))
        before = _table_key(table)
        answer = seat_post(stranger, path, {}, csrf)
        assert answer.status_code == 403
        assert answer.get_json()["error"].startswith("This phone has no seat at this table")
        assert _table_key(table) == before
    finally:
        close_app(other)


@pytest.mark.parametrize("value", ["x" * 3000, "'; DROP TABLE", "\u00e9\u00e8", "a" * 64])
def test_a_made_up_cookie_is_no_seat(app: Flask, table: Table, value: str) -> None:
    start(table, "tiki", 3)
    client = phone(app)
    client.set_cookie(COOKIE, value)
    assert client.get("/api/me").get_json()["name"] is None
    answer = client.post("/api/seat/chance", headers={"X-CSRF-Token": "x"})
    assert answer.status_code == 403


TWO = ["Ana", "Ben"]
WRONG_STARTS = [
    ("/api/match/start", {"pin": PIN, "game": 7, "players": TWO}, 400),
    ("/api/match/start", {"pin": PIN, "game": "yahtzee", "players": "Ana, Ben"}, 400),
    ("/api/match/start", {"pin": PIN, "game": "yahtzee", "players": ["Ana", "ana"]}, 400),
    ("/api/match/start", {"pin": PIN, "game": "yahtzee", "players": ["A" * 25, "Ben"]}, 400),
    ("/api/match/start", {"pin": PIN, "game": "no_such_game", "players": TWO}, 400),
    ("/api/match/start", {"pin": PIN, "game": "yahtzee", "players": ["Ana"] + ["B"] * 16}, 400),
    ("/api/match/start", {"pin": PIN, "game": "yahtzee", "players": TWO, "abandon": "yes"}, 400),
    ("/api/match/start", {"pin": PIN, "game": "yahtzee", "players": TWO, "abandon": 1}, 400),
    ("/api/match/start", {"pin": PIN, "game": "tiki", "players": TWO,
                          "options": {"target": 2**70}}, 400),
    ("/api/match/start", {"pin": PIN, "game": "yahtzee", "players": TWO, "seat": 1}, 400),
    ("/api/match/start", {"pin": PIN, "game": "yahtzee", "players": ["Ānà 🎲", "Ben"]}, 409),
    ("/api/match/start", {"pin": PIN, "game": "yahtzee", "players": TWO}, 409),
    ("/api/match/start", {"pin": 4821, "game": "yahtzee", "players": TWO}, 403),
    ("/api/match/start", {"pin": ["4821"], "game": "yahtzee", "players": TWO}, 403),
    ("/api/match/start", {"game": "yahtzee", "players": TWO, "abandon": True}, 403),
    ("/api/match/start", {"pin": "0000", "game": "yahtzee", "players": TWO, "abandon": True},
     403),
    ("/api/match/rematch", {"pin": PIN, "extra": 1}, 400),
    ("/api/match/rematch", {"pin": PIN, "abandon": "true"}, 400),
    ("/api/match/rematch", {"pin": PIN}, 409),
    ("/api/match/rematch", {"pin": 4821, "abandon": True}, 403),
    ("/api/match/rematch", {"abandon": True}, 403),
]


@pytest.mark.parametrize(("path", "body", "status"), WRONG_STARTS)
def test_a_start_or_rematch_of_the_wrong_shape_or_pin_is_a_sentence_and_changes_nothing(
    table: Table, ana: tuple[Any, str], path: str, body: dict[str, Any], status: int
) -> None:
    client, _ = ana
    before = _table_key(table)
    answer = client.post(path, json=body)
    assert answer.status_code == status, answer.get_json()
    error = answer.get_json()["error"]
    assert error.endswith(".") and len(error) < 200
    assert _table_key(table) == before


@pytest.mark.parametrize("path", MATCH_PATHS)
def test_guessing_the_pin_through_a_start_locks_the_phone_out_of_every_change(
    app: Flask, table: Table, path: str
) -> None:
    start(table, "yahtzee")
    guesser = phone(app, "192.168.1.66")
    fields = {"game": "yahtzee", "players": TWO} if path.endswith("start") else {}
    for guess in range(10):
        answer = guesser.post(path, json={"pin": f"{guess:04d}", **fields, "abandon": True})
        assert answer.status_code in (403, 429)
    before = _table_key(table)
    locked = guesser.post(path, json={"pin": PIN, **fields, "abandon": True})
    assert locked.status_code == 429
    assert locked.headers["Retry-After"]
    assert locked.get_json()["error"].startswith("Too many wrong PINs from this device")
    assert guesser.post("/api/join", json={"pin": PIN, "name": "Ana"}).status_code == 429
    assert _table_key(table) == before
