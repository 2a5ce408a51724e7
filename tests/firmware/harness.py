"""The firmware's main loop on a pseudo-terminal, with fault switches.

`PtyBoard` plays a Pico plugged in by USB: the firmware's `Controller` runs
in a thread on the master side of a pty, the host opens the slave side with
pyserial through a symlink named like a `/dev/serial/by-id/` entry. Fault
switches (as OctoPrint's virtual printer has) corrupt, drop or delay frames
in both directions, and `unplug()` / `replug()` close the pty and open a new
one, as pulling the cable does.

The fake Pico keeps its own time (`PicoClock`): the firmware's `ticks_ms`
and the state machines run on it, and it passes only while the fake's loop
runs. A machine under load that holds the whole test process up for a
second is not a second of the Pico's time, so the firmware does not take
it for link silence, nor a debounce for a press the test made later.
"""

from __future__ import annotations

import os
import random
import select
import sys
import threading
import time
import tty
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.firmware import fakes

fakes.install()

from firmware import main as firmware_main  # noqa: E402
from firmware import sensors as firmware_sensors  # noqa: E402
from firmware.board import Board  # noqa: E402
from tests.firmware.world import SpinnerWorld  # noqa: E402

BY_ID_NAME = "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00"
MAX_PASS_S = 0.05
"""The most of the Pico's time one pass of its loop takes: an idle pass waits about 1 ms,
a pass held up longer was held up by the machine (the Pico's own stalls stay far shorter)."""


class PicoClock:
    """The fake Pico's time: it passes with the passes of its loop, and when a test says.

    Each pass adds the wall time since the one before, at most MAX_PASS_S:
    a pause of the test process (another program had the CPU) is not time
    the Pico lived through, as it is not for the emulated RP2040's clock.
    """

    def __init__(self, wall: Callable[[], float] = time.monotonic) -> None:
        self.seconds = 0.0
        self._wall = wall
        self._lock = threading.Lock()
        self._last_pass = wall()

    def __call__(self) -> float:
        """Seconds (the state machines' clock)."""
        return self.seconds

    def ms(self) -> int:
        """Milliseconds, wrapping as MicroPython's `ticks_ms` (the firmware's clock)."""
        return int(self.seconds * 1000) % firmware_sensors.TICKS_PERIOD

    def tick(self) -> None:
        """One pass of the loop: the wall time it took, at most MAX_PASS_S."""
        now = self._wall()
        with self._lock:
            self.seconds += min(max(now - self._last_pass, 0.0), MAX_PASS_S)
            self._last_pass = now

    def advance(self, seconds: float) -> None:
        """Let `seconds` of the Pico's time pass now (a test waiting as a person would)."""
        with self._lock:
            self.seconds += seconds

    def now(self) -> float:
        """Seconds, as a `device.clock.Clock`: the host's link can time its waits on the
        Pico's time, so a pause of the test process does not look like a silent board."""
        return self.seconds

    def sleep(self, seconds: float) -> None:
        """Wait until `seconds` of the Pico's time have passed (its loop must be running)."""
        until = self.seconds + seconds
        while self.seconds < until:
            time.sleep(0.0005)


@dataclass
class Faults:
    """Fault switches, each a probability per frame (or per byte for `corrupt_bytes`)."""

    corrupt: float = 0.0
    drop: float = 0.0
    delay: float = 0.0
    delay_s: float = 0.02
    corrupt_bytes: float = 0.0
    seed: int = 7


