# A minimal `rp2`: the PIO program is not run here (the CPython fake does that).
# The DMA below moves every word at once, so moves finish as soon as they start;
# a channel started on a table of control blocks walks it (reading the blocks from
# memory, as the real control channel does) and notes each piece it would play.
from array import array

import uctypes


class PIO:
    OUT_LOW = 0
    JOIN_TX = 1


def asm_pio(**options):
    def keep(function):
        return function

    return keep


class StateMachine:
    def __init__(self, number, program, freq=0, set_base=None):
        self.words = 0

    def init(self, program, freq=0, set_base=None):
        pass

    def active(self, on=None):
        return 1

    def exec(self, source):
        pass

    def put(self, word):
        self.words += 1

    def tx_fifo(self):
        return 0


# CHx_CTRL_TRIG fields of the RP2040 that the firmware packs: name, lowest bit, width.
FIELDS = {"enable": (0, 1), "size": (2, 2), "inc_read": (4, 1), "inc_write": (5, 1),
          "ring_size": (6, 4), "ring_sel": (10, 1), "chain_to": (11, 4), "treq_sel": (15, 6),
          "irq_quiet": (21, 1)}


def word(data, index):
    return int.from_bytes(data[4 * index : 4 * index + 4], "little")


class DMA:
    taken = 0

    def __init__(self):
        self.channel = DMA.taken
        DMA.taken += 1
        self.read = 0
        self.write = 0
        self.count = 0
        self.ctrl = 0
        self.registers = memoryview(array("I", [0] * 16))
        self.runs = []  # for each start: the pieces, as (words, read along)

    def pack_ctrl(self, **fields):
        value = (1 << 21) | (0x3F << 15) | (self.channel << 11) | (3 << 4) | (2 << 2) | 1
        for name, given in fields.items():
            low, width = FIELDS[name]
            mask = (1 << width) - 1
            value = (value & ~(mask << low)) | ((int(given) & mask) << low)
        return value

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        if read is not None:
            self.read = read if isinstance(read, int) else uctypes.addressof(read)
        if count is not None:
            self.count = count
        if ctrl is not None:
            self.ctrl = ctrl
        if trigger:
            self.active(1)

    def active(self, on=None):
        if on:
            pieces = []
            while True:
                block = uctypes.bytearray_at(self.read, 16)
                self.read += 16
                if word(block, 3) == 0:
                    break
                pieces.append((word(block, 3), (word(block, 0) >> 4) & 1))
            self.runs.append(pieces)
        elif on is not None:
            self.count = 0
        return False
