"""Phones as hands in the tests: four phones joined, the companion dealing, each seat's
phone playing from its own hand (`GET /api/seat/hand`, `POST /api/seat/actions`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.games.actions import Action, action_to_json
from companion.games.uno.actions import CatchUno
from companion.games.uno.match_state import MatchState
from companion.table import DrawChance, Table, TableSnapshot
from companion.web.seat_api import owner_of
from tests.web.conftest import PIN, start
from tests.web.seat_helpers import join, phone, seat_post

NAMES = ["Ana", "Ben", "Cleo", "Dev"]


@dataclass
class Seat:
    """One player's phone: its client and its CSRF token."""

    name: str
    client: FlaskClient
    csrf: str

    def hand(self, **query: Any) -> Any:
        return self.client.get("/api/seat/hand", query_string=query,
                               headers={"X-CSRF-Token": self.csrf})

    def act(self, body: dict[str, Any]) -> Any:
        return seat_post(self.client, "/api/seat/actions", body, csrf=self.csrf)


def phones_match(app: Flask, table: Table, game: str, players: int,
                 options: dict[str, Any] | None = None) -> list[Seat]:
    """A refereed match to join, every player's phone joined, then `game` started with
    phones as hands from a fifth phone with the PIN; the seats' phones in seat order."""
    start(table, game, players, {"mode": "referee"})
    seats = []
    for seat, name in enumerate(NAMES[:players]):
        client = phone(app, f"192.168.1.{60 + seat}")
        seats.append(Seat(name, client, join(client, name)["csrf"]))
    answer = phone(app, "192.168.1.9").post("/api/match/start", json={
        "pin": PIN, "game": game, "players": NAMES[:players], "hands": "phones",
        "options": options or {}, "abandon": True})
    assert answer.status_code == 201, answer.get_json()
    return seats


def engine(table: Table) -> MatchState:
    snapshot = table.snapshot
    assert snapshot is not None
    state = snapshot.game_state(table.games[snapshot.game])
    assert isinstance(state, MatchState)
    return state


def shuffle_until_a_seat_moves(table: Table) -> TableSnapshot:
    """The table's screen taps Shuffle (or Spin) while the table waits for chance."""
    snapshot = table.snapshot
    assert snapshot is not None
    while snapshot.chance is not None and not snapshot.is_over:
        assert table.post(DrawChance(for_seq=snapshot.seq)).result().applied
        snapshot = table.snapshot
        assert snapshot is not None
    return snapshot


def play_until(table: Table, seats: list[Seat], rng: random.Random,
               wanted: Callable[[TableSnapshot], bool], steps: int = 200) -> TableSnapshot:
    """The match played on by its phones (`phone_step`), the screen shuffling when asked,
    until a seat is to move in a snapshot that is `wanted`; that snapshot."""
    for _ in range(steps):
        snapshot = shuffle_until_a_seat_moves(table)
        if wanted(snapshot):
            return snapshot
        phone_step(table, seats, rng)
    raise AssertionError(f"no wanted state in {steps} steps of the match")


def taker_of(action: Action, snapshot: TableSnapshot, seats: int) -> int:
    """The seat whose phone takes `action`: its owner, or for a catch of a player who did not
    call UNO the next player round the table (anyone else may catch them)."""
    if isinstance(action, CatchUno):
        return (action.caught + 1) % seats
    owner = owner_of(action, snapshot)
    assert owner is not None
    return owner


def phone_step(table: Table, seats: list[Seat], rng: random.Random,
               prefer: type | None = None) -> Seat | None:
    """One step of a match as the table and its phones play it: the screen draws the chance
    the table waits for; else a legal action is chosen (one of class `prefer` when there is
    one), and its owner's phone sends it, read from its own hand's legal actions. The seat
    that acted, or None when the screen did."""
    snapshot = table.snapshot
    assert snapshot is not None and not snapshot.is_over
    if snapshot.chance is not None:
        assert table.post(DrawChance(for_seq=snapshot.seq)).result().applied
        return None
    actions = list(snapshot.legal_actions)
    preferred = [action for action in actions if prefer is not None
                 and isinstance(action, prefer)]
    action = rng.choice(preferred or actions)
    owner = taker_of(action, snapshot, len(seats))
    seat = seats[owner]
    hand = seat.hand().get_json()
    body = action_to_json(action)
    assert body in hand["legal_actions"]
    answer = seat.act({**body, "match": snapshot.match_id, "seq": snapshot.seq})
    assert answer.status_code == 200, answer.get_json()
    return seat
