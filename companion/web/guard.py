"""The table PIN: who may change the game from a phone, and the lockout after wrong guesses.

Reading is open to everyone on the table's network; every change needs the
PIN shown on the touchscreen, in the `X-Table-PIN` header. After
`MAX_WRONG` wrong PINs from one address within `WINDOW_S`, that address is
refused every change for `LOCKOUT_S` (the right PIN too, so that guessing
cannot go on behind it); a right PIN before that clears its count.
"""

from __future__ import annotations

import hmac
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from companion.datadir import random_pin

MAX_WRONG = 10
WINDOW_S = 600.0
LOCKOUT_S = 60.0
MAX_ADDRESSES = 4096
"""Addresses remembered at once: a flood of made-up addresses cannot grow memory without end."""


class Verdict(Enum):
    """What the guard says of one request for a change."""

    ALLOWED = "allowed"
    WRONG = "wrong"
    LOCKED = "locked"


@dataclass(frozen=True)
class PinCheck:
    """The verdict, and how many seconds a locked address must wait."""

    verdict: Verdict
    retry_after_s: int = 0


class PinGuard:
    """Checks PINs and counts wrong ones per address; safe from any thread.

    `clock` gives seconds (monotonic); tests move it by hand.
    """

    def __init__(self, pin: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.pin = pin
        self._clock = clock
        self._wrong: OrderedDict[str, deque[float]] = OrderedDict()
        """Wrong PINs by address, the address heard from least lately first."""
        self._locked_until: dict[str, float] = {}
        self._lock = threading.Lock()

    @property
    def clock(self) -> Callable[[], float]:
        """The guard's clock: the seat sessions' expiry reads the same one."""
        return self._clock

    def check(self, address: str, given: str | None) -> PinCheck:
        """Judge one request for a change from `address` carrying the PIN `given`."""
        now = self._clock()
        with self._lock:
            until = self._locked_until.get(address)
            if until is not None:
                if now < until:
                    return PinCheck(Verdict.LOCKED, max(1, int(until - now + 0.999)))
                del self._locked_until[address]
            if given is not None and hmac.compare_digest(given.encode(), self.pin.encode()):
                self._wrong.pop(address, None)
                return PinCheck(Verdict.ALLOWED)
            return self._count_wrong(address, now)

    def _count_wrong(self, address: str, now: float) -> PinCheck:
        if address not in self._wrong and len(self._wrong) >= MAX_ADDRESSES:
            self._wrong.popitem(last=False)
        if len(self._locked_until) >= MAX_ADDRESSES:
            for locked in [a for a, until in self._locked_until.items() if until <= now]:
                del self._locked_until[locked]
            if len(self._locked_until) >= MAX_ADDRESSES:
                del self._locked_until[next(iter(self._locked_until))]
        wrong = self._wrong.setdefault(address, deque())
        self._wrong.move_to_end(address)
        wrong.append(now)
        while wrong and wrong[0] <= now - WINDOW_S:
            wrong.popleft()
        if len(wrong) >= MAX_WRONG:
            del self._wrong[address]
            self._locked_until[address] = now + LOCKOUT_S
            return PinCheck(Verdict.LOCKED, int(LOCKOUT_S))
        return PinCheck(Verdict.WRONG)


__all__ = ["LOCKOUT_S", "MAX_WRONG", "WINDOW_S", "PinCheck", "PinGuard", "Verdict", "random_pin"]
