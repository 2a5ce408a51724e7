"""Joining before the match exists: the players the table's screen is setting up (its lobby)."""

from __future__ import annotations

from flask import Flask

from companion.records import Player
from companion.table import NewMatch, Table
from companion.table.lobby import Lobby, LobbyPlayer
from companion.web.guard import MAX_WRONG
from tests.web.conftest import PIN
from tests.web.seat_helpers import join, phone, seat_post

FAMILY = (LobbyPlayer("Mum", "red"), LobbyPlayer("Dev", "yellow"), LobbyPlayer("Ana", "blue"),
          LobbyPlayer("Ben", "green"))


def lobby_of(app: Flask) -> Lobby:
    lobby: Lobby = app.extensions["companion"].lobby
    return lobby


def offer_family(app: Flask) -> Lobby:
    lobby = lobby_of(app)
    lobby.offer(FAMILY)
    return lobby


def test_a_phone_joins_a_player_the_screen_sets_up_before_any_match_exists(
        app: Flask, table: Table) -> None:
    assert table.snapshot is None
    offer_family(app)
    dev = phone(app)
    joined = join(dev, "Dev")
    assert (joined["name"], joined["seat"]) == ("Dev", None)
    me = dev.get("/api/me").get_json()
    assert (me["name"], me["seat"], me["lobby"]) == ("Dev", None, True)


def test_the_lobby_lists_its_players_with_the_screens_marks_and_who_has_a_phone(
        app: Flask) -> None:
    offer_family(app)
    join(phone(app), "Ana")
    players = phone(app, "192.168.1.40").get("/api/lobby").get_json()["players"]
    assert [p["name"] for p in players] == ["Mum", "Dev", "Ana", "Ben"]
    assert [p["joined"] for p in players] == [False, False, True, False]
    assert players[1]["mark"] == {"letter": "Y", "colour": "#f0e442", "ink": "#000000"}


def test_the_phone_joined_in_the_lobby_holds_its_seat_once_the_match_starts(
        app: Flask, table: Table) -> None:
    offer_family(app)
    ben = phone(app)
    join(ben, "Ben")
    players = tuple(Player(p.name, p.colour) for p in FAMILY)
    assert table.post(NewMatch("tiki", players, {})).result().applied
    lobby_of(app).close()
    me = ben.get("/api/me").get_json()
    assert (me["seat"], me["lobby"]) == (3, False)
    assert me["turn"]["match"] == table.snapshot.match_id  # type: ignore[union-attr]


def test_a_name_the_lobby_does_not_offer_is_refused_with_the_names_it_does(app: Flask) -> None:
    offer_family(app)
    answer = phone(app).post("/api/join", json={"pin": PIN, "name": "Zoe"})
    assert answer.status_code == 409
    assert answer.get_json()["error"] == ("Nobody called 'Zoe' plays in the match being set up"
                                          " on the table; tap one of: Mum, Dev, Ana, Ben.")
    assert phone(app).get("/api/lobby").get_json()["players"][0]["joined"] is False


def test_without_a_lobby_or_a_match_a_join_is_told_no_match_is_on_the_table(app: Flask) -> None:
    answer = phone(app).post("/api/join", json={"pin": PIN, "name": "Mum"})
    assert answer.status_code == 409
    assert "match" in answer.get_json()["error"]
    assert phone(app).get("/api/lobby").get_json() == {"players": []}


def test_a_wrong_pin_in_the_lobby_joins_nobody_and_counts_toward_the_lockout(app: Flask) -> None:
    offer_family(app)
    guesser = phone(app)
    statuses = [guesser.post("/api/join", json={"pin": "0000", "name": "Mum"}).status_code
                for _ in range(MAX_WRONG)]
    assert statuses == [403] * (MAX_WRONG - 1) + [429]
    locked = guesser.post("/api/join", json={"pin": PIN, "name": "Mum"})
    assert locked.status_code == 429
    assert guesser.get("/api/me").get_json()["name"] is None
    assert not any(p["joined"] for p in guesser.get("/api/lobby").get_json()["players"])


def test_hostile_lobby_joins_are_refused_with_a_sentence_and_join_nobody(app: Flask) -> None:
    offer_family(app)
    client = phone(app)
    for body in ({"pin": PIN, "name": ["Mum"]}, {"pin": PIN, "name": "M" * 60_000},
                 {"pin": PIN, "name": "Mum", "seat": 0}, {"pin": PIN, "name": "\u202eMum"}):
        answer = client.post("/api/join", json=body)
        assert 400 <= answer.status_code < 500 and answer.get_json()["error"].endswith(".")
    assert not any(p["joined"] for p in client.get("/api/lobby").get_json()["players"])


def test_the_screen_is_rung_when_a_phone_joins_the_lobby_and_when_it_leaves(app: Flask) -> None:
    lobby = offer_family(app)
    rings: list[str] = []
    lobby.attach(lambda: rings.append("ring"))
    mum = phone(app)
    csrf = join(mum, "Mum")["csrf"]
    assert rings == ["ring"]
    assert seat_post(mum, "/api/leave", csrf=csrf).status_code == 200
    assert rings == ["ring", "ring"]


def test_a_second_phone_takes_a_lobby_name_over_and_the_first_is_told_it_has_none(
        app: Flask) -> None:
    offer_family(app)
    old, new = phone(app), phone(app, "192.168.1.77")
    join(old, "Mum")
    join(new, "Mum")
    assert old.get("/api/me").get_json()["name"] is None
    assert new.get("/api/me").get_json()["name"] == "Mum"
