"""Step pulses from the PIO program, as the fake rp2 executes it cycle by cycle."""

from __future__ import annotations

import itertools
import sys

import pytest

from firmware import stepper_pio
from tests.firmware import fake_dma, fakes


def rising_edges(stepper: stepper_pio.Stepper) -> list[int]:
    return [cycle for cycle, level in stepper.sm.edges if level == 1]


def run(stepper: stepper_pio.Stepper, clock: fakes.ManualClock, seconds: float,
        tick: float = 0.0005) -> None:
    """Let time pass, looking at the stepper every `tick` as the firmware loop does."""
    for _ in range(round(seconds / tick)):
        clock.advance(tick)
        stepper.busy()


def start(stepper: stepper_pio.Stepper, direction: int, intervals_us: list[int]) -> None:
    buffer = stepper_pio.MoveBuffer(1000)
    buffer.extend([stepper_pio.microsecond_cycles(us) for us in intervals_us])
    stepper.start(direction, buffer.words, buffer.count)


def test_the_pio_program_is_pull_mov_pulse_and_countdown() -> None:
    ops = [instruction.op for instruction in stepper_pio.step_program.instructions]
    assert ops == ["pull", "mov", "set", "set", "jmp"]


@pytest.mark.parametrize(
    "intervals", [[1000] * 10, [5000, 3000, 2000, 1500, 1200, 1000], [250] * 40]
)
def test_pulses_follow_the_uploaded_schedule_to_the_microsecond(
    manual_clock: fakes.ManualClock, intervals: list[int]
) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    start(stepper, 1, intervals)
    run(stepper, manual_clock, sum(intervals) / 1e6 + 0.01)
    edges = rising_edges(stepper)
    assert len(edges) == len(intervals)
    assert [b - a for a, b in itertools.pairwise(edges)] == intervals[1:]
    assert not stepper.busy()
    assert stepper.finish() == len(intervals)


def test_a_fast_move_streams_without_the_main_loop_and_never_stalls(
    manual_clock: fakes.ManualClock,
) -> None:
    # 3000 steps ramping up to 8000 steps/s: the loop looks only once, at the
    # very end (as if link traffic or a garbage collection held it the whole
    # time); the DMA alone keeps the FIFO fed, so no gap is ever stretched.
    cycles = list(stepper_pio.segment_intervals([[1000, 500, 8000], [2000, 8000, 8000]]))
    stepper = stepper_pio.Stepper(2, 3, 4)
    buffer = stepper_pio.MoveBuffer(len(cycles))
    buffer.extend(iter(cycles))
    stepper.start(1, buffer.words, buffer.count)
    manual_clock.advance(sum(cycles) / 1e6 + 0.01)
    assert not stepper.busy()
    edges = rising_edges(stepper)
    assert [b - a for a, b in itertools.pairwise(edges)] == cycles[1:]
    assert stepper.steps_done() == len(cycles) == 3000


def test_a_constant_leg_repeats_one_word(manual_clock: fakes.ManualClock) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    stepper.start_constant(-1, 50, 2000)
    manual_clock.advance(0.03)
    assert not stepper.busy()
    edges = rising_edges(stepper)
    assert len(edges) == 50
    assert {b - a for a, b in itertools.pairwise(edges)} == {500}
    assert stepper.finish() == -50


@pytest.mark.parametrize(
    ("chunks", "expected"),
    [
        ([[700, 500, 300]], [500, 300]),
        ([[700], [500, 300], [200]], [500, 300, 200]),
        ([[700, 500], [300]], [500, 300]),
    ],
)
def test_a_schedule_uploaded_in_chunks_gives_the_same_words(
    chunks: list[list[int]], expected: list[int]
) -> None:
    buffer = stepper_pio.MoveBuffer(10)
    for chunk in chunks:
        buffer.extend(chunk)
    overhead = stepper_pio.OVERHEAD_CYCLES
    assert list(buffer.words[: buffer.count]) == [gap - overhead for gap in expected] + [0]


def test_a_move_buffer_is_allocated_once_and_refuses_more_than_it_holds() -> None:
    buffer = stepper_pio.MoveBuffer(4)
    words = buffer.words
    assert len(words) == 4 and words.itemsize == 4
    buffer.extend([100, 200, 300])
    with pytest.raises(ValueError, match="at most 4 steps"):
        buffer.extend([400, 500])
    buffer.clear()
    buffer.extend([100])
    assert buffer.words is words and buffer.count == 1


