"""Stepping on the host: a step scheduler and a spinner backend built on it.

The `gpio` and `sim` backends step from this process. A `StepperDriver`
makes one step at a time (a pulse on STEP, or the next coil pattern); the
`StepScheduler` calls it at the planned times; `HostSteppedSpinner` adds the
home sensor, home-edge reporting and homing, and so implements
`SpinnerBackend` for both.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from companion.closing import ClosesItself
from device.backend import HomeReport, HomingPlan, MoveReport, StepSchedule
from device.clock import Clock, RealClock, VirtualClock
from device.errors import DeviceClosing, DeviceUnavailable, HomingError

DEFAULT_SPIN_NS = 1_500_000
"""Busy-wait this long before each due step; sleep through the rest of a gap."""


class StepperDriver(Protocol):
    """One motor driver, one step at a time."""

    def set_direction(self, direction: int) -> None:
        """+1 forward, -1 backward; takes effect for the following steps."""
        ...

    def step(self) -> None:
        """Take one step (microstep / half-step) in the current direction."""
        ...

    def enable(self, on: bool) -> None:
        """Energise or release the motor."""
        ...

    def close(self) -> None:
        """Release the pins (idempotent)."""
        ...


class HomeSensor(Protocol):
    """The home sensor: active while the pointer's flag is in front of it."""

    def is_active(self) -> bool:
        """Whether the sensor sees the flag now."""
        ...

    def close(self) -> None:
        """Release the pin (idempotent)."""
        ...


@dataclass
class SchedulerClock:
    """The scheduler's time source, in integer nanoseconds, and its sleep.

    Defaults are the real `time.perf_counter_ns` and `time.sleep`; tests and
    the simulator inject a virtual pair.
    """

    now_ns: Callable[[], int] = time.perf_counter_ns
    sleep_s: Callable[[float], None] = time.sleep


@dataclass
class StepScheduler:
    """Runs actions at planned times: sleeps through long gaps, spins the rest.

    `sleep` on Linux overshoots by 50-100 us or more, so the scheduler sleeps
    only until `spin_ns` before the due time and busy-waits the rest on the
    nanosecond counter. Lateness of each step is recorded for the bench.
    """

    clock: SchedulerClock = field(default_factory=SchedulerClock)
    spin_ns: int = DEFAULT_SPIN_NS
    lateness_ns: list[int] = field(default_factory=list)

    def run(self, times_s: tuple[float, ...], action: Callable[[int], bool]) -> int:
        """Call `action(i)` for step i at `times_s[i]` from now.

        `action` returns False to stop early. Returns the number of actions
        taken. Lateness (actual minus due time, ns) of each is appended to
        `lateness_ns`.
        """
        now_ns = self.clock.now_ns
        start = now_ns()
        taken = 0
        for index, when in enumerate(times_s):
            due = start + round(when * 1e9)
            self._wait_until(due)
            self.lateness_ns.append(now_ns() - due)
            taken += 1
            if not action(index):
                break
        return taken

    def _wait_until(self, due_ns: int) -> None:
        now_ns = self.clock.now_ns
        remaining = due_ns - now_ns()
        if remaining > self.spin_ns:
            self.clock.sleep_s((remaining - self.spin_ns) / 1e9)
        while now_ns() < due_ns:
            pass


def scheduler_for(clock: Clock, precise: bool = True) -> StepScheduler:
    """A step scheduler running on `clock`.

    Real time uses the nanosecond counter, busy-waiting the last 1.5 ms before
    each step when `precise` (real motors); otherwise it only sleeps, which is
    late by the sleep's overshoot but leaves the core free (the simulator).
    A virtual clock sleeps exactly to each step (busy-waiting on it would
    never end).
    """
    if isinstance(clock, RealClock):
        return StepScheduler() if precise else StepScheduler(spin_ns=0)
    if isinstance(clock, VirtualClock):
        return StepScheduler(SchedulerClock(now_ns=clock.now_ns, sleep_s=clock.sleep), spin_ns=0)

    def now_ns() -> int:
        return round(clock.now() * 1e9)

    return StepScheduler(SchedulerClock(now_ns=now_ns, sleep_s=clock.sleep), spin_ns=0)


