"""Server-Sent Events: each phone's live stream of the table's snapshots.

A stream is one more subscriber of the table with its own small mailbox, so a
slow phone only skips to the newest snapshot and never holds up the table.
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

from companion.table import Subscription, Table, TableSnapshot
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
    clock: Callable[[], float] = field(default=time.monotonic)


def state_body(snapshot: TableSnapshot | None) -> dict[str, Any]:
    """`{"match": ...}`: the object of `GET /api/state` and of every stream event."""
    return {"match": public_match(snapshot)}


def event_frame(snapshot: TableSnapshot | None) -> str:
    """One SSE event: the match's seq as its id, the public state as its data."""
    data = json.dumps(state_body(snapshot), separators=(",", ":"))
    seq = "" if snapshot is None else f"id: {snapshot.seq}\n"
    return f"{seq}event: state\ndata: {data}\n\n"


class Streams:
    """The open streams of one table: the cap, and closing them all when the server stops."""

    def __init__(self, table: Table, settings: StreamSettings) -> None:
        self.table = table
        self.settings = settings
        self._slots = threading.BoundedSemaphore(settings.max_streams)
        self._open: set[Subscription] = set()
        self._lock = threading.Lock()
        self._closed = False

    def open(self) -> StreamFrames | None:
        """The frames of a new stream, or None when every slot is taken."""
        if self._closed or not self._slots.acquire(blocking=False):
            return None
        try:
            subscription = self.table.subscribe(MAILBOX)
        except BaseException:
            self._slots.release()
            raise
        with self._lock:
            self._open.add(subscription)
        started = self.settings.clock()
        frames = self._frames(subscription, started)
        return StreamFrames(frames, lambda: self._release(subscription))

    @property
    def count(self) -> int:
        """How many streams are open now."""
        with self._lock:
            return len(self._open)

    def close(self) -> None:
        """End every stream (the server is stopping); new ones are refused. Safe to call twice."""
        with self._lock:
            self._closed = True
            subscriptions = list(self._open)
        for subscription in subscriptions:
            subscription.close()

    def _frames(self, subscription: Subscription, started: float) -> Generator[str, None, None]:
        settings = self.settings
        try:
            yield f"retry: {settings.retry_ms}\n\n"
            first = subscription.latest()
            yield event_frame(first if first is not None else self.table.snapshot)
            while True:
                left = settings.recycle_s - (settings.clock() - started)
                if left <= 0 or subscription.closed:
                    return
                snapshot = subscription.get(timeout=min(settings.heartbeat_s, left))
                if snapshot is not None:
                    newest = subscription.latest()
                    yield event_frame(newest if newest is not None else snapshot)
                elif not subscription.closed and settings.clock() - started < settings.recycle_s:
                    yield ": heartbeat\n\n"
        finally:
            subscription.close()

    def _release(self, subscription: Subscription) -> None:
        subscription.close()
        with self._lock:
            self._open.discard(subscription)
        self._slots.release()


class StreamFrames:
    """The frames of one stream; `close()` (the server calls it, however the stream
    ended, even before its first frame) gives its slot back once."""

    def __init__(self, frames: Generator[str, None, None], release: Callable[[], None]) -> None:
        self._frames = frames
        self._release: Callable[[], None] | None = release
        self._lock = threading.Lock()

    def __iter__(self) -> StreamFrames:
        return self

    def __next__(self) -> str:
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


__all__ = ["MAILBOX", "StreamFrames", "StreamSettings", "Streams", "event_frame", "state_body"]