@pytest.mark.parametrize(("sm_id", "dreq"), [(0, 0), (3, 3), (4, 8), (7, 11)])
def test_the_dma_is_paced_by_its_state_machines_tx_fifo(sm_id: int, dreq: int) -> None:
    assert stepper_pio.dreq_index(sm_id) == dreq


def test_a_ramp_segment_accelerates_at_constant_rate() -> None:
    intervals = list(stepper_pio.segment_intervals([[100, 500, 2500]]))
    assert len(intervals) == 100
    assert intervals == sorted(intervals, reverse=True)
    # v^2 linear in distance: the middle step runs at sqrt((500^2 + 2500^2) / 2) Hz.
    assert intervals[50] == pytest.approx(1e6 / ((500**2 + 2500**2) / 2) ** 0.5, rel=0.01)


def test_the_pulse_is_four_microseconds_wide(manual_clock: fakes.ManualClock) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    start(stepper, 1, [1000, 1000])
    run(stepper, manual_clock, 0.01)
    (up1, _), (down1, _) = stepper.sm.edges[0], stepper.sm.edges[1]
    assert down1 - up1 == stepper_pio.PULSE_CYCLES


def test_direction_and_enable_pins(fake_pins: None) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    assert fakes.Pin(4).level == 1  # EN active low: released at start
    stepper.enable(True)
    assert fakes.Pin(4).level == 0
    start(stepper, -1, [])
    assert fakes.Pin(3).level == 0
    start(stepper, 1, [])
    assert fakes.Pin(3).level == 1


def test_stop_empties_the_fifo_and_keeps_the_position(manual_clock: fakes.ManualClock) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    start(stepper, -1, [1000] * 100)
    run(stepper, manual_clock, 0.0205)
    position = stepper.stop()
    assert position == -len(rising_edges(stepper))
    run(stepper, manual_clock, 0.05)
    assert position == -len(rising_edges(stepper))  # nothing more came out
    assert not stepper.busy()


