"""The home screen's lobby: phones join the players being set up before the match exists,
the screen shows who has, and a match with phones as hands starts from it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.event_log.store import Store
from companion.ports import PhoneFacts
from companion.table import FairChance, Table
from companion.table.hands import ON_PHONES
from companion.table.lobby import Lobby
from companion.web import PinGuard, create_app
from companion.web.app import close_app
from companion.web.seats import CSRF_HEADER
from tests.ui.conftest import Screen, tray_from
from tests.ui.test_spin_view import FakeClock
from tests.web.seat_helpers import join, phone
from ui.app import App, ScreenSetup
from ui.main import SCENES
from ui.screens.home import PHONE_JOINED

PIN = "482193"


@dataclass
class Lobbied:
    screen: Screen
    page: Flask
    lobby: Lobby
    clock: FakeClock

    def phone(self, n: int) -> FlaskClient:
        return phone(self.page, f"192.168.1.{40 + n}")


@pytest.fixture
def lobbied(tmp_path: Path) -> Iterator[Lobbied]:
    lobby = Lobby()
    clock = FakeClock()
    with Store.open(tmp_path / "log.db") as store, Table(store, chance=FairChance(7)) as table:
        page = create_app(table, tmp_path / "log.db", PinGuard(PIN), lobby=lobby)
        sessions = page.extensions["companion"].seats
        system = tray_from("serial")
        system.phone = PhoneFacts(port=8080, pin=PIN, joined=sessions.names, lobby=lobby)
        try:
            with App(table, SCENES, ScreenSetup(panel=(800, 480), headless=True),
                     system=system, clock=clock.now, sleep=clock.sleep) as app:
                app.settle()
                yield Lobbied(Screen(app, store), page, lobby, clock)
        finally:
            close_app(page)


def test_the_home_screen_offers_the_players_it_sets_up_to_the_phones(lobbied: Lobbied) -> None:
    draft = lobbied.screen.app.draft
    offered = [(p.name, p.colour) for p in lobbied.lobby.players]
    assert offered == list(zip(draft.names[: draft.count], draft.colours[: draft.count],
                               strict=True))
    lobbied.screen.run("tap game:tiki", "tap players:+")
    assert len(lobbied.lobby.players) == lobbied.screen.app.draft.count


def test_a_phone_joining_wakes_the_sleeping_home_screen_which_marks_that_player(
        lobbied: Lobbied) -> None:
    app = lobbied.screen.app
    assert app._wait_seconds() is None  # asleep: no timed wake while nothing happens
    first = lobbied.lobby.players[0].name
    assert not lobbied.screen.widget("player:0").text.endswith(PHONE_JOINED)
    join(lobbied.phone(1), first, PIN)
    assert app.doorbell.wait(0)  # the join rang the screen's bell
    app.settle()
    assert lobbied.screen.widget("player:0").text.endswith(PHONE_JOINED)
    assert not lobbied.screen.widget("player:1").text.endswith(PHONE_JOINED)
    assert app._wait_seconds() is None  # and it sleeps again


def test_phones_joined_from_the_lobby_start_a_tiki_match_with_phones_as_hands(
        lobbied: Lobbied) -> None:
    screen = lobbied.screen
    screen.run("tap game:tiki", "tap hands")
    names = [p.name for p in lobbied.lobby.players]
    phones = [lobbied.phone(n) for n in range(len(names))]
    csrf = [join(client, name, PIN)["csrf"] for client, name in zip(phones[:-1], names[:-1],
                                                                    strict=True)]
    screen.app.settle()
    screen.run("tap start")
    said = screen.widget("message").text
    assert said.startswith(f"Each hand is held on its player's phone: {names[-1]} has no")
    assert "real cards" not in said
    assert screen.app.snapshot is None
    csrf.append(join(phones[-1], names[-1], PIN)["csrf"])
    screen.app.settle()
    screen.run("tap start")
    snapshot = screen.app.snapshot
    assert snapshot is not None and snapshot.game == "tiki" and snapshot.hands == ON_PHONES
    assert screen.app.scene.name == "uno"
    assert lobbied.lobby.players == ()  # the match shows: its players are the names now
    for seat, client in enumerate(phones):
        me = client.get("/api/me").get_json()
        assert (me["seat"], me["lobby"]) == (seat, False)
        hand = client.get("/api/seat/hand", headers={CSRF_HEADER: csrf[seat]}).get_json()
        assert hand["seat"] == seat and hand["match"] == snapshot.match_id


def test_going_back_home_from_the_match_offers_the_draft_again(lobbied: Lobbied) -> None:
    screen = lobbied.screen
    screen.run("new tiki --players 3")
    assert lobbied.lobby.players == ()
    screen.app.go("home")
    assert [p.name for p in lobbied.lobby.players] == screen.app.draft.names[:3]
