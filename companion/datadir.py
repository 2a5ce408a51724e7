"""Where the companion keeps its data, and how it guards it.

The match log lives in ``$STATE_DIRECTORY`` under systemd, else in the
platform's state directory (platformdirs). Before the log is opened the
directory is proved writable by a real write (root passes `os.access` checks
on read-only places); one advisory lock beside the log keeps a second
companion from writing to it; a damaged log is renamed aside with a UTC
timestamp rather than deleted.
"""

from __future__ import annotations

import os
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
    "default_db_path",
    "ensure_writable_directory",
    "fcntl",
    "lock_beside",
    "move_aside",
]

LOCK_EXCLUSIVE_NOW = 0 if fcntl is None else fcntl.LOCK_EX | fcntl.LOCK_NB

DB_NAME = "companion.db"


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
