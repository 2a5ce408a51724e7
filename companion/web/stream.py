"""Server-Sent Events: each phone's live stream of the table's snapshots.

The page is one subscriber of the table, whatever the number of phones: a
`Broadcast` thread takes each snapshot from its mailbox, makes the event
once, and wakes the streams, which send the newest event they have not
sent. The table's worker so hands over one snapshot per command, and a slow
phone only skips to the newest event, never holding up the table. The
broadcast sends at most one event every `min_gap_s`: snapshots that come
faster are skipped for the newest (which holds them), since every event
wakes every stream's server thread and a fast table must not pay for that.
Each (re)connect starts with the current snapshot; a heartbeat comment keeps
idle connections open through phones' and routers' timeouts; `retry:` tells
the browser how soon to reconnect. Every stream holds a server thread, so
their number is capped (a semaphore: when full the answer is 503 with
Retry-After and the page polls) and each is recycled after a few minutes
(the browser reconnects by itself, and its thread serves someone else).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from companion.table import Table, TableSnapshot
from companion.web.public import public_match

MAILBOX = 4
"""Snapshots a stream keeps waiting: a phone that falls behind skips to the newest."""


@dataclass(frozen=True)
class StreamSettings:
    """The timing and the cap of the streams; tests make them tiny instead of sleeping."""

    max_streams: int = 50
    heartbeat_s: float = 15.0
    retry_ms: int = 3000
    recycle_s: float = 300.0
    busy_retry_after_s: int = 10
    poll_ms: int = 3000
    """How often a page whose stream was refused asks for the state instead."""
    min_gap_s: float = 0.1
    """The least time between two events: a snapshot that comes sooner waits for the gap
    to end, and is skipped if a newer one came meanwhile."""
    clock: Callable[[], float] = field(default=time.monotonic)
    sleep: Callable[[float], None] = field(default=time.sleep)


def state_body(snapshot: TableSnapshot | None) -> dict[str, Any]:
    """`{"match": ...}`: the object of `GET /api/state` and of every stream event."""
    return {"match": public_match(snapshot)}


def event_frame(snapshot: TableSnapshot | None) -> bytes:
    """One SSE event, encoded: the match's seq as its id, the public state as its data.

    Bytes, made once per snapshot and written as they are by every stream: a str would be
    encoded again by each of the 50 streams' threads (Flask encodes each chunk it is given).
    """
    data = json.dumps(state_body(snapshot), separators=(",", ":"))
    seq = "" if snapshot is None else f"id: {snapshot.seq}\n"
    return f"{seq}event: state\ndata: {data}\n\n".encode()


HEARTBEAT = b": heartbeat\n\n"


SnapshotKey = tuple[int, int] | None
"""Which snapshot an event shows: (match id, seq), None before any match."""


def snapshot_key(snapshot: TableSnapshot | None) -> SnapshotKey:
    """(match id, seq) of `snapshot`, None when there is none."""
    return None if snapshot is None else (snapshot.match_id, snapshot.seq)


def is_older_or_same(key: SnapshotKey, sent: SnapshotKey) -> bool:
    """True when an event shows the state already sent or an earlier one of the same match
    (every command, an undo included, takes the next seq; a new match has another id)."""
    return key is not None and sent is not None and key[0] == sent[0] and key[1] <= sent[1]


class Broadcast:
    """The newest event for every stream, made once per snapshot by a thread of its own.

    Events are numbered from 0 (the snapshot when the broadcast began); `wait`
    gives a stream the newest event after the one it sent last.
    """

    def __init__(self, table: Table, settings: StreamSettings) -> None:
        self.settings = settings
        self._subscription = table.subscribe(MAILBOX)
        self._changed = threading.Condition()
        self._number = 0
        self._event = event_frame(table.snapshot)
        self._key = snapshot_key(table.snapshot)
        self._sent = settings.clock()
        self._closed = False
        self._thread = threading.Thread(target=self._follow, name="web-broadcast", daemon=True)
        self._thread.start()

    def current(self) -> tuple[int, bytes, SnapshotKey]:
        """The newest event's number, frame, and which snapshot it shows."""
        with self._changed:
            return self._number, self._event, self._key

    def wait(self, after: int, timeout: float) -> tuple[int, bytes, SnapshotKey] | None:
        """The newest event if it is newer than event `after`, waiting up to `timeout` for
        one; None when none came (or the broadcast ended)."""
        with self._changed:
            self._changed.wait_for(lambda: self._number != after or self._closed, timeout)
            if self._number == after:
                return None
            return self._number, self._event, self._key

    @property
    def closed(self) -> bool:
        """True once the broadcast ended (closed, or the table closed)."""
        return self._closed

    def _follow(self) -> None:
        settings = self.settings
        try:
            while (snapshot := self._subscription.get()) is not None:
                gap_left = settings.min_gap_s - (settings.clock() - self._sent)
                if gap_left > 0:
                    settings.sleep(gap_left)
                newest = self._subscription.latest()
                shown = newest if newest is not None else snapshot
                event = event_frame(shown)
                with self._changed:
                    self._number += 1
                    self._event = event
                    self._key = snapshot_key(shown)
                    self._sent = settings.clock()
                    self._changed.notify_all()
        finally:
            with self._changed:
                self._closed = True
                self._changed.notify_all()

    def close(self) -> None:
        """End the broadcast and every stream waiting on it; safe to call twice."""
        self._subscription.close()
        if self._thread is not threading.current_thread():
            self._thread.join()


