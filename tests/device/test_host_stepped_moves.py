"""What a move stepped from this process reports: the home edges it met and its duration."""

from __future__ import annotations

from device.backend import HomingPlan, StepSchedule
from device.clock import VirtualClock
from device.stepping import HostSteppedSpinner, scheduler_for

FLAG_EVERY = 50
"""The counting rotor below passes its home flag every 50 steps, for 3 steps."""


class CountingDriver:
    """A driver that only counts the steps it was told to take."""

    def __init__(self) -> None:
        self.position = 0
        self.direction = 1

    def set_direction(self, direction: int) -> None:
        self.direction = direction

    def step(self) -> None:
        self.position += self.direction

    def enable(self, on: bool) -> None:
        pass

    def close(self) -> None:
        pass


class FlagSensor:
    """Active while the counting rotor is on one of its flags."""

    def __init__(self, driver: CountingDriver) -> None:
        self.driver = driver

    def is_active(self) -> bool:
        return self.driver.position % FLAG_EVERY < 3

    def close(self) -> None:
        pass


def spinner(clock: VirtualClock) -> HostSteppedSpinner:
    driver = CountingDriver()
    return HostSteppedSpinner("test", driver, FlagSensor(driver), scheduler_for(clock))


def steps(count: int, gap_s: float, direction: int = 1) -> StepSchedule:
    return StepSchedule(tuple(gap_s * (index + 1) for index in range(count)), direction)


def test_a_move_starting_on_the_flag_reports_only_the_flags_it_meets_later() -> None:
    with spinner(VirtualClock()) as backend:  # the rotor rests on its flag
        report = backend.move(steps(120, 0.001))
    assert report.steps_taken == 120
    assert report.home_edges == (50, 100)


def test_a_move_backwards_reports_no_home_edge() -> None:
    with spinner(VirtualClock()) as backend:
        assert backend.move(steps(120, 0.001, direction=-1)).home_edges == ()


def test_a_move_reports_how_long_it_took_on_the_backends_clock() -> None:
    clock = VirtualClock(start=100.0)
    with spinner(clock) as backend:
        report = backend.move(steps(10, 0.05))
    assert report.duration_s == 0.5
    assert clock.now() == 100.5


def test_homing_that_starts_on_the_flag_steps_back_off_it_and_meets_its_edge_forwards() -> None:
    driver = CountingDriver()
    plan = HomingPlan(fast_interval_s=0.001, slow_interval_s=0.002, backoff_steps=5,
                      timeout_s=5.0, max_steps=3 * FLAG_EVERY)
    with HostSteppedSpinner("test", driver, FlagSensor(driver),
                            scheduler_for(VirtualClock())) as backend:
        report = backend.home(plan)  # the rotor rests on its flag
    assert report.approach_steps == 1  # one step back off the flag, one forward onto it
    assert driver.position == 0  # on the flag's first step, not a turn further
