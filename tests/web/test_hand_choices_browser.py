"""A hand's choices on a phone say what each button does: Duo's Reverse alone or its run,
the colour a Wild turned up to start the pile is given (Playwright, Debian's chromium)."""

from __future__ import annotations

import random
from collections.abc import Callable

from flask import Flask

from companion.games.uno.actions import ChooseColour
from companion.games.uno.duo_actions import PlayColour
from companion.table import PlayAction, Table, TableSnapshot
from companion.web.server import WebServer
from tests.web.conftest import PIN, start
from tests.web.hand_helpers import engine, shuffle_until_a_seat_moves
from tests.web.seat_helpers import phone as client_of
from tests.web.test_browser_matches import (  # noqa: F401
    Phone,
    join_as,
    phones,
    pytestmark,
    settings,
    table,
)


def _phones_as_hands(app: Flask, running: Table, open_phone: Callable[[], Phone], game: str,
                     players: int) -> list[Phone]:
    """Every player's phone joined, then `game` started with phones as hands."""
    first = start(running, game, players, {"mode": "referee"})
    seated = []
    for seat in range(players):
        made = open_phone()
        join_as(made, first, seat)
        seated.append(made)
    answer = client_of(app, "192.168.1.9").post("/api/match/start", json={
        "pin": PIN, "game": game, "players": [p.name for p in first.players],
        "hands": "phones", "abandon": True, "options": {"target": 500}})
    assert answer.status_code == 201, answer.get_json()
    return seated


def _hand_at(made: Phone, snapshot: TableSnapshot) -> None:
    made.page.wait_for_function(
        "seq => document.getElementById('hand').dataset.seq === String(seq)", arg=snapshot.seq)


def test_a_duo_reverse_asks_alone_or_the_run_naming_the_cards_of_each(
    app: Flask, server: WebServer, table: Table, phones: Callable[[], Phone],  # noqa: F811
) -> None:
    seated = _phones_as_hands(app, table, phones, "duo", 2)
    rng = random.Random(4)
    for _ in range(3000):
        snapshot = shuffle_until_a_seat_moves(table)
        runs = [a for a in snapshot.legal_actions if isinstance(a, PlayColour) and not a.uno]
        if runs:
            break
        action = rng.choice(list(snapshot.legal_actions))
        seat = getattr(action, "seat", None)
        played = PlayAction(action, seat=seat if seat is not None else snapshot.to_move,
                            for_seq=snapshot.seq)
        assert table.post(played).result().applied
    else:
        raise AssertionError("no colour run came up")
    run = runs[0]
    made = seated[snapshot.to_move]
    _hand_at(made, snapshot)
    made.page.tap(f'#hand .card.lit[data-card="{run.cards[0]}"] >> nth=0')
    made.page.wait_for_selector("#hand-choice")
    assert made.page.inner_text("#hand-choice .label") == (
        "Play it alone, or the whole run of its colour?")
    said = made.page.eval_on_selector_all("#hand-choice button", "bs => bs.map(b => b.textContent)")
    assert f"{run.cards[0]} alone" in said
    assert "The run: " + ", ".join(str(card) for card in run.cards) in said
    assert all(text.strip() for text in said)
    made.page.tap(f'#hand-choice button:text-is("The run: {", ".join(map(str, run.cards))}")')
    made.page.wait_for_function(
        "seq => document.getElementById('hand').dataset.seq !== String(seq)", arg=snapshot.seq)
    after = table.snapshot
    assert after is not None and after.seq > snapshot.seq
    assert all(str(card) not in map(str, table_hand(table, snapshot.to_move))
               for card in run.cards)


def table_hand(running: Table, seat: int) -> list[object]:
    """The cards the companion holds for `seat`."""
    return [card for card in engine(running).piles.hands[seat] if card is not None]


def test_a_wild_that_starts_the_pile_asks_its_colour_with_a_button_for_each(
    app: Flask, server: WebServer, table: Table, phones: Callable[[], Phone],  # noqa: F811
) -> None:
    seated = _phones_as_hands(app, table, phones, "classic", 2)
    pin = client_of(app, "192.168.1.9")
    for _ in range(600):
        snapshot = shuffle_until_a_seat_moves(table)
        if any(isinstance(a, ChooseColour) for a in snapshot.legal_actions):
            break
        answer = pin.post("/api/match/rematch", json={"pin": PIN, "abandon": True})
        assert answer.status_code == 201, answer.get_json()
    else:
        raise AssertionError("no Wild started a pile")
    made = seated[snapshot.to_move]
    made.page.reload()
    _hand_at(made, snapshot)
    assert "A Wild starts the pile: choose its colour" in made.page.inner_text("#hand")
    colours = made.page.eval_on_selector_all(
        "#hand .hand-colour", "bs => bs.map(b => [b.dataset.colour, b.textContent])")
    assert sorted(colours) == [["Blue", "Blue"], ["Green", "Green"], ["Red", "Red"],
                               ["Yellow", "Yellow"]]
    assert made.page.query_selector('#hand .hand-action[data-action="choose_colour"]') is None
    made.page.tap('#hand .hand-colour[data-colour="Green"]')
    made.page.wait_for_function(
        "seq => document.getElementById('hand').dataset.seq !== String(seq)", arg=snapshot.seq)
    after = table.snapshot
    assert after is not None and (after.public_state() or {}).get("colour") == "Green"


def test_a_phone_with_the_pin_starts_a_match_with_phones_as_hands_from_new_match(
    app: Flask, server: WebServer, table: Table, phones: Callable[[], Phone],  # noqa: F811
) -> None:
    first = start(table, "classic", 2, {"mode": "referee"})
    seated = []
    for seat in range(2):
        made = phones()
        join_as(made, first, seat)
        seated.append(made)
    page = phones().page
    page.goto(seated[0].address)
    page.tap("#new-match-open")
    page.wait_for_selector("#new-match-pin")
    page.select_option("#new-match-game", "yahtzee")
    assert page.is_hidden("#new-match-hands")  # no deck for the companion to hold
    page.select_option("#new-match-game", "classic")
    assert page.is_visible("#new-match-hands")
    assert "Hands on the phones: no deck needed" in page.inner_text(".new-match-hands")
    page.check("#new-match-hands")
    page.fill(".new-match-player >> nth=2", "Cleo")  # a player with no phone joined
    page.fill("#new-match-pin", PIN)
    page.tap("#new-match-start")
    page.wait_for_selector("#new-match-message:has-text('no phone joined')")
    assert "Cleo" in page.inner_text("#new-match-message")
    assert table.snapshot is not None and table.snapshot.match_id == first.match_id
    page.fill(".new-match-player >> nth=2", "")
    page.tap("#new-match-start")
    page.wait_for_selector("#new-match-abandon")
    page.tap("#new-match-abandon")
    page.wait_for_selector("#new-match-pin", state="detached")
    snapshot = shuffle_until_a_seat_moves(table)
    assert snapshot.game == "classic" and snapshot.hands == "phones"
    for made in seated:  # each player's phone holds its own hand now
        made.page.wait_for_selector("#hand .card")
