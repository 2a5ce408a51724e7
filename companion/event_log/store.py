"""The event log: every applied command is one committed SQLite row.

SQLite from the standard library, in WAL mode with ``synchronous=FULL``: the
table commits a command's row before it shows the command's effect, so a
power cut loses nothing anyone has seen. On start the table rebuilds the last
unfinished match by replaying its rows (`companion.table`). Finished matches
stay as history: players, game, options, the scores of every round, the
result and the times.

Opening and checking the file is `companion.event_log.opening`, its schema and
migrations `companion.event_log.schema`: a damaged
log is moved aside with a timestamp and the companion starts with an empty
log, saying so (it never refuses to start because of its own data); at a
path given with ``--db`` a file that is not a companion log is refused. A
data directory that cannot be written is a `StoreError` with a sentence.
`Store.open_to_read` reads a log without changing it (`companion history`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from companion.closing import ClosesItself
from companion.datadir import default_db_path, fcntl, lock_beside
from companion.errors import StoreError
from companion.event_log.opening import (
    ReadConnection,
    open_for_reading,
    open_for_writing,
    store_error,
)
from companion.event_log.schema import SCHEMA_VERSION
from companion.records import AppliedEvent, Event, Player

__all__ = ["SCHEMA_VERSION", "DamagedRecord", "MatchRecord", "Store", "default_db_path"]


def utc_now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


@dataclass(frozen=True)
class MatchRecord:
    """One match as stored: who played what, how it stands or ended."""

    id: int
    game: str
    options: dict[str, Any]
    players: tuple[Player, ...]
    status: str
    """"playing", "finished" or "abandoned"."""
    scores: list[int]
    result: dict[str, Any] | None
    """{"winners": [...], "scores": [...]} once finished."""
    started_at: str
    finished_at: str | None
    rematch_of: int | None
    seed: int | None = None
    """The seed of the chance sources that fed the match, if they were seeded (demos, tests)."""

    @property
    def winners(self) -> list[int]:
        """The seats that won, as the result says them; none before the match is over."""
        return list((self.result or {}).get("winners", []))


class DamagedRecord(StoreError):
    """A row of the log cannot be read back: something other than the companion changed it."""

    def __init__(self, match_id: int, reason: str) -> None:
        super().__init__(
            f"Match {match_id} in the match log cannot be read ({reason}); something other"
            " than the companion changed it."
        )
        self.match_id = match_id
        self.reason = reason


class Store(ClosesItself):
    """The SQLite event log and match history. Safe to share between threads."""

    def __init__(self, path: Path, connection: sqlite3.Connection, notices: list[str]) -> None:
        self.path = path
        self.notices = notices
        """Sentences for the person starting the companion (a damaged log moved aside)."""
        self.damaged = False
        """Read only in part: the log is damaged (`open_to_read`)."""
        self._connection: sqlite3.Connection | None = connection
        self._lock = threading.Lock()
        self._claimed = False
        self._writer_lock: BinaryIO | None = None
        self._reading: ReadConnection | None = None

    @classmethod
    def open(
        cls, path: Path | str | None = None, *, clock: Callable[[], datetime] = utc_now
    ) -> Store:
        """Open (or create) the log, moving a damaged file aside.

        A file that is not a companion log at all (not a database, or another
        program's) is moved aside only from the companion's own data directory;
        at a path someone chose (``--db``) it is refused and left untouched,
        since another program may still need it.

        Raises:
            StoreError: the path is a directory, or the data directory or the file cannot be
                created or written, or the file is read-only, or a chosen path holds a file
                that is not a companion log.
        """
        chosen = path is not None and Path(path) != default_db_path()
        path = Path(path) if path is not None else default_db_path()
        connection, notices = open_for_writing(path, chosen=chosen, now=clock)
        return cls(path, connection, notices)

    @classmethod
    def open_to_read(cls, path: Path | str) -> Store:
        """Open an existing log only to read it: the log is never moved, migrated or written.

        `companion history` uses it: looking at the history must neither move a
        damaged file aside nor need a writable directory (the service's log,
        read by another user). Where the directory is writable SQLite may leave
        its shared-memory files beside the log, as for any reader; a log in a
        directory this user cannot write, with no write-ahead file beside it,
        is read as it stands on disk, and `changed_on_disk` tells whether a
        companion wrote to it meanwhile.

        Raises:
            EmptyLog: the log holds no matches yet (not even its tables).
            StoreError: the file cannot be read, is damaged, is not a companion log, or was
                written by another version of the companion.
        """
        reading = open_for_reading(Path(path))
        store = cls(Path(path), reading.connection, list(reading.notices))
        store.damaged = reading.damaged
        store._reading = reading
        return store

    def changed_on_disk(self) -> bool:
        """True when a log opened with `open_to_read` as it stood on disk has changed since."""
        return self._reading is not None and self._reading.changed()

    def close(self) -> None:
        """Close the database (and give up being its writer); safe to call twice."""
        self.release_writer()
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def claim_writer(self) -> None:
        """Become the only table writing this log on this machine, until `release_writer`.

        Two tables on one log would each replay the match and write their own
        events (a `companion demo` over SSH would abandon the match the service
        is playing). Readers such as `companion history` need no claim. The
        claim is an advisory lock on a file beside the log, dropped by the
        operating system if the process dies.

        Raises:
            StoreError: another table or companion holds the claim, or the lock file cannot
                be made.
        """
        if self._claimed:
            raise StoreError(
                f"The match log {self.path} already has a table: close it before opening another."
            )
        if fcntl is not None:  # no flock on Windows: no claim between processes there
            self._writer_lock = lock_beside(self.path, fcntl.flock)
        self._claimed = True

    def release_writer(self) -> None:
        """Give up the claim of `claim_writer`, if held; safe to call twice."""
        if self._writer_lock is not None:
            self._writer_lock.close()  # closing the file drops the lock
            self._writer_lock = None
        self._claimed = False


    def settings(self) -> dict[str, Any]:
        """The SQLite settings that make the log crash-proof, as this connection sees them."""
        with self._lock:
            db = self._open_connection()
            return {
                "journal_mode": db.execute("PRAGMA journal_mode").fetchone()[0],
                "synchronous": db.execute("PRAGMA synchronous").fetchone()[0],
                "user_version": db.execute("PRAGMA user_version").fetchone()[0],
            }

    def create_match(
        self,
        game: str,
        options: dict[str, Any],
        players: tuple[Player, ...],
        scores: list[int],
        started_at: str,
        rematch_of: int | None = None,
        abandon: int | None = None,
        seed: int | None = None,
    ) -> int:
        """Store a new match as playing; returns its id.

        `abandon` is an unfinished match the new one replaces: it is marked
        abandoned in the same transaction, so a crash cannot lose both.

        Raises:
            StoreError: the log cannot be written.
        """
        with self._transaction() as db:
            if abandon is not None:
                db.execute(
                    "UPDATE matches SET status = 'abandoned' WHERE id = ? AND status = 'playing'",
                    (abandon,),
                )
            cursor = db.execute(
                "INSERT INTO matches (game, options, players, status, scores, started_at,"
                " rematch_of, seed) VALUES (?, ?, ?, 'playing', ?, ?, ?, ?)",
                (game, _dump(options), _dump([p.to_json() for p in players]), _dump(scores),
                 started_at, rematch_of, seed),
            )  # fmt: skip
            return int(cursor.lastrowid or 0)

    def abandon_match(self, match_id: int) -> None:
        """Mark a match that will not be finished; it stays in the history.

        Raises:
            StoreError: the log cannot be written.
        """
        with self._transaction() as db:
            db.execute(
                "UPDATE matches SET status = 'abandoned' WHERE id = ? AND status = 'playing'",
                (match_id,),
            )

    def record(
        self,
        match_id: int,
        step: AppliedEvent,
        scores: list[int],
        result: dict[str, Any] | None,
    ) -> None:
        """Commit one applied command: its event, its round scores, the match's standing.

        `result` is the match result once it is over, None while it goes on
        (an undo can take a finished match back into play).

        Raises:
            StoreError: the log cannot be written; nothing was stored.
        """
        event = step.event
        with self._transaction() as db:
            db.execute(
                "INSERT INTO events (match_id, seq, kind, seat, action, detail, text, state_sha,"
                " at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (match_id, event.seq, event.kind, event.seat,
                 None if event.action is None else _dump(event.action), _dump(event.detail),
                 event.text, event.state_sha, event.at),
            )  # fmt: skip
            if event.kind == "undo":
                db.execute(
                    "DELETE FROM rounds WHERE match_id = ? AND seq = ?",
                    (match_id, event.detail["undoes"]),
                )
            if step.round_scores is not None:
                db.execute(
                    "INSERT INTO rounds (match_id, seq, scores) VALUES (?, ?, ?)",
                    (match_id, event.seq, _dump(step.round_scores)),
                )
            db.execute(
                "UPDATE matches SET scores = ?, status = ?, result = ?, finished_at = ?"
                " WHERE id = ?",
                (_dump(scores), "playing" if result is None else "finished",
                 None if result is None else _dump(result),
                 None if result is None else event.at, match_id),
            )  # fmt: skip

    def unfinished_match(self) -> MatchRecord | None:
        """The most recent match still being played, if any.

        Raises:
            DamagedRecord: its row cannot be read back.
        """
        match_id = self.unfinished_match_id()
        return None if match_id is None else self.match(match_id)

    def unfinished_match_id(self) -> int | None:
        """The id of the most recent match still being played, if any."""
        rows = self._query(
            "SELECT id FROM matches WHERE status = 'playing' ORDER BY id DESC LIMIT 1", ()
        )
        return int(rows[0]["id"]) if rows else None

    def match(self, match_id: int) -> MatchRecord | None:
        """One match by id, or None.

        Raises:
            DamagedRecord: its row cannot be read back.
        """
        rows = self._query("SELECT * FROM matches WHERE id = ?", (match_id,))
        return _match_from_row(rows[0]) if rows else None

    def match_ids(self) -> list[int]:
        """The id of every match, oldest first."""
        return [int(row["id"]) for row in self._query("SELECT id FROM matches ORDER BY id", ())]

    def matches(self) -> list[MatchRecord]:
        """Every match, oldest first.

        Raises:
            DamagedRecord: a row cannot be read back.
        """
        rows = self._query("SELECT * FROM matches ORDER BY id", ())
        return [_match_from_row(row) for row in rows]

    def events(self, match_id: int) -> list[Event]:
        """Every logged event of a match, in seq order (undone ones included).

        Raises:
            DamagedRecord: an event's row cannot be read back.
        """
        rows = self._query("SELECT * FROM events WHERE match_id = ? ORDER BY seq", (match_id,))
        return [_event_from_row(match_id, row) for row in rows]

    def rounds(self, match_id: int) -> list[tuple[int, list[int]]]:
        """(seq, scores) each time the match scores changed, in order.

        Raises:
            DamagedRecord: a row cannot be read back.
        """
        rows = self._query(
            "SELECT seq, scores FROM rounds WHERE match_id = ? ORDER BY seq", (match_id,)
        )
        with _reading(match_id, "round scores"):
            return [(int(row["seq"]), json.loads(row["scores"])) for row in rows]

    def _query(self, sql: str, parameters: tuple[Any, ...]) -> list[sqlite3.Row]:
        with self._lock:
            db = self._open_connection()
            try:
                return db.execute(sql, parameters).fetchall()
            except sqlite3.Error as error:
                raise store_error(self.path, error) from None

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            db = self._open_connection()
            try:
                db.execute("BEGIN IMMEDIATE")
                yield db
                db.execute("COMMIT")
            except sqlite3.Error as error:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise store_error(self.path, error) from None
            except BaseException:
                # Whatever failed halfway (a value that is not JSON), the next write must not
                # find this transaction still open.
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def _open_connection(self) -> sqlite3.Connection:
        if self._connection is None:
            raise StoreError("The match log is closed.")
        return self._connection


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


@contextmanager
def _reading(match_id: int, what: str) -> Iterator[None]:
    """Turn a row that cannot be parsed into a `DamagedRecord` naming the match."""
    try:
        yield
    except (ValueError, KeyError, TypeError) as error:
        raise DamagedRecord(match_id, f"its {what}: {error!r}") from None


def _match_from_row(row: sqlite3.Row) -> MatchRecord:
    with _reading(row["id"], "match row"):
        return MatchRecord(
            id=row["id"],
            game=row["game"],
            options=json.loads(row["options"]),
            players=tuple(Player.from_json(player) for player in json.loads(row["players"])),
            status=row["status"],
            scores=json.loads(row["scores"]),
            result=None if row["result"] is None else json.loads(row["result"]),
            started_at=row["started_at"],
            finished_at=row["finished_at"],
            rematch_of=row["rematch_of"],
            seed=row["seed"],
        )


def _event_from_row(match_id: int, row: sqlite3.Row) -> Event:
    with _reading(match_id, f"event #{row['seq']}"):
        detail = json.loads(row["detail"])
        if not isinstance(detail, dict):
            raise TypeError(f"its detail is {type(detail).__name__}, not an object")
        return Event(
            seq=row["seq"],
            kind=row["kind"],
            seat=row["seat"],
            action=None if row["action"] is None else json.loads(row["action"]),
            detail=detail,
            text=row["text"],
            state_sha=row["state_sha"],
            at=row["at"],
        )
