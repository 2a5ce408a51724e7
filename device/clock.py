"""Clocks: the real one and a virtual one that sleeps instantly.

Everything that waits takes a `Clock`, so tests and the simulator run motion
and debouncing on virtual time, and nothing in the tests sleeps.
"""

from __future__ import annotations

import threading
import time
from typing import Protocol


class Clock(Protocol):
    """A source of time in seconds and a way to wait for it."""

    def now(self) -> float:
        """Seconds since an arbitrary start, monotonic."""
        ...

    def sleep(self, seconds: float) -> None:
        """Wait `seconds` (returns at once for zero or less)."""
        ...


class RealClock:
    """Wall-clock time: `time.monotonic` and `time.sleep`."""

    def now(self) -> float:
        """Seconds from `time.monotonic`."""
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        """Sleep for real."""
        if seconds > 0:
            time.sleep(seconds)


class VirtualClock:
    """Time that moves only when someone sleeps or advances it.

    Thread-safe; `sleep` returns at once after moving the time forward.
    """

    def __init__(self, start: float = 0.0) -> None:
        # Whole nanoseconds, so the step scheduler's integer arithmetic is exact.
        self._now_ns = round(start * 1e9)
        self._lock = threading.Lock()

    def now(self) -> float:
        """The virtual time in seconds."""
        with self._lock:
            return self._now_ns / 1e9

    def now_ns(self) -> int:
        """The virtual time in integer nanoseconds."""
        with self._lock:
            return self._now_ns

    def sleep(self, seconds: float) -> None:
        """Advance the virtual time by `seconds` (negative: no change)."""
        self.advance(seconds)

    def advance(self, seconds: float) -> None:
        """Move the virtual time forward."""
        step = round(seconds * 1e9)
        if step > 0:
            with self._lock:
                self._now_ns += step

    def set(self, when: float) -> None:
        """Move the virtual time forward to `when` (never backwards)."""
        with self._lock:
            self._now_ns = max(self._now_ns, round(when * 1e9))
