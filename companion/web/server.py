"""Serving the phone page with waitress on a thread of the table's process.

The server listens on every address by default (phones on the table's Wi-Fi
must reach it). Its threads serve requests and streams; the table's worker
and the touchscreen never wait for any of them. Closing the server first ends
the live streams, so that no thread is left waiting for a snapshot.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from flask import Flask

from companion.closing import ClosesItself
from companion.errors import CompanionError
from companion.web.app import close_app, context_of
from companion.web.connections import REQUEST_S, Listener
from companion.web.workers import OnDemandWorkers, bound_malloc_arenas

EVERY_ADDRESS = "*"
SPARE_THREADS = 8
"""Threads for ordinary requests beside those the live streams may hold."""
CONNECTION_LIMIT = 500
"""Connections at once: streams, phones, and room for many idle ones (dropped within
seconds, `companion.web.connections`) well under the usual 1,024 open files."""
OUTPUT_BUFFER_BYTES = 64 * 1024
"""Waitress keeps every byte already sent on a connection in its output buffer until the
next answer, or until this many (16 MB by default) were written to it: a live stream never
has a next answer, so each of them would hold all it sent, megabytes a minute. Here the
buffer is renewed (and the sent bytes freed) after 64 KB; a phone that reads slowly holds
up only its own stream's thread, once that much waits unsent."""
MAX_HEADER_BYTES = 16 * 1024
MAX_BODY_BYTES = 1024 * 1024
"""Waitress's own limit; the app refuses a body over 64 KB with its sentence long before."""
LOOP_TIMEOUT_S = 1.0
"""The longest a turn of waitress's loop sleeps while connections are open (it looks after
them between turns: idle ones are dropped, slow requests timed out). With none open it
sleeps until one comes or `close()` wakes it."""
DRAIN_S = 1.0
"""How long closing waits for the answers being made, and then for them to be sent."""
DRAIN_STEP_S = 0.05
log = logging.getLogger(__name__)


def freeze_what_started() -> None:
    """Move every object the process holds once its first server starts (the modules, the
    rules' tables, the table, this server: what lives as long as the process) out of the
    garbage collector's reach, once a process.

    A full collection walks every object that survived two: at load on a Pi's two cores
    one took 130 to 260 ms, and held the interpreter lock all that while, so that no stream
    sent the state just made (bench/web.py's outlier p99s). Frozen, those objects are
    never walked again; a full collection walks only what came after, and still frees it.
    """
    if gc.get_freeze_count() == 0:
        gc.collect()
        gc.freeze()


class WebServer(ClosesItself):
    """The phone page on `host`:`port` (port 0: any free port), served until `close()`.

    Raises:
        CompanionError: the port cannot be listened on (in use, or not allowed).
    """

    def __init__(
        self,
        app: Flask,
        host: str = EVERY_ADDRESS,
        port: int = 8080,
        *,
        clock: Callable[[], float] = time.monotonic,
        request_s: float = REQUEST_S,
    ) -> None:
        from waitress.adjustments import Adjustments

        self._app = app
        streams = context_of(app).streams
        self._map: dict[int, Any] = {}
        bound_malloc_arenas()
        adjustments = Adjustments(
            listen=f"{host}:{port}",
            threads=streams.settings.max_streams + SPARE_THREADS,
            connection_limit=CONNECTION_LIMIT,
            outbuf_high_watermark=OUTPUT_BUFFER_BYTES,
            max_request_header_size=MAX_HEADER_BYTES,
            max_request_body_size=MAX_BODY_BYTES,
            ident="companion",
            expose_tracebacks=False,
            clear_untrusted_proxy_headers=True,
        )
        self.workers = OnDemandWorkers(adjustments.threads)
        """The server's threads, started as requests need them."""
        self._listeners: list[Listener] = []
        try:
            for sockinfo in adjustments.listen:
                self._listeners.append(Listener(
                    app, self._map, dispatcher=self.workers, adj=adjustments,
                    sockinfo=sockinfo, clock=clock, request_s=request_s,
                ))  # fmt: skip
        except OSError as error:
            from waitress import wasyncore

            wasyncore.close_all(self._map)
            raise CompanionError(
                f"The phone page cannot listen on port {port} ({error.strerror or error}):"
                " stop the program that may use it, or give the companion another port (port"
                " under [web] in its configuration file, or --port), then start it again."
            ) from None
        self._closed = False
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="web-server", daemon=True)
        freeze_what_started()
        self._thread.start()

    def _serve(self) -> None:
        """Waitress's loop, run here so that it stops between two turns, on its own thread."""
        from waitress import wasyncore

        try:
            while not self._stopping.is_set():
                wasyncore.loop(timeout=self.loop_timeout(), map=self._map, use_poll=True,
                               count=1)
        finally:
            # Closing the sockets from any other thread would pull them from under the loop.
            try:
                self._drain()
            finally:
                wasyncore.close_all(self._map)

    def _drain(self) -> None:
        """Stop taking requests, let those being answered finish (a move a phone sent as the
        companion stops is answered, not just applied), and send their answers."""
        from waitress import wasyncore
        from waitress.channel import HTTPChannel
        for listener in self._listeners:
            # No new connection from here on. (The server's own close() would also close
            # the trigger the answers being made still pull; close_all closes it last.)
            wasyncore.dispatcher.close(listener)
        self.workers.shutdown(cancel_pending=True, timeout=DRAIN_S)
        deadline = time.monotonic() + DRAIN_S
        while time.monotonic() < deadline and any(
            isinstance(channel, HTTPChannel) and channel.total_outbufs_len
            for channel in list(self._map.values())
        ):
            wasyncore.loop(timeout=DRAIN_STEP_S, map=self._map, use_poll=True, count=1)

    def loop_timeout(self) -> float | None:
        """How long the next turn of the loop may sleep: no phone connected, until one
        connects (None); else `LOOP_TIMEOUT_S`."""
        return LOOP_TIMEOUT_S if self.connections else None

    @property
    def port(self) -> int:
        """The port listened on (the chosen one when 0 was asked for)."""
        return int(self._listeners[0].effective_port)

    @property
    def connections(self) -> int:
        """How many connections are open now (streams, requests, and idle ones)."""
        return sum(len(listener.active_channels) for listener in self._listeners)

    def close(self) -> None:
        """End the streams, stop listening and stop the server's threads; safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        close_app(self._app)
        self._stopping.set()
        from waitress.trigger import trigger

        for dispatcher in list(self._map.values()):
            if isinstance(dispatcher, trigger):
                # Wake the loop now rather than at its next timeout (unless it already ended).
                with contextlib.suppress(OSError):
                    dispatcher.pull_trigger()
        self._thread.join()


__all__ = ["EVERY_ADDRESS", "WebServer"]
