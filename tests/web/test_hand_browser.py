"""A hand on a phone in a real browser (chromium at phone size, touch), with phones as
hands: the cards drawn as the table's card, the legal ones lit, a tap plays, a Wild asks
its colour; a phone that reloads gets its hand back.

Skipped, saying why, where no chromium is installed (`scripts/setup test` installs it).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from flask import Flask

from companion.games.uno.actions import Draw, KeepCard
from companion.table import PlayAction, Table
from companion.web import WebServer
from tests.web.conftest import PIN, start
from tests.web.hand_helpers import NAMES, engine, shuffle_until_a_seat_moves
from tests.web.seat_helpers import join, phone
from tests.web.test_browser_seats import (  # noqa: F401 (the fixtures)
    WAIT_MS,
    join_as,
    phones,
    pytestmark,
)

SCREENSHOT = os.environ.get("HAND_SCREENSHOT")
"""Where to save a picture of the hand, when set (to look at it)."""


def test_a_phone_shows_its_hand_lit_where_it_may_play_a_tap_plays_and_a_reload_keeps_it(
    phones: Callable[[], Any], server: WebServer, app: Flask, table: Table  # noqa: F811
) -> None:
    start(table, "classic", 4, {"mode": "referee"})
    for seat, name in enumerate(NAMES[1:], start=1):
        join(phone(app, f"192.168.1.{70 + seat}"), name)
    page = phones()
    join_as(page, server.port, "Ana")
    answer = phone(app, "192.168.1.9").post("/api/match/start", json={
        "pin": PIN, "game": "classic", "players": NAMES, "hands": "phones", "abandon": True})
    assert answer.status_code == 201, answer.get_json()
    snapshot = shuffle_until_a_seat_moves(table)
    while snapshot.to_move != 0:  # the others draw (and keep) until it is Ana's turn
        waiting = [a for a in snapshot.legal_actions if isinstance(a, Draw | KeepCard)]
        assert waiting, snapshot.last_event
        outcome = table.post(PlayAction(waiting[0], seat=snapshot.to_move,
                                        for_seq=snapshot.seq)).result()
        assert outcome.applied, outcome.text
        snapshot = shuffle_until_a_seat_moves(table)
    held = sorted(str(card) for card in engine(table).piles.hands[0])
    at_now = "seq => document.getElementById('hand').dataset.seq === String(seq)"
    page.wait_for_function(at_now, arg=snapshot.seq, timeout=WAIT_MS)
    shown = sorted(page.eval_on_selector_all("#hand .card",
                                             "cards => cards.map(c => c.dataset.card)"))
    assert shown == held
    lit = page.eval_on_selector_all("#hand .card.lit", "cards => cards.map(c => c.dataset.card)")
    assert lit, "a hand of seven with no playable card: choose another seed"
    if SCREENSHOT:
        page.screenshot(path=SCREENSHOT, full_page=True)
    page.reload()
    page.wait_for_function(at_now, arg=snapshot.seq, timeout=WAIT_MS)
    assert sorted(page.eval_on_selector_all(
        "#hand .card", "cards => cards.map(c => c.dataset.card)")) == held
    card = lit[0]
    page.tap(f'#hand .card.lit[data-card="{card}"] >> nth=0')
    if card.startswith("Wild"):
        page.tap("#hand-choice .hand-colour >> nth=0")
    page.wait_for_function(  # the page asks for its hand again once the play is answered
        "n => document.querySelectorAll('#hand .card').length === n", arg=len(held) - 1,
        timeout=WAIT_MS)
    after = table.snapshot
    assert after is not None and after.seq > snapshot.seq
    state = after.public_state()
    assert state is not None and state["top_card"] == card
    assert page.script_errors == []
