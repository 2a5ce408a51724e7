"""Log lines on standard error in the journal's style.

Under systemd (`$JOURNAL_STREAM` names the stream standard error is on) the
journal stamps every line itself, so a line is only `LEVEL logger: message`.
In a terminal the same line starts with the time of day, which a person
reading along needs and the journal does not.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO

PLAIN_FORMAT = "%(levelname)s %(name)s: %(message)s"
JOURNAL_FORMAT = "<%(priority)d>" + PLAIN_FORMAT
"""Under the journal each line starts with its syslog priority, as sd-daemon(3) says, so that
`journalctl -p err -u companion` shows the errors alone."""
PRIORITIES = {logging.CRITICAL: 2, logging.ERROR: 3, logging.WARNING: 4, logging.INFO: 6,
              logging.DEBUG: 7}
TIMED_FORMAT = "%(asctime)s " + PLAIN_FORMAT
TIME_FORMAT = "%H:%M:%S"


def under_journal(stream: TextIO, environ: dict[str, str] | None = None) -> bool:
    """True when `stream` is the journal's: `$JOURNAL_STREAM` is its device and inode.

    systemd sets the variable for the service; a child started from that service
    with its standard error elsewhere (a file, a terminal) inherits the variable, so
    the device and inode must match, as sd_journal_stream_fd(3) recommends.
    """
    value = (os.environ if environ is None else environ).get("JOURNAL_STREAM", "")
    device, sep, inode = value.partition(":")
    if not sep or not device.isdigit() or not inode.isdigit():
        return False
    try:
        facts = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return False
    return (facts.st_dev, facts.st_ino) == (int(device), int(inode))


def log_to_stderr(level: int = logging.INFO) -> None:
    """Send log lines to standard error, timed unless the journal times them.

    Does nothing when logging is already set up (a test, or an embedding program).
    """
    root = logging.getLogger()
    if root.handlers:
        return
    journal = under_journal(sys.stderr)
    logging.basicConfig(
        level=level,
        stream=sys.stderr,
        format=JOURNAL_FORMAT if journal else TIMED_FORMAT,
        datefmt=TIME_FORMAT,
    )
    if journal:
        for handler in root.handlers:
            handler.addFilter(_with_priority)


def _with_priority(record: logging.LogRecord) -> bool:
    """Give the record its syslog priority (`JOURNAL_FORMAT` prints it)."""
    record.priority = PRIORITIES.get(record.levelno, 6)
    return True


__all__ = ["log_to_stderr", "under_journal"]
