"""The file under the event log: open it, check that it is the companion's, migrate it.

`open_for_writing` opens (or creates) the log for the table: it checks the
file in one read transaction, switches it to WAL with ``synchronous=FULL``
and brings its schema up to date, one migration at a time under SQLite's
write lock (two companions opening a new log at once must not both create
its tables). A damaged file is moved aside with a timestamp and a fresh log
made, saying so; at a path someone chose, a file that is not a companion log
at all (not a database, or another program's) is refused and left untouched.

`open_for_reading` opens an existing log without changing it, for
`companion history`. The schema and its migrations are
`companion.event_log.schema`; a damaged log's readable matches are kept by
`companion.event_log.salvage`.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from companion.datadir import DB_NAME, ensure_writable_directory, move_aside
from companion.errors import StoreError
from companion.event_log import schema
from companion.event_log.salvage import copy_readable_matches
from companion.event_log.upgrades import upgrade_logged_actions, upgrade_logged_options
from companion.user_files import what_it_is

DAMAGE_CODES = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
BUSY_TIMEOUT_MS = 5000
WAL_SWITCH_ATTEMPTS = 100  # tried for as long as the busy timeout
OUR_TABLES = {"matches", "events"}


class EmptyLog(StoreError):
    """A log that was created but holds no tables yet: there is nothing to read."""


class DamagedLog(Exception):
    """The database file is not a companion log that can be used (internal).

    The connection stays open until the file has been moved: SQLite deletes
    the write-ahead files on close, and they belong with the damaged log.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.connection: sqlite3.Connection | None = None

    def close(self) -> None:
        """Close the connection to the damaged file, if any."""
        if self.connection is not None:
            self.connection.close()
            self.connection = None


class CorruptLog(DamagedLog):
    """A companion log whose pages are damaged: the matches SQLite still reads are kept."""


class OlderLog(DamagedLog):
    """A companion log of an older schema: a reader sees it upgraded, in memory."""

    def __init__(self, version: int) -> None:
        super().__init__(f"it has the older schema {version}")
        self.version = version


def open_for_writing(
    path: Path, *, chosen: bool, now: Callable[[], datetime]
) -> tuple[sqlite3.Connection, list[str]]:
    """A checked, migrated, crash-proof connection to the log at `path`, and notices.

    `chosen`: the path was given by a person (``--db``) rather than being the
    companion's own data directory; a file there that is not a companion log
    is refused rather than moved aside. The notices are sentences for the
    person starting the companion (a damaged log moved aside).

    Raises:
        StoreError: the path is a directory, the directory or the file cannot be written,
            or a chosen path holds a file that is not a companion log.
    """
    refuse_directory(path)
    ensure_writable_directory(path.parent)
    # Unlike a directory, a file says truly whether it can be written (root may write a
    # read-only file); SQLite would open it anyway and fail at the first command.
    if path.exists() and not os.access(path, os.W_OK):
        raise StoreError(
            f"The match log {path} is read-only; make it writable or choose another place"
            " with --db PATH."
        )
    try:
        return _connect(path), []
    except DamagedLog as damage:
        reason = str(damage)
        corrupt = isinstance(damage, CorruptLog)
        try:
            if chosen and _another_programs_file(path):
                raise StoreError(
                    f"{path} is not a match log of the companion ({damage}); it is left as it"
                    " is: choose another file with --db PATH."
                ) from None
            moved = move_aside(path, now())
        finally:
            damage.close()
    try:
        connection = _connect(path)
    except DamagedLog as again:
        again.close()
        raise StoreError(f"A fresh match log at {path} cannot be made: {again}.") from None
    if not corrupt:
        notice = (
            f"The match log {path} could not be read ({reason}); it was moved to"
            f" {moved.name} and the companion starts with an empty log."
        )
        return connection, [notice]
    kept = _keep_readable_matches(moved, connection)
    return connection, [
        f"The match log {path} was damaged: {_kept_sentence(kept)} The damaged file was moved"
        f" to {moved}; look at it with: sqlite3 {moved}"
    ]


def _kept_sentence(kept: list[int]) -> str:
    if not kept:
        return "no match in it could be read whole, so the new log starts empty."
    if len(kept) == 1:
        return f"match #{kept[0]}, all that could be read whole, was kept in a fresh log."
    return (
        f"{len(kept)} matches (#{kept[0]} to #{kept[-1]}), all that could be read whole,"
        " were kept in a fresh log."
    )


