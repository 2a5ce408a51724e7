"""A virtual clock that tells a test which thread read it, and where."""

from __future__ import annotations

import sys
import threading
from types import FrameType

from device.clock import VirtualClock

STUCK_READS = 100
"""Reads of the clock by the test's own thread in one wait, without the clock moving, after
which that wait can only be a deadlock: 5 s or more of real time in the waits under test
(each wakes every 0.05 or 0.1 s to look at the clock)."""


class ThreadClock(VirtualClock):
    """A virtual clock that counts its reads by thread and reading function, so that a test
    can wait until a thread it started has looked at the time in the wait it is testing
    (instead of sleeping).

    Only the test's own thread advances it, so a wait in that thread for a time on this
    clock never ends: after `STUCK_READS` looks at the same standing time in one call, the
    read fails the test at once (instead of the wait hanging until the test run's timeout).
    """

    def __init__(self) -> None:
        super().__init__()
        self.reads: dict[tuple[str, str], int] = {}
        self.read = threading.Condition()
        self._waiting: FrameType | None = None  # held: no later call can reuse its identity
        self._looks = 0

    def now(self) -> float:
        caller = sys._getframe(1)
        reader = (threading.current_thread().name, _function(caller.f_code.co_name))
        with self.read:
            self.reads[reader] = self.reads.get(reader, 0) + 1
            self.read.notify_all()
            if threading.current_thread() is threading.main_thread():
                self._looks = self._looks + 1 if caller is self._waiting else 1
                self._waiting = caller
                if self._looks > STUCK_READS:
                    self._waiting, self._looks = None, 0
                    raise AssertionError(
                        f"The test's own thread waits in {reader[1]} for a time on the virtual "
                        "clock, which only it advances: that wait never ends."
                    )
        return super().now()

    def advance(self, seconds: float) -> None:
        with self.read:
            self._waiting, self._looks = None, 0
        super().advance(seconds)

    def looked_at(self, thread: str, times: int = 2, where: str = "wait") -> None:
        """Wait until `thread` read the time `times` more times in the function `where`."""
        reader = (thread, where)
        with self.read:
            seen = self.reads.get(reader, 0)
            assert self.read.wait_for(lambda: self.reads.get(reader, 0) >= seen + times,
                                      timeout=5)


def _function(name: str) -> str:
    """The name a function has in the source: `scripts/mutation` runs the tests against
    copies named like xǁClassǁname__mutmut_orig or x_name__mutmut_3."""
    if "__mutmut_" not in name:
        return name
    return name.rsplit("__mutmut_", 1)[0].rsplit("ǁ", 1)[-1].removeprefix("x_")
