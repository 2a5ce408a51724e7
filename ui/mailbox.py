"""Work handed to the screen's loop from other threads, taken on the loop's own thread.

Modelled on the table's subscriber mailboxes (`companion.table.snapshot.Subscription`):
putting never waits, so a thread that hands work over (the table's worker with an
answer, the spinner's with a motion, a device's with its result) never waits on the
screen; each put wakes the loop (outside the lock); the mailbox is bounded, so a loop
that has stalled cannot make another thread grow memory without end. When it is full the
oldest item is dropped and counted in `skipped`, as a slow subscriber skips snapshots.
The loop takes everything waiting, in the order it was put, with `take_all`.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Mailbox(Generic[T]):
    """A bounded mailbox of items put on any thread and taken on the loop's.

    Raises:
        ValueError: `maxsize` is less than 1.
    """

    def __init__(self, maxsize: int, on_put: Callable[[], None] | None = None) -> None:
        if maxsize < 1:
            raise ValueError(f"A mailbox holds at least one item, not {maxsize}.")
        self._items: deque[T] = deque(maxlen=maxsize)
        self._lock = threading.Lock()
        self._on_put = on_put
        self.skipped = 0
        """How many items were dropped because the loop fell behind."""

    def put(self, item: T) -> None:
        """Hand `item` to the loop and wake it; never waits, from any thread."""
        with self._lock:
            if len(self._items) == self._items.maxlen:
                self.skipped += 1
            self._items.append(item)
        if self._on_put is not None:
            self._on_put()

    def take_all(self) -> list[T]:
        """Everything waiting, oldest first; the mailbox is empty after."""
        with self._lock:
            items = list(self._items)
            self._items.clear()
        return items

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


__all__ = ["Mailbox"]
