"""One scripted table controller for the host's serial tests: a port whose board answers every
command at once (no pty, no firmware), the same object across every reopen of the link."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from device.serial_link import LinkSettings, SerialLink
from firmware import protocol, version

HELLO_REPLY = {"firmware": version.FIRMWARE_VERSION, "protocol": protocol.PROTOCOL_VERSION,
               "homed": False, "busy": False}

Report = Callable[[dict[str, Any]], "dict[str, Any] | None"]


def event(ident: int, **fields: Any) -> bytes:
    """An event frame numbered `ident` (a board numbers its events from 1 after each HELLO)."""
    return protocol.encode_frame(0, protocol.EVENT, dict(fields, id=ident))


class ScriptedBoard:
    """A port whose board answers at once; what it says is switched by its attributes:

    - `hello_reply` answers HELLO, with the `before_hello_ack` frames before it and the
      `after_hello_ack` frames after it;
    - `before_answer` frames go once, before the next answer to any other command;
    - `ping_events` are the events each PING's answer carries, beside its `status` fields
      (the home sensor, ...); `refuse` NAKs every PING with
      that error; `silent` answers nothing at all;
    - `on_home` / `on_move` give the report of a HOME / MOVE (None: it never reports).

    It records every command (`heard`, `commands(kind)`, `pings`) and wakes `changed`.
    """

    in_waiting = 0

    def __init__(self) -> None:
        self.incoming: queue.Queue[bytes] = queue.Queue()
        self.decoder = protocol.FrameDecoder()
        self.hello_reply: dict[str, Any] = dict(HELLO_REPLY)
        self.before_hello_ack: list[bytes] = []
        self.after_hello_ack: list[bytes] = []
        self.before_answer: list[bytes] = []
        self.ping_events: list[Any] = []  # what a PING answer lists, junk included
        self.status: dict[str, Any] = {}
        self.refuse: str | None = None
        self.silent = False
        self.on_home: Report = lambda fields: None
        self.on_move: Report = lambda fields: None
        self.heard: list[tuple[int, dict[str, Any]]] = []
        self.pings: list[dict[str, Any]] = []
        self.hellos = 0
        self.pings_since_hello = 0
        self.events = 0  # the number of the last event it sent in this session
        self.changed = threading.Condition()
        self.closed = threading.Event()

    def read(self, size: int = 1) -> bytes:
        try:
            return self.incoming.get(timeout=0.01)
        except queue.Empty:
            return b""

    def write(self, data: bytes) -> int:
        for seq, kind, fields in self.decoder.feed(data):
            with self.changed:
                self.heard.append((kind, fields))
                if kind == protocol.HELLO:
                    self.hellos += 1
                    self.pings_since_hello = 0
                elif kind == protocol.PING:
                    self.pings.append(fields)
                    self.pings_since_hello += 1
                self.changed.notify_all()
            if not self.silent:
                self._answer(seq, kind, fields)
        return len(data)

    def _answer(self, seq: int, kind: int, fields: dict[str, Any]) -> None:
        if kind == protocol.HELLO:
            self.events = 0
            for frame in self.before_hello_ack:
                self.incoming.put(frame)
            self.incoming.put(protocol.encode_frame(seq, protocol.ACK, self.hello_reply))
            for frame in self.after_hello_ack:
                self.incoming.put(frame)
            return
        early, self.before_answer = self.before_answer, []
        for frame in early:
            self.incoming.put(frame)
        if kind == protocol.PING and self.refuse is not None:
            self.incoming.put(protocol.encode_frame(seq, protocol.NAK, {"error": self.refuse}))
            return
        answer = {**self.status, "events": self.ping_events} if kind == protocol.PING else {
            "events": []}
        self.incoming.put(protocol.encode_frame(seq, protocol.ACK, answer))
        report = (self.on_home(fields) if kind == protocol.HOME
                  else self.on_move(fields) if kind == protocol.MOVE else None)
        if report is not None:
            self.push(report)

    def numbered(self, fields: dict[str, Any]) -> bytes:
        """The next event of this session, as a frame."""
        self.events += 1
        return event(self.events, **fields)

    def push(self, fields: dict[str, Any]) -> None:
        """Send the next event of this session now."""
        self.incoming.put(self.numbered(fields))

    def commands(self, kind: int) -> list[dict[str, Any]]:
        """The fields of every command of `kind` it heard, in order."""
        with self.changed:
            return [fields for heard_kind, fields in self.heard if heard_kind == kind]

    def hears(self, kind: int, count: int) -> None:
        """Wait until it has heard `count` commands of `kind` (another thread sends them)."""
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.commands(kind)) >= count, timeout=5)

    def wait_for_pings(self, count: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: len(self.pings) >= count, timeout=5)

    def close(self) -> None:
        self.decoder = protocol.FrameDecoder()  # a reopened port starts on a fresh frame
        self.closed.set()


def link_to(board: ScriptedBoard, clock: Any) -> SerialLink:
    """A serial link whose every opening of the port opens `board`, timed on `clock` (its
    periodic health poll out of the way: an hour)."""
    settings = LinkSettings(port="loop://", ack_timeout_s=0.05, poll_interval_s=3600.0)
    return SerialLink(settings, opener=lambda path, baud, timeout: board, clock=clock)