@dataclass
class ReadConnection:
    """A read-only connection, and how to tell whether the file changed under it.

    A log in a directory the reader cannot write is read with SQLite's
    ``immutable`` flag, which takes no locks: should a companion start writing
    meanwhile, `changed` says so and the reader reads again.
    """

    connection: sqlite3.Connection
    path: Path
    stamp: tuple[int, int, bool] | None
    """(size, modification time, write-ahead file present) when opened immutable."""
    notices: tuple[str, ...] = ()
    damaged: bool = False
    """Only the readable part of a damaged log is here (a reader exits 1 to say so)."""
    """Sentences for the reader: the log is damaged and only part of it is shown."""

    def changed(self) -> bool:
        """True when the file was opened immutable and is no longer as it was then."""
        return self.stamp is not None and _stamp(self.path) != self.stamp


def open_for_reading(path: Path) -> ReadConnection:
    """A read-only connection to the companion log at `path`; nothing on disk changes.

    A companion log with damaged pages is read in part: the matches SQLite can
    still read whole, copied into memory, with a notice saying so.

    Raises:
        EmptyLog: the file is an empty log (no matches yet).
        StoreError: the file cannot be read, is not a SQLite database, is not a companion
            log, or has another schema version.
    """
    refuse_directory(path)
    try:
        try:
            return ReadConnection(_connect_to_read(path, immutable=False), path, None)
        except sqlite3.OperationalError as error:
            code = error.sqlite_errorcode & 0xFF
            if code not in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN):
                raise
            stamp = _stamp(path)
            if stamp[2]:  # a companion is writing: its write-ahead file must be read too
                raise
            return ReadConnection(_connect_to_read(path, immutable=True), path, stamp)
    except sqlite3.DatabaseError as error:
        if error.sqlite_errorcode & 0xFF != sqlite3.SQLITE_CORRUPT:
            raise _read_error(path, str(error)) from None
    except CorruptLog:
        pass
    except OlderLog as older:
        return _upgraded_copy(path, older.version)
    except DamagedLog as damage:
        raise _read_error(path, str(damage)) from None
    except sqlite3.Error as error:
        raise _read_error(path, str(error)) from None
    return _readable_part(path)


def _upgraded_copy(path: Path, version: int) -> ReadConnection:
    """A log of an older schema, read as today's companion reads it; the file is unchanged."""
    memory = schema.empty_memory_log()
    _keep_readable_matches(path, memory)
    notice = (
        f"The match log {path} was written by an older companion (schema {version}): it is"
        " shown as this one reads it, and brought up to date on disk the next time the"
        " companion plays on it."
    )
    return ReadConnection(memory, path, None, (notice,))


def _readable_part(path: Path) -> ReadConnection:
    """A damaged log's matches that can still be read whole, copied into memory."""
    memory = schema.empty_memory_log()
    kept = _keep_readable_matches(path, memory)
    shown = (
        "no match could be read whole"
        if not kept
        else (
            f"the {len(kept)} matches that can still be read whole are listed"
            if len(kept) > 1
            else "the one match that can still be read whole is listed"
        )
    )
    notice = (
        f"The match log {path} is damaged: {shown}. It is left as it is; the next companion"
        f" to open it keeps them in a fresh log. Look at it with: sqlite3 {path}"
    )
    return ReadConnection(memory, path, None, (notice,), damaged=True)


def refuse_directory(path: Path) -> None:
    """Raises StoreError when the log's path is not a file: a directory, a device, a FIFO.

    SQLite would block on a FIFO and fail on a device with a disk I/O error.
    """
    try:
        kind = what_it_is(path.stat().st_mode)
    except OSError:
        return  # nothing there yet (the log is made), or SQLite says why it cannot open it
    if kind == "a directory":
        raise StoreError(
            f"The match log {path} is a directory: give the path of a file,"
            f" for example --db {path / DB_NAME}."
        )
    if kind is not None:
        raise StoreError(
            f"The match log {path} is {kind}: the event log cannot be {kind}; give the path"
            f" of a file, for example --db {DB_NAME}."
        )


def store_error(path: Path, error: sqlite3.Error) -> StoreError:
    """A failure of SQLite on the log, as a sentence with what to check."""
    return StoreError(
        f"The match log {path} cannot be used ({error}); check that its directory is writable"
        " and the disk is not full, or choose another place with --db PATH."
    )


