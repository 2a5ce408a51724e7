"""A small fake of the RP2040 the firmware drives: PIO state machines and the address space.

The fake `rp2.StateMachine` really runs the PIO program (pull, mov, set,
jmp x_dec): time for it comes from `clock` (seconds, replaceable), so a test
with a manual clock sees every step edge at its exact cycle. Its TX FIFO is
kept full by the DMA channel paced by its DREQ (`tests.firmware.fake_dma`);
a bus write into the full FIFO is dropped and sets FDEBUG.TXOVER, as on the
chip.

Memory is an address space (`MEMORY`): buffers get RAM addresses from
`uctypes.addressof`, and the DMA and PIO registers sit at their RP2040
addresses, reachable with `machine.mem32` and by a DMA channel's writes.
"""

from __future__ import annotations

import bisect
import threading
import time
from array import array
from collections.abc import Callable
from typing import Any, ClassVar

RAM_BASE = 0x20000000
DMA_BASE = 0x50000000  # channel n's registers at DMA_BASE + 0x40 * n
DMA_CHANNEL_SIZE = 0x40
PIO_BASES = (0x50200000, 0x50300000)
PIO_FDEBUG = 0x008
PIO_TXF0 = 0x010
PIO_SM0_ADDR = 0x0D4
PIO_SM_STRIDE = 0x18
TREQ_PERMANENT = 0x3F
clock: Callable[[], float] = time.monotonic
lock = threading.RLock()
CHANNELS: list[Any] = []
"""The claimed DMA channels (`fake_dma.DMA`), by number."""


# -- the address space ---------------------------------------------------------


