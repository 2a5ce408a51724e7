"""The log's schema at the edges of this companion's: one version old, one version new.

A log written by the previous companion (one migration behind) opens brought up to date,
for playing on and for reading; a log written by the next companion (one version ahead)
is never opened for writing, so that an older companion cannot damage what it cannot read.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.errors import StoreError
from companion.event_log.store import SCHEMA_VERSION, Store
from companion.table import DrawChance, NewMatch, default_players
from tests.table.conftest import open_table


def write_log_of_the_previous_companion(path: Path) -> None:
    """A log with one tally match, as the companion before the last migration left it
    (the last step added the seed column)."""
    with Store.open(path) as store, open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        table.post(DrawChance()).result(timeout=10)
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE matches DROP COLUMN seed")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def write_log_of_the_next_companion(path: Path) -> None:
    Store.open(path).close()
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def test_a_log_one_schema_version_old_opens_upgraded_and_keeps_its_match(db_path: Path) -> None:
    write_log_of_the_previous_companion(db_path)
    with Store.open(db_path) as store:
        assert store.notices == []
        assert store.settings()["user_version"] == SCHEMA_VERSION
        (match,) = store.matches()
        assert (match.game, match.status) == ("tally", "playing")
        with open_table(store) as table:
            assert table.snapshot is not None and table.snapshot.seq == 1
            assert table.post(DrawChance()).result(timeout=10).applied
    with sqlite3.connect(db_path) as db:
        assert "seed" in [row[1] for row in db.execute("PRAGMA table_info(matches)")]


def test_history_reads_a_log_one_schema_version_old_and_leaves_the_file_alone(
    db_path: Path,
) -> None:
    write_log_of_the_previous_companion(db_path)
    before = db_path.read_bytes()
    with Store.open_to_read(db_path) as store:
        assert [match.game for match in store.matches()] == ["tally"]
        assert [event.seq for event in store.events(1)] == [1]
        (notice,) = store.notices
        assert f"written by an older companion (schema {SCHEMA_VERSION - 1})" in notice
    assert db_path.read_bytes() == before


def test_a_log_one_schema_version_newer_is_moved_aside_unchanged_not_written(
    home_db: Path,
) -> None:
    write_log_of_the_next_companion(home_db)
    before = home_db.read_bytes()
    with Store.open() as store:
        (notice,) = store.notices
        assert f"written by a newer companion (schema {SCHEMA_VERSION + 1})" in notice
        assert store.matches() == []
    moved = notice.split(" was moved to ")[1].split(" and ")[0]
    assert home_db.with_name(moved).read_bytes() == before


def test_history_refuses_a_log_one_schema_version_newer_with_a_sentence(db_path: Path) -> None:
    write_log_of_the_next_companion(db_path)
    before = db_path.read_bytes()
    with pytest.raises(StoreError, match=rf"newer companion \(schema {SCHEMA_VERSION + 1}\)"):
        Store.open_to_read(db_path)
    assert db_path.read_bytes() == before
