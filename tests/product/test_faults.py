"""Faults while the whole companion runs: each is a sentence, and the rest keeps working.

(The Pico unplugged mid-spin, through the whole product: tests/product/test_pico_unplugged.py.)
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "offscreen"

from companion.app.product import RunRequest, Stopper, open_product, run_until_stopped
from companion.config import load_config
from companion.web import phone_page
from companion.web.phone_page import PhonePage
from tests.product.phone import Phone
from ui.app import App


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "config.toml"
    path.write_text('backend = "sim"\n[web]\npin = "4821"\n', encoding="utf-8")
    return path


class FullDisk:
    """The log's SQLite connection, as it answers on a full disk while `full` is set:
    every write fails with SQLite's own error; reads go on."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection
        self.full = False

    def execute(self, sql: str, *parameters: Any) -> sqlite3.Cursor:
        if self.full and sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise sqlite3.OperationalError("database or disk is full")
        return self.connection.execute(sql, *parameters)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.connection, name)


def test_a_full_disk_refuses_the_move_with_a_sentence_and_the_next_one_plays_once_there_is_room(
    tmp_path: Path, config_file: Path, caplog: pytest.LogCaptureFixture
) -> None:
    request = RunRequest(ui=False, port=0, db=tmp_path / "log.db")
    with open_product(request, load_config(config_file)) as product:
        assert product.page is not None
        phone = Phone(product.page.port, "4821")
        phone.new_match("backgammon", ["Ana", "Ben"], {})
        store = product.table._store
        disk = FullDisk(store._connection)  # type: ignore[arg-type]
        store._connection = disk  # type: ignore[assignment]
        disk.full = True
        status, body = phone.request("POST", "/api/chance")
        assert status == 409
        assert "the disk is not full" in body["error"] and body["error"].endswith(".")
        said = [r for r in caplog.records if r.levelname == "ERROR"]
        assert [r.getMessage() for r in said] == [body["error"]]  # the journal says it too
        assert phone.state()["seq"] == 0  # nothing changed, nothing half-written
        disk.full = False  # room again
        status, body = phone.request("POST", "/api/chance")
        assert status == 200 and phone.state()["seq"] == 1
        store._connection = disk.connection


def test_when_the_display_goes_away_the_phones_are_still_served_until_stopped(
    tmp_path: Path, config_file: Path, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    gone = threading.Event()

    def display_lost(self: App) -> None:
        gone.set()
        raise pygame.error("video system not initialized")

    monkeypatch.setattr(App, "run", display_lost)
    served: list[PhonePage] = []
    real_serve = phone_page.serve_phone_page

    @contextlib.contextmanager
    def serve(*args: Any, **kwargs: Any) -> Iterator[PhonePage]:
        with real_serve(*args, **kwargs) as page:
            served.append(page)
            yield page

    monkeypatch.setattr(phone_page, "serve_phone_page", serve)
    request = RunRequest(port=0, db=tmp_path / "log.db", config=str(config_file),
                         size=(800, 480), headless=True)
    stopper = Stopper()
    codes: list[int] = []
    running = threading.Thread(
        target=lambda: codes.append(run_until_stopped(request, load_config(config_file), stopper)))
    with caplog.at_level("INFO"):
        running.start()
        assert gone.wait(30)
        phone = Phone(served[0].port, "4821")
        phone.new_match("classic", ["Ana", "Ben"], {"mode": "referee"})
        assert phone.state()["game"] == "classic"  # the page answers without the screen
        assert running.is_alive()
        stopper.asked.set()
        running.join(timeout=30)
    assert codes == [0]
    assert any("The screen stopped working" in r.getMessage() for r in caplog.records)
