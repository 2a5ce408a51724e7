"""Small fakes of MicroPython's `machine`, `rp2`, `uctypes` and `micropython` modules.

`install()` puts them in `sys.modules` so the firmware imports on CPython.
The RP2040 itself (PIO state machines, DMA channels, the address space that
`machine.mem32` and `uctypes.addressof` see) is `tests.firmware.fake_rp2` and `fake_dma`;
its state machines take their time from a replaceable clock (`set_clock`),
so a test with a manual clock sees every step edge at its exact cycle.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any, ClassVar

from tests.firmware import fake_rp2
from tests.firmware.fake_dma import DMA
from tests.firmware.fake_rp2 import Mem32, StateMachine, addressof, advance_all, asm_pio

# -- machine -----------------------------------------------------------------


class Pin:
    """A pin shared by number: `Pin(6)` twice gives the same object."""

    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8
    bank: ClassVar[dict[int, Pin]] = {}

    def __new__(cls, number: int, *args: Any, **kwargs: Any) -> Pin:
        pin = cls.bank.get(number)
        if pin is None:
            pin = super().__new__(cls)
            pin.number = number
            pin.level = 1 if (len(args) > 1 and args[1] == Pin.PULL_UP) else 0
            pin.handler = None
            pin.trigger = 0
            pin.listeners = []
            cls.bank[number] = pin
        return pin

    def __init__(self, number: int, mode: int = 0, pull: int | None = None,
                 value: int | None = None) -> None:
        self.init(mode, pull, value)

    def init(self, mode: int = 0, pull: int | None = None, value: int | None = None) -> None:
        """(Re)configure: `pull` is PULL_UP, PULL_DOWN or None (none).

        An input whose pull changes follows it (nothing in the tests drives an
        input against its pull): a floating pin pulled up rises, with the edge
        (and interrupt) that brings.
        """
        changed = pull != getattr(self, "pull", None)
        self.mode = mode
        self.pull = pull
        if value is not None:
            self.value(value)
        elif changed and mode == Pin.IN and pull is not None:
            self.drive(1 if pull == Pin.PULL_UP else 0)

    def value(self, level: int | bool | None = None) -> int:
        """Read, or set (firing listeners and the IRQ on a change)."""
        if level is None:
            advance_all()
            return self.level
        self.drive(int(bool(level)))
        return self.level

    def drive(self, level: int) -> None:
        """Change the level as the outside world would."""
        old = self.level
        self.level = level
        if old == level:
            return
        for listener in list(self.listeners):
            listener(self, level)
        edge = Pin.IRQ_RISING if level else Pin.IRQ_FALLING
        if self.handler is not None and self.trigger & edge:
            self.handler(self)

    def irq(self, handler: Callable[[Pin], None] | None = None, trigger: int = 0,
            hard: bool = False) -> None:
        """Register the edge handler (called synchronously on the change, soft or hard)."""
        self.handler = handler
        self.trigger = trigger
        self.hard = hard


class UART:
    """A receive-only UART fed by `inject()`."""

    instances: ClassVar[dict[int, UART]] = {}

    def __init__(self, number: int, baudrate: int = 9600, rx: Any = None) -> None:
        self.buffer = bytearray()
        UART.instances[number] = self

    def inject(self, data: bytes) -> None:
        """Bytes arriving from the device."""
        self.buffer.extend(data)

    def any(self) -> int:
        """Bytes waiting."""
        return len(self.buffer)

    def read(self) -> bytes:
        """Everything waiting."""
        data = bytes(self.buffer)
        self.buffer.clear()
        return data


class WDT:
    """The watchdog: records feeds."""

    def __init__(self, timeout: int = 5000) -> None:
        self.timeout = timeout
        self.feeds = 0

    def feed(self) -> None:
        """Reset the countdown."""
        self.feeds += 1


def machine_reset() -> None:
    """A reset ends the firmware's loop in tests."""
    raise SystemExit("machine.reset")


# -- installation ------------------------------------------------------------


def install() -> None:
    """Register the fake modules (idempotent)."""
    if "machine" in sys.modules and getattr(sys.modules["machine"], "IS_FAKE", False):
        return
    machine = types.ModuleType("machine")
    machine.IS_FAKE = True  # type: ignore[attr-defined]
    machine.Pin = Pin  # type: ignore[attr-defined]
    machine.UART = UART  # type: ignore[attr-defined]
    machine.WDT = WDT  # type: ignore[attr-defined]
    machine.reset = machine_reset  # type: ignore[attr-defined]
    machine.mem32 = Mem32()  # type: ignore[attr-defined]
    uctypes = types.ModuleType("uctypes")
    uctypes.addressof = addressof  # type: ignore[attr-defined]
    rp2 = types.ModuleType("rp2")
    rp2.PIO = types.SimpleNamespace(OUT_LOW=0, OUT_HIGH=1, JOIN_TX=1, JOIN_RX=2)  # type: ignore[attr-defined]
    rp2.asm_pio = asm_pio  # type: ignore[attr-defined]
    rp2.StateMachine = StateMachine  # type: ignore[attr-defined]
    rp2.DMA = DMA  # type: ignore[attr-defined]
    micropython = types.ModuleType("micropython")
    micropython.kbd_intr_calls = []  # type: ignore[attr-defined]
    micropython.kbd_intr = micropython.kbd_intr_calls.append  # type: ignore[attr-defined]
    micropython.const = lambda value: value  # type: ignore[attr-defined]
    micropython.native = lambda function: function  # type: ignore[attr-defined]
    micropython.viper = lambda function: function  # type: ignore[attr-defined]
    micropython.emergency_buffers = []  # type: ignore[attr-defined]
    micropython.alloc_emergency_exception_buf = micropython.emergency_buffers.append  # type: ignore[attr-defined]
    sys.modules.update(machine=machine, rp2=rp2, uctypes=uctypes, micropython=micropython)


def reset() -> None:
    """Forget every pin, UART, state machine, DMA channel and buffer (between tests)."""
    with fake_rp2.lock:
        Pin.bank.clear()
        UART.instances.clear()
        fake_rp2.reset()


def set_clock(source: Callable[[], float]) -> None:
    """Drive the state machines from another clock (seconds)."""
    fake_rp2.set_clock(source)


class ManualClock:
    """A clock for the fakes and the firmware that moves only when told."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __call__(self) -> float:
        return self.seconds

    def ms(self) -> int:
        """The time in whole milliseconds (the firmware's `ticks_ms`)."""
        return int(self.seconds * 1000)

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        self.seconds += seconds