class HostSteppedSpinner(ClosesItself):
    """A `SpinnerBackend` that steps a `StepperDriver` from this process."""

    def __init__(
        self,
        name: str,
        driver: StepperDriver,
        sensor: HomeSensor,
        scheduler: StepScheduler | None = None,
    ) -> None:
        self.name = name
        self.driver = driver
        self.sensor = sensor
        self.scheduler = scheduler or StepScheduler()
        self._closed = False
        self._stopping = threading.Event()

    def stop(self) -> None:
        """Stop stepping now, from any thread (the companion is closing): the move under way
        ends at its next step and every later move or homing takes no step. The motor is
        released by `close()`; the next start homes again."""
        self._stopping.set()

    def enable(self, on: bool) -> None:
        """Energise or release the motor; releasing a closed backend does nothing.

        Raises:
            DeviceUnavailable: energising after `close()`.
        """
        if self._closed and not on:
            return  # close() released the motor and the pins already
        self._refuse_when_closed()
        self.driver.enable(on)

    def home_sensor_active(self) -> bool:
        """Whether the home sensor is active now.

        Raises:
            DeviceUnavailable: after `close()`.
        """
        self._refuse_when_closed()
        return self.sensor.is_active()

    def _refuse_when_closed(self) -> None:
        if self._closed:
            raise DeviceUnavailable(
                f"The {self.name} spinner was closed and its pins given back; "
                "open the spinner again to use it."
            )

    def move(self, schedule: StepSchedule) -> MoveReport:
        """Step through the schedule, recording forward home edges.

        Raises:
            DeviceUnavailable: after `close()`.
        """
        self._refuse_when_closed()
        self.driver.set_direction(schedule.direction)
        edges: list[int] = []
        was_active = self.sensor.is_active()

        taken = 0

        def one_step(index: int) -> bool:
            nonlocal was_active, taken
            if self._stopping.is_set():
                return False
            self.driver.step()
            taken += 1
            active = self.sensor.is_active()
            if active and not was_active and schedule.direction > 0:
                edges.append(index + 1)
            was_active = active
            return True

        start = self.scheduler.clock.now_ns()
        self.scheduler.run(schedule.times_s, one_step)
        duration = (self.scheduler.clock.now_ns() - start) / 1e9
        return MoveReport(steps_taken=taken, home_edges=tuple(edges), duration_s=duration)

    def home(self, plan: HomingPlan) -> HomeReport:
        """Fast approach, back off, slow approach; stops on the home edge.

        Raises:
            HomingError: the sensor never became active within the limits.
            DeviceUnavailable: after `close()`.
        """
        self._refuse_when_closed()
        clock = self.scheduler.clock
        start = clock.now_ns()
        deadline = start + round(plan.timeout_s * 1e9)
        if self.sensor.is_active():
            # Already on the flag: step off it first, so the approach meets the edge.
            self._approach(-1, plan.fast_interval_s, plan.max_steps, deadline, want=False)
        fast = self._approach(1, plan.fast_interval_s, plan.max_steps, deadline, want=True)
        self._approach(-1, plan.fast_interval_s, plan.max_steps, deadline, want=False)
        self._steps(-1, plan.backoff_steps, plan.fast_interval_s)
        self._approach(1, plan.slow_interval_s, plan.max_steps, deadline, want=True)
        return HomeReport(approach_steps=fast, duration_s=(clock.now_ns() - start) / 1e9)

    def _approach(
        self, direction: int, interval_s: float, max_steps: int, deadline_ns: int, want: bool
    ) -> int:
        """Step until the sensor reads `want`; returns steps taken."""
        self.driver.set_direction(direction)
        clock = self.scheduler.clock
        seen = "found" if want else "left"
        for taken in range(1, max_steps + 1):
            if self._stopping.is_set():
                raise DeviceClosing("The spinner stopped homing: the companion is closing.")
            if clock.now_ns() > deadline_ns:
                raise HomingError(
                    f"The spinner's home sensor was not {seen} before the homing timeout: "
                    "check the sensor's wiring and that the pointer turns freely."
                )
            self._steps(0, 1, interval_s)
            if self.sensor.is_active() == want:
                return taken
        raise HomingError(
            f"The spinner's home sensor was not {seen} in {max_steps} steps (more than a "
            "turn): check the sensor's wiring and that the pointer turns freely."
        )

    def _steps(self, direction: int, count: int, interval_s: float) -> None:
        """Take `count` evenly spaced steps (direction 0: keep the current one)."""
        if count <= 0:
            return
        if direction:
            self.driver.set_direction(direction)
        times = tuple(interval_s * (i + 1) for i in range(count))

        def one_step(_index: int) -> bool:
            if self._stopping.is_set():
                return False
            self.driver.step()
            return True

        self.scheduler.run(times, one_step)

    def close(self) -> None:
        """Release the motor and the sensor (idempotent); moving afterwards is refused."""
        if self._closed:
            return
        self._closed = True
        try:
            self.driver.enable(False)
        finally:
            self.driver.close()
            self.sensor.close()
