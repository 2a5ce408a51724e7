"""The host end of the link to the Pico: framing, retries, events, reconnects.

One `SerialLink` owns the USB serial port. A reader thread decodes frames (bad ones are
counted and dropped by the shared `firmware.protocol` decoder; nothing it reads can kill
it). `request()` sends one command and waits for its ACK, resending with doubling delays
through `with_retries`, the one retry helper. A supervisor thread connects (by the board's
`/dev/serial/by-id/` name, a glob), runs the version handshake, polls as a heartbeat, and
reconnects with backoff after an unplug. Consecutive timeouts turn the state to `offline`,
which the table and screen show.

Every timeout and pause is measured on an injectable `Clock` (the real one unless told):
tests give the link the fake board's time, so a machine too busy to run the board is not
taken for a board that stopped answering.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.closing import ClosesItself
from device.backend import LinkListener, LinkState
from device.clock import Clock, RealClock
from device.errors import LinkError
from device.serial_port import (
    AttemptTimedOut,
    CommandRefused,
    FirmwareMismatch,
    LinkTimeout,
    Port,
    backoff_delays,
    check_versions,
    open_serial_port,
    resolve_port,
    with_retries,
)
from firmware import protocol

__all__ = ["LinkSettings", "SerialLink"]  # the port, its retries and errors: device.serial_port

log = logging.getLogger(__name__)

EventListener = Callable[[dict[str, Any]], None]
Send = Callable[[int, dict[str, Any]], dict[str, Any]]
"""`send(kind, fields)`: a request usable by connect hooks, before the link is online."""
ConnectHook = Callable[[dict[str, Any], Send], None]

WAIT_SLICE_S = 0.05
"""The longest real wait between two looks at the clock: a clock other than the real one
moves without waking anybody, so every wait wakes this often to see whether it is up."""


@dataclass(frozen=True)
class LinkSettings:
    """Timing of the link (seconds); see `[serial]` in the configuration."""

    port: str
    baud: int = 115200
    read_timeout_s: float = 0.05
    ack_timeout_s: float = 0.25
    retries: int = 5
    max_resend_delay_s: float = 1.0
    handshake_timeout_s: float = 2.0
    reconnect_first_s: float = 0.1
    reconnect_max_s: float = 10.0
    poll_interval_s: float = 0.1
    offline_after: int = 3


class SerialLink(ClosesItself):
    """A self-healing link to the Pico; see the module docstring.

    `clock` measures every timeout, resend delay, poll interval and reconnect
    wait (default: the real clock).
    """

    def __init__(self, settings: LinkSettings,
                 opener: Callable[[str, int, float], Port] = open_serial_port,
                 clock: Clock | None = None) -> None:
        self.settings = settings
        self.opener = opener
        self.clock: Clock = clock or RealClock()
        self.state: LinkState = LinkState.CONNECTING
        self.problem = "connecting to the table controller"
        self.hello: dict[str, Any] = {}
        self.decoder = protocol.FrameDecoder()
        self.stale_replies = 0
        self.reader_errors = 0
        self.supervisor_errors = 0
        self.stale_events = 0
        self.reconnects = 0
        self._port: Port | None = None
        self._connection = 0
        self._seq = 0
        self._request_lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._changed = threading.Condition()
        self._waiting: int | None = None
        self._waiting_kind = 0
        self._session_started = False  # this connection's HELLO was answered
        self._reply: tuple[int, dict[str, Any]] | None = None
        self._timeouts = 0
        self._events_seen = 0
        self._early_events: dict[int, dict[str, Any]] = {}
        self._event_listeners: list[EventListener] = []
        self._state_listeners: list[LinkListener] = []
        self._connect_hooks: list[ConnectHook] = []
        self._ever_online = False
        self._ready_connection = -1  # the connection whose handshake and setup completed
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._supervisor: threading.Thread | None = None

    # -- public ---------------------------------------------------------------
    def start(self) -> SerialLink:
        """Start connecting in the background (idempotent); returns self."""
        if self._supervisor is None:
            self._supervisor = threading.Thread(target=self._supervise, name="serial-link",
                                                daemon=True)
            self._supervisor.start()
        return self

    def add_event_listener(self, listener: EventListener) -> None:
        """Call `listener(event)` for every firmware event, once each, in order."""
        self._event_listeners.append(listener)

    def add_state_listener(self, listener: LinkListener) -> None:
        """Call `listener(state, problem)` on every state change."""
        self._state_listeners.append(listener)

    def add_connect_hook(self, hook: ConnectHook) -> None:
        """Run `hook(hello_reply, send)` after every handshake, before going online.

        A hook raising `LinkError` fails the connection (it is retried).
        """
        self._connect_hooks.append(hook)

    def wait_online(self, timeout_s: float) -> bool:
        """Wait until the link is online; False when it is not within the timeout.

        Returns at once when the board's firmware was refused (no wait helps).
        """
        deadline = self.clock.now() + timeout_s
        with self._changed:
            settled = (LinkState.ONLINE, LinkState.MISMATCH)
            while self.state not in settled and not self._stop.is_set():
                remaining = deadline - self.clock.now()
                if remaining <= 0:
                    return False
                self._changed.wait(min(remaining, WAIT_SLICE_S))
            return self.state == LinkState.ONLINE

    def poll(self) -> dict[str, Any]:
        """The controller's status now (a PING that also collects events).

        Raises:
            LinkError: the controller is not connected or does not answer.
        """
        return self.request(protocol.PING, {"seen": self._events_seen})

    def status(self) -> dict[str, Any]:
        """The link's state for screens and `companion hw test`."""
        return {
            "state": self.state.value,
            "problem": self.problem,
            "reconnects": self.reconnects,
            "dropped_frames": self.decoder.counters.dropped(),
            "counters": self.decoder.counters.as_dict(),
        }

    @property
    def connection(self) -> int:
        """Counts handshakes: changes whenever the board was (re)connected."""
        return self._connection

    def request(self, kind: int, fields: dict[str, Any] | None = None) -> dict[str, Any]:
        """Send a command and return its ACK's fields.

        Waits up to the handshake timeout for a link that is (re)connecting.

        Raises:
            LinkError: the controller is not connected (the sentence says why).
            LinkTimeout: no answer after every resend.
            CommandRefused: the firmware refused the command.
        """
        if not self.wait_online(self.settings.handshake_timeout_s):
            if self.state == LinkState.MISMATCH:
                raise FirmwareMismatch(self.problem)
            raise LinkError(self._unavailable_sentence())
        return self._request(kind, fields or {}, self.settings.retries + 1)

    def close(self) -> None:
        """Stop the threads and close the port (idempotent)."""
        if self._stop.is_set():
            return
        self._stop.set()
        self._wake.set()
        self._drop_port("the link was closed")
        if self._supervisor is not None and self._supervisor is not threading.current_thread():
            self._supervisor.join(timeout=5)
        self._set_state(LinkState.CLOSED, "the link was closed")

    # -- requests ---------------------------------------------------------------
    def _request(self, kind: int, fields: dict[str, Any], attempts: int,
                 first_s: float | None = None) -> dict[str, Any]:
        settings = self.settings
        name = protocol.KIND_NAMES.get(kind, str(kind))
        with self._request_lock:
            self._seq = self._seq % 255 + 1
            seq = self._seq
            frame = protocol.encode_frame(seq, kind, fields)
            connection = self._connection

            def attempt(timeout_s: float) -> tuple[int, dict[str, Any]]:
                # Expect the answer before sending: a board can answer before
                # this thread runs again, and an answer nobody expects is stale.
                self._expect(seq, kind)
                self._write(frame)
                return self._await_reply(timeout_s, connection)

            kind_back, reply = with_retries(
                attempt,
                backoff_delays(first_s or settings.ack_timeout_s, settings.max_resend_delay_s),
                attempts,
                f"The table controller did not answer the {name} command after "
                f"{attempts} tries; check its USB cable.",
                on_timeout=self._count_timeout,
            )
        self._timeouts = 0
        if self.state == LinkState.OFFLINE and self._ready_connection == connection:
            # Answering again after timeouts, on a set-up link that is still this one.
            self._set_state(LinkState.ONLINE, "", connection)
        if kind_back == protocol.NAK:
            raise CommandRefused(f"The table controller refused the {name} command: "
                                 f"{reply.get('error')}.")
        return reply

    def _expect(self, seq: int, kind: int) -> None:
        """Take the next ACK or NAK carrying `seq` as the answer to this command."""
        with self._changed:
            self._waiting = seq
            self._waiting_kind = kind
            self._reply = None

    def _await_reply(self, timeout_s: float, connection: int) -> tuple[int, dict[str, Any]]:
        deadline = self.clock.now() + timeout_s
        with self._changed:
            while True:
                # An answer read just before the port broke belongs to a session that is over.
                if self._connection != connection or self._port is None:
                    self._waiting = None
                    raise LinkError(
                        "The table controller was disconnected before it answered; "
                        "it is reconnecting (check the USB cable)."
                    )
                if self._reply is not None:
                    break
                remaining = deadline - self.clock.now()
                if remaining <= 0:
                    self._waiting = None
                    raise AttemptTimedOut()
                self._changed.wait(min(remaining, WAIT_SLICE_S))
            reply, self._reply, self._waiting = self._reply, None, None
            return reply

    def _count_timeout(self) -> None:
        self._timeouts += 1
        if self._timeouts >= self.settings.offline_after and self.state == LinkState.ONLINE:
            self._set_state(LinkState.OFFLINE,
                            "it stopped answering; check its USB cable and power")

    def _write(self, frame: bytes) -> None:
        if (port := self._port) is None:
            return
        try:
            with self._write_lock:
                port.write(frame)
        except Exception as error:  # a vanished device: the reader notices too
            self._drop_port(f"the USB connection broke ({error}); check the cable")

    # -- reading ----------------------------------------------------------------
    def _read_loop(self, port: Port, connection: int) -> None:
        while not self._stop.is_set() and self._connection == connection:
            try:
                data = port.read(max(1, min(port.in_waiting, 4096)))
            except Exception as error:  # unplugged: reconnect
                self._drop_port(f"the USB connection broke ({error}); check the cable",
                                connection)
                return
            if not data:
                continue
            try:
                for seq, kind, fields in self.decoder.feed(data):
                    self._dispatch(seq, kind, fields, connection)
            except Exception:  # a listener's bug must not stop the link
                self.reader_errors += 1
                log.exception("serial link: error while handling a frame")

    def _dispatch(self, seq: int, kind: int, fields: dict[str, Any], connection: int) -> None:
        if kind == protocol.EVENT:
            self._receive_events([fields])
            return
        if kind == protocol.ACK and isinstance(fields.get("events"), list):
            self._receive_events(fields["events"])
        with self._changed:
            current = connection == self._connection
            if kind in (protocol.ACK, protocol.NAK) and seq == self._waiting and current:
                if kind == protocol.ACK and self._waiting_kind == protocol.HELLO:
                    # The firmware numbers events afresh from its HELLO on; whatever
                    # came before belongs to the session before the reconnect.
                    self._session_started = True
                    self._events_seen = 0
                    self._early_events.clear()
                self._reply = (kind, fields)
                self._changed.notify_all()
            else:
                self.stale_replies += 1

    def _receive_events(self, events: list[Any]) -> None:
        ready = []
        with self._changed:
            if not self._session_started:
                self.stale_events += len(events)
                return
            for event in events:
                ident = event.get("id") if isinstance(event, dict) else None
                if isinstance(ident, int) and ident > self._events_seen:
                    self._early_events[ident] = event
            while self._events_seen + 1 in self._early_events:
                self._events_seen += 1
                ready.append(self._early_events.pop(self._events_seen))
        for event in ready:
            for listener in list(self._event_listeners):
                try:
                    listener(event)
                except Exception:
                    self.reader_errors += 1
                    log.exception("serial link: an event listener failed")

    # -- connection ---------------------------------------------------------------
    def _supervise(self) -> None:
        settings = self.settings
        delays = backoff_delays(settings.reconnect_first_s, settings.reconnect_max_s)
        while not self._stop.is_set():
            try:
                if self._port is None:
                    if self._connect():
                        delays = backoff_delays(settings.reconnect_first_s,
                                                settings.reconnect_max_s)
                        continue
                    wait_s = next(delays)
                else:
                    self._heartbeat()
                    wait_s = settings.poll_interval_s
            except Exception as error:  # a bug in a hook or listener must not end the link
                self.supervisor_errors += 1
                log.exception("serial link: error while connecting or polling")
                self._drop_port(f"an internal error interrupted the link ({type(error).__name__}: "
                                f"{error}); it keeps reconnecting")
                wait_s = next(delays)
            self._pause(wait_s)

    def _pause(self, seconds: float) -> None:
        """Wait `seconds` on the link's clock, or until the link is closed."""
        until = self.clock.now() + seconds
        while not self._stop.is_set():
            remaining = until - self.clock.now()
            if remaining <= 0:
                return
            self._wake.wait(min(remaining, WAIT_SLICE_S))

    def _heartbeat(self) -> None:
        try:
            reply = self._request(protocol.PING, {"seen": self._events_seen},
                                  self.settings.retries + 1)
        except LinkTimeout as error:
            self._drop_port(str(error))
        except LinkError:
            pass  # disconnected meanwhile: the supervisor reconnects
        else:
            self._skip_lost_events(reply)

    def _skip_lost_events(self, reply: dict[str, Any]) -> None:
        """Events the firmware had to drop (its queue overflowed) are skipped, not awaited."""
        pending = reply.get("events") or []
        first = pending[0].get("id") if pending and isinstance(pending[0], dict) else None
        if isinstance(first, int) and first > self._events_seen + 1:
            with self._changed:
                self._events_seen = first - 1
            self._receive_events(pending)

    def _connect(self) -> bool:
        settings = self.settings
        path = resolve_port(settings.port)
        if path is None:
            self._set_state(self._lost_state(), f"no board matches {settings.port}; plug in "
                            "the Pico, or set serial.port in the configuration")
            return False
        try:
            port = self.opener(path, settings.baud, settings.read_timeout_s)
        except LinkError as error:
            self._set_state(self._lost_state(), str(error))
            return False
        with self._changed:
            self._connection += 1
            connection = self._connection
            self._port = port
            self._events_seen = 0
            self._early_events.clear()
            self._session_started = False
            self.decoder.reset()
        reader = threading.Thread(target=self._read_loop, args=(port, connection),
                                  name="serial-reader", daemon=True)
        reader.start()
        return self._handshake(path, connection)

    def _handshake(self, path: str, connection: int) -> bool:
        settings = self.settings
        # As many of the retry helper's doubling waits as fit the handshake timeout.
        delays = backoff_delays(settings.ack_timeout_s, settings.max_resend_delay_s)
        attempts, total = 1, next(delays)
        while total < settings.handshake_timeout_s:
            attempts += 1
            total += next(delays)
        try:
            hello = self._request(protocol.HELLO, {}, attempts)
        except LinkError as error:
            self._drop_port(f"no handshake from {path} ({error})")
            return False
        problem = check_versions(hello)
        if problem:
            self._drop_port(problem, state=LinkState.MISMATCH)
            return False
        self.hello = hello
        self._timeouts = 0
        attempts = self.settings.retries + 1

        def send(kind: int, fields: dict[str, Any]) -> dict[str, Any]:
            return self._request(kind, fields, attempts)

        try:
            for hook in list(self._connect_hooks):
                hook(hello, send)
        except LinkError as error:
            self._drop_port(f"setting up the controller failed ({error})")
            return False
        if self._ever_online:
            self.reconnects += 1
        self._ever_online = True
        self._ready_connection = connection
        self._set_state(LinkState.ONLINE, "", connection)
        return True

    def _lost_state(self) -> LinkState:
        return LinkState.OFFLINE if self._ever_online else LinkState.CONNECTING

    def _drop_port(self, reason: str, connection: int | None = None,
                   state: LinkState | None = None) -> None:
        with self._changed:
            if connection is not None and connection != self._connection:
                return
            port, self._port = self._port, None
            self._connection += 1
            self._changed.notify_all()
        if port is not None:
            try:
                port.close()
            except Exception:  # closing a vanished device may fail: it is gone anyway
                log.debug("serial link: closing the port failed", exc_info=True)
        if not self._stop.is_set():
            self._set_state(state or self._lost_state(), reason)

    def _set_state(self, state: LinkState, problem: str, connection: int | None = None) -> None:
        with self._changed:
            if self.state == LinkState.CLOSED or (self.state, self.problem) == (state, problem):
                return
            if connection not in (None, self._connection):
                return  # that connection is over: whoever waited on it must not undo the drop
            retrying = (LinkState.CONNECTING, LinkState.OFFLINE)
            if self.state == LinkState.MISMATCH and state in retrying:
                return  # keep telling the person about the firmware until it changes
            self.state, self.problem = state, problem
            self._changed.notify_all()
        if problem:
            log.info("Serial link to the table controller: %s (%s)", state, problem)
        else:
            log.info("Serial link to the table controller: %s.", state)
        for listener in list(self._state_listeners):
            try:
                listener(state, problem)
            except Exception:
                log.exception("serial link: a state listener failed")

    def _unavailable_sentence(self) -> str:
        # No promise to keep reconnecting: a command-line program is about to exit.
        label = "not connected" if self.state == LinkState.CONNECTING else self.state
        return f"The table controller is {label}: {self.problem}."
