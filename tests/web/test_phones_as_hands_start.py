"""Starting an UNO game "with phones as hands" from a phone with the PIN: only once every
player has a phone joined to their seat; refused in a sentence otherwise, nothing changed."""

from __future__ import annotations

from flask import Flask
from werkzeug.test import TestResponse

from companion.table import Table
from tests.web.conftest import PIN, start
from tests.web.seat_helpers import join, phone

FOUR = ["Ana", "Ben", "Cleo", "Dev"]


def _start(app: Flask, game: str, players: list[str], **more: object) -> TestResponse:
    return phone(app, "192.168.1.9").post(
        "/api/match/start",
        json={"pin": PIN, "game": game, "players": players, "hands": "phones", **more},
    )


def test_phones_as_hands_is_refused_until_every_player_has_a_phone_joined(
    app: Flask, table: Table
) -> None:
    start(table, "tiki", 4, {"mode": "referee", "target": 1})
    for name in FOUR[:2]:
        join(phone(app, f"192.168.1.{20 + len(name)}"), name)
    before = table.snapshot
    answer = _start(app, "tiki", FOUR, abandon=True)
    assert answer.status_code == 409
    assert answer.get_json()["error"] == (
        "Every hand is held on its player's phone: Cleo, Dev have no phone joined yet"
        " (Join as a player, with the PIN).")
    assert table.snapshot is before


def test_with_every_phone_joined_the_companion_deals_and_the_state_says_phones(
    app: Flask, table: Table
) -> None:
    start(table, "classic", 4, {"mode": "referee"})
    for seat, name in enumerate(FOUR):
        join(phone(app, f"192.168.1.{30 + seat}"), name)
    answer = _start(app, "classic", FOUR, abandon=True)
    assert answer.status_code == 201, answer.get_json()
    snapshot = table.snapshot
    assert snapshot is not None and snapshot.hands == "phones"
    assert snapshot.chance is not None and snapshot.chance.kind == "shuffle"
    match = app.test_client().get("/api/state").get_json()["match"]
    assert match["hands"] == "phones" and match["state"]["mode"] == "simulation"


def test_duo_with_two_phones_and_its_rematch_keeps_the_hands_on_the_phones(
    app: Flask, table: Table
) -> None:
    start(table, "duo", 2, {"mode": "referee"})
    phones = [phone(app, "192.168.1.40"), phone(app, "192.168.1.41")]
    for one, name in zip(phones, FOUR[:2], strict=True):
        join(one, name)
    assert _start(app, "duo", FOUR[:2], abandon=True).status_code == 201
    first = table.snapshot
    answer = phone(app, "192.168.1.9").post("/api/match/rematch",
                                            json={"pin": PIN, "abandon": True})
    assert answer.status_code == 201, answer.get_json()
    snapshot = table.snapshot
    assert first is not None and snapshot is not None
    assert snapshot.match_id == first.match_id + 1 and snapshot.hands == "phones"


def test_a_game_without_cards_or_a_wrong_word_for_the_hands_is_refused(
    app: Flask, table: Table
) -> None:
    start(table, "yahtzee", 2)
    for seat, name in enumerate(FOUR[:2]):
        join(phone(app, f"192.168.1.{50 + seat}"), name)
    before = table.snapshot
    answer = _start(app, "yahtzee", FOUR[:2], abandon=True)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == ("Yahtzee board game has no hands of cards for the"
                                          " companion to hold: start it without phones as"
                                          " hands.")
    wrong = _start(app, "tiki", FOUR[:2], abandon=True, hands="pockets")
    assert wrong.status_code == 400 and '"hands" is "phones"' in wrong.get_json()["error"]
    assert table.snapshot is before


def test_the_pin_api_starts_with_phones_as_hands_on_the_same_terms(
    app: Flask, table: Table
) -> None:
    start(table, "tiki", 2, {"mode": "referee"})
    answer = app.test_client().post(
        "/api/matches", headers={"X-Table-PIN": PIN},
        json={"game": "tiki", "players": FOUR[:2], "hands": "phones", "abandon": 1},
    )
    assert answer.status_code == 409 and "Ana, Ben have" in answer.get_json()["error"]


def test_a_rematch_with_phones_as_hands_is_refused_while_a_player_has_no_phone_joined(
    app: Flask, table: Table
) -> None:
    start(table, "duo", 2, {"mode": "referee"})
    phones = [phone(app, "192.168.1.42"), phone(app, "192.168.1.43")]
    for one, name in zip(phones, FOUR[:2], strict=True):
        join(one, name)
    assert _start(app, "duo", FOUR[:2], abandon=True).status_code == 201
    ben = phones[1]
    csrf = ben.get("/api/me").get_json()["csrf"]
    assert ben.post("/api/leave", headers={"X-CSRF-Token": csrf}).status_code == 200
    before = table.snapshot
    answer = phone(app, "192.168.1.9").post("/api/match/rematch",
                                            json={"pin": PIN, "abandon": True})
    assert answer.status_code == 409
    assert answer.get_json()["error"] == (
        "Every hand is held on its player's phone: Ben has no phone joined yet"
        " (Join as a player, with the PIN).")
    assert table.snapshot is before
