"""The server's threads: started when a request needs one, the most recently idle reused.

Waitress's own dispatcher starts all its threads up front (58 for 50 streams
and 8 spare) and wakes them in turn, so that every one of them serves
requests; glibc gives each thread that allocates its own memory arena (up
to eight per core), and each arena keeps its own free memory, so a server
whose every thread serves grows by arenas under steady load. Here a thread
is started only when a request finds none idle, the thread that became idle
last takes the next request (a few threads serve the ordinary requests; the
others only the streams they hold), and a thread idle for `idle_exit_s`
ends. `bound_malloc_arenas` caps the arenas themselves.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import itertools
import logging
import threading
import time
from collections import deque
from typing import Any

IDLE_EXIT_S = 30.0
MALLOC_ARENAS = 2
"""glibc's arenas for the whole process: enough that two threads rarely wait for each
other's allocations, few enough that free memory is shared (its default is 8 a core)."""
_M_ARENA_MAX = -8
log = logging.getLogger(__name__)


def bound_malloc_arenas(arenas: int = MALLOC_ARENAS) -> bool:
    """Cap glibc's malloc arenas (as `MALLOC_ARENA_MAX` would); True when it took effect.

    Arenas already made stay; none is made beyond the cap. Elsewhere than glibc
    (musl, macOS) this does nothing and says False.
    """
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError, TypeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_ARENA_MAX, arenas))


class _Slot:
    """An idle thread waiting for its next task."""

    def __init__(self) -> None:
        self.task: Any = None
        self.ready = threading.Event()


class OnDemandWorkers:
    """Waitress's task dispatcher (`add_task`, `shutdown`) with threads made on demand.

    At most `max_threads` run at once; a task that finds them all busy waits in
    line. `idle_exit_s` is how long an idle thread waits for a task before it ends.
    """

    def __init__(self, max_threads: int, idle_exit_s: float = IDLE_EXIT_S) -> None:
        if max_threads < 1:
            raise ValueError(f"The server needs at least one thread, not {max_threads}.")
        self.max_threads = max_threads
        self.idle_exit_s = idle_exit_s
        self._lock = threading.Lock()
        self._left = threading.Condition(self._lock)
        self._waiting: deque[Any] = deque()
        self._idle: list[_Slot] = []
        """Idle threads, the one idle since last at the end: it takes the next task."""
        self._threads: set[threading.Thread] = set()
        self._numbers = itertools.count(1)
        self._stopping = False

    @property
    def thread_count(self) -> int:
        """How many threads are running now (serving or idle)."""
        with self._lock:
            return len(self._threads)

    def add_task(self, task: Any) -> None:
        """Serve `task` on an idle thread, a new one, or the next to be free."""
        with self._lock:
            if self._stopping:
                task.cancel()
                return
            if self._idle:
                slot = self._idle.pop()
                slot.task = task
                slot.ready.set()
                return
            if len(self._threads) >= self.max_threads:
                self._waiting.append(task)
                return
            thread = threading.Thread(
                target=self._serve, args=(task,), name=f"web-{next(self._numbers)}", daemon=True
            )
            self._threads.add(thread)
        thread.start()

    def _serve(self, task: Any) -> None:
        slot = _Slot()
        try:
            while task is not None:
                try:
                    task.service()
                except BaseException:
                    log.exception("The server failed on %r", task)
                task = self._next(slot)
        finally:
            with self._lock:
                self._threads.discard(threading.current_thread())
                self._left.notify_all()

    def _next(self, slot: _Slot) -> Any:
        """The next task for this thread, or None when it should end."""
        with self._lock:
            if self._waiting:
                return self._waiting.popleft()
            if self._stopping:
                return None
            slot.task = None
            slot.ready.clear()
            self._idle.append(slot)
        slot.ready.wait(self.idle_exit_s)
        with self._lock:
            if slot.task is None and slot in self._idle:
                self._idle.remove(slot)
            return slot.task

    def shutdown(self, cancel_pending: bool = True, timeout: float = 5.0) -> bool:
        """Let the tasks being served finish (up to `timeout` s), end every thread, and
        cancel the tasks still waiting; True when every thread ended in time."""
        with self._lock:
            self._stopping = True
            for slot in self._idle:
                slot.ready.set()
            self._idle.clear()
            deadline = time.monotonic() + timeout
            while self._threads and (left := deadline - time.monotonic()) > 0:
                self._left.wait(left)
            waiting = list(self._waiting) if cancel_pending else []
            if cancel_pending:
                self._waiting.clear()
            ended = not self._threads
        for task in waiting:
            task.cancel()
        if not ended:
            log.warning("%d server thread(s) still running at shutdown", self.thread_count)
        return ended


__all__ = ["IDLE_EXIT_S", "OnDemandWorkers", "bound_malloc_arenas"]
