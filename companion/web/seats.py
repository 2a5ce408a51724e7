"""Phones that joined as players: server-side seat sessions behind a cookie (docs/web.md).

A phone that sent the table PIN and a player's name is given an opaque random
session id, in an HttpOnly, SameSite=Strict cookie, and a CSRF token that
every change it makes carries in `X-CSRF-Token`. A session holds the player's
name (the seat is found by name in the match on the table, so a rematch of the
same players keeps each phone its seat), the address it joined from (a copied
cookie is worth nothing from another address) and when it was last used; never
the PIN. Sessions live in memory only, at most `MAX_SESSIONS`, the least
recently used forgotten first, each for `IDLE_S` after its last use.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace

COOKIE = "companion_seat"
CSRF_HEADER = "X-CSRF-Token"
MAX_SESSIONS = 512
"""Sessions remembered at once: joining again and again cannot grow memory without end."""
IDLE_S = 12 * 3600.0
"""A session unused this long is forgotten (an evening's games, with a long dinner in it)."""
ID_BYTES = 32
MAX_ID_LENGTH = 64
"""The longest cookie value looked up: anything longer was never one of ours."""


@dataclass(frozen=True)
class SeatSession:
    """One phone's seat: the player's name, where it joined from, its CSRF token."""

    name: str
    address: str
    csrf: str
    last_used: float


class SeatSessions:
    """The seat sessions of one table's page; safe from any thread.

    `clock` gives seconds (monotonic); tests move it by hand.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._sessions: OrderedDict[str, SeatSession] = OrderedDict()
        """Sessions by id, the one used least lately first."""
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._sessions)

    def open(self, name: str, address: str) -> tuple[str, SeatSession]:
        """A new session for the player `name` on the phone at `address`: its id and itself."""
        session_id = secrets.token_urlsafe(ID_BYTES)
        session = SeatSession(name, address, secrets.token_urlsafe(ID_BYTES), self._clock())
        with self._lock:
            self._forget_idle(session.last_used)
            while len(self._sessions) >= MAX_SESSIONS:
                self._sessions.popitem(last=False)
            self._sessions[session_id] = session
        return session_id, session

    def find(self, session_id: str | None, address: str) -> SeatSession | None:
        """The session `session_id` names, when it is alive and was joined from `address`."""
        if not session_id or len(session_id) > MAX_ID_LENGTH:
            return None
        now = self._clock()
        with self._lock:
            session = self._sessions.get(session_id)
            if session is None:
                return None
            if now - session.last_used >= IDLE_S:
                del self._sessions[session_id]
                return None
            if not hmac.compare_digest(session.address.encode(), address.encode()):
                return None
            session = replace(session, last_used=now)
            self._sessions[session_id] = session
            self._sessions.move_to_end(session_id)
            return session

    def names(self) -> set[str]:
        """The players who have a phone joined now (a session not yet forgotten)."""
        now = self._clock()
        with self._lock:
            return {s.name for s in self._sessions.values() if now - s.last_used < IDLE_S}

    def take_over(self, name: str, session_id: str) -> int:
        """Forget every session of the player `name` but `session_id`: a seat is held by one
        phone, so the phone that joined last takes it over (the old phone lost, broken or
        gone for good). How many were forgotten."""
        with self._lock:
            others = [other for other, session in self._sessions.items()
                      if session.name == name and other != session_id]
            for other in others:
                del self._sessions[other]
        return len(others)

    def close(self, session_id: str | None) -> None:
        """Forget the session `session_id` (the phone left its seat); nothing if unknown."""
        if session_id:
            with self._lock:
                self._sessions.pop(session_id, None)

    def _forget_idle(self, now: float) -> None:
        while self._sessions:
            oldest_id, oldest = next(iter(self._sessions.items()))
            if now - oldest.last_used < IDLE_S:
                return
            del self._sessions[oldest_id]


def csrf_matches(session: SeatSession, given: str | None) -> bool:
    """True when `given` is the session's CSRF token (compared in constant time)."""
    return given is not None and hmac.compare_digest(given.encode(), session.csrf.encode())


__all__ = [
    "COOKIE",
    "CSRF_HEADER",
    "IDLE_S",
    "MAX_SESSIONS",
    "SeatSession",
    "SeatSessions",
    "csrf_matches",
]
