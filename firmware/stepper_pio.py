"""Step pulses from a PIO state machine, fed from a motion profile.

The Pi plans a move as the interval before every step (in microseconds),
uploaded before the move starts; homing legs are constant-rate segments
`[steps, start_hz, end_hz]` (within a segment the rate changes at constant
acceleration: v^2 linear in distance). DMA streams each move's words from
memory into the state machine's FIFO, paced by the FIFO itself: the PIO
program, not Python, times every edge, and no Python code has to keep up
with the steps, so neither the link's traffic nor a garbage collection in
the main loop can starve the FIFO and stretch a step.

A move with a cruise (a long run at one speed, sent as one gap and a count)
is three DMA transfers chained in hardware: the uploaded speed-up, the one
cruise word repeated, the uploaded slow-down. Each channel triggers the next
when it finishes, so the whole move still runs without the main loop, and
the memory a move needs no longer grows with its number of turns.
"""

import math
from array import array

import rp2
from machine import Pin

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
        self.sm.active(1)
        # Three channels, taken at boot, used in this order by every move: a move
        # is one to three pieces (speed-up, cruise, slow-down), each chained to the next.
        self.dma = rp2.DMA()
        self.dma_2 = rp2.DMA()
        self.dma_3 = rp2.DMA()
        self._dreq = dreq_index(sm_id)
        self._planned = array("i", [0, 0, 0])  # words of each piece of this move (0: unused)
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
        pieces = []  # (source, words, read along it)
        if cruise is None:
            pieces.append((words, count, not constant))
        else:
            split, word, steps = cruise
            if split > 0:
                pieces.append((memoryview(words)[:split], split, True))
            self._cruise_word[0] = word
            pieces.append((self._cruise_word, steps, False))
            pieces.append((memoryview(words)[split:count], count - split, True))
        total = 0
        for index in range(3):
            self._planned[index] = pieces[index][1] if index < len(pieces) else 0
            total += self._planned[index]
        if total <= 0:
            return
        self._words = words
        self._count = total
        channels = (self.dma, self.dma_2, self.dma_3)
        # Configure the later pieces first, untriggered: each one is started
        # by the hardware when the piece before it ends.
        for index in range(len(pieces) - 1, -1, -1):
            source, length, read_along = pieces[index]
            channel = channels[index]
            follows = channels[index + 1] if index + 1 < len(pieces) else channel
            ctrl = channel.pack_ctrl(size=2, inc_read=read_along, inc_write=False,
                                     treq_sel=self._dreq, chain_to=follows.channel)
            channel.config(read=source, write=self.sm, count=length, ctrl=ctrl,
                           trigger=index == 0)

    def start_constant(self, direction: int, steps: int, hz: float) -> None:
        """Begin `steps` steps at `hz` (a homing leg)."""
        interval = int(self.freq / hz + 0.5)
        self.start(direction, array("I", [wait_word(interval)]), steps, constant=True)

    def busy(self) -> bool:
        """True until the last step of the move has been emitted."""
        return self._count > 0 and self.steps_done() < self._count

    def steps_done(self) -> int:
        """Pulses emitted so far in this move (each word pulses as it is pulled).

        Allocates nothing: the home sensor's hard interrupt calls it. A channel
        still waiting for its turn shows a stale count, so a piece is read only
        once the piece before it has moved all its words (the hardware started
        it then).
        """
        if self._count <= 0:
            return 0
        planned = self._planned
        moved = planned[0] - self.dma.count  # words put in the FIFO so far
        if moved == planned[0] and planned[1] > 0:
            moved += planned[1] - self.dma_2.count
            if moved == planned[0] + planned[1] and planned[2] > 0:
                moved += planned[2] - self.dma_3.count
        return moved - self.sm.tx_fifo()

    def current_position(self) -> int:
        """Steps from home right now, signed by direction."""
        return self.position + self.direction * self.steps_done()

    def stop(self) -> int:
        """Stop at once (the DMA aborted, the FIFO emptied); return the position reached."""
        position = self.current_position()
        if self._count > 0:
            # In order: a channel that starts the next as it is aborted has
            # that one aborted right after.
            self.dma.active(0)
            self.dma_2.active(0)
            self.dma_3.active(0)
            # Re-initialising the state machine clears its FIFO and program counter.
            self.sm.active(0)
            self.sm.init(step_program, freq=self.freq, set_base=self.step_pin)
            self.sm.exec("set(pins, 0)")
            self.sm.active(1)
        self._words = None
        self._count = 0
        self.position = position
        return position

    def finish(self) -> int:
        """Account a completed move; return the final position."""
        self.position = self.current_position()
        self._words = None
        self._count = 0
        return self.position
