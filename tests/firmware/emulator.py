"""The firmware on an emulated RP2040: MicroPython on rp2040js, its USB serial on a pty.

`EmulatedPico` starts `rp2040_emulator.mjs` under Node with the MicroPython
image kept in `tests/firmware/emulator/` (built by
`scripts/build-micropython-image`) and a littlefs image made here from the
firmware files of the working tree, as `companion firmware install` copies
them. The chip's USB serial is bridged to a pty whose slave is reached
through a symlink named like the Pico's `/dev/serial/by-id/` entry, so the
host's real serial link (pyserial) talks to it. The GPIO inputs are driven
and the STEP, DIR and EN outputs read against the emulator's own clock: every
time here is emulated nanoseconds, never the wall clock.
"""

from __future__ import annotations

import hashlib
import json
import os
import selectors
import shutil
import subprocess
import threading
import time
import tty
from pathlib import Path
from typing import Any

from companion.app.commands.firmware import FIRMWARE_FILES

HERE = Path(__file__).resolve().parent
FIXTURE = HERE / "emulator"
IMAGE = FIXTURE / "firmware.uf2"
BOOTROM = FIXTURE / "bootrom-b1.bin"
SCRIPT = HERE / "rp2040_emulator.mjs"
FIRMWARE = HERE.parents[1] / "firmware"
BY_ID_NAME = "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00"
FS_BLOCK_SIZE = 4096
FS_BLOCK_COUNT = 352  # MicroPython's rp2 port: 1408 KB of flash at 0x100A0000
STEP_NS = 1000  # one cycle of the firmware's 1 MHz state machine


def node_available() -> bool:
    """True when Node and the rp2040js package are installed."""
    return shutil.which("node") is not None and (HERE.parents[1] / "node_modules" /
                                                  "rp2040js").is_dir()


def image_checksum_ok() -> bool:
    """The committed image is the one its SHA256SUMS names."""
    sums = (FIXTURE / "SHA256SUMS").read_text().split()
    expected = dict(zip(sums[1::2], sums[0::2], strict=True))
    return hashlib.sha256(IMAGE.read_bytes()).hexdigest() == expected["firmware.uf2"]


def littlefs_image(files: dict[str, bytes]) -> bytes:
    """A littlefs2 filesystem as MicroPython's rp2 port formats and mounts it."""
    from littlefs import LittleFS  # type: ignore[import-untyped]

    filesystem = LittleFS(block_size=FS_BLOCK_SIZE, block_count=FS_BLOCK_COUNT, prog_size=256,
                          read_size=32, lookahead_size=32, name_max=255)
    for name, data in files.items():
        with filesystem.open(name, "wb") as handle:
            handle.write(data)
    return bytes(filesystem.context.buffer)


def firmware_files(overrides: dict[str, bytes] | None = None) -> dict[str, bytes]:
    """The files `companion firmware install` copies, read from the working tree now."""
    files = {name: (FIRMWARE / name).read_bytes() for name in FIRMWARE_FILES}
    files.update(overrides or {})
    return files


class EmulatorError(RuntimeError):
    """The emulator stopped, or did not answer in time."""


class ChipClock:
    """The emulated chip's time as a `device.clock.Clock`, for the host's serial link.

    The emulator sends its time every 10 ms of it. A link timed on it waits as
    long as the chip needs, however slowly a busy machine runs the emulator.
    """

    def __init__(self, changed: threading.Condition) -> None:
        self.nanos = 0
        self._changed = changed

    def now(self) -> float:
        """The chip's time in seconds, as last sent."""
        return self.nanos / 1e9

    def sleep(self, seconds: float) -> None:
        """Wait until `seconds` of the chip's time have passed."""
        until = self.nanos + seconds * 1e9
        with self._changed:
            self._changed.wait_for(lambda: self.nanos >= until)


