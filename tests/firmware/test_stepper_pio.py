"""Step pulses from the PIO program, as the fake rp2 executes it cycle by cycle."""

from __future__ import annotations

import itertools

import pytest

from firmware import stepper_pio
from tests.firmware import fakes


def rising_edges(stepper: stepper_pio.Stepper) -> list[int]:
    return [cycle for cycle, level in stepper.sm.edges if level == 1]


def run(stepper: stepper_pio.Stepper, clock: fakes.ManualClock, seconds: float,
        tick: float = 0.0005) -> None:
    """The firmware loop's part: top up the FIFO every `tick`."""
    for _ in range(round(seconds / tick)):
        clock.advance(tick)
        stepper.service()


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
    stepper.start(1, stepper_pio.microsecond_intervals(intervals))
    run(stepper, manual_clock, sum(intervals) / 1e6 + 0.01)
    edges = rising_edges(stepper)
    assert len(edges) == len(intervals)
    assert [b - a for a, b in itertools.pairwise(edges)] == intervals[1:]
    assert not stepper.busy()
    assert stepper.finish() == len(intervals)


def test_a_ramp_segment_accelerates_at_constant_rate() -> None:
    intervals = list(stepper_pio.segment_intervals([[100, 500, 2500]]))
    assert len(intervals) == 100
    assert intervals == sorted(intervals, reverse=True)
    # v^2 linear in distance: the middle step runs at sqrt((500^2 + 2500^2) / 2) Hz.
    assert intervals[50] == pytest.approx(1e6 / ((500**2 + 2500**2) / 2) ** 0.5, rel=0.01)


def test_the_pulse_is_four_microseconds_wide(manual_clock: fakes.ManualClock) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    stepper.start(1, [1000, 1000])
    run(stepper, manual_clock, 0.01)
    (up1, _), (down1, _) = stepper.sm.edges[0], stepper.sm.edges[1]
    assert down1 - up1 == stepper_pio.PULSE_CYCLES


def test_direction_and_enable_pins(fake_pins: None) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    assert fakes.Pin(4).level == 1  # EN active low: released at start
    stepper.enable(True)
    assert fakes.Pin(4).level == 0
    stepper.start(-1, [])
    assert fakes.Pin(3).level == 0
    stepper.start(1, [])
    assert fakes.Pin(3).level == 1


def test_stop_empties_the_fifo_and_keeps_the_position(manual_clock: fakes.ManualClock) -> None:
    stepper = stepper_pio.Stepper(2, 3, 4)
    stepper.start(-1, [1000] * 100)
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
