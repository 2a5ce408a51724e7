"""Motion planning for the spinner, as pure functions.

A move is a jerk-limited ("S-curve") profile: acceleration ramps up at the
jerk limit, holds at the acceleration limit, ramps down; then cruise at the
speed limit; then the mirror image to a stop. Short moves that cannot reach
the speed limit peak lower. The profile is turned into a `StepSchedule`: the
exact time at which the position crosses each whole step, so the last step
lands on the target and no step comes sooner than the limits allow.

Units inside are steps, seconds, steps/s, steps/s^2 and steps/s^3.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from companion.config import SpinnerConfig
from device.backend import StepSchedule

HEADROOM = 0.999
"""Plans use this share of each limit, so rounding never lands a step above one."""


@dataclass(frozen=True)
class MotionLimits:
    """Speed, acceleration and jerk limits in steps."""

    max_speed: float
    max_accel: float
    max_jerk: float

    @classmethod
    def from_config(cls, spinner: SpinnerConfig, speed_rps: float | None = None) -> MotionLimits:
        """The spinner's limits (or a lower top speed, for homing and jogging)."""
        turn = spinner.steps_per_turn
        speed = spinner.max_speed_rps if speed_rps is None else speed_rps
        return cls(
            max_speed=min(speed, spinner.max_speed_rps) * turn,
            max_accel=spinner.max_accel_rps2 * turn,
            max_jerk=spinner.max_jerk_rps3 * turn,
        )


@dataclass(frozen=True)
class MotionProfile:
    """A planned move: constant-jerk segments `(duration_s, jerk)` from rest to rest."""

    distance: int
    segments: tuple[tuple[float, float], ...]
    peak_speed: float

    @property
    def duration_s(self) -> float:
        """Total time of the move."""
        return sum(duration for duration, _ in self.segments)

    def state_at(self, t: float) -> tuple[float, float, float]:
        """Position, speed and acceleration at time `t` (clamped to the move)."""
        pos = vel = acc = 0.0
        for duration, jerk in self.segments:
            span = min(max(t, 0.0), duration)
            pos, vel, acc = _advance(pos, vel, acc, jerk, span)
            t -= duration
            if t <= 0:
                break
        return pos, vel, acc


def _advance(
    pos: float, vel: float, acc: float, jerk: float, t: float
) -> tuple[float, float, float]:
    return (
        pos + vel * t + acc * t * t / 2 + jerk * t**3 / 6,
        vel + acc * t + jerk * t * t / 2,
        acc + jerk * t,
    )


def _ramp(peak_speed: float, limits: MotionLimits) -> tuple[float, float, float]:
    """Jerk time, constant-acceleration time and distance to reach `peak_speed`."""
    a, j = limits.max_accel, limits.max_jerk
    if peak_speed >= a * a / j:
        jerk_time = a / j
        hold_time = peak_speed / a - a / j
    else:
        jerk_time = math.sqrt(peak_speed / j)
        hold_time = 0.0
    # A symmetric S-ramp covers its distance at half the peak speed on average.
    distance = peak_speed * (2 * jerk_time + hold_time) / 2
    return jerk_time, hold_time, distance


def plan_profile(distance: int, limits: MotionLimits) -> MotionProfile:
    """The fastest S-curve move of `distance` steps within `limits`.

    Raises:
        ValueError: a negative distance or a limit that is not positive.
    """
    if distance < 0:
        raise ValueError(f"A move needs a distance of 0 steps or more, not {distance}.")
    if min(limits.max_speed, limits.max_accel, limits.max_jerk) <= 0:
        raise ValueError(f"Motion limits must be positive, not {limits}.")
    if distance == 0:
        return MotionProfile(0, (), 0.0)
    limits = MotionLimits(
        limits.max_speed * HEADROOM, limits.max_accel * HEADROOM, limits.max_jerk * HEADROOM
    )
    peak = limits.max_speed
    jerk_time, hold_time, ramp_distance = _ramp(peak, limits)
    if 2 * ramp_distance > distance:
        low, high = 0.0, peak
        for _ in range(80):
            peak = (low + high) / 2
            if 2 * _ramp(peak, limits)[2] > distance:
                high = peak
            else:
                low = peak
        peak = low
        jerk_time, hold_time, ramp_distance = _ramp(peak, limits)
    cruise_time = max(0.0, (distance - 2 * ramp_distance) / peak)
    j = limits.max_jerk
    segments = (
        (jerk_time, j),
        (hold_time, 0.0),
        (jerk_time, -j),
        (cruise_time, 0.0),
        (jerk_time, -j),
        (hold_time, 0.0),
        (jerk_time, j),
    )
    return MotionProfile(distance, segments, peak)


def step_times(profile: MotionProfile) -> tuple[float, ...]:
    """The time at which the profile's position reaches each step 1..distance."""
    times: list[float] = []
    pos = vel = acc = 0.0
    start = 0.0
    step = 1
    for duration, jerk in profile.segments:
        end_pos = _advance(pos, vel, acc, jerk, duration)[0]
        guess = 0.0
        while step <= profile.distance and step <= end_pos + 1e-9:
            guess = _solve(pos, vel, acc, jerk, step, guess, duration)
            times.append(start + guess)
            step += 1
        pos, vel, acc = _advance(pos, vel, acc, jerk, duration)
        start += duration
    while step <= profile.distance:  # float shortfall at the very end
        times.append(start)
        step += 1
    return tuple(times)


def _solve(
    pos: float, vel: float, acc: float, jerk: float, target: float, lo: float, hi: float
) -> float:
    """Time within a segment at which the position reaches `target` (safeguarded Newton)."""
    t = lo
    for _ in range(100):
        p, v, _a = _advance(pos, vel, acc, jerk, t)
        error = p - target
        if abs(error) < 1e-9:
            return t
        if error < 0:
            lo = t
        else:
            hi = t
        nxt = t - error / v if v > 0 else -1.0
        if not lo < nxt < hi:
            nxt = (lo + hi) / 2
        if hi - lo < 1e-13:
            return hi
        t = nxt
    return t


def plan_move(distance: int, limits: MotionLimits, direction: int = 1) -> StepSchedule:
    """A schedule moving exactly `distance` steps along an S-curve.

    Raises:
        ValueError: a negative distance or bad limits.
    """
    return StepSchedule(step_times(plan_profile(distance, limits)), direction)


def spin_distance(current: int, target: int, steps_per_turn: int, extra_revolutions: int) -> int:
    """Steps forward from `current` to `target`: one full turn, the extra turns, the rest."""
    return (1 + extra_revolutions) * steps_per_turn + (target - current) % steps_per_turn


def spin_profile(current: int, target: int, spinner: SpinnerConfig) -> MotionProfile:
    """The S-curve of a spin from step `current` to step `target` (mod a turn).

    At least one full revolution, plus `spinner.extra_revolutions`, within the
    configured speed, acceleration and jerk limits. `plan_spin` steps along it.
    """
    turn = spinner.steps_per_turn
    distance = spin_distance(current, target, turn, spinner.extra_revolutions)
    return plan_profile(distance, MotionLimits.from_config(spinner))


def plan_spin(current: int, target: int, spinner: SpinnerConfig) -> StepSchedule:
    """The schedule of a spin from step `current` to step `target` (mod a turn).

    The steps of `spin_profile`: the pointer is where the profile says at every step.
    """
    return StepSchedule(step_times(spin_profile(current, target, spinner)))
