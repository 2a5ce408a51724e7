"""`companion history`: the matches in the log, as text or as JSON with every event."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from companion.errors import StoreError
from companion.event_log.opening import EmptyLog
from companion.event_log.store import Store, default_db_path
from companion.match_history import match_json, match_line, readable

READ_ATTEMPTS = 3
"""Reads of a log that a companion changed meanwhile (see `Store.changed_on_disk`)."""


def register(subparsers: Any) -> None:
    """Add the `history` subcommand."""
    parser = subparsers.add_parser(
        "history",
        help="list the matches in the log",
        description="List the matches in the log, newest last; --json adds every event.",
    )
    parser.add_argument("--db", type=Path, help="the match log (default: the data directory)")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print every match with its players, game, scores and events as JSON",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the history; returns the exit code (1 when the log is damaged: what can be
    read is printed, with a sentence saying so).

    Raises:
        StoreError: the log cannot be read, or kept changing while it was read; it is left
            as it is.
    """
    path: Path = args.db if args.db is not None else default_db_path()
    # Looking at the history must not create a log.
    if not path.exists():
        print("[]" if args.json else f"No matches yet ({path} does not exist).")
        return 0
    for _ in range(READ_ATTEMPTS):
        try:
            store = Store.open_to_read(path)
        except EmptyLog:
            print("[]" if args.json else f"No matches yet ({path} is empty).")
            return 0
        with store:
            for notice in store.notices:
                print(f"companion: {notice}", file=sys.stderr)
            if args.json:
                text = json.dumps(readable(store, match_json), indent=2)
            else:
                lines = readable(store, lambda _, match: match_line(match))
                text = "\n".join(lines) if lines else "No matches yet."
            if not store.changed_on_disk():
                print(text)
                return 1 if store.damaged else 0  # a damaged log: scripts can tell
    raise StoreError(
        f"The match log {path} kept changing while it was read (a companion is writing it"
        " from a directory this user cannot write): try again."
    )
