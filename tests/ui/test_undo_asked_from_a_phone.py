"""A phone's undo is the table's to allow: the screen shows who asks and what would go back.

The phone posts `/api/seat/undo` without the PIN; the touchscreen lays "Ben asks to take
back: ..." over its scene with Undo and Keep; the phone reads the answer in `/api/me`.
"""

from __future__ import annotations

import http.client
import io
import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.app.commands.demo import choose_command
from companion.app.product import RunRequest, open_product, product_screen
from companion.config import Config, load_config
from companion.event_log.store import Store
from companion.i18n import use_language
from companion.ports import PhoneFacts
from companion.table import FairChance, Table
from companion.table.undo_asks import UndoAsks
from companion.web import PinGuard, create_app
from companion.web.app import close_app
from tests.ui.conftest import Screen
from ui.app import App, ScreenSetup
from ui.main import SCENES
from ui.script import Driver
from ui.system import SystemSetup

PIN = "4821"


class Phone:
    """A player's phone joined to a seat of the table."""

    def __init__(self, client: FlaskClient, name: str) -> None:
        self.client = client
        client.environ_base["REMOTE_ADDR"] = "192.168.1.40"
        joined = client.post("/api/join", json={"pin": PIN, "name": name})
        assert joined.status_code == 200, joined.get_json()
        self.csrf = joined.get_json()["csrf"]

    def ask_undo(self, body: dict[str, Any] | None = None) -> Any:
        return self.client.post("/api/seat/undo", data=json.dumps(body or {}),
                                content_type="application/json",
                                headers={"X-CSRF-Token": self.csrf})

    def me(self) -> dict[str, Any]:
        answer: dict[str, Any] = self.client.get("/api/me").get_json()
        return answer


@pytest.fixture
def table_and_screen(tmp_path: Path) -> Iterator[tuple[Table, Screen, FlaskClient]]:
    asks = UndoAsks()
    config = Config()
    config = replace(config, tray=replace(config.tray, dice_source="serial"))
    system = SystemSetup(config=config, phone=PhoneFacts(port=8080, pin=PIN, undo_asks=asks))
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(7)) as table,
        App(table, SCENES, ScreenSetup(panel=(800, 480), headless=True), system=system) as app,
    ):
        page = create_app(table, tmp_path / "log.db", PinGuard(PIN), undo_asks=asks)
        try:
            app.settle()
            yield table, Screen(app, store), page.test_client()
        finally:
            close_app(page)


def another_move(table: Table) -> None:
    """A move made at the table (a legal one, any), as if Ana played on."""
    snapshot = table.snapshot
    command = choose_command(snapshot, table.games[snapshot.game], random.Random(1))
    assert table.post(command).result().applied


def rolled(table_and_screen: tuple[Table, Screen, FlaskClient]) -> tuple[Table, Screen, Phone]:
    """A Yahtzee match of Ana and Ben whose first throw is on the table; Ben's phone joined."""
    table, screen, client = table_and_screen
    screen.run("new yahtzee --names Ana,Ben", "roll 6 2", "wait")
    return table, screen, Phone(client, "Ben")


def test_an_undo_asked_without_the_pin_is_put_to_the_screen_with_a_sentence(
    table_and_screen,
) -> None:
    table, screen, ben = rolled(table_and_screen)
    before = table.snapshot
    assert ben.me()["undo_by"] == "screen"
    asked = ben.ask_undo({"match": before.match_id, "seq": before.seq})
    assert asked.status_code == 202, asked.get_json()
    assert asked.get_json()["message"] == "Asked the table: confirm the undo on its screen."
    screen.run("wait for asks to take back")
    words = screen.widget("undo_ask_words").text
    assert words.startswith("Ben asks to take back: ")
    assert "6 2" in words, words
    assert {"undo_ask:undo", "undo_ask:keep"} <= set(screen.names())
    assert table.snapshot.seq == before.seq  # nothing is undone until the screen says so


def test_undo_on_the_card_takes_the_move_back_and_the_phone_hears_it(table_and_screen) -> None:
    table, screen, ben = rolled(table_and_screen)
    before = table.snapshot
    assert ben.ask_undo().status_code == 202
    screen.run("wait for asks to take back", "tap undo_ask:undo", "wait")
    after = table.snapshot
    assert after.took_back is not None and after.seq == before.seq + 1
    assert after.chance is not None and after.chance.kind == "dice"  # the throw is to make again
    assert "undo_ask" not in screen.names()
    news = ben.me()["undo"]
    assert (news["state"], news["text"]) == ("done", "The table took the move back.")


def test_keep_on_the_card_refuses_the_undo_and_the_phone_hears_it(table_and_screen) -> None:
    table, screen, ben = rolled(table_and_screen)
    before = table.snapshot
    assert ben.ask_undo().status_code == 202
    screen.run("wait for asks to take back", "tap undo_ask:keep", "wait")
    assert table.snapshot.seq == before.seq
    assert "undo_ask" not in screen.names()
    news = ben.me()["undo"]
    assert (news["state"], news["text"]) == (
        "kept", "The table kept the move: nothing was undone.")


