"""Small fakes of MicroPython's `machine`, `rp2` and `micropython` modules.

`install()` puts them in `sys.modules` so the firmware imports on CPython.
The fake `rp2.StateMachine` really runs the PIO program (pull, mov, set,
jmp x_dec): time for it comes from `rp2.clock` (seconds, replaceable), so a
test with a manual clock sees every step edge at its exact cycle.
"""

from __future__ import annotations

import sys
import threading
import time
import types
from collections.abc import Callable
from typing import Any, ClassVar

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
        """(Re)configure: `pull` is PULL_UP, PULL_DOWN or None (none)."""
        self.mode = mode
        self.pull = pull
        if value is not None:
            self.value(value)

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


# -- rp2 ---------------------------------------------------------------------


class Instruction:
    """One PIO instruction; `[n]` adds n delay cycles."""

    def __init__(self, op: str, *args: Any) -> None:
        self.op = op
        self.args = args
        self.delay = 0

    def __getitem__(self, delay: int) -> Instruction:
        self.delay = delay
        return self


class Program:
    """An assembled PIO program: instructions and label addresses."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        self.instructions: list[Instruction] = []
        self.labels: dict[str, int] = {}


def asm_pio(**options: Any) -> Callable[[Callable[[], None]], Program]:
    """Assemble a program by running its function with the instruction names bound."""

    def assemble(function: Callable[[], None]) -> Program:
        program = Program(options)

        def emit(op: str) -> Callable[..., Instruction]:
            def make(*args: Any) -> Instruction:
                instruction = Instruction(op, *args)
                program.instructions.append(instruction)
                return instruction

            return make

        def label(name: str) -> None:
            program.labels[name] = len(program.instructions)

        names = {name: emit(name) for name in ("pull", "mov", "set", "jmp", "nop")}
        names.update(label=label, block="block", noblock="noblock", x="x", osr="osr",
                     pins="pins", x_dec="x_dec")
        scope = function.__globals__
        saved = {name: scope[name] for name in names if name in scope}
        scope.update(names)
        try:
            function()
        finally:
            for name in names:
                scope.pop(name, None)
            scope.update(saved)
        return program

    return assemble


class StateMachine:
    """Runs a program lazily, catching up to `rp2.clock()` whenever it is touched."""

    running: ClassVar[list[StateMachine]] = []
    lock = threading.RLock()

    def __init__(self, number: int, program: Program, freq: int = 125_000_000,
                 set_base: Pin | None = None) -> None:
        self.number = number
        self.edges: list[tuple[int, int]] = []
        self.dma: DMA | None = None
        self.init(program, freq, set_base)
        StateMachine.running.append(self)

    def init(self, program: Program, freq: int = 125_000_000, set_base: Pin | None = None) -> None:
        """(Re)configure: clears the FIFO, the registers and the program counter."""
        with StateMachine.lock:
            self.program = program
            self.freq = freq
            self.set_base = set_base
            self.fifo: list[int] = []
            if any(dma.running and dma.target is self for dma in DMA.channels):
                raise AssertionError("init() while a DMA still feeds the state machine")
            self.depth = 8 if program.options.get("fifo_join") else 4
            self.pc = 0
            self.x = 0
            self.osr = 0
            self.enabled = False
            self.cycle = 0
            self.last_time = clock()
            self._advancing = False

    def active(self, on: int | None = None) -> int:
        """Start or stop the machine."""
        with StateMachine.lock:
            self.advance()
            if on is not None:
                self.enabled = bool(on)
                self.last_time = clock()
            return int(self.enabled)

    def put(self, word: int) -> None:
        """Push a word (the real call blocks when full; the firmware never lets it be)."""
        with StateMachine.lock:
            self.advance()
            if len(self.fifo) >= self.depth:
                raise AssertionError("put() on a full TX FIFO would block the firmware")
            self.fifo.append(word & 0xFFFFFFFF)

    def tx_fifo(self) -> int:
        """Words waiting in the TX FIFO."""
        with StateMachine.lock:
            self.advance()
            self._refill()
            return len(self.fifo)

    def _refill(self) -> None:
        """The DMA channel paced by this FIFO keeps it full while it has words.

        A channel that ends starts the one it is chained to (which then feeds
        the FIFO, if it writes here), as the hardware does.
        """
        while len(self.fifo) < self.depth:
            dma = self.dma
            if dma is None or not dma.running:
                return
            self.fifo.append(dma.next_word())
            if dma.remaining == 0:
                dma.finish()

    def exec(self, source: str) -> None:
        """Execute one instruction at once (only `set(pins, n)` is needed)."""
        if source.replace(" ", "") not in ("set(pins,0)", "set(pins,1)"):
            raise ValueError(f"the fake rp2 cannot exec {source!r}")
        self._set_pins(int(source.replace(" ", "")[-2]))

    def advance(self) -> None:
        """Run the cycles that have elapsed since the last call."""
        with StateMachine.lock:
            now = clock()
            budget = int((now - self.last_time) * self.freq)
            if self._advancing or budget <= 0:
                return
            self.last_time += budget / self.freq
            if not self.enabled:
                return
            self._advancing = True
            try:
                self._run(budget)
            finally:
                self._advancing = False

    def _run(self, budget: int) -> None:
        instructions = self.program.instructions
        while budget > 0:
            instruction = instructions[self.pc]
            op, args = instruction.op, instruction.args
            if op == "jmp" and args[0] == "x_dec" and self.program.labels[args[1]] == self.pc:
                # A tight countdown loop: fast-forward it.
                loops = min(self.x, budget)
                self.x -= loops
                self.cycle += loops
                budget -= loops
                if budget == 0:
                    return
            if op == "pull":
                self._refill()
                if not self.fifo:
                    self.cycle += budget  # stalled: time passes, nothing happens
                    return
                self.osr = self.fifo.pop(0)
            cost = 1 + instruction.delay
            self.cycle += 1
            self._execute(instruction)
            self.cycle += cost - 1
            budget -= cost

    def _execute(self, instruction: Instruction) -> None:
        op, args = instruction.op, instruction.args
        next_pc = self.pc + 1
        if op == "mov":
            self.x = self.osr
        elif op == "set":
            self._set_pins(args[1])
        elif op == "jmp":
            if self.x != 0:
                next_pc = self.program.labels[args[1]]
            self.x = (self.x - 1) & 0xFFFFFFFF
        self.pc = next_pc % len(self.program.instructions)

    def _set_pins(self, level: int) -> None:
        self.edges.append((self.cycle, level))
        if len(self.edges) > 100_000:
            del self.edges[:50_000]
        if self.set_base is not None:
            self.set_base.drive(level)


class DMA:
    """A DMA channel that can feed a fake state machine's TX FIFO (paced by it).

    As on the RP2040, the transfer count read back (`count`) is the live
    counter: it is loaded from the configured count only when the channel is
    triggered, so a channel configured but not started yet still shows what
    its last transfer left. A channel that ends triggers its `chain_to`
    channel unless that is itself.
    """

    channels: ClassVar[list[DMA]] = []

    def __init__(self) -> None:
        self.channel = len(DMA.channels)
        DMA.channels.append(self)
        self.words: list[int] = []
        self.reload = 0  # the configured count, loaded when triggered
        self.remaining = 0  # the live counter
        self.running = False
        self.index = 0
        self.inc_read = True
        self.chain_to = self.channel
        self.target: StateMachine | None = None

    def pack_ctrl(self, **fields: Any) -> dict[str, Any]:
        """The control fields, kept as a dict (the real one packs a register)."""
        return fields

    def config(self, read: Any = None, write: Any = None, count: int | None = None,
               ctrl: dict[str, Any] | None = None, trigger: bool = False) -> None:
        """Only what the firmware uses: words from a buffer to a state machine's FIFO."""
        ctrl = ctrl or {}
        if not isinstance(write, StateMachine) or ctrl.get("inc_write", True):
            raise ValueError("the fake DMA only writes to a state machine's FIFO")
        tx_dreq = (write.number >> 2) * 8 + (write.number & 3)  # RP2040 datasheet 2.5.3.1
        if ctrl.get("size") != 2 or ctrl.get("treq_sel") != tx_dreq:
            raise ValueError("the fake DMA moves words paced by the state machine's TX DREQ")
        with StateMachine.lock:
            write.advance()
            if self.running:
                raise ValueError("the fake DMA was configured while it runs")
            self.words = list(read)
            self.inc_read = bool(ctrl.get("inc_read", True))
            if self.inc_read and len(self.words) < (count or 0):
                raise ValueError("the DMA would read past the end of its buffer")
            chain_to = ctrl.get("chain_to", self.channel)
            if not 0 <= chain_to < len(DMA.channels):
                raise ValueError(f"chain_to names no channel: {chain_to}")
            self.chain_to = chain_to
            self.reload = count or 0
            self.target = write
            if trigger:
                self.trigger()

    def trigger(self) -> None:
        """Start: load the live counter and feed the target's FIFO."""
        self.index = 0
        self.remaining = self.reload
        self.running = self.remaining > 0
        if self.target is not None:
            if self.running:
                self.target.dma = self
                self.target._refill()
            else:
                self.finish()

    def finish(self) -> None:
        """The last word was moved: stop, and start the chained channel."""
        self.running = False
        if self.chain_to != self.channel:
            DMA.channels[self.chain_to].trigger()

    def next_word(self) -> int:
        """The next word to move (as the hardware reads it)."""
        word = self.words[self.index]
        if self.inc_read:
            self.index += 1
        self.remaining -= 1
        return word & 0xFFFFFFFF

    @property
    def count(self) -> int:
        """The live transfer counter (stale until the channel is triggered)."""
        with StateMachine.lock:
            if self.target is not None:
                self.target.advance()
                self.target._refill()
            return self.remaining

    def active(self, on: int | None = None) -> bool:
        """Abort with 0 (the live counter keeps what was left); True while running."""
        with StateMachine.lock:
            if self.target is not None:
                self.target.advance()
                self.target._refill()
            if on is not None and not on:
                self.running = False
            return self.running


def advance_all() -> None:
    """Bring every state machine up to now (before a sensor is read)."""
    for machine in list(StateMachine.running):
        machine.advance()


clock: Callable[[], float] = time.monotonic


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
    micropython.emergency_buffers = []  # type: ignore[attr-defined]
    micropython.alloc_emergency_exception_buf = micropython.emergency_buffers.append  # type: ignore[attr-defined]
    sys.modules.update(machine=machine, rp2=rp2, micropython=micropython)


def reset() -> None:
    """Forget every pin, UART and state machine (between tests)."""
    global clock
    with StateMachine.lock:
        Pin.bank.clear()
        UART.instances.clear()
        StateMachine.running.clear()
        DMA.channels.clear()
        clock = time.monotonic


def set_clock(source: Callable[[], float]) -> None:
    """Drive the state machines from another clock (seconds)."""
    global clock
    clock = source


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
