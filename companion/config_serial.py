"""What the table controller (`backend = "serial"`) can run, checked in the configuration.

The Pi plans every move and the Pico plays it, within the firmware's limits
(`firmware.protocol`, the specification's reference, shared by both sides):
its fastest step rate, its homing rates, and the steps of one move's
speed-up and slow-down it holds (the cruise between them goes as one gap and
a count, so the number of turns does not matter). Settings beyond them are
refused here, with the key and the value that fits, rather than turning
every spin into a software pick at the table.
"""

from __future__ import annotations

import math

from companion.config_schema import SpinnerConfig
from firmware import protocol

STEADY_SLACK_STEPS = 18
"""Steps a move uploads besides its speed-up and slow-down, at most.

A cruise shorter than 16 steps is uploaded gap by gap, and the steps where
the speed-up meets the cruise are counted to either side (see
`device.serial_moves`).
"""

SPEED_KEYS = frozenset({
    "spinner.steps_per_rev", "spinner.microstepping", "spinner.max_speed_rps",
    "spinner.max_accel_rps2", "spinner.max_jerk_rps3", "spinner.home.fast_rps",
    "spinner.home.slow_rps", "spinner.extra_revolutions",
})
"""Keys these checks read: when one is out of its own range, they are not run."""


def ramp_steps(speed: float, accel: float, jerk: float) -> float:
    """Steps an S-curve takes from rest to `speed`, at most (units: steps, seconds).

    Exact when the acceleration reaches its limit (a constant-acceleration
    stretch between the jerk phases); an upper bound otherwise.
    """
    return speed * speed / (2 * accel) + speed * accel / (2 * jerk)


def serial_problems(spinner: SpinnerConfig) -> list[tuple[str, str]]:
    """`(key, problem and fix)` for each setting the table controller cannot run."""
    if spinner.driver == "uln2003":
        return [(
            "spinner.driver",
            'is "uln2003" with backend = "serial", but the Pico firmware drives step/dir '
            'drivers only; wire the 28BYJ-48 to the Pi and set backend = "gpio"',
        )]
    return _speed_problems(spinner) + _spin_length_problems(spinner) + _homing_problems(spinner)


def _speed_problems(spinner: SpinnerConfig) -> list[tuple[str, str]]:
    """The top speed: within the step rate, with a speed-up and slow-down that fit the buffer."""
    turn = spinner.steps_per_turn
    accel = spinner.max_accel_rps2 * turn
    jerk = spinner.max_jerk_rps3 * turn
    rate = spinner.max_speed_rps * turn
    needed = 2 * ramp_steps(rate, accel, jerk) + STEADY_SLACK_STEPS
    room = protocol.MOVE_BUFFER_STEPS
    # The top speed whose speed-up and slow-down fit: solve 2 * ramp(v) + slack = room.
    half = (room - STEADY_SLACK_STEPS) / 2
    linear = accel / (2 * jerk)
    fits = accel * (math.sqrt(linear * linear + 2 * half / accel) - linear)
    setting = f"is {spinner.max_speed_rps:g}"
    if rate > protocol.MAX_STEP_HZ:
        fix = _down(min(protocol.MAX_STEP_HZ, fits) / turn)
        return [(
            "spinner.max_speed_rps",
            f"{setting}: {rate:,.0f} steps a second at {turn:,} steps a turn, faster than the "
            f"table controller steps (at most {protocol.MAX_STEP_HZ:,}); set it to {fix:g} or "
            "less, or lower the microstepping",
        )]
    if needed > room:
        return [(
            "spinner.max_speed_rps",
            f"{setting} with max_accel_rps2 = {spinner.max_accel_rps2:g}: speeding up to it and "
            f"slowing down take {math.ceil(needed):,} steps at {turn:,} steps a turn, more than "
            f"the table controller holds for one move ({room:,}); set it to "
            f"{_down(fits / turn):g} or less, raise max_accel_rps2, or lower the microstepping",
        )]
    return []


def _spin_length_problems(spinner: SpinnerConfig) -> list[tuple[str, str]]:
    """The longest spin (a turn, the extra turns, almost one more) within one move's cruise.

    Unreachable within the keys' own ranges today (22 turns of 51,200 steps);
    kept so a wider range cannot plan spins the controller refuses.
    """
    turn = spinner.steps_per_turn
    longest = (spinner.extra_revolutions + 2) * turn
    if longest <= protocol.MAX_CRUISE_STEPS:
        return []
    fits = protocol.MAX_CRUISE_STEPS // turn - 2
    fix = f"set it to {fits} or less, or lower the microstepping" if fits >= 0 else (
        "lower the microstepping")
    return [(
        "spinner.extra_revolutions",
        f"is {spinner.extra_revolutions}: a spin of up to {longest:,} steps at {turn:,} steps a "
        f"turn is longer than the table controller runs in one move "
        f"({protocol.MAX_CRUISE_STEPS:,} steps); {fix}",
    )]


def _homing_problems(spinner: SpinnerConfig) -> list[tuple[str, str]]:
    turn = spinner.steps_per_turn
    home = spinner.home
    # As `Spinner.homing_plan`: never faster than the motor's speed limit.
    fast_rps = min(home.fast_rps, spinner.max_speed_rps)
    problems = []
    if fast_rps * turn > protocol.MAX_HOME_HZ:
        problems.append((
            "spinner.home.fast_rps",
            f"is {home.fast_rps:g}: the fast approach at {fast_rps * turn:,.0f} steps a second "
            f"({turn:,} a turn) is faster than the table controller homes (at most "
            f"{protocol.MAX_HOME_HZ:,}); set it to {_down(protocol.MAX_HOME_HZ / turn):g} or less",
        ))
    for key, rps in (("fast_rps", fast_rps), ("slow_rps", home.slow_rps)):
        if rps * turn < protocol.MIN_STEP_HZ:
            problems.append((
                f"spinner.home.{key}",
                f"is {getattr(home, key):g}: homing at {rps * turn:g} steps a second ({turn:,} "
                f"a turn) is slower than the table controller steps (at least "
                f"{protocol.MIN_STEP_HZ}); set it to {_up(protocol.MIN_STEP_HZ / turn):g} or more",
            ))
    return problems


def _down(value: float) -> float:
    """`value` rounded down to 3 significant digits (a setting that surely fits)."""
    scale = 10.0 ** (math.floor(math.log10(value)) - 2)
    return math.floor(value / scale) * scale


def _up(value: float) -> float:
    """`value` rounded up to 3 significant digits."""
    scale = 10.0 ** (math.floor(math.log10(value)) - 2)
    return math.ceil(value / scale - 1e-9) * scale
