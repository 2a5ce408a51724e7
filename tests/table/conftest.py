"""Fixtures for the table, the event log and their commands."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from companion.event_log.store import Store
from companion.games.base import GameSpec
from companion.records import Event
from companion.table import FairChance, NewMatch, SoftwareSpinner, Table, default_players
from companion.table.state_text import canonical_json
from tests.table.tally import TALLY

GAMES = {"tally": TALLY}
FIXED_TIME = datetime(2026, 5, 1, 20, 30, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _state_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing a test does may write to the real user's data directory."""
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))


@pytest.fixture
def home_db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The log in the companion's own data directory (where damaged files are moved aside)."""
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    return tmp_path / "companion.db"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "log.db"


@pytest.fixture
def store(db_path: Path) -> Iterator[Store]:
    with Store.open(db_path, clock=lambda: FIXED_TIME) as opened:
        yield opened


def open_table(store: Store, seed: int = 7, games: dict[str, GameSpec] | None = None) -> Table:
    """A table on `store` with seeded chance and a fixed clock."""
    return Table(
        store,
        games=GAMES if games is None else games,
        chance=FairChance(seed),
        spinner=SoftwareSpinner(seed),
        clock=lambda: FIXED_TIME,
    )


@pytest.fixture
def table(store: Store) -> Iterator[Table]:
    with open_table(store) as opened:
        outcome = opened.post(NewMatch("tally", default_players(3), {"target": 30})).result()
        assert outcome.applied
        yield opened


def rebuild_from_scratch(
    spec: GameSpec, players: int, options: dict[str, Any], events: list[Event]
) -> str:
    """The state that the log's events describe, rebuilt independently of the table's replay.

    Undo events take back the last event that still stands; every other event is applied.
    """
    standing: list[Event] = []
    for event in events:
        if event.kind == "undo":
            assert standing[-1].seq == event.detail["undoes"]
            standing.pop()
        else:
            standing.append(event)
    state = spec.new(players, dict(options))
    for event in standing:
        state.apply(spec.actions.from_json(event.action or {}))
    return canonical_json(state)


def state_text(state_json: str) -> str:
    """Snapshot JSON in canonical form, to compare with `rebuild_from_scratch`."""
    return json.dumps(json.loads(state_json), sort_keys=True, separators=(",", ":"))
