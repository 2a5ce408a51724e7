"""Files a person names on the command line (a deck, a configuration, a batch), opened safely.

A path may name anything: a device such as ``/dev/zero`` that never ends, a
named pipe (FIFO) that blocks until someone writes, a directory. Every file
the companion reads for a person goes through `open_regular_file`, which
looks at what the path is *before* opening it (opening some devices already
does something) and refuses anything but a regular file with a sentence
saying what the path is; `read_limited` then holds at most a stated number
of bytes in memory. Each caller states its own limit once, next to its format.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from companion.errors import CompanionError

__all__ = ["UnusableFile", "open_regular_file", "read_limited", "what_it_is"]


class UnusableFile(CompanionError, OSError):
    """A named file that is missing, unreadable, not a regular file, or too large."""


def what_it_is(mode: int) -> str | None:
    """What a file of this `st_mode` is, as words ("a device"), or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def open_regular_file(path: str | os.PathLike[str], what: str) -> BinaryIO:
    """Open `path` for reading in binary, if it is a regular file; `what` names its role.

    The path is looked at before it is opened and the open file again, so a
    FIFO never blocks the command and a device is never opened.

    Raises:
        UnusableFile: the path is missing, unreadable, or not a regular file; the
            sentence says which and names `what` ("deck file").
    """
    name = os.fspath(path)
    try:
        kind = what_it_is(os.stat(name).st_mode)
        if kind is None:
            # O_NONBLOCK: should the path have become a FIFO since, opening it must not wait.
            descriptor = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            kind = what_it_is(os.fstat(descriptor).st_mode)
            if kind is not None:
                os.close(descriptor)
    except OSError as error:
        reason = error.strerror or str(error)
        raise UnusableFile(
            f"Cannot read the {what} {name}: {reason}; check the path and its permissions."
        ) from None
    if kind is not None:
        raise UnusableFile(f"{name} is {kind}, not a {what}: give the path of a {what}.")
    return os.fdopen(descriptor, "rb")


def read_limited(path: str | os.PathLike[str], what: str, limit: int) -> bytes:
    """The bytes of the regular file at `path`, refused when it holds more than `limit`.

    At most ``limit + 1`` bytes are ever held, whatever the file is.

    Raises:
        UnusableFile: as `open_regular_file`, or the file is larger than `limit`.
    """
    with open_regular_file(path, what) as handle:
        data = handle.read(limit + 1)
        size = max(len(data), os.fstat(handle.fileno()).st_size)
    if len(data) > limit:
        raise UnusableFile(
            f"{os.fspath(path)} holds {size} bytes, too many for a {what} (at most {limit}):"
            f" give the path of a {what}."
        )
    return data
