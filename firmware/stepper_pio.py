"""Step pulses from a PIO state machine, fed from a motion profile.

The Pi plans a move as the interval before every step (in microseconds),
uploaded before the move starts; homing legs are constant-rate segments
`[steps, start_hz, end_hz]` (within a segment the rate changes at constant
acceleration: v^2 linear in distance). DMA streams each move's words from
memory into the state machine's FIFO, paced by the FIFO itself: the PIO
program, not Python, times every edge, and no Python code has to keep up
with the steps, so neither the link's traffic nor a garbage collection in
the main loop can starve the FIFO and stretch a step.

A move is up to three pieces: the uploaded speed-up, the cruise (a long run
at one speed, sent as one gap and a count: its one word read over and over),
the uploaded slow-down. ONE DMA channel, paced by the FIFO's DREQ, moves every
word; a second, unpaced channel loads it piece by piece from a table of
control blocks, the RP2040 datasheet's control-block pattern (2.5.6.2): each
block is the four registers of the data channel's first alias {CTRL,
READ_ADDR, WRITE_ADDR, TRANS_COUNT_TRIG}, the last write of a block starts the
piece, the data channel chains back to the control channel when the piece
ends, and a block with a count of 0 (a null trigger) ends the move. So the
whole move runs without the main loop, the memory it needs does not grow with
its number of turns, and only one channel is ever paced by the DREQ (the
datasheet says not to connect several channels to one: each counts DREQ
credits of its own, so a channel taking over from another could write into a
full FIFO, and the PIO would drop that step's gap).
"""

import math
from array import array

import rp2
import uctypes
from machine import Pin, mem32

try:
    from firmware import protocol
except ImportError:  # on the Pico
    import protocol

SM_FREQ = 1000000  # state machine clock: one cycle per microsecond
PULSE_CYCLES = 4  # step pulse width: TMC2209 wants 0.1 us, DRV8825 1.9 us
# Cycles each word costs besides its wait loop: pull, mov, set high (1 + 3 delay),
# set low, and the final jmp that falls through.
OVERHEAD_CYCLES = 8
MIN_HZ = protocol.MIN_STEP_HZ
MAX_HZ = protocol.MAX_STEP_HZ
MAX_SEGMENTS = 64
BLOCK_WORDS = 4  # a control block: CTRL, READ_ADDR, WRITE_ADDR, TRANS_COUNT_TRIG
MAX_BLOCKS = 4  # speed-up, cruise, slow-down, and the null block that ends the move
BLOCK_RING = 4  # the control channel's writes wrap on 1 << 4 bytes: the four registers
PIO_BASE = 0x50200000  # PIO0; PIO1 is 0x100000 above it (RP2040 datasheet 3.7)
PIO_FDEBUG = 0x008  # TXOVER: bit 16 + state machine, set by a write to a full TX FIFO
PIO_TXF0 = 0x010
PIO_SM0_ADDR = 0x0D4  # the instruction a state machine is at; 0x18 between machines
# Where the step program (below) is while a word it pulled has not pulsed yet:
# at its `mov` (1) or its `set(pins, 1)` (2), with STEP still low.
PULLED_FIRST = 1
PULLED_LAST = 2


@rp2.asm_pio(set_init=rp2.PIO.OUT_LOW, fifo_join=rp2.PIO.JOIN_TX)
def step_program():
    # One word per step: the number of extra cycles to wait after the pulse.
    pull(block)  # noqa: F821
    mov(x, osr)  # noqa: F821
    set(pins, 1)[3]  # noqa: F821
    set(pins, 0)  # noqa: F821
    label("wait")  # noqa: F821
    jmp(x_dec, "wait")  # noqa: F821


def check_segments(segments: list) -> int:
    """Validate a profile and return its total step count.

    Raises:
        ValueError: a segment is not `[steps, start_hz, end_hz]` with a
            non-negative whole step count and rates within MIN_HZ..MAX_HZ.
    """
    if not isinstance(segments, list) or len(segments) > MAX_SEGMENTS:
        raise ValueError("segments must be a list of at most " + str(MAX_SEGMENTS))
    total = 0
    for segment in segments:
        if not isinstance(segment, list) or len(segment) != 3:
            raise ValueError("each segment is [steps, start_hz, end_hz]")
        steps, start_hz, end_hz = segment
        if not isinstance(steps, int) or steps < 0:
            raise ValueError("segment steps must be a whole number >= 0")
        for rate in (start_hz, end_hz):
            if not isinstance(rate, (int, float)) or not MIN_HZ <= rate <= MAX_HZ:
                limits = str(MIN_HZ) + ".." + str(MAX_HZ)
                raise ValueError("segment rates must be within " + limits + " Hz")
        total += steps
    return total


