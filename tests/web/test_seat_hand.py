"""`GET /api/seat/hand`: a seat's own cards and legal plays, to its own session only; plays
through `POST /api/seat/actions`; another seat's hand, a forged or copied cookie, a
replayed request are refused and leave the match unchanged."""

from __future__ import annotations

import random
import threading
from collections import Counter
from typing import Any

from flask import Flask

from companion.games.actions import action_to_json
from companion.games.uno.actions import Challenge, PlayCard
from companion.games.uno.duo import DuoUno
from companion.table import Table
from tests.web.conftest import start
from tests.web.hand_helpers import (
    engine,
    phone_step,
    phones_match,
    play_until,
    shuffle_until_a_seat_moves,
)
from tests.web.seat_helpers import COOKIE, cookie_of, join, phone, seat_post


def test_each_phone_is_given_its_own_hand_and_what_it_may_play_now(
    app: Flask, table: Table
) -> None:
    seats = phones_match(app, table, "tiki", 4)
    snapshot = shuffle_until_a_seat_moves(table)
    state = engine(table)
    for seat, player in enumerate(seats):
        answer = player.hand()
        assert answer.status_code == 200
        assert answer.headers["Cache-Control"] == "no-store"
        hand = answer.get_json()
        assert hand["seat"] == seat and hand["seq"] == snapshot.seq
        assert sorted(hand["cards"]) == sorted(str(card) for card in state.piles.hands[seat])
        if seat == snapshot.to_move:
            plays = [action for action in snapshot.legal_actions if action.seat == seat]
            assert hand["legal_actions"] == [action_to_json(action) for action in plays]
            assert set(hand["playable"]) <= set(hand["cards"])
        else:
            assert all(action["action"] in ("call_uno", "catch_uno")
                       for action in hand["legal_actions"])


def test_a_card_played_from_the_phone_leaves_its_hand_and_is_the_card_in_play(
    app: Flask, table: Table
) -> None:
    seats = phones_match(app, table, "classic", 4)
    rng = random.Random(4)
    snapshot = play_until(table, seats, rng, lambda snapshot: any(
        isinstance(action, PlayCard) for action in snapshot.legal_actions))
    mover = seats[snapshot.to_move or 0]
    hand = mover.hand().get_json()
    play = next(action for action in hand["legal_actions"] if action["action"] == "play")
    answer = mover.act({**play, "match": snapshot.match_id, "seq": snapshot.seq})
    assert answer.status_code == 200, answer.get_json()
    after = mover.hand().get_json()
    assert Counter(hand["cards"]) - Counter(after["cards"]) == Counter([play["card"]])
    match = app.test_client().get("/api/state").get_json()["match"]
    assert match["state"]["top_card"] == play["card"]


def test_another_seats_hand_a_spectator_a_forged_or_copied_cookie_are_refused(
    app: Flask, table: Table
) -> None:
    seats = phones_match(app, table, "tiki", 4)
    before = shuffle_until_a_seat_moves(table)
    ben = seats[1]
    other = ben.hand(seat=0)
    assert other.status_code == 403
    assert other.get_json() == {"ok": False,
                                "error": "This phone is Ben's: it cannot see Ana's hand."}
    assert app.test_client().get("/api/seat/hand").status_code == 403  # a spectator
    forged = phone(app, "192.168.1.61")
    forged.set_cookie(COOKIE, "f" * 43)
    assert forged.get("/api/seat/hand", headers={"X-CSRF-Token": ben.csrf}).status_code == 403
    copied = phone(app, "192.168.1.99")
    copied.set_cookie(COOKIE, cookie_of(ben.client))
    refused = copied.get("/api/seat/hand", headers={"X-CSRF-Token": ben.csrf})
    assert refused.status_code == 403 and "Ana" not in refused.get_data(as_text=True)
    no_token = ben.client.get("/api/seat/hand")
    assert no_token.status_code == 403
    for answer in (other, refused, no_token):
        assert not any(str(card) in answer.get_data(as_text=True)
                       for card in engine(table).piles.hands[0])
    assert table.snapshot is before


def test_a_phone_cannot_play_a_card_of_another_hand_nor_replay_its_own_play(
    app: Flask, table: Table
) -> None:
    seats = phones_match(app, table, "classic", 4)
    rng = random.Random(8)
    snapshot = play_until(table, seats, rng, lambda snapshot: any(
        isinstance(action, PlayCard) for action in snapshot.legal_actions))
    mover = snapshot.to_move or 0
    play = next(a for a in seats[mover].hand().get_json()["legal_actions"]
                if a["action"] == "play")
    body = {**play, "match": snapshot.match_id, "seq": snapshot.seq}
    thief = seats[(mover + 1) % 4]
    stolen = thief.act(body)
    assert stolen.status_code == 403
    assert stolen.get_json()["error"] == (
        f"This phone is {thief.name}'s: it cannot act for {seats[mover].name}.")
    assert table.snapshot is snapshot
    assert seats[mover].act(body).status_code == 200
    played = table.snapshot
    replayed = seats[mover].act(body)
    assert replayed.status_code == 409  # its own request, made against a state that is gone
    assert replayed.get_json()["error"].startswith("The table has moved on since that was"
                                                   f" chosen (at #{snapshot.seq};")
    assert table.snapshot is played


