"""The event log's schema: its tables, and the migrations that bring an older log up to date.

Each migration is frozen once released: a log written by any earlier
companion must upgrade the same way for ever, so a migration that rewrites
rows carries the data it needs (`companion.event_log.upgrades`) rather than
reading today's rules. `SCHEMA_VERSION` is the number of migrations; a log
records its version in SQLite's ``user_version``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from companion.event_log.upgrades import upgrade_logged_actions, upgrade_logged_options

Migration = str | Callable[[sqlite3.Connection], None]
"""A schema step: an SQL script, or a function that rewrites rows."""

MIGRATIONS: tuple[Migration, ...] = (
    # 0 -> 1: matches, their events and the scores of each round.
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        players TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'abandoned')),
        scores TEXT NOT NULL,
        result TEXT,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        rematch_of INTEGER REFERENCES matches (id)
    );
    CREATE TABLE events (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('play', 'chance', 'undo')),
        seat INTEGER,
        action TEXT,
        detail TEXT NOT NULL,
        text TEXT NOT NULL,
        state_sha TEXT NOT NULL,
        at TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    CREATE TABLE rounds (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        seq INTEGER NOT NULL,
        scores TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
    );
    """,
    # 1 -> 2: every game's actions in one JSON form (UNO's "type" tags and "seat" fields,
    # Backgammon's checker steps, Yahtzee's dice "roll").
    upgrade_logged_actions,
    # 2 -> 3: UNO's Wild Draw Four challenge test became an option; older matches
    # keep the test they were played with.
    upgrade_logged_options,
    # 3 -> 4: the seed of seeded chance sources (a demo's --seed), so --resume can check it.
    "ALTER TABLE matches ADD COLUMN seed INTEGER;",
)
SCHEMA_VERSION = len(MIGRATIONS)
TABLE_COLUMNS = {
    "matches": {"id", "game", "options", "players", "status", "scores", "result",
                "started_at", "finished_at", "rematch_of"},
    "events": {"match_id", "seq", "kind", "seat", "action", "detail", "text", "state_sha", "at"},
    "rounds": {"match_id", "seq", "scores"},
}  # fmt: skip


def migrate_once(db: sqlite3.Connection) -> int:
    """Bring the log one schema version forward, unless another companion just did.

    The version is read again under the write lock: two companions opening a
    new log at once must not both create its tables.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version < SCHEMA_VERSION:
            run_migration(db, MIGRATIONS[version])
            version += 1
            db.execute(f"PRAGMA user_version = {version}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return version


def empty_memory_log() -> sqlite3.Connection:
    """An empty log of today's schema, in memory."""
    memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    memory.row_factory = sqlite3.Row
    for migration in MIGRATIONS:
        run_migration(memory, migration)
    memory.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return memory


def run_migration(db: sqlite3.Connection, migration: Migration) -> None:
    """One schema step: its SQL statements, or its function that rewrites rows."""
    if callable(migration):
        migration(db)
    else:
        for statement in _statements(migration):
            db.execute(statement)


def _statements(script: str) -> list[str]:
    """The SQL statements of a migration script, one by one (executescript would commit)."""
    statements, current = [], ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            statements.append(current)
            current = ""
    statements.append(current)  # the last statement may lack its semicolon
    return [statement.strip() for statement in statements if statement.strip(" ;\n")]
