"""Fixtures of the phone page: a table on a fresh log, its app, and a real waitress server."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.app.commands.demo import choose_command
from companion.event_log.store import Store
from companion.table import FairChance, NewMatch, Table, TableSnapshot, default_players
from companion.web import PinGuard, StreamSettings, WebServer, create_app
from companion.web.app import close_app
from tests.web.phone_pages import browser

__all__ = ["browser"]  # one chromium for every browser test (tests/web/phone_pages.py)

PIN = "4821"


class ManualClock:
    """Seconds that pass only when a test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def log_path(tmp_path: Path) -> Path:
    return tmp_path / "companion.db"


@pytest.fixture
def table(log_path: Path) -> Iterator[Table]:
    with Store.open(log_path) as store, Table(store, chance=FairChance(7)) as running:
        yield running


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def settings(clock: ManualClock) -> StreamSettings:
    """Two streams at most, a heartbeat after 50 ms, recycling when the test moves the clock,
    every state sent at once (no gap: the hand-moved clock would never end one)."""
    return StreamSettings(
        max_streams=2,
        heartbeat_s=0.05,
        retry_ms=200,
        recycle_s=300.0,
        poll_ms=100,
        min_gap_s=0.0,
        clock=clock,
    )


@pytest.fixture
def app(
    table: Table, log_path: Path, clock: ManualClock, settings: StreamSettings
) -> Iterator[Flask]:
    made = create_app(table, log_path, PinGuard(PIN, clock), settings)
    yield made
    close_app(made)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def server(app: Flask) -> Iterator[WebServer]:
    with WebServer(app, "127.0.0.1", 0) as serving:
        yield serving


def start(table: Table, game: str, players: int = 2, options: dict | None = None) -> TableSnapshot:
    """Start a match on the table and return its first snapshot."""
    outcome = table.post(NewMatch(game, default_players(players), options or {})).result()
    assert outcome.applied, outcome.text
    assert table.snapshot is not None
    return table.snapshot


def play(table: Table, commands: int, seed: int = 3) -> TableSnapshot:
    """Play `commands` random legal commands (as the demo does) and return the snapshot."""
    rng = random.Random(seed)
    for _ in range(commands):
        snapshot = table.snapshot
        assert snapshot is not None
        if snapshot.is_over:
            break
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
    assert table.snapshot is not None
    return table.snapshot
