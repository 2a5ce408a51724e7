"""A seat's phone acts for its seat only: its moves, its dice, its own hand's count, undo."""

from __future__ import annotations

from flask import Flask

from companion.games.actions import action_to_json
from companion.table import DrawChance, PlayAction, Table, TableSnapshot
from tests.web.conftest import PIN, start
from tests.web.seat_helpers import (
    a_count,
    at,
    cookie_of,
    hands_to_count,
    join,
    phone,
    seat_post,
    until_round_end,
)


def _until_moves(table: Table) -> None:
    while table.snapshot is not None and not table.snapshot.legal_actions:
        assert table.post(DrawChance()).result().applied


def test_a_seat_plays_its_own_listed_action(app: Flask, table: Table) -> None:
    start(table, "yahtzee")
    _until_moves(table)
    snapshot = table.snapshot
    assert snapshot is not None and snapshot.to_move == 0
    ana = phone(app)
    csrf = join(ana, "Ana")["csrf"]
    move = action_to_json(snapshot.legal_actions[0])
    answer = seat_post(ana, "/api/seat/actions", {**move, **at(snapshot)}, csrf)
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["seq"] == snapshot.seq + 1


def test_bens_phone_acting_for_ana_is_403_with_a_sentence_and_nothing_changes(
    app: Flask, table: Table
) -> None:
    start(table, "yahtzee")
    _until_moves(table)
    snapshot = table.snapshot
    assert snapshot is not None and snapshot.to_move == 0
    ben = phone(app, "192.168.1.32")
    csrf = join(ben, "Ben")["csrf"]
    move = action_to_json(snapshot.legal_actions[0])
    for body in ({**move, **at(snapshot)}, {**move, "seat": None, **at(snapshot)}):
        answer = seat_post(ben, "/api/seat/actions", body, csrf)
        assert answer.status_code == 403
        assert answer.get_json()["error"] == "This phone is Ben's: it cannot act for Ana."
    assert table.snapshot is not None and table.snapshot.seq == snapshot.seq


def test_anas_cookie_copied_to_bens_phone_is_no_seat_there(app: Flask, table: Table) -> None:
    start(table, "yahtzee")
    _until_moves(table)
    snapshot = table.snapshot
    assert snapshot is not None
    ana, ben = phone(app, "192.168.1.31"), phone(app, "192.168.1.32")
    ana_csrf = join(ana, "Ana")["csrf"]
    ben.set_cookie("companion_seat", cookie_of(ana))
    move = action_to_json(snapshot.legal_actions[0])
    answer = seat_post(ben, "/api/seat/actions", {**move, **at(snapshot)}, ana_csrf)
    assert answer.status_code == 403
    assert answer.get_json()["error"] == (
        "This phone has no seat at this table: tap Join as a player and enter the PIN."
    )
    assert ben.get("/api/me").get_json()["name"] is None
    assert table.snapshot is not None and table.snapshot.seq == snapshot.seq


def test_the_companion_rolls_for_the_seat_the_rules_ask_for_dice(app: Flask, table: Table) -> None:
    snapshot = start(table, "yahtzee")
    assert snapshot.chance is not None
    ana, ben = phone(app, "192.168.1.31"), phone(app, "192.168.1.32")
    ana_csrf, ben_csrf = join(ana, "Ana")["csrf"], join(ben, "Ben")["csrf"]
    assert ana.get("/api/me").get_json()["turn"]["dice"] == 2
    assert ben.get("/api/me").get_json()["turn"]["dice"] is None
    refused = seat_post(ben, "/api/seat/chance", at(snapshot), ben_csrf)
    assert refused.status_code == 403
    assert refused.get_json()["error"] == "This phone is Ben's: it cannot act for Ana."
    assert table.snapshot is not None and table.snapshot.seq == snapshot.seq
    rolled = seat_post(ana, "/api/seat/chance", at(snapshot), ana_csrf)
    assert rolled.status_code == 200, rolled.get_json()
    assert table.snapshot.seq == snapshot.seq + 1


