"""The gpio step scheduler's timing loop, on an injected clock."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from device.stepping import SchedulerClock, StepScheduler


@dataclass
class LinuxLikeClock:
    """A nanosecond clock where each read costs 200 ns and sleep overshoots 80 us."""

    now: int = 0
    read_cost_ns: int = 200
    overshoot_ns: int = 80_000
    sleeps: list[float] = field(default_factory=list)

    def now_ns(self) -> int:
        self.now += self.read_cost_ns
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += round(seconds * 1e9) + self.overshoot_ns


def run_schedule(times: tuple[float, ...]) -> tuple[LinuxLikeClock, StepScheduler, list[int]]:
    clock = LinuxLikeClock()
    scheduler = StepScheduler(SchedulerClock(clock.now_ns, clock.sleep))
    fired: list[int] = []

    def action(index: int) -> bool:
        fired.append(clock.now)
        return True

    scheduler.run(times, action)
    return clock, scheduler, fired


def test_no_step_is_taken_early_and_none_more_than_a_microsecond_late() -> None:
    times = (*tuple(0.0005 * (i + 1) for i in range(50)), 0.2, 0.2001)
    _, scheduler, _ = run_schedule(times)
    assert len(scheduler.lateness_ns) == len(times)
    assert min(scheduler.lateness_ns) >= 0
    assert max(scheduler.lateness_ns) <= 1_000


def test_long_gaps_are_slept_through_and_short_ones_busy_waited() -> None:
    clock, _, _ = run_schedule((0.0002, 0.0004, 0.1))
    # Only the 100 ms gap sleeps, and it wakes early enough to absorb the overshoot.
    assert len(clock.sleeps) == 1
    assert clock.sleeps[0] == pytest.approx(0.1 - 0.0004 - 0.0015, abs=1e-5)


def test_an_action_returning_false_stops_the_schedule() -> None:
    scheduler = StepScheduler(SchedulerClock(LinuxLikeClock().now_ns, lambda _s: None))
    taken = scheduler.run((0.0, 0.0, 0.0), lambda index: index < 1)
    assert taken == 2


def count_reads(scheduler: StepScheduler, steps: int) -> int:
    """Clock reads while running `steps` steps 1 ms apart on a Linux-like clock."""
    clock = LinuxLikeClock()
    reads = 0

    def now_ns() -> int:
        nonlocal reads
        reads += 1
        return clock.now_ns()

    scheduler.clock = SchedulerClock(now_ns, clock.sleep)
    scheduler.run(tuple(0.001 * (i + 1) for i in range(steps)), lambda _index: True)
    return reads


def test_a_real_time_simulator_sleeps_between_steps_instead_of_spinning_a_core(
    write_config,  # type: ignore[no-untyped-def]
) -> None:
    from companion.config import load_config
    from device.clock import RealClock
    from device.sim import open_sim_spinner
    from device.stepping import scheduler_for

    config = load_config(write_config('backend = "sim"\n[sim]\nreal_time = true\n'))
    simulated = open_sim_spinner(config, RealClock()).scheduler
    motor = scheduler_for(RealClock())
    # A real motor's scheduler polls the counter thousands of times per step
    # to land on time; the simulator's reads it a few times and sleeps.
    assert count_reads(motor, 20) > 1000 * 20
    assert count_reads(simulated, 20) <= 4 * 20


@dataclass
class StoppingDriver:
    """A motor driver that asks its backend to stop (as closing does, from another thread)
    when it has taken `stop_after` steps."""

    stop_after: int
    backend: object = None
    steps: int = 0

    def set_direction(self, direction: int) -> None:
        pass

    def step(self) -> None:
        self.steps += 1
        if self.steps == self.stop_after:
            self.backend.stop()  # type: ignore[attr-defined]

    def enable(self, on: bool) -> None:
        pass


class NeverHome:
    def is_active(self) -> bool:
        return False


def test_a_stop_ends_the_move_under_way_at_its_next_step_and_later_moves_take_none() -> None:
    from device.backend import HomingPlan, StepSchedule
    from device.errors import DeviceUnavailable
    from device.stepping import HostSteppedSpinner

    clock = LinuxLikeClock()
    driver = StoppingDriver(stop_after=40)
    backend = HostSteppedSpinner("test", driver, NeverHome(),
                                 StepScheduler(SchedulerClock(clock.now_ns, clock.sleep)))
    driver.backend = backend
    schedule = StepSchedule(tuple(0.001 * (i + 1) for i in range(1000)), 1)
    report = backend.move(schedule)
    assert (report.steps_taken, driver.steps) == (40, 40)
    assert backend.move(schedule).steps_taken == 0
    with pytest.raises(DeviceUnavailable, match="closing"):
        backend.home(HomingPlan(fast_interval_s=0.001, slow_interval_s=0.002, backoff_steps=10,
                                max_steps=400, timeout_s=5.0))
    assert driver.steps == 40