class Memory:
    """RAM buffers by address, and the peripheral registers the firmware touches."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        """Forget every buffer and flag (between tests)."""
        self._by_id: dict[int, tuple[int, Any]] = {}
        self._starts: list[int] = []
        self._regions: list[tuple[int, int, Any]] = []
        self._next = RAM_BASE + 0x1000
        self.fdebug = [0, 0]

    def address_of(self, target: Any) -> int:
        """The address of a buffer (given one at first use), a register view or an int."""
        if isinstance(target, int):
            return target
        if hasattr(target, "bus_address"):  # a register, or a state machine's TX FIFO
            return int(target.bus_address)
        known = self._by_id.get(id(target))
        if known is not None and known[1] is target:
            return known[0]
        size = memoryview(target).nbytes
        address = self._next
        self._next += (size + 15) // 16 * 16 + 16
        self._by_id[id(target)] = (address, target)  # kept alive: the id stays unique
        self._starts.append(address)
        self._regions.append((address, address + size, target))
        return address

    def read(self, address: int) -> int:
        """The word at `address`, as the bus returns it now."""
        if address >= DMA_BASE:
            return self._peripheral(address, None)
        index = bisect.bisect_right(self._starts, address) - 1
        if index < 0 or address + 4 > self._regions[index][1]:
            raise AssertionError(f"a read of 0x{address:08x}, outside every buffer")
        start, _, buffer = self._regions[index]
        offset = address - start
        if isinstance(buffer, array) and buffer.itemsize == 4 and offset % 4 == 0:
            return buffer[offset // 4] & 0xFFFFFFFF
        return int.from_bytes(memoryview(buffer).cast("B")[offset : offset + 4], "little")

    def write(self, address: int, value: int) -> None:
        """A bus write: only peripheral registers (the firmware's DMA never writes RAM)."""
        if address < DMA_BASE:
            raise AssertionError(f"a write to RAM at 0x{address:08x}: not expected")
        self._peripheral(address, value & 0xFFFFFFFF)

    def _peripheral(self, address: int, value: int | None) -> int:
        if DMA_BASE <= address < DMA_BASE + DMA_CHANNEL_SIZE * len(CHANNELS):
            channel = CHANNELS[(address - DMA_BASE) // DMA_CHANNEL_SIZE]
            offset = (address - DMA_BASE) % DMA_CHANNEL_SIZE
            if value is None:
                return channel.read_register(offset)
            channel.write_register(offset, value)
            return 0
        for pio, base in enumerate(PIO_BASES):
            if base <= address < base + 0x100:
                return self._pio(pio, address - base, value)
        raise AssertionError(f"an access to 0x{address:08x}, which the fake does not model")

    def _pio(self, pio: int, offset: int, value: int | None) -> int:
        if offset == PIO_FDEBUG:
            if value is not None:
                self.fdebug[pio] &= ~value  # write 1 to clear
            return self.fdebug[pio]
        if PIO_TXF0 <= offset < PIO_TXF0 + 16 and value is not None:
            StateMachine.find(4 * pio + (offset - PIO_TXF0) // 4).push(value)
            return 0
        index, rest = divmod(offset - PIO_SM0_ADDR, PIO_SM_STRIDE)
        if rest == 0 and 0 <= index < 4 and value is None:
            return StateMachine.find(4 * pio + index).address()
        raise AssertionError(f"PIO{pio} register 0x{offset:03x} is not modelled")


MEMORY = Memory()


class Mem32:
    """`machine.mem32`: word access to the address space."""

    def __getitem__(self, address: int) -> int:
        with lock:
            settle()
            return MEMORY.read(address)

    def __setitem__(self, address: int, value: int) -> None:
        with lock:
            settle()
            MEMORY.write(address, value)
            pump()


def addressof(buffer: Any) -> int:
    """`uctypes.addressof`: where a buffer sits in RAM."""
    return MEMORY.address_of(buffer)


# -- PIO -----------------------------------------------------------------------


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
    """Runs a program lazily, catching up to `clock()` whenever it is touched.

    The program sits at the top of the 32-word instruction memory (so its
    address is not 0, as on a Pico where other programs may be loaded).
    """

    running: ClassVar[list[StateMachine]] = []

    def __init__(self, number: int, program: Program, freq: int = 125_000_000,
                 set_base: Any = None) -> None:
        self.number = number
        self.edges: list[tuple[int, int]] = []
        self.init(program, freq, set_base)
        StateMachine.running.append(self)

    @classmethod
    def find(cls, number: int) -> StateMachine:
        """The running state machine `number` (0-7)."""
        for machine in cls.running:
            if machine.number == number:
                return machine
        raise AssertionError(f"state machine {number} is not running")

    @property
    def dreq(self) -> int:
        """Its TX FIFO's DMA request line (RP2040 datasheet 2.5.3.1)."""
        return (self.number >> 2) * 8 + (self.number & 3)

    @property
    def tx_address(self) -> int:
        """Its TX FIFO's address (TXF0 + 4 * index)."""
        return PIO_BASES[self.number >> 2] + PIO_TXF0 + 4 * (self.number & 3)

    @property
    def bus_address(self) -> int:
        """Where a DMA given this machine as its write target writes: the TX FIFO."""
        return self.tx_address

    def init(self, program: Program, freq: int = 125_000_000, set_base: Any = None) -> None:
        """(Re)configure: clears the FIFO, the registers and the program counter."""
        with lock:
            if any(dma.busy and dma.paced_by == self.dreq for dma in CHANNELS):
                raise AssertionError("init() while a DMA still feeds the state machine")
            self.program = program
            self.offset = 32 - len(program.instructions)
            self.freq = freq
            self.set_base = set_base
            self.fifo: list[int] = []
            self.depth = 8 if program.options.get("fifo_join") else 4
            self.pc = 0
            self.x = 0
            self.osr = 0
            self.enabled = False
            self.cycle = 0
            self.last_time = clock()
            self._advancing = False

    def address(self) -> int:
        """SMx_ADDR: the address of the instruction it is at."""
        return self.offset + self.pc

    def active(self, on: int | None = None) -> int:
        """Start or stop the machine (stopped, it holds its pins and program counter)."""
        with lock:
            self.advance()
            if on is not None:
                self.enabled = bool(on)
                self.last_time = clock()
            return int(self.enabled)

    def put(self, word: int) -> None:
        """Push a word (the real call blocks when full; the firmware never lets it be)."""
        with lock:
            self.advance()
            if len(self.fifo) >= self.depth:
                raise AssertionError("put() on a full TX FIFO would block the firmware")
            self.fifo.append(word & 0xFFFFFFFF)

    def push(self, word: int) -> None:
        """A bus write to its TX FIFO: dropped, and TXOVER set, when the FIFO is full."""
        if len(self.fifo) >= self.depth:
            MEMORY.fdebug[self.number >> 2] |= 1 << (16 + (self.number & 3))
            return
        self.fifo.append(word)

    def tx_fifo(self) -> int:
        """Words waiting in the TX FIFO."""
        with lock:
            settle()
            return len(self.fifo)

    def refill(self) -> None:
        """The DMA channel paced by this FIFO's DREQ keeps it full while it runs.

        A channel that ends starts the one it is chained to, which may load the
        next piece into the paced channel (all at once: memory is faster than
        the state machine by far).
        """
        while len(self.fifo) < self.depth:
            feeder = None
            for dma in CHANNELS:
                if dma.busy and dma.paced_by == self.dreq:
                    feeder = dma
            if feeder is None:
                return
            if feeder.write_addr != self.tx_address or feeder.increments_write:
                raise AssertionError("a channel paced by this FIFO writes somewhere else")
            feeder.transfer()

    def exec(self, source: str) -> None:
        """Execute one instruction at once (only `set(pins, n)` is needed)."""
        if source.replace(" ", "") not in ("set(pins,0)", "set(pins,1)"):
            raise ValueError(f"the fake rp2 cannot exec {source!r}")
        self._set_pins(int(source.replace(" ", "")[-2]))

    def advance(self) -> None:
        """Run the cycles that have elapsed since the last call."""
        with lock:
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
                self.refill()
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


def settle() -> None:
    """Bring every state machine up to now, and let the DMA fill their FIFOs."""
    for machine in list(StateMachine.running):
        machine.advance()
    pump()


def pump() -> None:
    """Let every paced DMA channel fill its FIFO (after something started one)."""
    for machine in list(StateMachine.running):
        machine.refill()


def advance_all() -> None:
    """Bring every state machine up to now (before a sensor is read)."""
    with lock:
        settle()


def reset() -> None:
    """Forget every state machine, DMA channel and buffer (between tests)."""
    global clock
    with lock:
        StateMachine.running.clear()
        CHANNELS.clear()
        MEMORY.clear()
        clock = time.monotonic


def set_clock(source: Callable[[], float]) -> None:
    """Drive the state machines from another clock (seconds)."""
    global clock
    clock = source
