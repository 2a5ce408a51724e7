"""The event log: every applied command is one committed SQLite row.

SQLite from the standard library, in WAL mode with ``synchronous=FULL``: the
table commits a command's row before it shows the command's effect, so a
power cut loses nothing anyone has seen. On start the table rebuilds the last
unfinished match by replaying its rows (`companion.table`). Finished matches
stay as history: players, game, options, the scores of every round, the
result and the times.

The schema version is SQLite's ``user_version``; `MIGRATIONS` holds the
scripts that bring a database from each version to the next. A file that is
not a database or is damaged is moved aside with a timestamp and the
companion starts with an empty log, saying so: it never refuses to start
because of its own data. Someone else's database is moved aside only from the
companion's own data directory, and refused at a path given with ``--db``. A
data directory that cannot be written is a `StoreError` with a sentence.
`Store.open_to_read` reads a log without changing it (`companion history`).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from companion.closing import ClosesItself
from companion.datadir import (
    DB_NAME,
    default_db_path,
    ensure_writable_directory,
    fcntl,
    lock_beside,
    move_aside,
)
from companion.errors import StoreError
from companion.table.commands import Player
from companion.table.match import Event, Step

MIGRATIONS: tuple[str, ...] = (
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
)
SCHEMA_VERSION = len(MIGRATIONS)
TABLE_COLUMNS = {
    "matches": {"id", "game", "options", "players", "status", "scores", "result",
                "started_at", "finished_at", "rematch_of"},
    "events": {"match_id", "seq", "kind", "seat", "action", "detail", "text", "state_sha", "at"},
    "rounds": {"match_id", "seq", "scores"},
}  # fmt: skip
WAL_SWITCH_ATTEMPTS = 100  # 5 s, as long as the busy timeout
DAMAGE_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}


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


class DamagedLog(Exception):
    """The database file is not ours to read (internal: it gets moved aside).

    The connection stays open until the file has been moved: SQLite deletes
    the write-ahead files on close, and they belong with the damaged log.
    """

    def __init__(self, reason: str, *, foreign: bool = False) -> None:
        super().__init__(reason)
        self.connection: sqlite3.Connection | None = None
        self.foreign = foreign
        """A sound database of another program, rather than a damaged log of ours."""

    def close(self) -> None:
        """Close the connection to the damaged file, if any."""
        if self.connection is not None:
            self.connection.close()
            self.connection = None


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
        self._connection: sqlite3.Connection | None = connection
        self._lock = threading.Lock()
        self._claimed = False
        self._writer_lock: BinaryIO | None = None

    @classmethod
    def open(
        cls, path: Path | str | None = None, *, clock: Callable[[], datetime] = utc_now
    ) -> Store:
        """Open (or create) the log, moving a damaged file aside.

        Another program's database is moved aside only from the companion's own
        data directory; at a path someone chose (``--db``) it is refused and left
        untouched, since that program may still need it.

        Raises:
            StoreError: the path is a directory, or the data directory or the file cannot be
                created or written, or the file is read-only, or a chosen path holds another
                program's database.
        """
        at_home = path is None or Path(path) == default_db_path()
        path = Path(path) if path is not None else default_db_path()
        _refuse_directory(path)
        ensure_writable_directory(path.parent)
        # Unlike a directory, a file says truly whether it can be written (root may write a
        # read-only file); SQLite would open it anyway and fail at the first command.
        if path.exists() and not os.access(path, os.W_OK):
            raise StoreError(
                f"The match log {path} is read-only; make it writable or choose another place"
                " with --db PATH."
            )
        notices: list[str] = []
        try:
            connection = _connect(path)
        except DamagedLog as damage:
            if damage.foreign and not at_home:
                damage.close()
                raise StoreError(
                    f"{path} is not a match log of the companion ({damage}); it is left as it"
                    " is: choose another file with --db PATH."
                ) from None
            try:
                moved = move_aside(path, clock())
            finally:
                damage.close()
            notices.append(
                f"The match log {path} could not be read ({damage}); it was moved to"
                f" {moved.name} and the companion starts with an empty log."
            )
            try:
                connection = _connect(path)
            except DamagedLog as again:
                again.close()
                raise StoreError(f"A fresh match log at {path} cannot be made: {again}.") from None
        return cls(path, connection, notices)

    @classmethod
    def open_to_read(cls, path: Path | str) -> Store:
        """Open an existing log only to read it: the log is never moved, migrated or written.

        `companion history` uses it: looking at the history must neither move a
        damaged file aside nor need a writable directory (the service's log,
        read by another user). Where the directory is writable SQLite may leave
        its shared-memory files beside the log, as for any reader; a log in a
        directory this user cannot write, with no write-ahead files beside it,
        is read as it stands on disk.

        Raises:
            StoreError: the file cannot be read, is damaged, is not a companion log, or was
                written by another version of the companion.
        """
        path = Path(path)
        _refuse_directory(path)
        try:
            connection = _connect_to_read(path, immutable=False)
        except sqlite3.OperationalError as error:
            code = error.sqlite_errorcode & 0xFF
            cannot_share = code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN)
            if not cannot_share or path.with_name(path.name + "-wal").exists():
                raise _read_error(path, str(error)) from None
            try:
                connection = _connect_to_read(path, immutable=True)
            except sqlite3.Error as again:
                raise _read_error(path, str(again)) from None
        except sqlite3.Error as error:
            raise _read_error(path, str(error)) from None
        except DamagedLog as damage:
            raise _read_error(path, str(damage)) from None
        return cls(path, connection, [])

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
                " rematch_of) VALUES (?, ?, ?, 'playing', ?, ?, ?)",
                (game, _dump(options), _dump([p.to_json() for p in players]), _dump(scores),
                 started_at, rematch_of),
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
        step: Step,
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
                raise _store_error(self.path, error) from None

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
                raise _store_error(self.path, error) from None
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


def _connect(path: Path) -> sqlite3.Connection:
    """Open, check and migrate the log.

    Raises:
        DamagedLog: the file is not a companion log.
        StoreError: it cannot be opened or written.
    """
    try:
        connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    except sqlite3.Error as error:
        raise _store_error(path, error) from None
    connection.row_factory = sqlite3.Row
    try:
        _check_and_migrate(connection)
    except DamagedLog as damage:
        damage.connection = connection
        raise
    except sqlite3.DatabaseError as error:
        if error.sqlite_errorcode & 0xFF in DAMAGE_CODES:
            damaged = DamagedLog(str(error))
            damaged.connection = connection
            raise damaged from None
        connection.close()
        raise _store_error(path, error) from None
    except BaseException:
        connection.close()
        raise
    return connection


def _connect_to_read(path: Path, *, immutable: bool) -> sqlite3.Connection:
    """A read-only connection to a companion log of the current schema.

    Raises:
        sqlite3.Error: SQLite cannot read it.
        DamagedLog: it is not a companion log, or not of this companion's schema.
    """
    uri = f"{path.absolute().as_uri()}?mode=ro" + ("&immutable=1" if immutable else "")
    connection = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
    connection.row_factory = sqlite3.Row
    try:
        connection.execute("PRAGMA busy_timeout = 5000")
        connection.execute("BEGIN")
        version = _check_ours(connection)
        connection.execute("COMMIT")
        if version != SCHEMA_VERSION:
            raise DamagedLog(
                "it is empty" if version == 0 else f"it has the older schema {version}; start"
                " the companion once to bring it up to date"
            )
    except BaseException:
        connection.close()
        raise
    return connection


def _refuse_directory(path: Path) -> None:
    if path.is_dir():
        raise StoreError(
            f"The match log {path} is a directory: give the path of a file,"
            f" for example --db {path / DB_NAME}."
        )


def _read_error(path: Path, reason: str) -> StoreError:
    return StoreError(f"The match log {path} cannot be read ({reason}); nothing was changed.")


def _check_and_migrate(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA busy_timeout = 5000")
    # Only read until the file is known to be ours: a foreign file is moved aside untouched.
    # One read transaction, so another companion creating the log meanwhile is seen whole.
    db.execute("BEGIN")
    try:
        version = _check_ours(db)
    finally:
        if db.in_transaction:
            db.execute("COMMIT")
    mode = _use_write_ahead_logging(db)
    if str(mode).lower() != "wal":
        raise StoreError(f"The match log cannot use write-ahead logging (mode {mode}).")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    while version < SCHEMA_VERSION:
        version = _migrate_once(db)
    _check_tables(db)


def _use_write_ahead_logging(db: sqlite3.Connection) -> str:
    """Switch the file to WAL and return the journal mode it is in.

    SQLite does not wait on its busy timeout for this switch: when another
    companion is opening the same new log at that moment, try again shortly.
    """
    attempts = 0
    while True:
        try:
            return str(db.execute("PRAGMA journal_mode = WAL").fetchone()[0])
        except sqlite3.OperationalError as error:
            attempts += 1
            if error.sqlite_errorcode != sqlite3.SQLITE_BUSY or attempts >= WAL_SWITCH_ATTEMPTS:
                raise
            time.sleep(0.05)


def _check_ours(db: sqlite3.Connection) -> int:
    """The schema version of a log that is the companion's; raises `DamagedLog` otherwise."""
    problems = [row[0] for row in db.execute("PRAGMA quick_check").fetchall()]
    if problems != ["ok"]:
        raise DamagedLog(f"the integrity check found: {problems[0]}")
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > SCHEMA_VERSION:
        raise DamagedLog(f"it was written by a newer companion (schema {version})")
    if version == 0:
        tables = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        names = [row[0] for row in tables]
        if names:
            shown = ", ".join(sorted(names)[:5]) + (", ..." if len(names) > 5 else "")
            raise DamagedLog(f"it holds tables that are not the companion's: {shown}", foreign=True)
    else:
        _check_tables(db)
    return version


def _migrate_once(db: sqlite3.Connection) -> int:
    """Bring the log one schema version forward, unless another companion just did.

    The version is read again under the write lock: two companions opening a
    new log at once must not both create its tables.
    """
    db.execute("BEGIN IMMEDIATE")
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version < SCHEMA_VERSION:
            for statement in _statements(MIGRATIONS[version]):
                db.execute(statement)
            version += 1
            db.execute(f"PRAGMA user_version = {version}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return version


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


def _check_tables(db: sqlite3.Connection) -> None:
    for table, columns in TABLE_COLUMNS.items():
        found = {row[1] for row in db.execute(f"PRAGMA table_info({table})").fetchall()}
        if not columns <= found:
            raise DamagedLog(f"its {table} table is not the companion's")


def _store_error(path: Path, error: sqlite3.Error) -> StoreError:
    return StoreError(
        f"The match log {path} cannot be used ({error}); check that its directory is writable"
        " and the disk is not full, or choose another place with --db PATH."
    )


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