class Streams:
    """The open streams of one table: the cap, and closing them all when the server stops."""

    def __init__(self, table: Table, settings: StreamSettings) -> None:
        self.table = table
        self.settings = settings
        self._broadcast = Broadcast(table, settings)
        self._slots = threading.BoundedSemaphore(settings.max_streams)
        self._count = 0
        self._lock = threading.Lock()

    def open(self) -> StreamFrames | None:
        """The frames of a new stream, or None when every slot is taken (or all are closed)."""
        if self._broadcast.closed or not self._slots.acquire(blocking=False):
            return None
        with self._lock:
            self._count += 1
        frames = self._frames(self.settings.clock())
        return StreamFrames(frames, self._release)

    @property
    def count(self) -> int:
        """How many streams are open now."""
        with self._lock:
            return self._count

    def close(self) -> None:
        """End every stream (the server is stopping); new ones are refused. Safe to call twice."""
        self._broadcast.close()

    def _frames(self, started: float) -> Generator[bytes, None, None]:
        settings = self.settings
        broadcast = self._broadcast
        yield f"retry: {settings.retry_ms}\n\n".encode()
        # The table's state now, not the broadcast's newest event, which may still be on
        # its way (the broadcast keeps a gap between events): a stream starts current.
        number = broadcast.current()[0]
        snapshot = self.table.snapshot
        sent = snapshot_key(snapshot)
        yield event_frame(snapshot)
        while True:
            left = settings.recycle_s - (settings.clock() - started)
            if left <= 0 or broadcast.closed:
                return
            newer = broadcast.wait(number, timeout=min(settings.heartbeat_s, left))
            if newer is not None:
                number, event, key = newer
                if not is_older_or_same(key, sent):
                    sent = key
                    yield event
            elif not broadcast.closed and settings.clock() - started < settings.recycle_s:
                yield HEARTBEAT

    def _release(self) -> None:
        with self._lock:
            self._count -= 1
        self._slots.release()


class StreamFrames:
    """The frames of one stream; `close()` (the server calls it, however the stream
    ended, even before its first frame) gives its slot back once."""

    def __init__(self, frames: Generator[bytes, None, None], release: Callable[[], None]) -> None:
        self._frames = frames
        self._release: Callable[[], None] | None = release
        self._lock = threading.Lock()

    def __iter__(self) -> StreamFrames:
        return self

    def __next__(self) -> bytes:
        return next(self._frames)

    def close(self) -> None:
        """End the stream and free its slot; safe to call twice."""
        with self._lock:
            release, self._release = self._release, None
        if release is not None:
            try:
                self._frames.close()
            finally:
                release()


__all__ = [
    "MAILBOX",
    "Broadcast",
    "StreamFrames",
    "StreamSettings",
    "Streams",
    "event_frame",
    "state_body",
]