def test_a_seat_enters_its_own_yahtzee_throw_by_hand(app: Flask, table: Table) -> None:
    start(table, "yahtzee")
    for _ in range(10):  # the roll-off and the first move, to the five dice
        snapshot = table.snapshot
        assert snapshot is not None
        if snapshot.chance is not None and snapshot.chance.dice == 5:
            break
        table.post(DrawChance() if snapshot.chance else _first(snapshot)).result()
    snapshot = table.snapshot
    assert snapshot is not None and snapshot.chance is not None and snapshot.chance.dice == 5
    roller = snapshot.chance.note.seats[0] if snapshot.chance.note else 0
    name = snapshot.players[roller].name
    player = phone(app)
    csrf = join(player, name)["csrf"]
    assert player.get("/api/me").get_json()["turn"]["dice"] == 5
    throw = {"action": "dice", "values": [6, 6, 6, 2, 1], **at(snapshot)}
    answer = seat_post(player, "/api/seat/actions", throw, csrf)
    assert answer.status_code == 200, answer.get_json()
    assert table.snapshot is not None
    assert table.snapshot.last_event.startswith("Phone rolls 6 6 6 2 1")


def _first(snapshot: TableSnapshot) -> PlayAction:
    """The first listed action of the player to move, as a command."""
    action = snapshot.legal_actions[0]
    return PlayAction(action, seat=action.seat)


def test_each_player_counts_their_own_hand_at_the_same_state(app: Flask, table: Table) -> None:
    snapshot = until_round_end(table)
    counted = hands_to_count(snapshot)
    assert len(counted) >= 2
    phones = {}
    for number, seat in enumerate(counted):
        client = phone(app, f"192.168.1.{40 + number}")
        phones[seat] = (client, join(client, snapshot.players[seat].name)["csrf"])
        assert client.get("/api/me").get_json()["turn"]["count"] is True
    for seat, (client, csrf) in phones.items():  # every count made against the same state
        answer = seat_post(client, "/api/seat/actions", a_count(snapshot, seat), csrf)
        assert answer.status_code == 200, answer.get_json()
    assert table.snapshot is not None
    assert hands_to_count(table.snapshot) == []


def test_a_phone_cannot_count_another_players_hand(app: Flask, table: Table) -> None:
    snapshot = until_round_end(table)
    mine, theirs = hands_to_count(snapshot)[:2]
    client = phone(app)
    csrf = join(client, snapshot.players[mine].name)["csrf"]
    answer = seat_post(client, "/api/seat/actions", a_count(snapshot, theirs), csrf)
    assert answer.status_code == 403
    assert answer.get_json()["error"] == (
        f"This phone is {snapshot.players[mine].name}'s:"
        f" it cannot act for {snapshot.players[theirs].name}."
    )
    assert table.snapshot is not None and table.snapshot.seq == snapshot.seq


def test_with_no_screen_an_undo_from_a_seat_asks_for_the_pin_and_with_it_is_done(
    app: Flask, table: Table
) -> None:
    snapshot = start(table, "yahtzee")
    assert table.post(DrawChance()).result().applied
    ana = phone(app)
    csrf = join(ana, "Ana")["csrf"]
    assert ana.get("/api/me").get_json()["undo_by"] == "pin"
    asked = seat_post(ana, "/api/seat/undo", {"seq": snapshot.seq + 1}, csrf)
    assert asked.status_code == 403
    assert asked.get_json()["error"] == (
        "This table has no screen to confirm an undo on: enter the table PIN to confirm it."
    )
    wrong = seat_post(ana, "/api/seat/undo", {"pin": "0000"}, csrf)
    assert wrong.status_code == 403
    assert table.snapshot is not None and table.snapshot.seq == snapshot.seq + 1
    done = seat_post(ana, "/api/seat/undo", {"pin": PIN, "seq": snapshot.seq + 1}, csrf)
    assert done.status_code == 200, done.get_json()
    assert table.snapshot.chance == snapshot.chance


def test_a_seat_whose_name_left_the_table_is_409(app: Flask, table: Table) -> None:
    start(table, "tiki", 4)
    dev = phone(app)
    csrf = join(dev, "Dev")["csrf"]
    snapshot = start(table, "tiki", 3)
    answer = seat_post(dev, "/api/seat/chance", at(snapshot), csrf)
    assert answer.status_code == 409
    assert answer.get_json()["error"].startswith("Dev does not play in the match on the table")


def test_a_seat_is_told_whether_the_table_has_a_move_to_take_back(
    app: Flask, table: Table
) -> None:
    start(table, "yahtzee")
    ana, ben = phone(app), phone(app)
    join(ana, "Ana")
    join(ben, "Ben")
    assert [p.get("/api/me").get_json()["turn"]["can_undo"] for p in (ana, ben)] == [
        False, False]
    assert table.post(DrawChance()).result().applied  # Ana's throw
    # any seat may ask, not only the one to move
    assert [p.get("/api/me").get_json()["turn"]["can_undo"] for p in (ana, ben)] == [
        True, True]
