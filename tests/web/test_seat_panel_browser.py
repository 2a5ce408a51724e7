"""The seat panel's new controls in a real browser (chromium at phone size, touch): a new match
with the PIN from any phone, asked first over an unfinished one; an undo confirmed on the
table's screen; the page in the phone's language.

Skipped, saying why, where no chromium is installed (`scripts/setup test` installs it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.table import Table, Undo
from companion.table.undo_asks import AskState, UndoAsks
from companion.web import PinGuard, WebServer, create_app
from companion.web.app import close_app
from tests.web.conftest import PIN, play, start
from tests.web.test_browser_seats import (  # noqa: F401 (the fixture)
    PHONE,
    WAIT_MS,
    join_as,
    phones,
)


def test_any_phone_starts_a_match_with_the_pin_and_is_asked_before_abandoning(
    phones: Callable[[], Any], server: WebServer, table: Table  # noqa: F811
) -> None:
    unfinished = start(table, "tiki", 3)
    page = phones()
    page.goto(f"http://127.0.0.1:{server.port}/")
    page.tap("#new-match-open")
    page.wait_for_selector("#new-match-pin", timeout=WAIT_MS)
    assert page.get_attribute("#new-match-pin", "inputmode") == "numeric"
    names = page.eval_on_selector_all(".new-match-player", "fields => fields.map(f => f.value)")
    assert names == ["Ana", "Ben", "Cleo", ""]
    page.select_option("#new-match-game", "yahtzee")
    page.fill(".new-match-player >> nth=2", "")
    page.fill("#new-match-pin", PIN)
    page.tap("#new-match-start")
    page.wait_for_selector("#new-match-question:not([hidden])", timeout=WAIT_MS)
    assert page.text_content("#new-match-question .seat-prompt") == (
        "Abandon Ana, Ben and Cleo's match?")
    page.tap("#new-match-keep")
    assert table.snapshot is not None and table.snapshot.match_id == unfinished.match_id
    page.tap("#new-match-start")
    page.wait_for_selector("#new-match-abandon", timeout=WAIT_MS)
    page.tap("#new-match-abandon")
    page.wait_for_selector("#new-match-pin", state="detached", timeout=WAIT_MS)
    snapshot = table.snapshot
    assert snapshot.game == "yahtzee" and [p.name for p in snapshot.players] == ["Ana", "Ben"]
    assert page.query_selector("#new-match-open") is not None  # closed to its one button
    assert page.script_errors == []


def test_a_wrong_pin_in_the_new_match_panel_says_so_and_starts_nothing(
    phones: Callable[[], Any], server: WebServer, table: Table  # noqa: F811
) -> None:
    first = start(table, "tiki", 3)
    page = phones()
    page.goto(f"http://127.0.0.1:{server.port}/")
    page.tap("#new-match-open")
    page.fill("#new-match-pin", "0000")
    page.tap("#new-match-rematch")
    page.wait_for_function(
        "() => document.getElementById('new-match-message').textContent !== ''",
        timeout=WAIT_MS)
    assert page.text_content("#new-match-message") == (
        "That PIN is not the table's: enter the PIN shown on the table's screen.")
    assert table.snapshot.match_id == first.match_id


@pytest.fixture
def screen_served(table: Table, tmp_path: Path) -> Iterator[tuple[WebServer, UndoAsks]]:
    """The page of a table whose screen answers undos (here the test answers for it)."""
    asks = UndoAsks()
    asks.attach(lambda: None)
    app = create_app(table, tmp_path / "companion.db", PinGuard(PIN), undo_asks=asks)
    try:
        with WebServer(app, "127.0.0.1", 0) as serving:
            yield serving, asks
    finally:
        close_app(app)


def test_an_undo_asked_on_the_phone_waits_for_the_screen_and_shows_its_answer(
    phones: Callable[[], Any], screen_served: tuple[WebServer, UndoAsks],  # noqa: F811
    table: Table,
) -> None:
    server, asks = screen_served
    start(table, "tiki", 3, {"mode": "referee"})
    play(table, 3)
    page = phones()
    join_as(page, server.port, "Ben")
    page.wait_for_selector("#seat-undo", timeout=WAIT_MS)
    assert page.query_selector("#seat-undo-pin") is None  # the screen confirms, not a PIN
    page.tap("#seat-undo")
    page.wait_for_function(
        "() => document.getElementById('seat-message').textContent !== ''", timeout=WAIT_MS)
    assert page.text_content("#seat-message") == (
        "Asked the table: confirm the undo on its screen.")
    ask = asks.waiting
    assert ask is not None and ask.name == "Ben"
    # The screen's Undo, as the card does it: against the state the phone asked at.
    assert asks.confirming(ask.number)
    assert table.post(Undo(for_seq=ask.seq, for_match=ask.match)).result().applied
    asks.answer(ask.number, AskState.DONE)
    page.wait_for_function(
        "() => document.getElementById('seat-message').textContent"
        " === 'The table took the move back.'", timeout=WAIT_MS)
    assert page.script_errors == []


def test_ask_for_undo_is_offered_only_with_a_move_to_take_back_and_not_while_the_ask_waits(
    phones: Callable[[], Any], screen_served: tuple[WebServer, UndoAsks],  # noqa: F811
    table: Table,
) -> None:
    server, asks = screen_served
    start(table, "tiki", 3, {"mode": "referee"})
    snapshot = table.snapshot
    assert snapshot is not None and not snapshot.can_undo
    page = phones()
    join_as(page, server.port, "Ben")
    page.wait_for_selector("#seat-leave", timeout=WAIT_MS)
    assert page.query_selector("#seat-undo") is None  # nothing to take back yet
    played = play(table, 3)
    page.wait_for_function(  # the phone shows the state the table is at
        "seq => document.body.dataset.seatSeq === seq", arg=str(played.seq), timeout=WAIT_MS)
    page.wait_for_selector("#seat-undo", timeout=WAIT_MS)  # Ben need not be the one to move
    page.tap("#seat-undo")
    page.wait_for_selector("#seat-undo", state="detached", timeout=WAIT_MS)
    assert page.text_content("#seat-message") == (
        "Asked the table: confirm the undo on its screen.")
    ask = asks.waiting
    assert ask is not None and asks.confirming(ask.number)
    # Ben's phone opened again while the ask waits: it says where the ask stands
    page.reload()
    page.wait_for_function(
        "() => document.getElementById('seat-message').textContent !== ''", timeout=WAIT_MS)
    assert page.query_selector("#seat-undo") is None
    assert page.text_content("#seat-message") == (
        "Asked the table: confirm the undo on its screen.")
    asks.answer(ask.number, AskState.KEPT)  # the screen keeps the move: Ben may ask again
    page.wait_for_selector("#seat-undo", timeout=WAIT_MS)
    assert page.script_errors == []


def test_a_welsh_phone_gets_the_page_in_welsh(
    browser: Any, server: WebServer, table: Table
) -> None:
    start(table, "tiki", 3)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  locale="cy-GB")
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.port}/")
        page.wait_for_selector("#seat-join", timeout=WAIT_MS)
        assert page.text_content("#seat-join") == "Ymuno fel chwaraewr"
        assert page.get_attribute("html", "lang") == "cy"
    finally:
        context.close()