def test_a_move_made_meanwhile_cancels_the_ask_and_nothing_newer_is_taken_back(
    table_and_screen,
) -> None:
    table, screen, ben = rolled(table_and_screen)
    assert ben.ask_undo().status_code == 202
    screen.run("wait for asks to take back")
    another_move(table)  # Ana plays on before the screen answers
    played = table.snapshot
    screen.run("wait")
    assert "undo_ask" not in screen.names()
    assert table.snapshot.seq == played.seq and table.snapshot.took_back is None
    news = ben.me()["undo"]
    assert news["state"] == "cancelled"
    assert news["text"].startswith("A move was made meanwhile, so nothing was undone")


def test_an_undo_confirmed_after_the_table_moved_on_takes_back_nothing(
    table_and_screen,
) -> None:
    """Undo on the card is made against the state the phone asked at: a move that slipped
    in between the tap and the table is never the one taken back."""
    table, screen, ben = rolled(table_and_screen)
    asked_at = table.snapshot
    assert ben.ask_undo().status_code == 202
    screen.run("wait for asks to take back")
    card = screen.app.undo_card
    ask = card.showing
    assert ask is not None
    another_move(table)  # before the screen hears of it
    played = table.snapshot
    assert played.seq > asked_at.seq
    card._undo(ask)  # the tap that was already on its way
    screen.run("wait")
    assert table.snapshot.seq == played.seq and table.snapshot.took_back is None
    assert ben.me()["undo"]["state"] == "cancelled"


def test_a_second_players_ask_of_the_same_move_waits_behind_the_first(
    table_and_screen,
) -> None:
    _, _, ben = rolled(table_and_screen)
    _, _, client = table_and_screen
    assert ben.ask_undo().status_code == 202
    ana = Phone(client.application.test_client(), "Ana")
    second = ana.ask_undo()
    assert second.status_code == 409
    assert second.get_json()["error"] == (
        "Ben has already asked the table to take this move back: look at its screen.")


def _http(port: int, method: str, path: str, body: Any = None,
          headers: dict[str, str] | None = None) -> tuple[int, Any, str]:
    """One request over real HTTP: the status, the JSON answer, the cookie it set."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    try:
        sent = dict(headers or {})
        data = None if body is None else json.dumps(body)
        if data is not None:
            sent["Content-Type"] = "application/json"
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        cookie = (response.getheader("Set-Cookie") or "").split(";")[0]
        return response.status, json.loads(response.read() or b"null"), cookie
    finally:
        connection.close()


def test_companion_run_puts_a_phones_undo_to_its_screen(tmp_path: Path) -> None:
    """The product's one assembly hands the page and the screen the same desk."""
    path = tmp_path / "config.toml"
    path.write_text('backend = "sim"\n[web]\npin = "4821"\n', encoding="utf-8")
    request = RunRequest(port=0, db=tmp_path / "log.db", headless=True, seed=11,
                         size=(800, 480))
    with open_product(request, load_config(path)) as product, \
            product_screen(product, request) as app:
        assert product.page is not None
        port = product.page.port
        driver = Driver(app, io.StringIO())
        for line in ("new yahtzee --names Ana,Ben", "roll", "wait"):
            driver.run(line)
        status, joined, cookie = _http(port, "POST", "/api/join", {"pin": PIN, "name": "Ben"})
        assert status == 200, joined
        seat = {"Cookie": cookie, "X-CSRF-Token": joined["csrf"]}
        status, asked, _ = _http(port, "POST", "/api/seat/undo", {}, seat)
        assert status == 202, asked
        for line in ("wait for asks to take back", "tap undo_ask:undo", "wait"):
            driver.run(line)
        status, me, _ = _http(port, "GET", "/api/me", headers={"Cookie": cookie})
        assert me["undo_by"] == "screen" and me["undo"]["state"] == "done"


def test_the_undo_card_names_an_uno_card_in_the_tables_language(table_and_screen) -> None:
    table, screen, client = table_and_screen
    screen.run("new classic --names Ana,Ben --option hand_size=2 --option target=500",
               "tap dealer:1", "tap tab:red", 'tap "card:Red 5"',
               "tap play", "tap tab:red", 'tap "card:Red 7"', "wait")
    ben = Phone(client, "Ben")
    use_language("cy")
    try:
        assert ben.ask_undo().status_code == 202
        screen.run("wait for gofyn i dynnu")  # "asks to take back"
        words = screen.widget("undo_ask_words").text
        assert "Coch 7" in words and "Red" not in words, words
        screen.run("tap undo_ask:undo", "wait")
        assert table.snapshot.took_back is not None
        shown = screen.widget("message").text  # the screen's "Took back: ..." says it too
        assert "Coch 7" in shown and "Red" not in shown, shown
    finally:
        use_language("en")
