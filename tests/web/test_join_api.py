"""Joining as a player: the PIN once, a name of the match, a seat session behind a cookie."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from companion.records import Player
from companion.table import NewMatch, Table
from companion.web.guard import MAX_WRONG
from tests.web.conftest import PIN, ManualClock, start
from tests.web.seat_helpers import COOKIE, join, phone, seat_post

SPECTATOR = {"name": None, "seat": None, "csrf": None}


def test_a_phone_that_joins_is_that_players_seat_and_the_page_learns_it_from_me(
    app: Flask, table: Table
) -> None:
    start(table, "tiki", 3)
    cleo = phone(app)
    joined = join(cleo, "Cleo")
    assert joined["ok"] is True and joined["name"] == "Cleo" and joined["seat"] == 2
    me = cleo.get("/api/me").get_json()
    assert (me["name"], me["seat"], me["csrf"]) == ("Cleo", 2, joined["csrf"])


def test_the_seat_cookie_is_httponly_samesite_strict_and_holds_neither_pin_nor_name(
    app: Flask, table: Table
) -> None:
    start(table, "tiki", 3)
    answer = phone(app).post("/api/join", json={"pin": PIN, "name": "Cleo"})
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    value = cookie.split(";")[0].split("=", 1)[1]
    assert PIN not in value and "Cleo" not in value and len(value) >= 40


def test_a_phone_that_never_joined_is_a_spectator(app: Flask, table: Table) -> None:
    start(table, "tiki", 3)
    assert phone(app).get("/api/me").get_json() == SPECTATOR


def test_a_rematch_with_the_same_names_keeps_the_phone_its_seat_and_another_match_has_none(
    app: Flask, table: Table
) -> None:
    start(table, "tiki", 3)
    ben = phone(app)
    join(ben, "Ben")
    start(table, "tiki", 3)
    assert ben.get("/api/me").get_json()["seat"] == 1
    other = NewMatch("backgammon", (Player("Zoe", "red"), Player("Yan", "blue")), {})
    assert table.post(other).result().applied
    me = ben.get("/api/me").get_json()
    assert me["name"] == "Ben" and me["seat"] is None


def test_leave_makes_the_phone_a_spectator_and_its_old_cookie_worthless(
    app: Flask, table: Table
) -> None:
    start(table, "tiki", 3)
    ana = phone(app)
    csrf = join(ana, "Ana")["csrf"]
    old = ana.get_cookie(COOKIE)
    assert old is not None
    answer = seat_post(ana, "/api/leave", csrf=csrf)
    assert answer.status_code == 200 and answer.get_json() == {"ok": True}
    assert ana.get("/api/me").get_json() == SPECTATOR
    ana.set_cookie(COOKIE, old.value)
    assert ana.get("/api/me").get_json() == SPECTATOR


def test_leave_without_the_csrf_token_is_403_and_the_phone_keeps_its_seat(
    app: Flask, table: Table
) -> None:
    start(table, "tiki", 3)
    ana = phone(app)
    join(ana, "Ana")
    answer = seat_post(ana, "/api/leave")
    assert answer.status_code == 403
    assert "X-CSRF-Token" in answer.get_json()["error"]
    assert ana.get("/api/me").get_json()["name"] == "Ana"


def test_a_wrong_pin_is_403_and_no_seat(app: Flask, table: Table) -> None:
    start(table, "tiki", 3)
    cleo = phone(app)
    answer = cleo.post("/api/join", json={"pin": "0000", "name": "Cleo"})
    assert answer.status_code == 403
    assert answer.get_json()["error"] == (
        "That PIN is not the table's: enter the PIN shown on the table's screen."
    )
    assert cleo.get_cookie(COOKIE) is None
    assert cleo.get("/api/me").get_json() == SPECTATOR


def test_pin_guessing_through_the_join_form_reaches_the_lockout_of_every_pin(
    app: Flask, table: Table, clock: ManualClock, client: FlaskClient
) -> None:
    start(table, "tiki", 3)
    guesser = phone(app, "192.168.1.66")
    statuses = [
        guesser.post("/api/join", json={"pin": f"{guess:04d}", "name": "Ana"}).status_code
        for guess in range(MAX_WRONG)
    ]
    assert statuses == [403] * (MAX_WRONG - 1) + [429]
    locked = guesser.post("/api/join", json={"pin": PIN, "name": "Ana"})
    assert locked.status_code == 429 and "Retry-After" in locked.headers
    assert locked.get_json()["error"].startswith("Too many wrong PINs from this device")
    # The same lockout as the PIN header's: the API refuses that address too.
    headers = {"X-Table-PIN": PIN}
    refused = client.post(
        "/api/undo", headers=headers, environ_base={"REMOTE_ADDR": "192.168.1.66"}
    )
    assert refused.status_code == 429
    assert guesser.get("/api/me").get_json() == SPECTATOR
    clock.advance(61)
    assert join(guesser, "Ana")["seat"] == 0


def test_a_name_not_in_the_match_is_409_naming_the_players(app: Flask, table: Table) -> None:
    start(table, "tiki", 3)
    answer = phone(app).post("/api/join", json={"pin": PIN, "name": "Zoe"})
    assert answer.status_code == 409
    assert answer.get_json()["error"] == (
        "Nobody called 'Zoe' plays in the match on the table; tap one of: Ana, Ben, Cleo."
    )


def test_joining_before_any_match_is_409(app: Flask) -> None:
    answer = phone(app).post("/api/join", json={"pin": PIN, "name": "Ana"})
    assert answer.status_code == 409
    assert answer.get_json()["error"] == "No match is on the table: start a new match first."


def test_joining_again_replaces_the_phones_old_session(app: Flask, table: Table) -> None:
    start(table, "tiki", 3)
    ana = phone(app)
    first = join(ana, "Ana")["csrf"]
    old = ana.get_cookie(COOKIE)
    assert old is not None
    second = join(ana, "Ben")
    assert second["seat"] == 1 and second["csrf"] != first
    ana.set_cookie(COOKIE, old.value)
    assert ana.get("/api/me").get_json() == SPECTATOR
