"""A seat whose phone is gone for good is taken over by another phone with the PIN: the old
phone's session is forgotten (it sees the hand no more, nor plays it), the new one is given
the hand; a phone without the PIN takes nothing."""

from __future__ import annotations

from flask import Flask

from companion.table import Table
from tests.web.conftest import PIN
from tests.web.hand_helpers import engine, phones_match, shuffle_until_a_seat_moves
from tests.web.seat_helpers import phone


def test_another_phone_with_the_pin_takes_over_a_seat_and_the_old_phone_loses_the_hand(
    app: Flask, table: Table
) -> None:
    seats = phones_match(app, table, "tiki", 4)
    snapshot = shuffle_until_a_seat_moves(table)
    ben = seats[1]
    held = sorted(str(card) for card in engine(table).piles.hands[1])
    spare = phone(app, "192.168.1.77")
    no_pin = spare.post("/api/join", json={"name": "Ben"})
    assert no_pin.status_code == 403
    assert ben.hand().status_code == 200  # nothing taken without the PIN
    joined = spare.post("/api/join", json={"pin": PIN, "name": "Ben"})
    assert joined.status_code == 200
    csrf = joined.get_json()["csrf"]
    hand = spare.get("/api/seat/hand", headers={"X-CSRF-Token": csrf})
    assert hand.status_code == 200 and sorted(hand.get_json()["cards"]) == held
    old = ben.hand()
    assert old.status_code == 403
    assert not any(card in old.get_data(as_text=True) for card in held)
    assert ben.client.get("/api/me").get_json()["name"] is None  # a spectator again
    move = {"action": "draw", "seat": 1, "match": snapshot.match_id, "seq": snapshot.seq}
    assert ben.act(move).status_code == 403
    assert table.snapshot is snapshot