def segment_intervals(segments: list, freq: int = SM_FREQ):
    """Yield the interval before each step, in state machine cycles.

    Rates are taken at the middle of each step so a ramp's steps average the
    requested acceleration.
    """
    for steps, start_hz, end_hz in segments:
        start_sq = start_hz * start_hz
        delta_sq = end_hz * end_hz - start_sq
        for index in range(steps):
            rate = math.sqrt(start_sq + delta_sq * (index + 0.5) / steps)
            yield int(freq / rate + 0.5)


def wait_word(interval_cycles: int) -> int:
    """The program's word for a gap of `interval_cycles` between two pulses."""
    return max(interval_cycles - OVERHEAD_CYCLES, 0)


def microsecond_cycles(interval_us: int, freq: int = SM_FREQ) -> int:
    """An interval given in microseconds as state machine cycles."""
    return interval_us * freq // 1000000


def word_array(size: int):  # -> array
    """An array('I') of `size` words (contents meaningless), in one allocation.

    A range has a length, so MicroPython sizes the array once and fills it
    in place: no temporary block as large as the array (as `bytes(4 * size)`
    would need), which matters at boot on a Pico.
    """
    return array("I", range(size))


class MoveBuffer:
    """One move's words for the DMA, in memory taken once at boot.

    A long move then never needs a large free block later (after the heap
    has fragmented), nor copies itself while growing. The program pulses as
    soon as it pulls a word, then waits; so word i is the wait after step i,
    the gap before step i+1: the first step is taken at once and every later
    one follows its gap exactly (the move is the schedule shifted earlier by
    its first gap). The last word is a 0 placeholder until the next gap.
    """

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.words = word_array(capacity)
        self.count = 0

    def clear(self) -> None:
        """Start a new move."""
        self.count = 0

    def extend_us(self, intervals_us: list, freq: int = SM_FREQ) -> None:
        """Append gaps given in microseconds (checked by the caller), in one pass.

        The same as `extend` of their cycles, without a list of them or a
        call per gap: a spin's upload is thousands of gaps.

        Raises:
            ValueError: the move would exceed the capacity.
        """
        words = self.words
        count = self.count
        if count + len(intervals_us) > self.capacity:
            raise ValueError("a move holds at most " + str(self.capacity) + " steps")
        scale = freq // 1000000 if freq % 1000000 == 0 else 0
        for interval in intervals_us:
            cycles = interval * scale if scale else interval * freq // 1000000
            if count > 0:
                wait = cycles - OVERHEAD_CYCLES
                words[count - 1] = wait if wait > 0 else 0
            words[count] = 0
            count += 1
        self.count = count

    def extend(self, intervals) -> None:
        """Append gaps-before-each-step (state machine cycles).

        Raises:
            ValueError: the move would exceed the capacity (callers check the
                length first: the gaps before the limit stay appended).
        """
        words = self.words
        count = self.count
        for interval in intervals:
            if count >= self.capacity:
                self.count = count
                raise ValueError("a move holds at most " + str(self.capacity) + " steps")
            if count > 0:
                words[count - 1] = wait_word(interval)
            words[count] = 0
            count += 1
        self.count = count


def dreq_index(sm_id: int) -> int:
    """The DMA request line of a state machine's TX FIFO (RP2040 datasheet 2.5.3.1)."""
    return (sm_id >> 2) * 8 + (sm_id & 3)


def pio_register(sm_id: int, offset: int) -> int:
    """The address of a register of the PIO block that runs state machine `sm_id`."""
    return PIO_BASE + 0x100000 * (sm_id >> 2) + offset


