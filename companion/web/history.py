"""The match history for phones, read from the log on a connection of its own.

The web threads never read through the table's own `Store`: its lock is
the one the table's worker takes to write, and a long history read must not
hold up a command. SQLite's write-ahead log lets this reader see every
committed match while the table writes.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from companion.event_log.opening import EmptyLog
from companion.event_log.store import Store
from companion.match_history import match_json, readable
from companion.web.public import public_history


class HistoryReader:
    """Reads `companion history --json`'s matches from the log at `path`; safe from any thread."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._store: Store | None = None
        self._lock = threading.Lock()

    def matches(self) -> list[dict[str, Any]]:
        """Every readable match, oldest first, as `companion history --json` prints them.

        Raises:
            StoreError: the log cannot be read.
        """
        with self._lock:
            store = self._open()
            if store is None:
                return []
            return [public_history(match) for match in readable(store, match_json)]

    def match(self, match_id: int, last: int | None = None) -> dict[str, Any] | None:
        """One match, or None when the log has no such match; `last`: only its last events.

        Raises:
            StoreError: the log cannot be read, or the match's rows were changed by hand.
        """
        with self._lock:
            store = self._open()
            if store is None:
                return None
            record = store.match(match_id)
            if record is None:
                return None
            shown = public_history(match_json(store, record))
        if last is not None:
            shown["events"] = shown["events"][-last:] if last else []
        return shown

    def _open(self) -> Store | None:
        if self._store is None:
            if not self.path.exists():
                return None
            try:
                self._store = Store.open_to_read(self.path)
            except EmptyLog:
                return None
        return self._store

    def close(self) -> None:
        """Close the reading connection; safe to call twice."""
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None


__all__ = ["HistoryReader"]
