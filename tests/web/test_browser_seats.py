"""Phones joining as players in a real browser (Debian's chromium through Playwright, phone size,
touch): the join form, each seat's own controls, and a spectator who gets none.

Skipped, saying why, where no chromium is installed (`scripts/setup test` installs it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.table import DrawChance, PlayAction, Table
from companion.web import WebServer
from tests.web.conftest import PIN, start
from tests.web.phone_pages import NEEDS_CHROMIUM, PHONE, WAIT_MS
from tests.web.seat_helpers import hands_to_count, until_round_end

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = NEEDS_CHROMIUM
RECORD_VIBRATION = (
    "navigator.vibrate = (ms) => { window.vibrated = (window.vibrated || 0) + 1; return true; };"
)


@pytest.fixture
def phones(browser: Any) -> Iterator[Callable[[], Any]]:
    """Opens a phone of its own (its own cookies) each call; closes them all at the end."""
    contexts: list[Any] = []

    def open_phone() -> Any:
        context = browser.new_context(
            viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1
        )
        context.add_init_script(RECORD_VIBRATION)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.script_errors = errors
        return page

    yield open_phone
    for context in contexts:
        context.close()


def join_as(page: Any, port: int, name: str) -> None:
    """Join through the form as a player does: Join, the PIN, the name's button."""
    page.goto(f"http://127.0.0.1:{port}/")
    page.tap("#seat-join")
    page.fill("#seat-pin", PIN)
    page.tap("#seat-pin-next")
    page.tap(f'.seat-name[data-name="{name}"]')
    page.wait_for_function(
        "name => document.body.dataset.seatName === name", arg=name, timeout=WAIT_MS
    )


def test_two_players_count_their_hands_at_the_same_time_and_a_spectator_has_no_controls(
    phones: Callable[[], Any], server: WebServer, table: Table
) -> None:
    snapshot = until_round_end(table)
    first, second = hands_to_count(snapshot)[:2]
    players = {seat: phones() for seat in (first, second)}
    for seat, page in players.items():
        join_as(page, server.port, snapshot.players[seat].name)
        page.wait_for_selector("#seat-count", timeout=WAIT_MS)
        prompt = page.text_content("#seat-prompt")
        assert prompt == f"{snapshot.players[seat].name}, count your hand."
        assert page.evaluate("() => document.querySelector('#scoreboard tr.my-seat') !== null")
    spectator = phones()
    spectator.goto(f"http://127.0.0.1:{server.port}/")
    spectator.wait_for_selector("#seat-join", timeout=WAIT_MS)
    for page, seat in ((players[first], first), (players[second], second)):
        low = min(
            action.points or 0
            for action in snapshot.legal_actions
            if getattr(action, "counted", None) == seat
        )
        page.fill("#seat-count", str(low))
    for page in players.values():  # both sent before either answer is awaited
        page.evaluate("() => document.getElementById('seat-count-send').click()")
    for page in players.values():
        page.wait_for_selector("#seat-count", state="detached", timeout=WAIT_MS)
        assert page.text_content("#seat-message") == ""
        assert page.evaluate("() => window.vibrated") == 1
        assert page.script_errors == []
    assert table.snapshot is not None
    assert first not in hands_to_count(table.snapshot)
    assert second not in hands_to_count(table.snapshot)
    controls = "#seat-count, #seat-roll, #seat-dice-send, #seat-undo, #seat-leave"
    assert spectator.query_selector_all(controls) == []
    assert spectator.evaluate("() => document.body.dataset.seatName") == ""


def test_a_yahtzee_throw_entered_on_the_players_phone_is_played(
    phones: Callable[[], Any], server: WebServer, table: Table
) -> None:
    start(table, "yahtzee")
    for _ in range(20):
        snapshot = table.snapshot
        assert snapshot is not None
        if snapshot.chance is not None and snapshot.chance.dice == 5:
            break
        if snapshot.chance is not None:
            command: Any = DrawChance()
        else:
            action = snapshot.legal_actions[0]
            command = PlayAction(action, seat=action.seat)
        assert table.post(command).result().applied
    assert snapshot.chance is not None and snapshot.chance.note is not None
    name = snapshot.players[snapshot.chance.note.seats[0]].name
    page = phones()
    join_as(page, server.port, name)
    page.wait_for_selector("#seat-dice-send", timeout=WAIT_MS)
    assert page.text_content("#seat-prompt") == f"{name}, your turn: roll."
    for die, face in enumerate(["4", "4", "4", "2", "6"]):
        page.select_option(f'select[data-die="{die}"]', face)
    page.tap("#seat-dice-send")
    page.wait_for_selector("#seat-dice-send", state="detached", timeout=WAIT_MS)
    assert table.snapshot is not None
    assert table.snapshot.last_event.startswith("Phone rolls 4 4 4 2 6")
    assert page.script_errors == []


def test_leave_returns_the_phone_to_spectating_and_a_reload_keeps_the_seat(
    phones: Callable[[], Any], server: WebServer, table: Table
) -> None:
    start(table, "tiki", 3)
    page = phones()
    join_as(page, server.port, "Cleo")
    page.reload()
    page.wait_for_function("() => document.body.dataset.seatName === 'Cleo'", timeout=WAIT_MS)
    assert "Cleo" in page.text_content(".seat-who")
    page.tap("#seat-leave")
    page.wait_for_selector("#seat-join", timeout=WAIT_MS)
    page.reload()
    page.wait_for_selector("#seat-join", timeout=WAIT_MS)
    assert page.evaluate("() => document.body.dataset.seatName") == ""
    assert page.script_errors == []


def test_a_wrong_pin_in_the_join_form_says_so_and_asks_for_it_again(
    phones: Callable[[], Any], server: WebServer, table: Table
) -> None:
    start(table, "tiki", 3)
    page = phones()
    page.goto(f"http://127.0.0.1:{server.port}/")
    page.tap("#seat-join")
    assert page.get_attribute("#seat-pin", "inputmode") == "numeric"
    page.fill("#seat-pin", "0000")
    page.tap("#seat-pin-next")
    page.tap('.seat-name[data-name="Ana"]')
    page.wait_for_selector("#seat-pin", timeout=WAIT_MS)
    assert page.text_content("#seat-message") == (
        "That PIN is not the table's: enter the PIN shown on the table's screen."
    )
    assert page.evaluate("() => document.body.dataset.seatName") in ("", None)
