"""Keep the matches of a damaged event log that SQLite can still read.

A log whose pages were damaged (a disk fault, a power cut on a card without
protection) is moved aside by `companion.event_log.opening`; the matches it still
holds whole are copied into the fresh log, so the history before the damage
is not lost. `companion history` lists the same matches from the damaged file,
copied into memory, without changing it.

Rows are read in the order they were written (rowid order): matches,
events and rounds are appended as the table plays, so when a read fails
halfway through a table, what comes before it is whole and what comes after
is unknown. A match is kept only when its row, every event and every round
score could be read: a match cut short would replay to another standing.
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

__all__ = ["copy_readable_matches"]

MATCH_COLUMNS = (
    "id", "game", "options", "players", "status", "scores", "result", "started_at",
    "finished_at", "rematch_of",
)  # fmt: skip
SINCE_SCHEMA_4 = ("seed",)
"""Match columns a log of an older schema lacks; copied when the damaged file has them."""
EVENT_COLUMNS = ("match_id", "seq", "kind", "seat", "action", "detail", "text", "state_sha", "at")
ROUND_COLUMNS = ("match_id", "seq", "scores")


def copy_readable_matches(damaged: Path, target: sqlite3.Connection) -> list[int]:
    """Copy every match still readable whole from the log file `damaged` into `target`.

    `target` is an empty, migrated log in autocommit mode. Returns the ids of the
    matches copied (they keep their ids), oldest first; none when SQLite cannot
    read the file at all.
    """
    try:
        source = sqlite3.connect(f"{damaged.absolute().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return []
    with closing(source):
        match_columns = MATCH_COLUMNS + _later_columns(source)
        matches, match_cut = _readable_rows(source, "matches", match_columns)
        events, event_cut = _readable_rows(source, "events", EVENT_COLUMNS)
        rounds, round_cut = _readable_rows(source, "rounds", ROUND_COLUMNS)
    # A table read to its end cuts nothing; one that failed may lack the rest of its last match.
    last_whole = min(
        _last_whole(matches, match_cut, inclusive=True),
        _last_whole(events, event_cut, inclusive=False),
        _last_whole(rounds, round_cut, inclusive=False),
    )
    kept: list[int] = []
    for match in matches:
        match_id = match[0]
        if not isinstance(match_id, int) or match_id > last_whole:
            continue
        rematch_of = match[9] if match[9] in kept else None
        if _copy_match(target, match_columns, (*match[:9], rematch_of, *match[10:]), events,
                       rounds):
            kept.append(match_id)
    return kept


def _later_columns(source: sqlite3.Connection) -> tuple[str, ...]:
    """The match columns added since the first schema that the damaged file has."""
    try:
        present = {row[1] for row in source.execute("PRAGMA table_info(matches)")}
    except sqlite3.Error:
        return ()
    return tuple(column for column in SINCE_SCHEMA_4 if column in present)


def _readable_rows(
    source: sqlite3.Connection, table: str, columns: tuple[str, ...]
) -> tuple[list[tuple[object, ...]], bool]:
    """The rows of `table` in the order written, up to the first that cannot be read.

    The second value is True when reading stopped early (the rest is unknown).
    """
    rows: list[tuple[object, ...]] = []
    try:
        # NOT INDEXED: a damaged index must not hide rows the table itself still holds.
        cursor = source.execute(
            f"SELECT {', '.join(columns)} FROM {table} NOT INDEXED ORDER BY rowid"
        )
        for row in _each(cursor):
            rows.append(tuple(row))
    except sqlite3.Error:
        return rows, True
    return rows, False


def _each(cursor: sqlite3.Cursor) -> Iterator[tuple[object, ...]]:
    while (row := cursor.fetchone()) is not None:
        yield row


def _last_whole(rows: list[tuple[object, ...]], cut: bool, *, inclusive: bool) -> float:
    """The highest match id whose rows in this table are surely all read."""
    if not cut:
        return math.inf
    ids = [row[0] for row in rows if isinstance(row[0], int)]
    if not ids:
        return 0
    return ids[-1] if inclusive else ids[-1] - 1


def _copy_match(
    target: sqlite3.Connection,
    match_columns: tuple[str, ...],
    match: tuple[object, ...],
    events: list[tuple[object, ...]],
    rounds: list[tuple[object, ...]],
) -> bool:
    """Insert one match with its events and rounds, all or nothing; False if refused."""
    match_id = match[0]
    target.execute("SAVEPOINT salvage")
    try:
        target.execute(_insert("matches", match_columns), match)
        for event in events:
            if event[0] == match_id:
                target.execute(_insert("events", EVENT_COLUMNS), event)
        for round_row in rounds:
            if round_row[0] == match_id:
                target.execute(_insert("rounds", ROUND_COLUMNS), round_row)
    except sqlite3.Error:
        # Rows that read as garbage break a constraint: the match is not kept.
        target.execute("ROLLBACK TO salvage")
        target.execute("RELEASE salvage")
        return False
    target.execute("RELEASE salvage")
    return True


def _insert(table: str, columns: tuple[str, ...]) -> str:
    marks = ", ".join("?" for _ in columns)
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