class Stepper:
    """One stepper driver: step from PIO (fed by DMA), direction and enable from plain pins."""

    def __init__(self, step_pin: int, dir_pin: int, enable_pin: int, sm_id: int = 0,
                 freq: int = SM_FREQ, enable_active_low: bool = True) -> None:
        self.freq = freq
        self.step_pin = Pin(step_pin, Pin.OUT, value=0)
        self.dir_pin = Pin(dir_pin, Pin.OUT, value=0)
        self.enable_pin = Pin(enable_pin, Pin.OUT, value=1 if enable_active_low else 0)
        self.enable_active_low = enable_active_low
        self.sm = rp2.StateMachine(sm_id, step_program, freq=freq, set_base=self.step_pin)
        self._fdebug = pio_register(sm_id, PIO_FDEBUG)
        self._txover = 1 << (16 + (sm_id & 3))
        self._fifo = pio_register(sm_id, PIO_TXF0 + 4 * (sm_id & 3))
        self._pc = pio_register(sm_id, PIO_SM0_ADDR + 0x18 * (sm_id & 3))
        self._program_start = mem32[self._pc]  # initialised at the program's first word
        self.sm.active(1)
        # Two channels, taken at boot: `dma` moves the words into the FIFO, paced
        # by it; `control` loads it from the control blocks, unpaced.
        self.dma = rp2.DMA()
        self.control = rp2.DMA()
        dreq = dreq_index(sm_id)
        self._ctrl_along = self.dma.pack_ctrl(size=2, inc_read=True, inc_write=False,
                                              treq_sel=dreq, chain_to=self.control.channel)
        self._ctrl_repeat = self.dma.pack_ctrl(size=2, inc_read=False, inc_write=False,
                                               treq_sel=dreq, chain_to=self.control.channel)
        self._ctrl_unchained = self.dma.pack_ctrl(size=2, inc_read=False, inc_write=False,
                                                  treq_sel=dreq, chain_to=self.dma.channel)
        self._ctrl_loader = self.control.pack_ctrl(size=2, inc_read=True, inc_write=True,
                                                   ring_sel=True, ring_size=BLOCK_RING)
        self._alias1 = self.dma.registers[4:8]  # AL1_CTRL .. AL1_TRANS_COUNT_TRIG
        self._blocks = array("I", [0] * (BLOCK_WORDS * MAX_BLOCKS))
        self._blocks_at = uctypes.addressof(self._blocks)
        # _ends[k]: words of the move in its first k blocks (what has been moved
        # once the k-th block's piece has ended).
        self._ends = array("i", [0] * (MAX_BLOCKS + 1))
        self._cruise_word = array("I", [0])  # the cruise's one word, read over and over
        self.enabled = False
        self.direction = 1
        self.position = 0  # steps from home at the start of the current move
        self._words = None  # what the DMA reads: kept referenced while it runs
        self._count = 0  # steps of the current move

    def enable(self, on: bool) -> None:
        """Energise (or release) the motor coils."""
        self.enabled = bool(on)
        self.enable_pin.value((not on) if self.enable_active_low else bool(on))

    def start(self, direction: int, words, count: int, constant: bool = False,
              cruise=None) -> None:
        """Begin a move: one pulse per word, then its wait (cycles).

        `words` is an array('I') (a `MoveBuffer`'s) of which the first `count`
        are played; `constant` sends its first word alone `count` times (a
        constant rate, no long array). `cruise` is `(split, word, steps)`:
        after the first `split` words, `steps` pulses each followed by `word`,
        then the remaining words. The DMA then runs the move without the main
        loop's help.
        """
        self.stop()
        self.direction = 1 if direction >= 0 else -1
        self.dir_pin.value(1 if self.direction > 0 else 0)
        start = uctypes.addressof(words)
        if cruise is None:
            blocks = self._block(0, start, count, not constant)
        else:
            split, word, steps = cruise
            self._cruise_word[0] = word
            blocks = self._block(0, start, split, True)
            blocks = self._block(blocks, uctypes.addressof(self._cruise_word), steps, False)
            blocks = self._block(blocks, start + 4 * split, count - split, True)
        total = self._ends[blocks]
        self._end_blocks(blocks)
        if total <= 0:
            return
        self._words = words
        self.take_overflow()  # a flag left from before is not this move's
        self.control.config(read=self._blocks, write=self._alias1, count=BLOCK_WORDS,
                            ctrl=self._ctrl_loader)
        # Last before the trigger: everything the home interrupt reads is this
        # move's by now (the control channel still points at the first block).
        self._count = total
        self.control.active(1)

    def _block(self, index: int, read: int, length: int, read_along: bool) -> int:
        """Write control block `index` for a piece (none when empty); return the next index."""
        if length <= 0:
            return index
        at = BLOCK_WORDS * index
        blocks = self._blocks
        blocks[at] = self._ctrl_along if read_along else self._ctrl_repeat
        blocks[at + 1] = read
        blocks[at + 2] = self._fifo
        blocks[at + 3] = length
        self._ends[index + 1] = self._ends[index] + length
        return index + 1

    def _end_blocks(self, index: int) -> None:
        """Write the null block at `index`: its count of 0 triggers nothing and ends the chain."""
        at = BLOCK_WORDS * index
        blocks = self._blocks
        blocks[at] = self._ctrl_along
        blocks[at + 1] = 0
        blocks[at + 2] = self._fifo
        blocks[at + 3] = 0
        self._ends[index + 1] = self._ends[index]

    def start_constant(self, direction: int, steps: int, hz: float) -> None:
        """Begin `steps` steps at `hz` (a homing leg)."""
        interval = int(self.freq / hz + 0.5)
        self.start(direction, array("I", [wait_word(interval)]), steps, constant=True)

    def moving(self) -> bool:
        """True from the start of a move until it is finished or stopped (allocates nothing)."""
        return self._count > 0

    def busy(self) -> bool:
        """True until the last step of the move has been emitted."""
        return self._count > 0 and self.steps_done() < self._count

    def steps_done(self) -> int:
        """Pulses emitted so far in this move (each word pulses as it is pulled).

        Never more than were emitted, and allocates nothing: the home sensor's
        hard interrupt calls it. The words moved are read from the control
        channel's READ_ADDR (which blocks it has loaded) and the data channel's
        live count (what is left of the piece it runs); READ_ADDR is read on
        both sides of the count, so a piece that ended in between is seen. While
        the control channel is loading a block, the data channel rests between
        two pieces and the words moved are those of the pieces before. Less the
        words in the FIFO, and a word pulled but not pulsed yet (the program
        counter is between the `pull` and the rising edge, STEP still low);
        each read comes after the one it corrects, so each can only make the
        count smaller than the truth of its moment, never larger.
        """
        if self._count <= 0:
            return 0
        control, ends, table = self.control, self._ends, self._blocks_at
        tries = 0
        while True:
            before = control.read
            remaining = self.dma.count
            if control.read == before:
                break
            tries += 1
            if tries == 3:  # pieces end faster than it can look: count the surely ended ones
                remaining = -1
                break
        offset = before - table
        loaded = offset >> 4  # blocks the control channel has read
        if remaining < 0:
            moved = ends[loaded - 1] if loaded > 0 else 0
        elif offset & 15:  # it is loading block `loaded`: the pieces before it have ended
            moved = ends[loaded]
        elif loaded > 0 and remaining == 0:
            # Ended, or its trigger has not landed yet (a few clocks after the block was
            # read): count only the pieces surely ended. The null block repeats the total,
            # so the end of the move is still exact.
            moved = ends[loaded - 1]
        elif loaded > 0:  # the piece of block `loaded - 1` runs
            moved = ends[loaded] - remaining
        else:
            moved = 0
        done = moved - self.sm.tx_fifo()
        at = (mem32[self._pc] - self._program_start) & 31
        if PULLED_FIRST <= at <= PULLED_LAST and not self.step_pin.value():
            done -= 1  # the last word pulled has not pulsed yet
        return done if done > 0 else 0

    def current_position(self) -> int:
        """Steps from home right now, signed by direction."""
        return self.position + self.direction * self.steps_done()

    def stop(self) -> int:
        """Stop at once (STEP frozen first, then the DMA aborted, the FIFO emptied).

        Returns the position reached: the pulses emitted, counted once the
        state machine is frozen (so none can follow), before anything else stops.
        """
        if self._count > 0:
            self.sm.active(0)  # STEP freezes: no pulse can follow the count
            # Account the pulses before anything else stops: once the channels are aborted
            # their counts read 0, and a home edge must not count the rest of a piece as done.
            self.position += self.direction * self.steps_done()
            self._count = 0
            self.control.active(0)  # no further piece is loaded
            self.dma.ctrl = self._ctrl_unchained  # nor chains the control channel back in
            self.dma.active(0)
            # Re-initialising the state machine clears its FIFO and program counter.
            self.sm.init(step_program, freq=self.freq, set_base=self.step_pin)
            self.sm.exec("set(pins, 0)")
            self._program_start = mem32[self._pc]
            self.sm.active(1)
        self._words = None
        self._count = 0
        return self.position

    def take_overflow(self) -> bool:
        """Whether a word was written into the full TX FIFO (so lost) since the last look.

        Reads FDEBUG.TXOVER of this state machine and clears it (write 1 to clear).
        """
        if mem32[self._fdebug] & self._txover:
            mem32[self._fdebug] = self._txover
            return True
        return False

    def finish(self) -> int:
        """Account a completed move; return the final position."""
        done = self.steps_done()
        self._count = 0  # first: a home edge from now on belongs to no move
        self.position += self.direction * done
        self._words = None
        return self.position
