"""The spinner: homing, spins with missed-step checks, jogging, and the fallback.

`Spinner` drives any `SpinnerBackend`. It keeps the pointer's position in
motor steps from the home edge. Every forward pass over the home sensor is
checked against that count: a mismatch beyond `home.tolerance_steps` means
the motor missed steps, which is reported and fixed by re-homing and moving
again to the result; a smaller one re-zeroes the count on that pass, and a
short move at the end makes up the slip, so the pointer still stops on the
result. An edge whose count the backend reads late (the table controller's
interrupt, tens of microseconds after the edge) seems ahead by the steps
taken meanwhile: an offset no larger than that is no slip and is left alone
(`late_read_steps`). A spinner
that cannot home is *unavailable*: `spin()` then still returns a result, a
software pick marked `software_pick=True` with the reason, so the table
shows it on screen instead of the idol pointing.
"""

from __future__ import annotations

import bisect
import contextlib
import logging
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from companion.closing import ClosesItself
from companion.config import SpinnerConfig
from device import results
from device.backend import HomeReport, HomingPlan, MoveReport, SpinnerBackend, StepSchedule
from device.errors import DeviceClosing, DeviceError, DeviceUnavailable
from device.motion import MotionLimits, MotionProfile, plan_move, spin_profile, step_times

log = logging.getLogger(__name__)

MotionStart = Callable[[int, MotionProfile, StepSchedule], None]
"""Told as a spin's move starts: the step it starts from, the profile and its steps."""

UNAVAILABLE_WITHOUT_REASON = (
    "The spinner stopped working without saying why; home it again (`companion hw home`)."
)


@dataclass(frozen=True)
class SpinOutcome:
    """One spin as the table sees it.

    Attributes:
        result: the seat, or two seats when the stop is ambiguous.
        stop_angle_deg: where the pointer stopped (or would have).
        revolutions: turns of the pointer during the spin.
        duration_s: time from start to stop, recovery included.
        software_pick: the spinner was unavailable; show the result on screen.
        reason: why the spinner was unavailable (empty otherwise).
        missed_steps: steps found missing at a home pass (0: none, or the
            home sensor did not fire at all: see `fault`).
        rehomed: the spinner re-homed during this spin to recover.
        fault: what made it re-home (None when it did not).
        slipped_steps: steps slipped within the tolerance (+ lost, - gained)
            and made up by a short move at the end (0: none).
    """

    result: tuple[int, ...]
    stop_angle_deg: float
    revolutions: float
    duration_s: float
    software_pick: bool = False
    reason: str = ""
    missed_steps: int = 0
    rehomed: bool = False
    fault: MissedSteps | None = None
    slipped_steps: int = 0

    def to_json(self) -> dict[str, object]:
        """`{"result": seat or [seat, seat], "stop_angle_deg", "revolutions", "duration_s"}`."""
        return {
            "result": self.result[0] if len(self.result) == 1 else list(self.result),
            "stop_angle_deg": round(self.stop_angle_deg, 3),
            "revolutions": round(self.revolutions, 4),
            "duration_s": round(self.duration_s, 4),
        }


@dataclass(frozen=True)
class MissedSteps:
    """A home pass that came at the wrong step count: `offset` steps were lost (+) or gained."""

    offset: int
    expected_edges: int
    seen_edges: int

    @property
    def sensor_silent(self) -> bool:
        """The home sensor fired fewer times than the pointer passed home."""
        return self.seen_edges < self.expected_edges and self.offset == 0

    def sentence(self) -> str:
        """The fault as a sentence for the journal (the log line of a re-homing)."""
        if self.sensor_silent:
            missing = self.expected_edges - self.seen_edges
            return (
                f"The home sensor did not fire at {missing} of the {self.expected_edges} home "
                "passes of a move: steps were lost or the sensor missed the flag."
            )
        return f"The spinner was {self.offset:+d} steps off at a home pass (missed steps)."

    def phrase(self) -> str:
        """The fault in a few words, for one line of `companion hw spin`."""
        if self.sensor_silent:
            return "the home sensor did not fire where expected"
        if self.offset > 0:
            return f"missed {self.offset} steps"
        return f"ran {-self.offset} steps ahead"