@pytest.mark.parametrize(
    ("segments", "message"),
    [
        ("fast", "list"),
        ([[10, 100]], "steps, start_hz, end_hz"),
        ([[-1, 100, 100]], "whole number"),
        ([[1.5, 100, 100]], "whole number"),
        ([[10, 5, 100]], "within"),
        ([[10, 100, 90000]], "within"),
        ([[1, 100, 100]] * 65, "at most"),
    ],
)
def test_bad_profiles_are_refused_with_the_reason(segments: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        stepper_pio.check_segments(segments)  # type: ignore[arg-type]


def start_with_cruise(stepper: stepper_pio.Stepper, head: list[int], cruise_us: int,
                      cruise_steps: int, tail: list[int]) -> int:
    """Upload head + tail gaps, the cruise after the last head gap; return the step count."""
    buffer = stepper_pio.MoveBuffer(1000)
    buffer.extend([stepper_pio.microsecond_cycles(us) for us in head + tail])
    word = stepper_pio.wait_word(stepper_pio.microsecond_cycles(cruise_us))
    stepper.start(1, buffer.words, buffer.count, cruise=(len(head) - 1, word, cruise_steps))
    return buffer.count + cruise_steps


@pytest.mark.parametrize("head", [[900], [900, 700, 500, 400]])
def test_a_cruise_plays_between_the_uploaded_speed_up_and_slow_down(
    manual_clock: fakes.ManualClock, head: list[int]
) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    tail = [400, 600, 900]
    steps = start_with_cruise(stepper, head, 300, 50, tail)
    planned = head + [300] * 50 + tail
    run(stepper, manual_clock, sum(planned) / 1e6 + 0.01)
    edges = rising_edges(stepper)
    assert len(edges) == steps == len(planned)
    assert [b - a for a, b in itertools.pairwise(edges)] == planned[1:]
    assert not stepper.busy() and stepper.finish() == steps


def test_steps_are_counted_across_the_chained_pieces_even_after_an_aborted_move(
    manual_clock: fakes.ManualClock,
) -> None:
    # An aborted move leaves counts behind in the channels; a channel whose
    # turn has not come yet still shows them, and must not be read as progress.
    stepper = stepper_pio.Stepper(2, 3, 4)
    start_with_cruise(stepper, [1000, 1000], 1000, 40, [1000, 1000])
    run(stepper, manual_clock, 0.0205)  # into the cruise
    stepper.stop()
    stepper.position = 0
    del stepper.sm.edges[:]
    steps = start_with_cruise(stepper, [1000] * 10, 1000, 20, [1000] * 10)
    seen = []
    for _ in range(steps + 5):
        seen.append(stepper.steps_done())
        assert stepper.steps_done() == len(rising_edges(stepper))
        run(stepper, manual_clock, 0.001, tick=0.001)
    assert seen == sorted(seen) and seen[-1] == steps == 40
    assert not stepper.busy()


def test_stop_during_the_cruise_stops_every_chained_piece(
    manual_clock: fakes.ManualClock,
) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    start_with_cruise(stepper, [1000] * 5, 1000, 100, [1000] * 5)
    run(stepper, manual_clock, 0.0305)
    position = stepper.stop()
    assert position == len(rising_edges(stepper)) == 31
    run(stepper, manual_clock, 0.2)
    assert len(rising_edges(stepper)) == 31 and not stepper.busy()


def test_a_home_edge_while_stop_aborts_the_channels_counts_no_step_that_never_came(
    manual_clock: fakes.ManualClock,
) -> None:
    # An abort zeroes a channel's count: read then, the rest of the running piece
    # would look done. The home interrupt can fire at any point of stop().
    stepper = stepper_pio.Stepper(2, 3, 4)
    start_with_cruise(stepper, [1000] * 5, 1000, 1000, [1000] * 5)
    run(stepper, manual_clock, 0.0305)
    seen = []
    real_init = stepper.sm.init

    def home_edge_inside_stop(*args: object, **kwargs: object) -> None:
        seen.append(stepper.current_position())
        real_init(*args, **kwargs)

    stepper.sm.init = home_edge_inside_stop  # type: ignore[method-assign]
    position = stepper.stop()
    assert position == len(rising_edges(stepper)) == 31
    assert seen == [31]


def test_one_channel_paced_by_the_fifo_moves_the_words_and_an_unpaced_one_loads_it(
    manual_clock: fakes.ManualClock,
) -> None:
    # The RP2040 datasheet: several channels must not share one DREQ (the fake
    # refuses it); the pieces of a move are control blocks instead.
    stepper = stepper_pio.Stepper(2, 3, 4)
    start_with_cruise(stepper, [1000] * 3, 500, 30, [1000] * 3)
    run(stepper, manual_clock, 0.002)
    assert [dma.paced_by for dma in fake_dma.DMA.channels] == [stepper_pio.dreq_index(0), None]
    assert stepper.control.count in (0, stepper_pio.BLOCK_WORDS)


@pytest.mark.parametrize(
    ("head", "tail"),
    [([700], [300]), ([700, 500], [300, 400]), ([700, 500, 400], [600])],
)
def test_the_step_count_is_never_ahead_of_the_pulses_at_any_instant(
    manual_clock: fakes.ManualClock, head: list[int], tail: list[int]
) -> None:
    # Looked at every 3 us, across every change of piece and every pull: the
    # count equals the rising edges seen, never one more (a pulled word pulses
    # two cycles later; the count waits for it).
    stepper = stepper_pio.Stepper(2, 3, 4)
    steps = start_with_cruise(stepper, head, 200, 20, tail)
    planned = head + [200] * 20 + tail
    for _ in range(int((sum(planned[1:]) + 100) / 3)):
        manual_clock.advance(3e-6)
        assert stepper.steps_done() == len(rising_edges(stepper))
    assert stepper.steps_done() == steps and not stepper.busy()


@pytest.mark.parametrize("offset_us", range(0, 50, 1))
def test_stop_at_any_instant_reports_exactly_the_pulses_that_came_out(
    manual_clock: fakes.ManualClock, offset_us: int
) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    start(stepper, 1, [50] * 40)
    manual_clock.advance((5 * 50 + offset_us) * 1e-6)
    position = stepper.stop()
    assert position == len(rising_edges(stepper))
    assert fakes.Pin(2).level == 0  # STEP left low
    manual_clock.advance(0.01)
    assert len(rising_edges(stepper)) == position  # nothing came after


def test_an_overflow_of_the_fifo_is_reported_once_and_a_new_move_starts_clean(
    manual_clock: fakes.ManualClock,
) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    mem32 = sys.modules["machine"].mem32
    assert not stepper.take_overflow()
    start(stepper, 1, [1000] * 20)  # the FIFO fills at once
    mem32[stepper.sm.tx_address] = 123  # a write into the full FIFO: dropped
    assert stepper.take_overflow() and not stepper.take_overflow()
    mem32[stepper.sm.tx_address] = 123
    start(stepper, 1, [1000] * 5)
    assert not stepper.take_overflow()
