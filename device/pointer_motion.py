"""The pointer's motion during one spin, as a screen needs it to turn the same idol.

When the table's spinner starts driving to a result it tells its motion
listeners a `PointerMotion`: where the pointer starts and stops (the
backend's own angles, degrees from home), how far and how long it turns,
and the S-curve it follows, so a screen can place the pointer at any time
exactly where the motor's plan puts it (`angle_at`). A software pick (no
spinner, or one that cannot home) comes as a motion too, marked
`software_pick`, along the curve the motor would have followed: the screen
can show a spin of the same feel and say the companion picked.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.config import SpinnerConfig
from device import results
from device.backend import StepSchedule
from device.motion import MotionProfile, spin_profile


@dataclass(frozen=True)
class PointerMotion:
    """One spin of the pointer, from rest to rest.

    Attributes:
        start_angle_deg: where the pointer starts, degrees from home.
        stop_angle_deg: where it stops: the pick's own `stop_angle_deg`.
        profile: the S-curve in motor steps (`MotionProfile`), from time 0.
        duration_s: seconds from start to stop: the time of the plan's last
            step (a few microseconds before the curve's own end).
        steps_per_turn: motor steps of one pointer turn.
        result: the seat it stops at, or the two seats it stops between
            (the table's seat numbers).
        software_pick: the companion picked; the pointer does not show it.
        reason: why the spinner was not used (a sentence; empty otherwise).
    """

    start_angle_deg: float
    stop_angle_deg: float
    profile: MotionProfile
    duration_s: float
    steps_per_turn: int
    result: tuple[int, ...]
    software_pick: bool = False
    reason: str = ""

    @property
    def revolutions(self) -> float:
        """Turns of the pointer during the spin."""
        return self.profile.distance / self.steps_per_turn

    @property
    def ambiguous(self) -> bool:
        """The pointer stops between two seats: the player who spun picks one."""
        return len(self.result) == 2

    def turned_deg(self, t: float) -> float:
        """Degrees turned since the start at `t` seconds (clamped to the move)."""
        position, _speed, _accel = self.profile.state_at(t)
        return position * 360.0 / self.steps_per_turn

    def angle_at(self, t: float) -> float:
        """The pointer's angle from home at `t` seconds after the start, 0 to 360.

        Before 0 it is the start angle, after `duration_s` the stop angle.
        """
        if t >= self.duration_s:
            return self.stop_angle_deg % 360.0
        return (self.start_angle_deg + self.turned_deg(t)) % 360.0


def pointer_motion(
    start_step: int,
    profile: MotionProfile,
    schedule: StepSchedule,
    pick: results.SpinPick,
    steps_per_turn: int,
    result: tuple[int, ...],
) -> PointerMotion:
    """The motion of a spin the motor is about to make from `start_step` along `profile`,
    stepping at `schedule`'s times."""
    return PointerMotion(
        results.step_angle(start_step, steps_per_turn),
        pick.stop_angle_deg,
        profile,
        schedule.duration_s,
        steps_per_turn,
        result,
    )


def software_motion(
    start_angle_deg: float,
    stop_angle_deg: float,
    result: tuple[int, ...],
    spinner: SpinnerConfig,
    reason: str = "",
) -> PointerMotion:
    """A software pick shown as a spin: the curve the motor would have turned along.

    The companion picked `result`; the screen turns its idol from
    `start_angle_deg` to `stop_angle_deg` as the configured spinner would,
    and says the spinner was not used (`reason`).
    """
    turn = spinner.steps_per_turn
    start = round(start_angle_deg % 360.0 / 360.0 * turn) % turn
    stop = round(stop_angle_deg % 360.0 / 360.0 * turn) % turn
    profile = spin_profile(start, stop, spinner)
    return PointerMotion(
        results.step_angle(start, turn),
        stop_angle_deg % 360.0,
        profile,
        profile.duration_s,
        turn,
        result,
        software_pick=True,
        reason=reason,
    )


__all__ = ["PointerMotion", "pointer_motion", "software_motion"]
