"""The host's plan, played by the firmware: every step gap as planned, to the microsecond.

`device.serial_moves.controller_move` turns a schedule into uploaded gaps
and a cruise after the `after`-th uploaded step; the firmware splits its
buffer there (`bodies.check_cruise`: the words before step `after`, the
cruise word, the rest). Here the host's own output goes through the
firmware's `Controller` and the fake state machine's STEP edges are compared
with the gaps the host planned, including a cruise right after the first
uploaded step and one after the last.
"""

from __future__ import annotations

import itertools

import pytest

from device.backend import StepSchedule
from device.motion import MotionLimits, plan_move
from device.serial_moves import ControllerMove, controller_move
from firmware import protocol
from tests.firmware import fakes
from tests.firmware.test_homing import controller_with_world, run_until_idle


def schedule_of(gaps_us: list[int]) -> StepSchedule:
    times = list(itertools.accumulate(gaps_us))
    return StepSchedule(tuple(when / 1e6 for when in times))


def planned_gaps(move: ControllerMove) -> list[int]:
    """The gap before each step, as the host means the controller to play them."""
    gaps = list(move.gaps_us)
    if not move.cruise_steps:
        return gaps
    after = move.cruise_after
    return gaps[:after] + [move.cruise_gap_us] * move.cruise_steps + gaps[after:]


def played_gaps(move: ControllerMove, clock: fakes.ManualClock) -> list[int]:
    """Run the move through the firmware; the gaps between its STEP rising edges (us)."""
    controller, _, _ = controller_with_world(clock)
    for seq, load in enumerate(move.load_fields(7), start=1):
        controller.handle(seq, protocol.LOAD, load)
    controller.handle(200, protocol.MOVE, move.move_fields(7, 1))
    run_until_idle(controller, clock, limit_s=20.0)
    edges = [cycle for cycle, level in controller.stepper.sm.edges if level == 1]
    assert controller.stepper.sm.freq == 1_000_000  # one cycle a microsecond
    return [later - earlier for earlier, later in itertools.pairwise(edges)]


@pytest.mark.parametrize(
    ("gaps", "after", "uploaded"),
    [
        ([500] + [250] * 40 + [300, 400, 600], 1, 4),  # the cruise follows the first step
        ([900, 700, 500] + [250] * 40, 3, 3),  # the cruise ends the move
        ([600] + [250] * 30, 1, 1),  # both: one step uploaded, then the cruise
        ([900, 700] + [249, 250] * 20 + [400, 800], 2, 4),  # rounding alternates 249 and 250
    ],
)
def test_the_controller_plays_the_hosts_cruise_split_to_the_microsecond(
    manual_clock: fakes.ManualClock, gaps: list[int], after: int, uploaded: int
) -> None:
    move = controller_move(schedule_of(gaps))
    assert (move.cruise_after, len(move.gaps_us)) == (after, uploaded)
    assert played_gaps(move, manual_clock) == planned_gaps(move)[1:]


def test_a_planned_spin_is_played_step_for_step_as_the_host_planned_it(
    manual_clock: fakes.ManualClock,
) -> None:
    schedule = plan_move(3000, MotionLimits(max_speed=4000.0, max_accel=20000.0,
                                            max_jerk=400000.0))
    move = controller_move(schedule)
    assert move.cruise_steps > 1000 and 1 < move.cruise_after < len(move.gaps_us)
    played = played_gaps(move, manual_clock)
    assert len(played) == schedule.steps - 1
    assert played == planned_gaps(move)[1:]
