"""What the table shows is what the log holds: a move the log could not save is not shown,
the next one still saves, and a log with a hole in it is not played on as if it were whole."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.event_log.store import Store
from companion.table import DrawChance, NewMatch, PlayAction, Redo, Table, Undo, default_players
from tests.table.conftest import GAMES, open_table
from tests.table.test_table import Constant

FULL_DISK_TRIGGER = """
CREATE TRIGGER disk_full BEFORE UPDATE ON matches WHEN EXISTS (SELECT 1 FROM disk_is_full)
BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END
"""
"""Fails each write halfway: after its event row went in, at the update of its match row."""


def test_a_move_the_log_could_not_save_is_not_shown_and_the_next_move_is_saved(
    store: Store, db_path: Path
) -> None:
    with sqlite3.connect(db_path) as db:
        db.execute("CREATE TABLE disk_is_full (since TEXT)")
        db.execute(FULL_DISK_TRIGGER)
    with open_table(store) as table:
        assert table.post(NewMatch("tally", default_players(2), {})).result(timeout=10).applied
        for _shuffle_then_roll in range(2):
            assert table.post(DrawChance()).result(timeout=10).applied
        shown = table.snapshot
        with sqlite3.connect(db_path) as db:
            db.execute("INSERT INTO disk_is_full VALUES ('now')")
        with table.subscribe() as subscription:
            assert subscription.get(timeout=5) is shown
            refused = table.post(PlayAction({"action": "add"})).result(timeout=10)
            assert not refused.applied
            assert "disk is full" in refused.text
            assert subscription.latest() is None  # no screen or phone was shown the move
        assert table.snapshot is shown
        assert [event.seq for event in store.events(1)] == [1, 2]
        with sqlite3.connect(db_path) as db:
            db.execute("DELETE FROM disk_is_full")
        saved = table.post(PlayAction({"action": "add"})).result(timeout=10)
        assert saved.applied and saved.seq == 3
        played_on = table.snapshot
    assert [event.seq for event in store.events(1)] == [1, 2, 3]
    with Store.open(db_path) as again, open_table(again) as reopened:
        assert reopened.notices == []
        assert reopened.snapshot is not None and played_on is not None
        assert reopened.snapshot.state_json == played_on.state_json


def test_a_resumed_match_whose_log_skips_a_number_is_marked_damaged_not_played_on(
    store: Store, db_path: Path
) -> None:
    with open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        for command in (DrawChance(), DrawChance(), PlayAction({"action": "add"}), DrawChance()):
            assert table.post(command).result(timeout=10).applied
    with sqlite3.connect(db_path) as db:
        db.execute("DELETE FROM events WHERE seq = 2")
    with Store.open(db_path) as again, open_table(again) as reopened:
        assert reopened.snapshot is None
        assert reopened.notices == [
            "Match 1 cannot be rebuilt (The log jumps from #1 to #3.); it stays in the"
            " history as abandoned."
        ]
        assert [(match.id, match.status) for match in again.matches()] == [(1, "abandoned")]
        assert again.unfinished_match_id() is None


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("UPDATE events SET kind = 'undo', action = NULL, detail = '{\"undoes\": 1}' WHERE seq = 1",
         "Event #1 undoes an event that does not stand."),
        ("UPDATE events SET kind = 'undo', action = NULL, detail = '{\"undoes\": 9}' WHERE seq = 3",
         "Event #3 undoes an event that does not stand."),
        ("UPDATE events SET detail = json_set(detail, '$.redoes', 1) WHERE seq = 3",
         "Event #3 redoes an event that was not just undone."),
    ],
    ids=["undo-of-nothing", "undo-of-another", "redo-of-nothing"],
)
def test_a_resumed_match_whose_log_names_an_impossible_step_is_marked_damaged(
    store: Store, db_path: Path, change: str, reason: str
) -> None:
    with open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        for command in (DrawChance(), DrawChance(), PlayAction({"action": "add"})):
            assert table.post(command).result(timeout=10).applied
    with sqlite3.connect(db_path) as db:
        db.execute("PRAGMA ignore_check_constraints = ON")
        db.execute(change)
    with Store.open(db_path) as again, open_table(again) as reopened:
        assert reopened.snapshot is None
        assert reopened.notices == [
            f"Match 1 cannot be rebuilt ({reason}); it stays in the history as abandoned."
        ]


def test_after_two_rolls_undone_and_one_redone_a_restart_still_serves_the_other_next(
    store: Store, db_path: Path
) -> None:
    chance = Constant([2])
    with Table(store, games=GAMES, chance=chance, spinner=Constant(0)) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        for command in (DrawChance(), DrawChance(), Undo(), Undo(), Redo()):
            assert table.post(command).result(timeout=10).applied
    chance.outcome_value = [6]
    with Store.open(db_path) as again, Table(
        again, games=GAMES, chance=chance, spinner=Constant(0)
    ) as reopened:
        outcome = reopened.post(DrawChance()).result(timeout=10)
    assert outcome.text == "The companion rolls 2"
