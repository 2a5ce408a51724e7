"""The server's connections: a request must come in good time, and each gets a final answer.

Waitress keeps a silent connection for `channel_timeout` (checked every 30 s)
and stops taking new ones at `connection_limit`: a hundred sockets left open
by phones that locked mid-request, or held open on purpose, shut everyone
out for a minute. Here a connection has `request_s` seconds to send each
whole request (from when it opened, or from its last answer), and one that
has taken nothing of its answer for as long is dropped too; the check runs
every `check_s`. A connection serving a request (a live stream) is never
dropped this way. When connections reach the limit, the one waiting longest
for its request is dropped to make room, so that a new phone is let in at once.

Waitress 3.0.2 answers `Expect: 100-continue` on a request with no body with
"100 Continue" and then waits for a body that never comes: a request that is
already whole is answered without it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer

REQUEST_S = 5.0
"""How long a connection may take to send a whole request, or to take its answer."""
CHECK_S = 1.0


class _Parser(HTTPRequestParser):
    def received(self, data: bytes) -> int:
        consumed: int = super().received(data)
        if self.completed:
            # Nothing is left to continue: answer at once (a "100 Continue" would make the
            # channel wait for a body).
            self.expect_continue = False
        return consumed


class _Channel(HTTPChannel):
    parser_class = _Parser

    def __init__(self, server: Listener, *args: Any, **kwargs: Any) -> None:
        super().__init__(server, *args, **kwargs)
        self.waiting_since = server.clock()
        """When this connection began to owe its next request (opened, or last answered)."""

    def service(self) -> None:
        try:
            super().service()
        finally:
            self.waiting_since = self.server.clock()


class Listener(TcpWSGIServer):
    """Waitress's listening socket with the connection rules above.

    `clock` gives seconds (the same clock for every connection); tests move it by hand.
    """

    channel_class = _Channel

    def __init__(
        self,
        *args: Any,
        clock: Callable[[], float],
        request_s: float = REQUEST_S,
        check_s: float = CHECK_S,
        **kwargs: Any,
    ) -> None:
        self.clock = clock
        self.request_s = request_s
        self.check_s = check_s
        self._next_check = clock()
        super().__init__(*args, **kwargs)

    def readable(self) -> bool:
        now = self.clock()
        if now >= self._next_check or len(self._map) >= self.adj.connection_limit:
            self._next_check = now + self.check_s
            self.maintenance(now)
        # Waitress's own check then runs on the wall clock: keep it from running again.
        self.next_channel_cleanup = float("inf")
        accepting: bool = super().readable()
        return accepting

    def maintenance(self, now: float) -> None:
        """Drop the connections that are late with their request or do not take their
        answer; at the limit, also the one waiting longest for its request."""
        idle = []
        for channel in list(self.active_channels.values()):
            if channel.requests or channel.will_close:
                continue  # serving a request, a stream included
            if now - channel.waiting_since > self.request_s:
                channel.will_close = True
            else:
                idle.append(channel)
        open_now = len(self._map) - sum(
            1 for channel in self.active_channels.values() if channel.will_close
        )
        if open_now >= self.adj.connection_limit and idle:
            # Room for a new phone: the least eager connection goes first.
            oldest = min(idle, key=lambda channel: channel.waiting_since)
            oldest.will_close = True


__all__ = ["CHECK_S", "REQUEST_S", "Listener"]
