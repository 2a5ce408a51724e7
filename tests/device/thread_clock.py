"""A virtual clock that tells a test which thread read it, and where."""

from __future__ import annotations

import sys
import threading

from device.clock import VirtualClock


class ThreadClock(VirtualClock):
    """A virtual clock that counts its reads by thread and reading function, so that a test
    can wait until a thread it started has looked at the time in the wait it is testing
    (instead of sleeping)."""

    def __init__(self) -> None:
        super().__init__()
        self.reads: dict[tuple[str, str], int] = {}
        self.read = threading.Condition()

    def now(self) -> float:
        reader = (threading.current_thread().name, _function(sys._getframe(1).f_code.co_name))
        with self.read:
            self.reads[reader] = self.reads.get(reader, 0) + 1
            self.read.notify_all()
        return super().now()

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
