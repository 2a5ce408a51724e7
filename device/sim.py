"""The `sim` backend: a spinner and a dice tray with no hardware.

The simulated motor keeps two positions: the steps commanded and where the
rotor really is. They differ when the `missed_step_every` fault switch loses
steps, exactly as a stalled stepper does, and the home sensor (which sees the
real rotor) then fires at an unexpected step count. `dead_home_sensor`
makes it never fire, and `SimSpinner.edge_latency_s` reads each home edge's
step count that late, as the Pico's interrupt does. Time is virtual unless
`sim.real_time` is set.
"""

from __future__ import annotations

import bisect
import secrets
from collections.abc import Sequence
from dataclasses import replace

from companion.config import Config
from device.backend import ButtonCallback, MotionCallback, MoveReport, StepSchedule, TrayThrow
from device.clock import Clock, VirtualClock
from device.stepping import HostSteppedSpinner, scheduler_for

HOME_FLAG_DEG = 3.0
"""Width of the arc over which the simulated home sensor is active."""


class SimStepper:
    """A stepper that can lose steps (`missed_step_every`, 0 = never)."""

    def __init__(self, steps_per_turn: int, missed_step_every: int = 0) -> None:
        self.steps_per_turn = steps_per_turn
        self.missed_step_every = missed_step_every
        self.commanded = 0
        self.rotor = 0
        self.direction = 1
        self.enabled = False
        self.steps_taken = 0
        self.steps_lost = 0
        self.stall_steps = 0
        self.closed = False

    def lose_next(self, steps: int) -> None:
        """Fault switch: the next `steps` steps are lost (a stall), then stepping recovers."""
        self.stall_steps = steps

    def set_direction(self, direction: int) -> None:
        """+1 forward, -1 backward."""
        self.direction = 1 if direction >= 0 else -1

    def step(self) -> None:
        """One step; the rotor follows unless this step is lost (or the motor is off)."""
        self.steps_taken += 1
        self.commanded += self.direction
        if not self.enabled:
            # A released motor does not turn: every step commanded is lost.
            self.steps_lost += 1
            return
        if self.stall_steps > 0:
            self.stall_steps -= 1
            self.steps_lost += 1
            return
        if self.missed_step_every and self.steps_taken % self.missed_step_every == 0:
            self.steps_lost += 1
            return
        self.rotor += self.direction

    def enable(self, on: bool) -> None:
        """Energise or release."""
        self.enabled = on

    def close(self) -> None:
        """Nothing to release."""
        self.closed = True

    @property
    def rotor_angle_deg(self) -> float:
        """Where the pointer really points, in degrees from home."""
        return (self.rotor % self.steps_per_turn) * 360.0 / self.steps_per_turn


class SimHomeSensor:
    """Active while the real rotor is within the flag's arc after home."""

    def __init__(self, stepper: SimStepper, dead: bool = False) -> None:
        self.stepper = stepper
        self.dead = dead
        self.flag_steps = max(1, round(stepper.steps_per_turn * HOME_FLAG_DEG / 360.0))

    def is_active(self) -> bool:
        """Whether the flag is in front of the sensor (never when dead)."""
        if self.dead:
            return False
        return self.stepper.rotor % self.stepper.steps_per_turn < self.flag_steps

    def close(self) -> None:
        """Nothing to release."""


class SimSpinner(HostSteppedSpinner):
    """The simulated spinner; `stepper`, `home_sensor` and `edge_latency_s` are fault switches.

    `edge_latency_s` (0: none) reads each home edge's step count that long
    after the edge, as the table controller's interrupt does: at speed, a
    step or two late.
    """

    def __init__(self, stepper: SimStepper, sensor: SimHomeSensor, clock: Clock) -> None:
        # No motor to keep in step: in real time the simulator sleeps, never spins.
        super().__init__("sim", stepper, sensor, scheduler_for(clock, precise=False))
        self.stepper = stepper
        self.home_sensor = sensor
        self.clock = clock
        self.edge_latency_s = 0.0

    def move(self, schedule: StepSchedule) -> MoveReport:
        """Step through the schedule (see `_move`), each home edge read `edge_latency_s` late."""
        report = self._move(schedule)
        latency = self.edge_latency_s
        if latency <= 0:
            return report
        times = schedule.times_s
        late = tuple(bisect.bisect_right(times, times[edge - 1] + latency)
                     for edge in report.home_edges)
        return replace(report, home_edges=late, edge_latency_s=latency)

    def _move(self, schedule: StepSchedule) -> MoveReport:
        """Step through the schedule; on virtual time, without waiting per step.

        Virtual time has nothing to wait for, so the steps run back to back
        and the clock jumps to the end of the move: the same positions, home
        edges and duration, in a fraction of the time.
        """
        if not isinstance(self.clock, VirtualClock):
            return super().move(schedule)
        stepper, sensor = self.stepper, self.home_sensor
        stepper.set_direction(schedule.direction)
        edges: list[int] = []
        was_active = sensor.is_active()
        forward = schedule.direction > 0
        for index in range(1, schedule.steps + 1):
            stepper.step()
            active = sensor.is_active()
            if active and not was_active and forward:
                edges.append(index)
            was_active = active
        self.clock.advance(schedule.duration_s)
        return MoveReport(schedule.steps, tuple(edges), schedule.duration_s)


def open_sim_spinner(config: Config, clock: Clock) -> SimSpinner:
    """A simulated spinner with the configured fault switches.

    The rotor starts at a random angle, as a real one would after power-up.
    """
    turn = config.spinner.steps_per_turn
    stepper = SimStepper(turn, config.sim.missed_step_every)
    stepper.rotor = stepper.commanded = secrets.randbelow(turn)
    sensor = SimHomeSensor(stepper, dead=config.sim.dead_home_sensor)
    return SimSpinner(stepper, sensor, clock)


# A die bouncing in a felt tray: shake on/off gaps in seconds, then quiet.
BOUNCE_SCRIPT: tuple[float, ...] = (0.0, 0.03, 0.02, 0.05, 0.04, 0.09, 0.07, 0.12, 0.15, 0.05)


class SimTray:
    """A simulated tray: `throw()` plays a bouncing-dice sensor script."""

    name = "sim"

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._on_motion: MotionCallback | None = None
        self._on_button: ButtonCallback | None = None

    def start(self, on_motion: MotionCallback, on_button: ButtonCallback) -> None:
        """Deliver simulated sensor changes and presses to these callbacks."""
        self._on_motion = on_motion
        self._on_button = on_button

    def throw(self, script: Sequence[float] = BOUNCE_SCRIPT) -> None:
        """Play a throw: the sensor toggles after each gap in `script`."""
        active = False
        for gap in script:
            self.clock.sleep(gap)
            active = not active
            if self._on_motion is not None:
                self._on_motion(active)
        if active and self._on_motion is not None:
            self._on_motion(False)

    def press_button(self) -> None:
        """Press the tray button once."""
        if self._on_button is not None:
            self._on_button()

    def close(self) -> None:
        """Stop delivering (idempotent)."""
        self._on_motion = None
        self._on_button = None


class SimDiceReader:
    """The dice reader under `sim`: a fair roll, labelled as simulated."""

    name = "sim"

    def read_dice(self, count: int, sides: int, timeout_s: float) -> TrayThrow:
        """Fair values from `secrets`."""
        values = tuple(secrets.randbelow(sides) + 1 for _ in range(count))
        return TrayThrow(values, source="sim")

    def close(self) -> None:
        """Nothing to release."""