class FaultyPort:
    """The firmware's side of the pty; damages traffic as the switches say."""

    def __init__(self, faults: Faults) -> None:
        self.faults = faults
        self.random = random.Random(faults.seed)
        self.fd: int | None = None
        self._delayed: list[tuple[float, bytes]] = []
        self.written = 0
        self.damaged = 0

    def damage(self, data: bytes) -> bytes | None:
        """Apply the switches to one frame (or one received chunk)."""
        faults, rng = self.faults, self.random
        if faults.drop and rng.random() < faults.drop:
            self.damaged += 1
            return None
        out = bytearray(data)
        if faults.corrupt and out and rng.random() < faults.corrupt:
            out[rng.randrange(len(out))] ^= rng.randrange(1, 256)
            self.damaged += 1
        if faults.corrupt_bytes:
            for index in range(len(out)):
                if rng.random() < faults.corrupt_bytes:
                    out[index] ^= rng.randrange(1, 256)
        return bytes(out)

    def read(self, wait_ms: int) -> bytes:
        """What the host sent, after the fault switches."""
        self._flush_delayed()
        fd = self.fd
        if fd is None:
            time.sleep(wait_ms / 1000)
            return b""
        try:
            ready, _, _ = select.select([fd], [], [], wait_ms / 1000)
            data = os.read(fd, 4096) if ready else b""
        except OSError:  # the host side is closed: like a cable with nobody listening
            time.sleep(wait_ms / 1000)
            return b""
        return (self.damage(data) or b"") if data else b""

    def write(self, data: bytes) -> None:
        """Send one frame to the host, after the fault switches."""
        damaged = self.damage(data)
        if damaged is None:
            return
        if self.faults.delay and self.random.random() < self.faults.delay:
            self._delayed.append((time.monotonic() + self.faults.delay_s, damaged))
            return
        self._send(damaged)

    def _flush_delayed(self) -> None:
        now = time.monotonic()
        while self._delayed and self._delayed[0][0] <= now:
            self._send(self._delayed.pop(0)[1])

    def _send(self, data: bytes) -> None:
        fd = self.fd
        if fd is None:
            return
        try:
            os.write(fd, data)
            self.written += len(data)
        except OSError:
            pass  # nobody on the other end: the bytes are lost, as on a real cable


class PtyBoard:
    """A fake Pico on a pty; `path` is its by-id style name for the host."""

    def __init__(self, folder: Path, faults: Faults | None = None, **world: object) -> None:
        fakes.install()
        fakes.reset()
        # CPython hands the GIL over every 5 ms by default, a long pause next to the
        # tests' 30 ms ack timeout. The Pico's loop has no such pause; keep the fake
        # close to it. (The steps themselves do not depend on it: the DMA feeds them.)
        self._switch_interval = sys.getswitchinterval()
        sys.setswitchinterval(0.0002)
        self.faults = faults or Faults()
        self.world = SpinnerWorld(**world)  # type: ignore[arg-type]
        self.clock = PicoClock()
        fakes.set_clock(self.clock)
        self.port = FaultyPort(self.faults)
        self.board = Board()
        self.controller = self._boot()
        self.path = folder / BY_ID_NAME
        self.lock = threading.Lock()
        self._slave: int | None = None
        self._stop = threading.Event()
        self.paused = threading.Event()
        self.plugged = False
        self.plug()
        self.thread = threading.Thread(target=self._run, name="fake-pico", daemon=True)
        self.thread.start()

    def plug(self) -> None:
        """Connect: a new pty pair, and the by-id symlink pointing at it."""
        master, slave = os.openpty()
        tty.setraw(slave)
        tty.setraw(master)
        self._slave = slave
        if self.path.is_symlink():
            self.path.unlink()
        self.path.symlink_to(os.ttyname(slave))
        self.port.fd = master
        self.plugged = True

    def unplug(self) -> None:
        """Pull the cable: the symlink goes, both ends of the pty close."""
        with self.lock:
            if not self.plugged:
                return
            self.plugged = False
            if self.path.is_symlink():
                self.path.unlink()
            master, self.port.fd = self.port.fd, None
            for fd in (master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._slave = None

    def replug(self, reboot: bool = False) -> None:
        """Plug back in; `reboot` also restarts the firmware (as a power cut does)."""
        with self.lock:
            if reboot:
                self.controller = self._boot()
            self.plug()

    def _boot(self) -> firmware_main.Controller:
        return firmware_main.Controller(self.port, self.board, clock=self.clock.ms,
                                        watchdog=fakes.WDT())

    def _run(self) -> None:
        while not self._stop.is_set():
            if self.paused.is_set():  # a hung firmware: nothing is read or answered
                time.sleep(0.001)
                continue
            with self.lock:
                self.clock.tick()
                self.controller.step()
            if not self.controller.busy():
                time.sleep(0.0005)  # leave the CPU to the host while idle

    def send_raw(self, data: bytes) -> None:
        """Bytes from the board that bypass the firmware (noise on the line)."""
        if self.port.fd is not None:
            os.write(self.port.fd, data)

    def close(self) -> None:
        """Stop the firmware thread and close the pty (idempotent)."""
        if self._stop.is_set():
            return
        self._stop.set()
        self.thread.join(timeout=5)
        self.unplug()
        sys.setswitchinterval(self._switch_interval)
        fakes.set_clock(time.monotonic)
