"""What the idle loop sleeps on: a pipe other threads ring, and the panel's input devices.

pygame's `event.wait` never sleeps in the kernel: it asks SDL for events every
millisecond (about 900 wake-ups a second, 2-3 % of a core, for a screen that shows
nothing new). The loop blocks here instead, in one `select` without a timeout unless
something is due: other threads ring the bell (`ring`, never waiting), a signal rings
it through `signal.set_wakeup_fd`, and a touch or a key makes one of the panel's input
devices readable. SDL then reads the input itself when the loop pumps its events.

Where SDL reads input this process cannot see (a desktop window's connection to its
display server), the bell cannot hear a touch: there the loop looks for events every
`UNHEARD_INPUT_SECONDS`.
"""

from __future__ import annotations

import contextlib
import logging
import os
import selectors
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

log = logging.getLogger("ui.app")

EVDEV_DRIVERS = frozenset({"kmsdrm", "fbcon", "directfb", "vivante", "rpi"})
"""SDL video drivers whose touch and keys SDL reads from the kernel's input devices."""
SILENT_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL video drivers that have no input at all (scripts, tests, the gallery)."""
UNHEARD_INPUT_SECONDS = 0.05
"""How often the loop looks for input it cannot hear (a desktop window)."""
INPUT_DEVICES = Path("/dev/input")


def input_devices(folder: Path = INPUT_DEVICES) -> list[int]:
    """The kernel's input devices this process can read (the ones SDL reads too), opened
    without blocking; none when there is no such folder or none may be read."""
    opened: list[int] = []
    with contextlib.suppress(OSError):
        for path in sorted(folder.glob("event*")):
            with contextlib.suppress(OSError):
                opened.append(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
    return opened


class Doorbell:
    """The loop's sleep: `wait` until the bell rings, an input device has news, or a
    timeout. Use as a context manager, or call `close()` (safe twice).

    `driver` is the SDL video driver: it says where input comes from (`input_fds`, the
    devices to watch, are opened here for an evdev driver unless given).
    """

    def __init__(self, driver: str, input_fds: list[int] | None = None) -> None:
        self._read, self._write = os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(self._write, False)
        if input_fds is None:
            input_fds = input_devices() if driver in EVDEV_DRIVERS else []
        self._inputs = input_fds
        self.hears_input = driver in SILENT_DRIVERS or bool(input_fds)
        """True when a touch wakes `wait` (or there can be none)."""
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._read, selectors.EVENT_READ)
        for fd in input_fds:
            os.set_blocking(fd, False)  # `wait` reads what is there, never more
            self._selector.register(fd, selectors.EVENT_READ)
        self._closed = False
        # Ringing after `close` must not write into a file that reused the pipe's number;
        # re-entrant, since a signal handler rings on the thread that may be closing.
        self._lock = threading.RLock()
        if not self.hears_input:
            log.info("The %s driver's input is looked for every %.0f ms.", driver,
                     UNHEARD_INPUT_SECONDS * 1000)

    def ring(self) -> None:
        """Wake `wait` (from any thread or a signal handler; never waits, never raises)."""
        with self._lock:
            if self._closed:
                return  # nobody is left to wake
            with contextlib.suppress(OSError):  # a full pipe has rung already
                os.write(self._write, b"\0")

    def wait(self, timeout: float | None) -> bool:
        """Sleep until the bell rings, input comes or `timeout` seconds pass (None: no
        timeout, but at most `UNHEARD_INPUT_SECONDS` when input cannot be heard); True
        when something woke it."""
        if not self.hears_input:
            timeout = UNHEARD_INPUT_SECONDS if timeout is None else min(
                timeout, UNHEARD_INPUT_SECONDS)
        if self._closed:
            return False
        ready = self._selector.select(timeout)
        for key, _ in ready:
            self._drain(key.fd)
        return bool(ready)

    @contextlib.contextmanager
    def hearing_signals(self) -> Iterator[None]:
        """While inside, a signal rings the bell (its handler then runs in the loop's
        thread at once, not at the next timeout). Only the main thread can ask this; on
        another, nothing changes."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = signal.set_wakeup_fd(self._write, warn_on_full_buffer=False)
        try:
            yield
        finally:
            signal.set_wakeup_fd(previous)

    def close(self) -> None:
        """Close the pipe and the input devices. Safe to call twice."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._selector.close()
        for fd in (self._read, self._write, *self._inputs):
            with contextlib.suppress(OSError):
                os.close(fd)

    def __enter__(self) -> Doorbell:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def _drain(fd: int) -> None:
        """Read what woke us: the bell's bytes, or this process's copy of input events (SDL
        reads its own copy of the same events)."""
        with contextlib.suppress(OSError):
            while os.read(fd, 4096):
                pass


__all__ = ["EVDEV_DRIVERS", "SILENT_DRIVERS", "UNHEARD_INPUT_SECONDS", "Doorbell",
           "input_devices"]