def late_read_steps(schedule: StepSchedule, edge: int, latency_s: float) -> int:
    """Steps by which a home edge's count, read up to `latency_s` late, may seem ahead.

    The steps the plan takes within `latency_s` after step `edge` (so 0 when
    the backend checks every step as it is taken, or when no step comes that
    soon): an edge this far ahead of the count's expectation may be the read
    latency alone, not a slip.
    """
    if latency_s <= 0 or not 1 <= edge <= schedule.steps:
        return 0
    times = schedule.times_s
    return bisect.bisect_right(times, times[edge - 1] + latency_s) - edge


def hardware_fault(error: Exception, doing: str) -> DeviceError:
    """A pin library's error while `doing` something, as a `DeviceError` a person can act on."""
    return DeviceError(
        f"The spinner's hardware failed while {doing} ({type(error).__name__}: {error}):"
        " check the wiring and the driver's power, then home the spinner again."
    )


@dataclass
class Spinner(ClosesItself):
    """The spinner on a backend, with its configuration and randomness.

    Attributes:
        position: steps from the home edge (0 to a turn), or None until homed.
        unavailable_reason: why the spinner cannot be used (empty when it can).
        faults: missed-step reports, newest last.
    """

    backend: SpinnerBackend
    config: SpinnerConfig
    rng: random.Random = field(default_factory=results.system_rng)
    position: int | None = None
    unavailable_reason: str = ""
    faults: list[MissedSteps] = field(default_factory=list)

    @property
    def steps_per_turn(self) -> int:
        """Steps of one pointer turn."""
        return self.config.steps_per_turn

    @property
    def available(self) -> bool:
        """False after homing failed; `home()` again to retry."""
        return not self.unavailable_reason

    @property
    def angle_deg(self) -> float:
        """The pointer's angle from home (0 before homing)."""
        return results.step_angle(self.position or 0, self.steps_per_turn)

    def homing_plan(self) -> HomingPlan:
        """The configured homing moves in steps and seconds."""
        home = self.config.home
        turn = self.steps_per_turn
        backoff = max(1, round(home.backoff_deg / 360.0 * turn))
        # Homing never runs faster than the motor's own speed limit.
        fast_rps = min(home.fast_rps, self.config.max_speed_rps)
        slow_rps = min(home.slow_rps, fast_rps)
        return HomingPlan(
            fast_interval_s=1.0 / (fast_rps * turn),
            slow_interval_s=1.0 / (slow_rps * turn),
            backoff_steps=backoff,
            timeout_s=home.timeout_s,
            max_steps=turn + turn // 2 + backoff,
        )

    def home(self) -> HomeReport:
        """Home now; on failure the spinner becomes unavailable.

        Raises:
            DeviceError: homing failed (HomingError) or the hardware did; the
                reason is kept in `unavailable_reason`.
        """
        self.position = None
        try:
            with self.powered():
                report = self.backend.home(self.homing_plan())
        except DeviceClosing as error:  # a stop during homing: no fault to report
            self.mark_unavailable(str(error))
            log.info("%s", error)
            raise
        except DeviceError as error:
            self.mark_unavailable(str(error))
            log.error("The spinner is unavailable: %s", error)
            raise
        self.unavailable_reason = ""
        self.position = 0
        return report

    @contextlib.contextmanager
    def powered(self) -> Iterator[None]:
        """Energise the motor for the moves inside; release it if anything fails.

        After an error the motor is never left energised (a jammed idol must
        not cook the motor or the driver). A step/dir motor then holds its
        position between moves; a 28BYJ-48 is released when idle, since its
        gear train holds the idol and its coils would heat for nothing.

        A library's own error from the pins (gpiozero, lgpio) becomes a
        `DeviceError` with a sentence, so it is handled like any hardware
        trouble (a software pick, the spinner unavailable) instead of
        stopping the program. A backend's own `DeviceError` (an unplugged
        table controller's `LinkError`) already says what is wrong and
        passes unchanged.
        """
        try:
            self.backend.enable(True)
        except DeviceError:
            raise
        except Exception as error:
            raise hardware_fault(error, "switching the motor on") from error
        try:
            yield
        except BaseException as error:
            self._release()
            if isinstance(error, Exception) and not isinstance(error, DeviceError):
                raise hardware_fault(error, "moving") from error
            raise
        if self.config.driver == "uln2003":
            self._release()

    def _release(self) -> None:
        try:
            self.backend.enable(False)
        except Exception as error:  # the link is down: nothing is energised through it
            log.warning("The motor could not be released: %s", error)

    def ready(self) -> bool:
        """Home if never homed; False (with `unavailable_reason`) when the spinner cannot run.

        An unavailable spinner stays so until `home()` is called again (the
        hardware screen's retry), so a dead sensor costs one timeout, not one
        per spin.
        """
        if not self.available:
            return False
        if self.position is not None:
            return True
        try:
            self.home()
        except DeviceError:
            return False
        return True

    def spin(
        self,
        mode: str | None = None,
        seat_angles: tuple[float, ...] | None = None,
        margin_deg: float | None = None,
    ) -> SpinOutcome:
        """Draw a result and turn the pointer to it (or pick in software).

        Never raises for hardware trouble: an unavailable spinner gives a
        software pick with `software_pick=True` and the reason.

        Raises:
            ValueError: an unknown mode or seats that cannot be told apart.
        """
        seats = seat_angles or self.config.seat_angles
        margin = self.config.margin_deg if margin_deg is None else margin_deg
        pick = results.draw(mode or self.config.mode, seats, margin, self.steps_per_turn, self.rng)
        return self.drive_to(pick)

    def drive_to(
        self, pick: results.SpinPick, on_start: MotionStart | None = None
    ) -> SpinOutcome:
        """Turn the pointer to an already-drawn result (or pick in software).

        The result was drawn before (by `spin()`, or by the table's spinner
        hook, which answers at once); this only makes the pointer show it.
        `on_start(start_step, profile, schedule)` is called just before the motor
        starts the spin's move (not for a software pick, nor for a recovery
        after missed steps), so a screen can follow the same motion.
        Never raises for hardware trouble: an unavailable spinner gives
        `software_pick=True` and the reason.
        """
        if not self.ready():
            return self._software_pick(pick)
        try:
            return self._drive_to(pick, on_start)
        except DeviceError as error:
            self.mark_unavailable(str(error))
            return self._software_pick(pick)

    def mark_unavailable(self, reason: str) -> None:
        """Take the spinner out of use until `home()` succeeds again.

        For trouble the spinner learns of from outside (the table
        controller's link went offline): its position is forgotten, since
        the motor may have turned or been released meanwhile, and every spin
        until the next homing is a software pick giving `reason` (a sentence;
        an empty one is replaced by a general one, so the spinner always says why).
        """
        self.unavailable_reason = reason or UNAVAILABLE_WITHOUT_REASON
        self.position = None

    def _software_pick(self, pick: results.SpinPick) -> SpinOutcome:
        return SpinOutcome(
            pick.seats,
            pick.stop_angle_deg,
            0.0,
            0.0,
            software_pick=True,
            reason=self.unavailable_reason,
        )

    def _drive_to(self, pick: results.SpinPick, on_start: MotionStart | None) -> SpinOutcome:
        assert self.position is not None
        profile = spin_profile(self.position, pick.stop_step, self.config)
        schedule = StepSchedule(step_times(profile))
        if on_start is not None:
            on_start(self.position, profile, schedule)
        with self.powered():
            report = self.backend.move(schedule)
        start = self.position
        fault = self.check_home_passes(start, report)
        # A pass within tolerance still tells where the rotor really is:
        # re-zero the count on it, so small slips never add up; unless the
        # edge's count may have been read that much late (no slip seen then).
        drift = self.edge_offset(start, report.home_edges[-1]) if report.home_edges else 0
        if 0 < drift <= late_read_steps(schedule, report.home_edges[-1], report.edge_latency_s):
            drift = 0
        self.position = (start + report.steps_taken - drift) % self.steps_per_turn
        duration = report.duration_s
        turns = report.steps_taken / self.steps_per_turn
        if fault is None:
            if drift:
                # The planned move ended `drift` steps from the result: make it up.
                log.info("The spinner slipped %+d steps (within tolerance); correcting.", drift)
                duration += self._settle_on(pick.stop_step)
            return SpinOutcome(
                pick.seats, pick.stop_angle_deg, turns, duration, slipped_steps=drift
            )
        self.faults.append(fault)
        log.warning("%s Re-homing and moving to the result again.", fault.sentence())
        duration += self._recover(pick.stop_step)
        return SpinOutcome(
            pick.seats,
            pick.stop_angle_deg,
            turns,
            duration,
            missed_steps=fault.offset,
            rehomed=True,
            fault=fault,
        )

    def _settle_on(self, target_step: int) -> float:
        """Move the short way (either direction) to `target_step`; returns the time it took.

        Raises:
            DeviceError: the backend failed.
        """
        turn = self.steps_per_turn
        ahead = (target_step - self._homed_position()) % turn
        steps, direction = (ahead, 1) if ahead <= turn // 2 else (turn - ahead, -1)
        limits = MotionLimits.from_config(self.config)
        return self.run(plan_move(steps, limits, direction)).duration_s

    def _recover(self, target_step: int) -> float:
        """Re-home and move to `target_step`; returns the time it took.

        Raises:
            DeviceError: homing failed (the spinner is now unavailable).
        """
        home_report = self.home()
        move = self.move_to(target_step)
        return home_report.duration_s + move.duration_s

    def edge_offset(self, start: int, edge: int) -> int:
        """Steps the count was ahead (+) of the rotor at a home edge seen after `edge` steps."""
        turn = self.steps_per_turn
        offset = (start + edge) % turn
        return offset - turn if offset > turn // 2 else offset

    def check_home_passes(self, start: int, report: MoveReport) -> MissedSteps | None:
        """Compare the home edges seen in a forward move with those expected.

        An edge is expected each time the step count crosses a whole turn.
        Returns the fault, or None when every pass was within tolerance.
        """
        turn = self.steps_per_turn
        tolerance = self.config.home.tolerance_steps
        first = (-start) % turn or turn
        expected = [k for k in range(first, report.steps_taken + 1, turn)]
        seen = list(report.home_edges)
        for edge in seen:
            signed = self.edge_offset(start, edge)
            if abs(signed) > tolerance:
                return MissedSteps(signed, len(expected), len(seen))
        # Expected passes far enough from the end must have fired.
        firm = [k for k in expected if k + tolerance <= report.steps_taken]
        if len(seen) < len(firm):
            return MissedSteps(0, len(expected), len(seen))
        return None

    def move_to(self, target_step: int, speed_rps: float | None = None) -> MoveReport:
        """Move forward the short way to `target_step` (no full turn).

        Raises:
            DeviceUnavailable: the spinner is not homed.
            DeviceError: the backend failed.
        """
        current = self._homed_position()
        distance = (target_step - current) % self.steps_per_turn
        limits = MotionLimits.from_config(self.config, speed_rps)
        return self.run(plan_move(distance, limits))

    def run(self, schedule: StepSchedule) -> MoveReport:
        """Run a planned move from the homed position, motor energised; tracks the position.

        Raises:
            DeviceUnavailable: the spinner is not homed.
            DeviceError: the backend failed (the motor is released).
        """
        current = self._homed_position()
        try:
            with self.powered():
                report = self.backend.move(schedule)
        except DeviceError:
            self.position = None
            raise
        moved = report.steps_taken if schedule.direction >= 0 else -report.steps_taken
        self.position = (current + moved) % self.steps_per_turn
        return report

    def jog(self, steps: int, speed_rps: float = 0.25) -> MoveReport:
        """Move `steps` forward (positive) or backward (negative), slowly.

        Raises:
            DeviceUnavailable: the spinner is not homed.
            DeviceError: the backend failed.
        """
        limits = MotionLimits.from_config(self.config, speed_rps)
        return self.run(plan_move(abs(steps), limits, 1 if steps >= 0 else -1))

    def _homed_position(self) -> int:
        if self.position is None:
            reason = (self.unavailable_reason or "it has not been homed yet").rstrip(".")
            raise DeviceUnavailable(
                f"The spinner cannot move: {reason}. Home it first (`companion hw home`)."
            )
        return self.position

    def close(self) -> None:
        """Release the motor and the backend (idempotent)."""
        self.backend.close()