class EmulatedPico:
    """An emulated Pico running the firmware, its USB serial on a pty."""

    def __init__(self, folder: Path, files: dict[str, bytes] | None = None) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        fs_image = folder / "littlefs.img"
        fs_image.write_bytes(littlefs_image(files or firmware_files()))
        self.by_id = folder / "serial" / "by-id"
        self.by_id.mkdir(parents=True, exist_ok=True)
        self.path = self.by_id / BY_ID_NAME
        to_chip_read, self._to_chip = os.pipe()
        self._from_chip, from_chip_write = os.pipe()
        self.process = subprocess.Popen(
            ["node", str(SCRIPT), str(IMAGE), str(BOOTROM), str(fs_image), str(to_chip_read),
             str(from_chip_write)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=(folder / "node.log").open("wb"),
            pass_fds=(to_chip_read, from_chip_write), text=True, bufsize=1)
        os.close(to_chip_read)
        os.close(from_chip_write)
        self._next_id = 0
        self._answers: dict[int, dict[str, Any]] = {}
        self.events: list[dict[str, Any]] = []
        self._lock = threading.Condition()
        self.clock = ChipClock(self._lock)
        self._master: int | None = None
        self._generation = 0
        self._slave: int | None = None
        self._closing = False
        self.from_chip = bytearray()  # everything the chip sent, for the tests' diagnostics
        self._reader = threading.Thread(target=self._read_replies, daemon=True)
        self._reader.start()
        self._bridge = threading.Thread(target=self._bridge_loop, daemon=True)
        self._bridge.start()
        self.plug()

    # -- the control channel ---------------------------------------------------
    def _read_replies(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            message = json.loads(line)
            with self._lock:
                if "clock" in message:
                    self.clock.nanos = int(message["clock"])
                elif "id" in message:
                    self._answers[message["id"]] = message
                else:
                    self.events.append(message)
                self._lock.notify_all()
            if message.get("event") == "reset":
                # A reset takes the chip off the bus: the host's port goes away, and
                # comes back when the new boot enumerates (a thread: this one reads
                # the answers those commands wait for).
                threading.Thread(target=self._replug, daemon=True).start()
        with self._lock:
            self._closing = True
            self._lock.notify_all()

    def command(self, op: str, timeout_s: float = 120.0, **fields: Any) -> dict[str, Any]:
        """Send one command to the emulator and wait for its answer."""
        with self._lock:
            self._next_id += 1
            ident = self._next_id
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(json.dumps({"id": ident, "op": op, **fields}) + "\n")
            self.process.stdin.flush()
        except BrokenPipeError as error:
            raise EmulatorError(self.diagnostics()) from error
        deadline = time.monotonic() + timeout_s
        with self._lock:
            while ident not in self._answers:
                left = deadline - time.monotonic()
                if self._closing or left <= 0:
                    raise EmulatorError(f"no answer to {op}: " + self.diagnostics())
                self._lock.wait(left)
            answer = self._answers.pop(ident)
        if "error" in answer:
            raise EmulatorError(answer["error"])
        return answer

    def diagnostics(self) -> str:
        """The end of the emulator's log and of what the chip printed."""
        log = (self.folder / "node.log").read_text(errors="replace")[-2000:]
        return f"node log: {log!r}; chip said: {bytes(self.from_chip[-600:])!r}"

    def wait_event(self, kind: str, after: int = 0, timeout_s: float = 120.0) -> dict[str, Any]:
        """The first event of `kind` from index `after` of `events`, waiting for it."""
        deadline = time.monotonic() + timeout_s
        with self._lock:
            while True:
                for event in self.events[after:]:
                    if event.get("event") == kind:
                        return event
                left = deadline - time.monotonic()
                if self._closing or left <= 0:
                    raise EmulatorError(f"no {kind} event: " + self.diagnostics())
                self._lock.wait(left)

    # -- time: emulated only ---------------------------------------------------
    def nanos(self) -> int:
        """The emulator's clock."""
        return int(self.command("time")["nanos"])

    def run_for(self, seconds: float) -> None:
        """Wait until the chip has run `seconds` of its own time."""
        self.command("run", ns=int(seconds * 1e9), timeout_s=120 + seconds * 200)

    # -- the USB cable ------------------------------------------------------------
    def plug(self) -> None:
        """A new pty for the host, DTR as a host asserts it when it opens the port."""
        master, slave = os.openpty()
        tty.setraw(master)
        tty.setraw(slave)
        with self._lock:
            self._master, self._slave = master, slave
            self._generation += 1
        if self.path.is_symlink():
            self.path.unlink()
        self.path.symlink_to(os.ttyname(slave))
        self.command("dtr", on=True)

    def _replug(self) -> None:
        try:
            self.unplug()
            self.plug()
        except EmulatorError:  # stopped meanwhile
            pass

    def unplug(self) -> None:
        """Pull the cable: the port vanishes for the host, the chip sees its host leave."""
        self.command("dtr", on=False)
        with self._lock:
            master, slave = self._master, self._slave
            self._master = self._slave = None
            self._generation += 1
        if self.path.is_symlink():
            self.path.unlink()
        for fd in (master, slave):
            if fd is not None:
                os.close(fd)

    def _bridge_loop(self) -> None:
        """Bytes between the pty and the emulator's USB serial, both ways."""
        selector = selectors.DefaultSelector()
        selector.register(self._from_chip, selectors.EVENT_READ)
        registered: int | None = None
        generation = -1
        while not self._closing:
            with self._lock:
                master, current = self._master, self._generation
            if current != generation:  # a new pty (its fd number may be the old one's)
                if registered is not None:
                    try:  # noqa: SIM105 - closed already: epoll forgot it by itself
                        selector.unregister(registered)
                    except (KeyError, ValueError, OSError):
                        pass
                registered = None
                if master is not None:
                    selector.register(master, selectors.EVENT_READ)
                    registered = master
                generation = current
            for key, _ in selector.select(0.05):
                try:
                    data = os.read(key.fd, 4096)
                except OSError:  # the pty is being closed (unplug) or its host side closed
                    data = b""
                if key.fd == self._from_chip:
                    if not data:
                        return
                    self.from_chip += data
                    if master is not None:
                        try:  # noqa: SIM105 - a cable pulled meanwhile: the bytes are lost
                            os.write(master, data)
                        except OSError:
                            pass
                elif data:
                    os.write(self._to_chip, data)
                else:  # nothing to read after all (the host closed its side)
                    time.sleep(0.01)

    # -- the world: rotor, sensors, button ----------------------------------------
    def rotor(self, steps_per_turn: int, flag_steps: int, rotor: int,
              bounce_ns: list[int] | None = None, active_low: bool = True) -> None:
        """Put a rotor with a home flag on the motor; the home sensor follows it."""
        self.command("rotor", steps_per_turn=steps_per_turn, flag_steps=flag_steps, rotor=rotor,
                     bounce=bounce_ns or [], active_low=active_low)

    def where(self) -> dict[str, Any]:
        """The rotor's angle in steps (from the flag's start) and the sensor's state."""
        return self.command("where")

    def reset(self, at_connect: bytes = b"") -> None:
        """Reset the chip (its flash kept) and wait until it is on the bus again.

        `at_connect` is sent the moment the new boot enumerates, long before main.py runs.
        """
        boots = self.nanos_and_boots()[1]
        self.command("at_connect", bytes=list(at_connect))
        after = len(self.events)
        self.command("reset")
        self.wait_event("boot", after)
        self.wait_event("usb", after)
        assert self.nanos_and_boots()[1] == boots + 1

    def hang(self) -> int:
        """Stop the core where it is (a lockup); returns when (emulated ns).

        The watchdog is then fed no more: rp2040js counts it down on the emulated
        clock and the chip resets when it reaches zero, as on a Pico (a `reset`
        event with reason "timer"; the port is replugged as for any reset).
        """
        return int(self.command("hang")["nanos"])

    def nanos_and_boots(self) -> tuple[int, int]:
        """The emulator's clock and how many times the chip has booted."""
        answer = self.command("time")
        return int(answer["nanos"]), int(answer["boots"])

    def wave(self, pin: int, changes: list[tuple[int, bool]]) -> None:
        """Set an input pin at times from now (emulated ns)."""
        self.command("wave", pin=pin, changes=[[delay, value] for delay, value in changes])

    def take_edges(self) -> dict[str, Any]:
        """STEP rising edges since the last call: [nanos, dir, enable], FIFO stalls, overflows."""
        return self.command("edges")

    def pins(self) -> dict[str, int]:
        """The pins' states (rp2040js's GPIOPinState: 0 low, 1 high, 2.. an input)."""
        return dict(self.command("pins")["pins"])

    def dma(self) -> dict[str, Any]:
        """The DMA channels' registers and PIO0's FDEBUG."""
        return self.command("dma")

    def close(self) -> None:
        """Stop the emulator and the bridge."""
        if self.process.poll() is None:
            try:
                assert self.process.stdin is not None
                self.process.stdin.close()
            except OSError:
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._closing = True
        self.unplug_quietly()
        os.close(self._to_chip)
        self._bridge.join(timeout=2)
        os.close(self._from_chip)

    def unplug_quietly(self) -> None:
        """Close the pty without telling the (stopped) emulator."""
        with self._lock:
            master, slave = self._master, self._slave
            self._master = self._slave = None
        for fd in (master, slave):
            if fd is not None:
                os.close(fd)
