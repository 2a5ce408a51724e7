"""Catching a forgotten UNO from a phone, with phones as hands: any other player may catch
a player left with one card who did not call it (the rules: caught before the next player
begins their turn, they draw 2); the forgetter's own phone offers UNO!, never a catch of
itself."""

from __future__ import annotations

import random

from flask import Flask

from companion.games.actions import action_to_json
from companion.games.uno.actions import CallUno, CatchUno, PlayCard
from companion.table import Table
from tests.web.hand_helpers import engine, phones_match, shuffle_until_a_seat_moves, taker_of


def test_a_phone_catches_another_player_who_did_not_call_uno_and_they_draw_two(
    app: Flask, table: Table
) -> None:
    seats = phones_match(app, table, "classic", 4, {"target": 1000})
    rng = random.Random(6)
    for _ in range(3000):
        snapshot = shuffle_until_a_seat_moves(table)
        catches = [a for a in snapshot.legal_actions if isinstance(a, CatchUno)]
        if catches:
            break
        # Nobody calls UNO here, and a card is played where one may be: a forgetter soon.
        quiet = [a for a in snapshot.legal_actions
                 if not isinstance(a, CallUno) and not (isinstance(a, PlayCard) and a.uno)]
        plays = [a for a in quiet if isinstance(a, PlayCard)]
        action = rng.choice(plays or quiet)
        taker = seats[taker_of(action, snapshot, len(seats))]
        answer = taker.act({**action_to_json(action), "match": snapshot.match_id,
                            "seq": snapshot.seq})
        assert answer.status_code == 200, answer.get_json()
    caught = catches[0].caught
    forgetter, catcher = seats[caught], seats[(caught + 2) % 4]
    own = forgetter.hand().get_json()["legal_actions"]
    assert any(action["action"] == "call_uno" for action in own)
    assert not any(action["action"] == "catch_uno" for action in own)
    assert {"action": "catch_uno", "caught": caught} in catcher.hand().get_json()["legal_actions"]
    body = {"action": "catch_uno", "caught": caught, "match": snapshot.match_id,
            "seq": snapshot.seq}
    itself = forgetter.act(body)
    assert itself.status_code == 409
    assert itself.get_json()["error"] == ("Nobody catches themselves: tap UNO! to call it"
                                          " before another player catches you.")
    assert table.snapshot is snapshot
    held = len(engine(table).piles.hands[caught])
    answer = catcher.act(body)
    assert answer.status_code == 200, answer.get_json()
    assert len(forgetter.hand().get_json()["cards"]) == held + 2