def test_a_play_from_a_hand_without_the_state_it_was_chosen_at_is_refused(
    app: Flask, table: Table
) -> None:
    """Without its seq a request sent again (a replay) could be played again at a later
    turn: with phones as hands every play says the state it was chosen at."""
    seats = phones_match(app, table, "tiki", 4)
    snapshot = shuffle_until_a_seat_moves(table)
    mover = seats[snapshot.to_move or 0]
    action = mover.hand().get_json()["legal_actions"][0]
    answer = mover.act({**action, "match": snapshot.match_id})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == ('A play from a hand says the state it was chosen at,'
                                          ' as the hand gave it: "match": 12, "seq": 25.')
    assert table.snapshot is snapshot


def test_a_refereed_match_has_no_hand_on_any_phone(app: Flask, table: Table) -> None:
    start(table, "tiki", 2, {"mode": "referee"})
    ana = phone(app)
    csrf = join(ana, "Ana")["csrf"]
    answer = ana.get("/api/seat/hand", headers={"X-CSRF-Token": csrf})
    assert answer.status_code == 409
    assert "real cards" in answer.get_json()["error"]


def test_a_challenge_shows_the_challenged_hand_to_the_challenger_alone(
    app: Flask, table: Table
) -> None:
    seats = phones_match(app, table, "classic", 4, {"target": 1000})
    rng = random.Random(2)
    for _ in range(5000):
        snapshot = table.snapshot
        assert snapshot is not None and not snapshot.is_over
        if any(isinstance(action, Challenge) for action in snapshot.legal_actions):
            break
        phone_step(table, seats, rng)
    state = engine(table)
    assert state.pending_challenge is not None
    offender = state.pending_challenge.offender
    held = sorted(str(card) for card in state.piles.hands[offender])
    challenger = phone_step(table, seats, rng, prefer=Challenge)
    assert challenger is not None
    shown = challenger.hand().get_json()["shown"]
    assert shown == {"seat": offender, "seq": snapshot.seq, "cards": shown["cards"]}
    assert sorted(shown["cards"]) == held
    for seat in seats:
        if seat is not challenger:
            assert seat.hand().get_json()["shown"] is None


def test_the_duo_drafter_alone_sees_the_card_it_keeps_or_passes(
    app: Flask, table: Table
) -> None:
    seats = phones_match(app, table, "duo", 2)
    snapshot = shuffle_until_a_seat_moves(table)
    state = engine(table)
    assert isinstance(state, DuoUno) and state.draft_card is not None
    drafter = snapshot.to_move
    assert drafter is not None
    mine = seats[drafter].hand().get_json()
    assert mine["looking_at"] == str(state.draft_card)
    assert {action["action"] for action in mine["legal_actions"]} == {"draft"}
    assert seats[1 - drafter].hand().get_json()["looking_at"] is None


def test_two_plays_racing_at_a_turns_change_apply_one_and_refuse_the_other(
    app: Flask, table: Table
) -> None:
    seats = phones_match(app, table, "classic", 4)
    rng = random.Random(8)
    snapshot = play_until(table, seats, rng, lambda snapshot: sum(
        isinstance(action, PlayCard) for action in snapshot.legal_actions) >= 2)
    mover = seats[snapshot.to_move or 0]
    plays = [a for a in mover.hand().get_json()["legal_actions"] if a["action"] == "play"]
    bodies = [{**play, "match": snapshot.match_id, "seq": snapshot.seq} for play in plays[:2]]
    # The same phone from a second tab (its own client with the same session) races itself.
    twin = app.test_client()
    twin.environ_base["REMOTE_ADDR"] = mover.client.environ_base["REMOTE_ADDR"]
    twin.set_cookie(COOKIE, cookie_of(mover.client))
    statuses: list[int] = []
    gate = threading.Barrier(2)

    def send(client: Any, body: dict[str, Any]) -> None:
        gate.wait()
        statuses.append(seat_post(client, "/api/seat/actions", body, csrf=mover.csrf)
                        .status_code)

    racers = [threading.Thread(target=send, args=(client, body))
              for client, body in zip((mover.client, twin), bodies, strict=True)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert sorted(statuses) == [200, 409]
    after = table.snapshot
    assert after is not None and after.seq == snapshot.seq + 1
