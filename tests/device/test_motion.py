"""Motion planning: S-curve profiles turned into step schedules."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.config import SpinnerConfig
from device.motion import (
    MotionLimits,
    plan_move,
    plan_profile,
    plan_spin,
    spin_distance,
)

REFERENCE = SpinnerConfig()  # NEMA 17, 200 steps, 1/8 microstepping
LIMITS = MotionLimits.from_config(REFERENCE)
TURN = REFERENCE.steps_per_turn


def speeds_and_accels(times: tuple[float, ...]) -> tuple[list[float], list[float]]:
    """Speed over each step interval, and the change of speed between intervals."""
    intervals = [b - a for a, b in zip((0.0, *times), times, strict=False)]
    speeds = [1.0 / gap for gap in intervals]
    accels = [
        (v2 - v1) / ((g1 + g2) / 2)
        for v1, v2, g1, g2 in zip(speeds, speeds[1:], intervals, intervals[1:], strict=False)
    ]
    return speeds, accels


def test_reference_build_turns_1600_steps_per_revolution() -> None:
    assert TURN == 1600


@pytest.mark.parametrize("distance", [1, 2, 3, 10, 99, 800, 1600, 3207, 4799, 6399])
def test_schedule_takes_exactly_the_planned_steps(distance: int) -> None:
    schedule = plan_move(distance, LIMITS)
    assert schedule.steps == distance
    assert all(b > a for a, b in zip(schedule.times_s, schedule.times_s[1:], strict=False))
    assert schedule.times_s[0] > 0


@pytest.mark.parametrize("distance", [5, 60, 700, 3200, 6399])
def test_schedule_never_exceeds_the_speed_or_acceleration_limit(distance: int) -> None:
    speeds, accels = speeds_and_accels(plan_move(distance, LIMITS).times_s)
    assert max(speeds) <= LIMITS.max_speed
    assert max(abs(a) for a in accels) <= LIMITS.max_accel


def test_long_moves_reach_the_top_speed_and_short_ones_peak_lower() -> None:
    long_profile = plan_profile(3 * TURN, LIMITS)
    short_profile = plan_profile(50, LIMITS)
    assert long_profile.peak_speed == pytest.approx(LIMITS.max_speed, rel=0.002)
    assert short_profile.peak_speed < 0.5 * LIMITS.max_speed


def test_s_curve_starts_and_ends_at_rest_without_a_jump_in_acceleration() -> None:
    profile = plan_profile(3 * TURN, LIMITS)
    assert profile.state_at(0.0) == (0.0, 0.0, 0.0)
    position, speed, accel = profile.state_at(profile.duration_s)
    assert position == pytest.approx(3 * TURN)
    assert speed == pytest.approx(0.0, abs=1e-6)
    assert accel == pytest.approx(0.0, abs=1e-6)
    # Jerk-limited: acceleration 1 ms in is tiny, not the full limit at once.
    assert profile.state_at(0.001)[2] <= LIMITS.max_jerk * 0.001 + 1e-9


@pytest.mark.parametrize(
    ("current", "target", "extra", "expected"),
    [
        (0, 0, 0, 1600),
        (0, 0, 2, 4800),
        (0, 400, 1, 3600),
        (1200, 400, 0, 2400),
        (1599, 0, 0, 1601),
        (3200 + 10, 5, 0, 1600 + 1595),
    ],
)
def test_spin_makes_a_full_turn_plus_extra_turns_to_the_target(
    current: int, target: int, extra: int, expected: int
) -> None:
    assert spin_distance(current, target, TURN, extra) == expected


@settings(max_examples=40, deadline=None)
@given(current=st.integers(0, TURN - 1), target=st.integers(0, TURN - 1))
def test_every_spin_ends_exactly_on_its_target_after_at_least_one_turn(
    current: int, target: int
) -> None:
    schedule = plan_spin(current, target, REFERENCE)
    assert (current + schedule.steps) % TURN == target
    assert schedule.steps >= (1 + REFERENCE.extra_revolutions) * TURN


@pytest.mark.parametrize("target", [0, 1, 400, 800, 1599])
def test_reference_spins_take_under_four_seconds(target: int) -> None:
    assert plan_spin(0, target, REFERENCE).duration_s < 4.0


def test_zero_distance_is_an_empty_move() -> None:
    assert plan_move(0, LIMITS).steps == 0


def test_negative_distance_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="distance of 0 steps or more"):
        plan_move(-3, LIMITS)


@settings(max_examples=40, deadline=None)
@given(
    distance=st.integers(1, 5000),
    speed=st.floats(50, 8000),
    accel=st.floats(50, 40000),
    jerk=st.floats(100, 400000),
)
def test_any_limits_give_an_exact_schedule_within_them(
    distance: int, speed: float, accel: float, jerk: float
) -> None:
    limits = MotionLimits(speed, accel, jerk)
    times = plan_move(distance, limits).times_s
    assert len(times) == distance
    speeds, accels = speeds_and_accels(times)
    assert max(speeds) <= speed
    assert all(abs(a) <= accel for a in accels)


ACCEL_TOLERANCE = 1.01
"""Step-to-step speeds estimate the acceleration from whole steps: allow 1% for that."""

BUILDS = {
    "nema17": REFERENCE,
    "28byj48": SpinnerConfig(driver="uln2003", steps_per_rev=4096, microstepping=1,
                             max_speed_rps=0.12),
}


def speeds_from_rest_to_rest(times: tuple[float, ...]) -> tuple[list[float], list[float]]:
    """Speed at the middle of every step interval, with the rest before and after the move.

    Returns the speeds (0, each step's, 0) and the times they hold at (0, the
    middle of each interval, the last step).
    """
    edges = (0.0, *times)
    gaps = [b - a for a, b in itertools.pairwise(edges)]
    speeds = [0.0, *(1.0 / gap for gap in gaps), 0.0]
    moments = [0.0, *((a + b) / 2 for a, b in itertools.pairwise(edges)), edges[-1]]
    return speeds, moments


MOVES = {
    "1 step": (1, 0.0),
    "3 steps": (3, 0.0),
    "0.5 turn": (0, 0.5),
    "1 turn": (0, 1.0),
    "1.5 turns": (0, 1.5),
    "2 turns": (0, 2.0),
    "3 turns": (0, 3.0),
}
"""Moves as (steps, turns): nudges, and the jogs and spins of a spinner."""


@pytest.mark.parametrize("build", sorted(BUILDS))
@pytest.mark.parametrize("move", list(MOVES))
def test_every_move_starts_and_ends_at_rest_within_the_speed_and_acceleration_limits(
    build: str, move: str
) -> None:
    spinner = BUILDS[build]
    limits = MotionLimits.from_config(spinner)
    steps, turns = MOVES[move]
    distance = steps + round(turns * spinner.steps_per_turn)
    speeds, moments = speeds_from_rest_to_rest(plan_move(distance, limits).times_s)
    assert len(speeds) == distance + 2
    assert max(speeds) <= limits.max_speed
    for index, (v1, v2, t1, t2) in enumerate(
        zip(speeds, speeds[1:], moments, moments[1:], strict=False)
    ):
        accel = (v2 - v1) / (t2 - t1)
        assert abs(accel) <= limits.max_accel * ACCEL_TOLERANCE, (index, accel)
    # Stopping from the last step's speed within the limit (checked above) is
    # ending at rest; and it ends as gently as it started, the last step's
    # speed being the first's.
    assert speeds[-2] == pytest.approx(speeds[1], rel=0.01)