def _stamp(path: Path) -> tuple[int, int, bool]:
    status = path.stat()
    return status.st_size, status.st_mtime_ns, path.with_name(path.name + "-wal").exists()


def _read_error(path: Path, reason: str) -> StoreError:
    return StoreError(f"The match log {path} cannot be read ({reason}); nothing was changed.")


def _another_programs_file(path: Path) -> bool:
    """True for a file that is not a companion log: not a database, or a sound one of others.

    A database too damaged to list its tables is taken as a broken log: moving it
    aside loses nothing, whoever wrote it.
    """
    try:
        with closing(sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)) as db:
            rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    except sqlite3.DatabaseError as error:
        return error.sqlite_errorcode & 0xFF == sqlite3.SQLITE_NOTADB
    return not {row[0] for row in rows} >= OUR_TABLES


def _connect(path: Path) -> sqlite3.Connection:
    """Open, check and migrate the log.

    Raises:
        DamagedLog: the file is not a companion log.
        StoreError: it cannot be opened or written.
    """
    try:
        connection = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    except sqlite3.Error as error:
        raise store_error(path, error) from None
    connection.row_factory = sqlite3.Row
    try:
        _check_and_migrate(connection)
    except DamagedLog as damage:
        damage.connection = connection
        raise
    except sqlite3.DatabaseError as error:
        if error.sqlite_errorcode & 0xFF in DAMAGE_CODES:
            corrupt = error.sqlite_errorcode & 0xFF == sqlite3.SQLITE_CORRUPT
            damaged = (CorruptLog if corrupt else DamagedLog)(str(error))
            damaged.connection = connection
            raise damaged from None
        connection.close()
        raise store_error(path, error) from None
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
        connection.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        connection.execute("BEGIN")
        version = _check_ours(connection)
        connection.execute("COMMIT")
        if version == 0:
            raise EmptyLog(f"The match log {path} holds no matches yet.")
        if version < schema.SCHEMA_VERSION:
            raise OlderLog(version)
        if version != schema.SCHEMA_VERSION:
            raise DamagedLog(f"it was written by a newer companion (schema {version})")
    except BaseException:
        connection.close()
        raise
    return connection


def _check_and_migrate(db: sqlite3.Connection) -> None:
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    # Only read until the file is known to be ours: a damaged file is moved aside untouched.
    # One read transaction, so another companion creating the log meanwhile is seen whole.
    db.execute("BEGIN")
    try:
        version = _check_ours(db)
    finally:
        if db.in_transaction:
            db.execute("COMMIT")
    mode = _use_write_ahead_logging(db)
    if mode.lower() != "wal":
        raise StoreError(f"The match log cannot use write-ahead logging (mode {mode}).")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA foreign_keys = ON")
    while version < schema.SCHEMA_VERSION:
        version = schema.migrate_once(db)
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
            busy = error.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY
            if not busy or attempts >= WAL_SWITCH_ATTEMPTS:
                raise
            time.sleep(BUSY_TIMEOUT_MS / 1000 / WAL_SWITCH_ATTEMPTS)


def _check_ours(db: sqlite3.Connection) -> int:
    """The schema version of a log that is the companion's; raises `DamagedLog` otherwise."""
    problems = [row[0] for row in db.execute("PRAGMA quick_check").fetchall()]
    if problems != ["ok"]:
        raise CorruptLog(f"the integrity check found: {problems[0]}")
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > schema.SCHEMA_VERSION:
        raise DamagedLog(f"it was written by a newer companion (schema {version})")
    if version == 0:
        tables = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        names = [row[0] for row in tables]
        if names:
            shown = ", ".join(sorted(names)[:5]) + (", ..." if len(names) > 5 else "")
            raise DamagedLog(f"it holds tables that are not the companion's: {shown}")
    else:
        _check_tables(db)
    return version


def _keep_readable_matches(damaged: Path, db: sqlite3.Connection) -> list[int]:
    """Copy the matches of a damaged log that can be read whole into `db`, in today's form.

    The damaged file may be of an older schema: its actions are upgraded once copied.
    """
    kept = copy_readable_matches(damaged, db)
    upgrade_logged_actions(db)
    upgrade_logged_options(db)
    return kept


def _check_tables(db: sqlite3.Connection) -> None:
    for table, columns in schema.TABLE_COLUMNS.items():
        found = {row[1] for row in db.execute(f"PRAGMA table_info({table})").fetchall()}
        if not columns <= found:
            raise DamagedLog(f"its {table} table is not the companion's")
