"""Where the companion keeps its data, and how it guards it.

The match log lives in ``$STATE_DIRECTORY`` under systemd, else in the
platform's state directory (platformdirs). Before the log is opened the
directory is proved writable by a real write (root passes `os.access` checks
on read-only places); one advisory lock beside the log keeps a second
companion from writing to it; a damaged log is renamed aside with a UTC
timestamp rather than deleted. The table's PIN for phones is kept there too
(`kept_pin`: the file `table-pin`, the owner's alone), so phones keep it from one
start to the next.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO

import platformdirs

try:
    import fcntl
except ImportError:  # Windows: a laptop without hardware runs one companion at a time anyway
    fcntl = None  # type: ignore[assignment]

from companion.errors import StoreError

__all__ = [
    "DB_NAME",
    "PIN_NAME",
    "default_db_path",
    "ensure_writable_directory",
    "fcntl",
    "kept_pin",
    "lock_beside",
    "move_aside",
    "random_pin",
    "read_kept_pin",
]

LOCK_EXCLUSIVE_NOW = 0 if fcntl is None else fcntl.LOCK_EX | fcntl.LOCK_NB

DB_NAME = "companion.db"
PIN_NAME = "table-pin"
"""The file in the data directory that keeps the table's PIN (six digits and a newline)."""


def default_db_path() -> Path:
    """Where the log lives: ``$STATE_DIRECTORY`` under systemd, else the platform's state dir."""
    state_directory = os.environ.get("STATE_DIRECTORY", "")
    if state_directory:
        # systemd lists several directories separated by colons when a unit asks for several.
        return Path(state_directory.split(":")[0]) / DB_NAME
    return Path(platformdirs.user_state_dir("companion", appauthor=False)) / DB_NAME


def ensure_writable_directory(directory: Path) -> None:
    """Create the data directory if needed and prove that it can be written.

    Raises:
        StoreError: it cannot be created or written, with what to do about it.
    """
    advice = "choose a writable place with --db PATH or $STATE_DIRECTORY"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or error
        raise StoreError(
            f"The data directory {directory} cannot be created ({reason}); {advice}."
        ) from None
    try:
        # os.access says yes to root on a read-only directory: only a real write tells.
        with tempfile.TemporaryFile(dir=directory):
            pass
    except OSError as error:
        reason = error.strerror or error
        raise StoreError(
            f"The data directory {directory} cannot be written ({reason}); {advice}."
        ) from None


def lock_beside(path: Path, flock: Callable[[BinaryIO, int], None]) -> BinaryIO:
    """An exclusive advisory lock on ``<log>.lock``, held while the returned file is open.

    Raises:
        StoreError: another process holds it, or the lock file cannot be made.
    """
    lock_path = path.with_name(path.name + ".lock")
    try:
        lock_file = lock_path.open("ab")
    except OSError as error:
        raise StoreError(
            f"The lock file {lock_path} cannot be made ({error.strerror or error}); check"
            " that the data directory is writable, or choose another place with --db PATH."
        ) from None
    try:
        flock(lock_file, LOCK_EXCLUSIVE_NOW)
    except OSError:
        lock_file.close()
        raise StoreError(
            f"The match log {path} is in use by another companion on this machine;"
            " stop it first, or choose another place with --db PATH."
        ) from None
    return lock_file


def move_aside(path: Path, now: datetime) -> Path:
    """Rename a damaged log (and its WAL files) to a timestamped name; returns the new path."""
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{counter}")
    try:
        path.rename(target)
        for suffix in ("-wal", "-shm"):
            companion_file = path.with_name(path.name + suffix)
            if companion_file.exists():
                companion_file.rename(target.with_name(target.name + suffix))
    except OSError as error:
        raise StoreError(
            f"The damaged match log {path} cannot be moved aside ({error.strerror or error});"
            " move or delete it by hand."
        ) from None
    return target


def random_pin() -> str:
    """A fresh 6-digit PIN from the system's randomness."""
    return f"{secrets.randbelow(1_000_000):06d}"


def read_kept_pin(directory: Path) -> str | None:
    """The PIN kept in `directory`, or None when none is kept there (or it is not a PIN)."""
    try:
        descriptor = os.open(directory / PIN_NAME, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                             | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        with os.fdopen(descriptor, "rb") as file:  # a directory opens, then refuses to read
            text = file.read(16).decode("ascii", "replace").strip()
    except OSError:
        return None
    return text if text.isascii() and text.isdigit() and 4 <= len(text) <= 8 else None


def kept_pin(directory: Path, renew: bool = False) -> str:
    """The table's PIN kept in `directory`: the same from one start to the next; a new random
    one when none is kept yet, or when `renew` (someone asked for a new PIN). Only the
    companion's user may read the file (mode 0600): the PIN lets a phone change the game.

    Raises:
        StoreError: a new PIN cannot be written there (the sentence says what to check).
    """
    kept = None if renew else read_kept_pin(directory)
    if kept is not None:
        return kept
    pin = random_pin()
    path = directory / PIN_NAME
    temp = path.with_name(f".{PIN_NAME}.{os.getpid()}.tmp")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(pin + "\n")
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except OSError as error:
        temp.unlink(missing_ok=True)
        raise StoreError(
            f"The table's PIN cannot be kept in {directory} ({error.strerror or error}); check"
            " that the data directory is writable, or set a fixed PIN with [web] pin."
        ) from None
    return pin
