"""Spinner figures for the reference build (NEMA 17, 200 steps, 1/8 microstepping).

Prints:
1. spin durations (min, median, max) with the default speed, acceleration and
   jerk limits, over random start and target positions: every spin must be
   under 4 s including its full revolution and extra turns;
2. the same measured end to end on the simulated spinner (homing excluded);
3. the timing error of the gpio backend's step scheduler on this machine:
   a real spin stepped on a gpiozero MockFactory pin in real time, each
   recorded pulse compared with its planned time (median, 99th percentile,
   max), for the reference rate and for the 1 kHz rate advised for gpio.

Run: .venv/bin/python bench/spinner.py [--spins N]   (about 10 seconds on an idle machine)
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from dataclasses import replace

from companion.config import SpinnerConfig, parse_config
from device.clock import RealClock, VirtualClock
from device.motion import plan_spin


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def planned_durations(spinner: SpinnerConfig, spins: int) -> list[float]:
    rng = random.Random(1)
    turn = spinner.steps_per_turn
    return [
        plan_spin(rng.randrange(turn), rng.randrange(turn), spinner).duration_s
        for _ in range(spins)
    ]


def simulated_durations(spins: int) -> list[float]:
    from device.backends import open_spinner

    config = parse_config({"backend": "sim"}, source="bench")
    spinner = open_spinner(config, VirtualClock(), random.Random(2))
    spinner.home()
    return [spinner.spin().duration_s for _ in range(spins)]


def scheduler_error_us(spinner: SpinnerConfig, steps_limit: int) -> tuple[list[float], float]:
    """Pulse time minus planned time, in microseconds, for one real-time spin."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    from device.gpio import open_gpio_spinner

    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        config = replace(parse_config({"backend": "gpio"}, source="bench"), spinner=spinner)
        backend = open_gpio_spinner(config, RealClock())
        step_pin = Device.pin_factory.pin(config.spinner.pins.step)
        schedule = plan_spin(0, 0, spinner)
        schedule = replace(schedule, times_s=schedule.times_s[:steps_limit])
        step_pin.clear_states()
        started = time.perf_counter()
        backend.move(schedule)
        wall = time.perf_counter() - started
        # The mock pin stamps each change with time.monotonic: its own clock.
        now, rises = 0.0, []
        for state in step_pin.states[1:]:
            now += state.timestamp
            if state.state:
                rises.append(now)
        # The move's start is not on the pin; the scheduler never steps early,
        # so the smallest (pulse - plan) difference is the start offset.
        offset = min(rise - due for rise, due in zip(rises, schedule.times_s, strict=True))
        errors = [
            (rise - offset - due) * 1e6 for rise, due in zip(rises, schedule.times_s, strict=True)
        ]
        backend.close()
        return errors, wall
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spins", type=int, default=400, help="planned spins to time")
    args = parser.parse_args()
    reference = SpinnerConfig()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores, load average {load} (timing figures depend on it)")
    print(
        f"reference build: {reference.steps_per_rev} steps x 1/{reference.microstepping} "
        f"= {reference.steps_per_turn} steps per turn; limits {reference.max_speed_rps} rev/s, "
        f"{reference.max_accel_rps2} rev/s^2, jerk {reference.max_jerk_rps3} rev/s^3; "
        f"1 + {reference.extra_revolutions} extra turns per spin"
    )
    durations = planned_durations(reference, args.spins)
    verdict = "all under 4 s" if max(durations) < 4.0 else "SOME OVER 4 s"
    print(
        f"planned spin durations over {len(durations)} spins: min {min(durations):.3f} s, "
        f"median {statistics.median(durations):.3f} s, max {max(durations):.3f} s ({verdict})"
    )
    simulated = simulated_durations(50)
    print(
        f"simulated spinner, 50 spins end to end: min {min(simulated):.3f} s, "
        f"median {statistics.median(simulated):.3f} s, max {max(simulated):.3f} s"
    )
    gpio_rate = replace(reference, microstepping=1, max_speed_rps=1000 / reference.steps_per_rev)
    for label, spinner, limit in (
        (
            f"reference rate (up to {reference.max_speed_rps * reference.steps_per_turn:.0f} "
            "steps/s)",
            reference,
            6000,
        ),
        ("gpio rate (full steps, up to 1000 steps/s)", gpio_rate, 1500),
    ):
        errors, wall = scheduler_error_us(spinner, limit)
        magnitudes = [abs(e) for e in errors]
        print(
            f"gpio step scheduler, {label}: {len(errors)} pulses in {wall:.2f} s; lateness "
            f"median {statistics.median(magnitudes):.1f} us, 99th percentile "
            f"{percentile(magnitudes, 0.99):.1f} us, max {max(magnitudes):.1f} us"
        )


if __name__ == "__main__":
    main()
