"""A fake of the RP2040's DMA channels (`rp2.DMA`), on the fake address space of `fake_rp2`.

It models the channel registers as the RP2040 datasheet (2.5) describes them,
as far as the firmware uses them: the four register aliases (a write to the
last of each, the trigger register, starts the channel; a zero written there
is a null trigger, which neither starts nor chains), the live transfer count
(loaded from the count written when the channel is triggered; an abort
clears it), CHAIN_TO, RING, and pacing by a state machine's TX DREQ. A
channel reads memory when it moves each word, not when it is configured. Two
enabled channels paced by the same DREQ are refused: the datasheet says not
to do that (each channel counts DREQ credits of its own, so a channel taking
over from another would write into a full FIFO). Unpaced channels move all
their words the moment they are triggered; a paced one moves a word whenever
its state machine's FIFO has room.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tests.firmware.fake_rp2 import (
    CHANNELS,
    DMA_BASE,
    DMA_CHANNEL_SIZE,
    MEMORY,
    TREQ_PERMANENT,
    lock,
    pump,
    settle,
)

BUSY_BIT = 1 << 24
# CHx_CTRL_TRIG on the RP2040 (datasheet 2.5.7): name, lowest bit, width, read-only.
CTRL_FIELDS = (
    ("enable", 0, 1, False), ("high_pri", 1, 1, False), ("size", 2, 2, False),
    ("inc_read", 4, 1, False), ("inc_write", 5, 1, False), ("ring_size", 6, 4, False),
    ("ring_sel", 10, 1, False), ("chain_to", 11, 4, False), ("treq_sel", 15, 6, False),
    ("irq_quiet", 21, 1, False), ("bswap", 22, 1, False), ("sniff_en", 23, 1, False),
    ("busy", 24, 1, True), ("write_err", 29, 1, False), ("read_err", 30, 1, False),
    ("ahb_err", 31, 1, True),
)
# MicroPython's default for pack_ctrl (ports/rp2/rp2_dma.c): quiet, unpaced, both
# addresses incrementing, words, enabled; chained to the channel itself (no chain).
DEFAULT_CTRL = (1 << 21) | (TREQ_PERMANENT << 15) | (1 << 5) | (1 << 4) | (2 << 2) | 1
# The register at each offset of a channel's block: (register, writing it triggers).
ALIASES = {
    0x00: ("read", False), 0x04: ("write", False), 0x08: ("count", False),
    0x0C: ("ctrl", True), 0x10: ("ctrl", False), 0x14: ("read", False),
    0x18: ("write", False), 0x1C: ("count", True), 0x20: ("ctrl", False),
    0x24: ("count", False), 0x28: ("read", False), 0x2C: ("write", True),
    0x30: ("ctrl", False), 0x34: ("write", False), 0x38: ("count", False),
    0x3C: ("read", True),
}


def field(value: int, name: str) -> int:
    """One field of a CTRL value."""
    for field_name, low, width, _ in CTRL_FIELDS:
        if field_name == name:
            return (value >> low) & ((1 << width) - 1)
    raise KeyError(name)


class RegisterView:
    """`DMA.registers` (a memoryview of the channel's 16 registers) or a slice of it."""

    def __init__(self, channel: DMA, first: int = 0, count: int = 16) -> None:
        self.channel = channel
        self.first = first
        self.count = count
        self.bus_address = DMA_BASE + DMA_CHANNEL_SIZE * channel.channel + 4 * first

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            start, stop, step = index.indices(self.count)
            if step != 1:
                raise ValueError("only plain slices")
            return RegisterView(self.channel, self.first + start, max(stop - start, 0))
        with lock:
            settle()
            return self.channel.read_register(4 * (self.first + index))

    def __setitem__(self, index: int, value: int) -> None:
        with lock:
            settle()
            self.channel.write_register(4 * (self.first + index), value & 0xFFFFFFFF)
            pump()


class DMA:
    """One DMA channel, claimed for good (there are 12)."""

    channels: ClassVar[list[Any]] = CHANNELS

    def __init__(self) -> None:
        if len(DMA.channels) >= 12:
            raise OSError("EBUSY: every DMA channel is taken")
        self.channel = len(DMA.channels)
        DMA.channels.append(self)
        self.read_addr = 0
        self.write_addr = 0
        self.reload = 0  # TRANS_COUNT as written: loaded into the live counter by a trigger
        self.remaining = 0  # the live counter
        self.ctrl_value = 0
        self.busy = False
        self.transfers = 0  # words moved since the channel was claimed (for tests)

    # -- MicroPython's API ----------------------------------------------------------
    def pack_ctrl(self, default: int | None = None, **fields: Any) -> int:
        """A CTRL value from named fields, over MicroPython's default for this channel."""
        value = DEFAULT_CTRL | (self.channel << 11) if default is None else default
        for name, given in fields.items():
            spec = [entry for entry in CTRL_FIELDS if entry[0] == name]
            if not spec:
                raise TypeError(f"pack_ctrl has no field {name}")
            _, low, width, read_only = spec[0]
            if read_only:
                continue
            mask = (1 << width) - 1
            if int(given) & ~mask:
                raise ValueError("bad field value")
            value = (value & ~(mask << low)) | (int(given) << low)
        return value

    @staticmethod
    def unpack_ctrl(value: int) -> dict[str, int]:
        """The named fields of a CTRL value."""
        return {name: field(value, name) for name, *_ in CTRL_FIELDS}

    def config(self, read: Any = None, write: Any = None, count: int | None = None,
               ctrl: int | None = None, trigger: bool = False) -> None:
        """Set the registers given (read, write, count, ctrl in that order); maybe start."""
        with lock:
            settle()
            if self.busy:
                raise AssertionError("the fake DMA was configured while it runs")
            if read is not None:
                self.read_addr = MEMORY.address_of(read)
            if write is not None:
                self.write_addr = MEMORY.address_of(write)
            if count is not None:
                self.reload = count
            if ctrl is not None:
                self._set_ctrl(ctrl)
            if trigger:
                self._trigger()
            pump()

    @property
    def read(self) -> int:
        """READ_ADDR: where the next word is read."""
        with lock:
            settle()
            return self.read_addr

    @property
    def write(self) -> int:
        """WRITE_ADDR: where the next word goes."""
        with lock:
            settle()
            return self.write_addr

    @property
    def count(self) -> int:
        """The live transfer counter (what the last trigger loaded, less the words moved)."""
        with lock:
            settle()
            return self.remaining

    @count.setter
    def count(self, value: int) -> None:
        with lock:
            self.reload = value

    @property
    def ctrl(self) -> int:
        """CTRL, with BUSY."""
        with lock:
            settle()
            return self.read_register(0x10)

    @ctrl.setter
    def ctrl(self, value: int) -> None:
        with lock:
            settle()
            self._set_ctrl(value)

    @property
    def registers(self) -> RegisterView:
        """The channel's 16 registers, by word."""
        return RegisterView(self)

    def active(self, on: int | None = None) -> bool:
        """Start with 1; abort with 0 (the live counter is cleared; nothing chains)."""
        with lock:
            settle()
            if on:
                self._trigger()
                pump()
            elif on is not None:
                self.busy = False
                self.remaining = 0
            return self.busy

    # -- the hardware ------------------------------------------------------------------
    @property
    def increments_write(self) -> bool:
        """Whether the write address moves on after each word."""
        return bool(field(self.ctrl_value, "inc_write"))

    @property
    def paced_by(self) -> int | None:
        """The DREQ pacing it, if it is enabled and paced."""
        treq = field(self.ctrl_value, "treq_sel")
        if not field(self.ctrl_value, "enable") or treq == TREQ_PERMANENT:
            return None
        return treq

    def read_register(self, offset: int) -> int:
        """A bus read of one of its registers."""
        name, _ = ALIASES[offset]
        if name == "read":
            return self.read_addr
        if name == "write":
            return self.write_addr
        if name == "count":
            return self.remaining
        return self.ctrl_value | (BUSY_BIT if self.busy else 0)

    def write_register(self, offset: int, value: int) -> None:
        """A bus write to one of its registers; the last of each alias triggers."""
        name, triggers = ALIASES[offset]
        if name == "read":
            self.read_addr = value
        elif name == "write":
            self.write_addr = value
        elif name == "count":
            self.reload = value
        else:
            self._set_ctrl(value)
        if triggers and value != 0:  # zero is a null trigger: no start, no chain
            self._trigger()

    def _set_ctrl(self, value: int) -> None:
        self.ctrl_value = value & ~BUSY_BIT
        treq = self.paced_by
        if treq is None:
            return
        for other in DMA.channels:
            if other is not self and other.paced_by == treq:
                raise AssertionError(
                    f"DMA channels {other.channel} and {self.channel} are both enabled and "
                    f"paced by DREQ {treq}: the RP2040 datasheet says not to connect several "
                    "channels to one DREQ (each counts credits of its own)"
                )

    def _trigger(self, by_chain: bool = False) -> None:
        if not field(self.ctrl_value, "enable"):
            return  # a disabled channel ignores triggers
        if self.busy:
            return  # "triggering a channel which is already running has no effect"
        if field(self.ctrl_value, "size") != 2:
            raise AssertionError("the fake DMA moves words only")
        if self.reload == 0 and by_chain:
            raise AssertionError(
                f"channel {self.channel} chain-triggered with a count of 0: the datasheet defines"
                " the null trigger only as a register write of 0"
            )
        self.remaining = self.reload
        if self.remaining == 0:
            return
        self.busy = True
        if self.paced_by is None:
            while self.busy:
                self.transfer()

    def transfer(self) -> None:
        """Move one word (reading memory now), step the addresses, end and chain when done."""
        ctrl = self.ctrl_value
        MEMORY.write(self.write_addr, MEMORY.read(self.read_addr))
        ring = (1 << field(ctrl, "ring_size")) - 1 if field(ctrl, "ring_size") else 0
        if field(ctrl, "inc_read"):
            self.read_addr = self._step(self.read_addr, ring if not field(ctrl, "ring_sel") else 0)
        if field(ctrl, "inc_write"):
            self.write_addr = self._step(self.write_addr, ring if field(ctrl, "ring_sel") else 0)
        self.remaining -= 1
        self.transfers += 1
        if self.remaining == 0:
            self.busy = False
            chain_to = field(ctrl, "chain_to")
            if chain_to != self.channel:
                if chain_to >= len(DMA.channels):
                    raise AssertionError(f"chain_to names no claimed channel: {chain_to}")
                DMA.channels[chain_to]._trigger(by_chain=True)

    @staticmethod
    def _step(address: int, ring: int) -> int:
        if not ring:
            return address + 4
        return (address & ~ring) | ((address + 4) & ring)
