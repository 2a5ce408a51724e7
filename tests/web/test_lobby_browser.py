"""Phones join from the home screen's lobby, before any match exists, in a real browser
(Debian's chromium through Playwright, phone size, touch): four phones tap Join, the PIN and
their name as the table's screen sets the players up; the screen marks each; it starts Tiki
Twist with phones as hands, and each phone then holds its own hand with no second join.

Skipped, saying why, where no chromium is installed (`scripts/setup test` installs it).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from flask import Flask

from companion.config import Config
from companion.ports import PhoneFacts
from companion.table import Table
from companion.table.hands import ON_PHONES
from companion.table.lobby import Lobby
from companion.web import PinGuard, StreamSettings, WebServer, create_app
from companion.web.app import close_app
from tests.web.conftest import PIN, ManualClock
from tests.web.hand_helpers import shuffle_until_a_seat_moves
from tests.web.phone_pages import WAIT_MS
from tests.web.test_browser_matches import (  # noqa: F401 (the fixtures)
    Phone,
    join_named,
    phones,
    pytestmark,
    settings,
    table,
)
from ui.app import App, ScreenSetup
from ui.main import SCENES
from ui.screens.home import PHONE_JOINED
from ui.script import Driver
from ui.system import SystemSetup


@pytest.fixture
def lobby() -> Lobby:
    return Lobby()


@pytest.fixture
def app(table: Table, log_path: Path, clock: ManualClock,  # noqa: F811
        settings: StreamSettings, lobby: Lobby) -> Iterator[Flask]:  # noqa: F811
    """The phone page of a table whose screen offers its players in `lobby`."""
    made = create_app(table, log_path, PinGuard(PIN, clock), settings, lobby=lobby)
    yield made
    close_app(made)


@pytest.fixture
def home(table: Table, app: Flask, server: WebServer, lobby: Lobby,  # noqa: F811
         clock: ManualClock) -> Iterator[Driver]:
    """The table's touchscreen, headless, told of the phone page and its lobby as
    `companion run` tells it; driven by its script lines."""
    phone = PhoneFacts(port=server.port, pin=PIN, lobby=lobby,
                       joined=app.extensions["companion"].seats.names)
    config = Config()
    system = SystemSetup(config=replace(config, tray=replace(config.tray, dice_source="serial")),
                         phone=phone)
    with App(table, SCENES, ScreenSetup(panel=(800, 480), headless=True), system=system,
             clock=clock) as shown:
        shown.settle()
        yield Driver(shown, io.StringIO())


@pytest.mark.timeout(60)
def test_four_phones_join_the_lobby_and_hold_their_hands_once_the_screen_starts_tiki(
        home: Driver, table: Table, lobby: Lobby,  # noqa: F811
        phones: Callable[[], Phone]) -> None:  # noqa: F811
    app = home.app
    for line in ("tap game:tiki", "tap hands"):
        home.run(line)
    while app.draft.count < 4:
        home.run("tap players:+")
    names = [player.name for player in lobby.players]
    assert len(names) == 4 and table.snapshot is None  # no match yet: the lobby offers them
    seated = []
    for name in names:
        made = phones()
        join_named(made, name)
        offered = made.page.eval_on_selector_all(".seat-name", "bs => bs.map(b => b.dataset.name)")
        assert offered == [] and "as soon as the match starts" in made.page.inner_text(".seat-who")
        seated.append(made)
    app.settle()
    for seat in range(4):  # the screen marks each player who has a phone joined
        button = next(w for w in app.scene.visible_widgets() if w.name == f"player:{seat}")
        assert button.text.endswith(PHONE_JOINED)
    home.run("tap start")
    snapshot = table.snapshot
    assert snapshot is not None and snapshot.hands == ON_PHONES and app.scene.name == "uno"
    dealt = shuffle_until_a_seat_moves(table)  # the screen's Shuffle (and its spins)
    for seat, made in enumerate(seated):
        page = made.page
        page.wait_for_function("seq => document.getElementById('hand') &&"
                               " document.getElementById('hand').dataset.seq === String(seq) &&"
                               " document.querySelectorAll('#hand .card').length >= 7",
                               arg=dealt.seq, timeout=WAIT_MS, polling="raf")
        assert page.evaluate("() => document.body.dataset.seatName") == names[seat]
        assert made.script_errors == []
