"""The table's spins: the configured spinner, or the companion's own picks turned as it would.

`table_spins(config)` is what the touchscreen and `companion run` give the
table as its spin source: the spinner the config names (`sim` on a laptop,
the motor on a Pi), homed at once and closed on leaving; or, when it cannot
be opened, `SoftwareSpins`, the companion's fair picks told as the same
motions (so the screen still turns the dial) with the reason said once in
the log and on the screen.
"""

from __future__ import annotations

import contextlib
import logging
import random
import threading
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from companion.config import Config, SpinnerConfig
from companion.games.base import ChanceRequest
from companion.hardware.spin_status import (
    SpinnerProblem,
    SpinnerStatus,
    SpinSource,
    StatusListener,
)
from companion.hardware.table_spinner import TableSpinner, open_table_spinner
from companion.table.chance import SoftwarePick
from device.errors import DeviceError
from device.pointer_motion import software_motion
from device.seat_fit import seat_angles_for

log = logging.getLogger(__name__)


@contextlib.contextmanager
def _table_spinner_or_error(
    config: Config, seed: int | None = None, listener: StatusListener | None = None
) -> Iterator[TableSpinner | DeviceError]:
    """The configured spinner (`sim` on a laptop, the motor on a Pi), homing at once, and
    closed on leaving; or the error that says why it could not be opened."""
    rng = None if seed is None else random.Random(f"spinner-{seed}")
    try:
        spinner = open_table_spinner(config, rng=rng, listener=listener)
    except DeviceError as error:
        yield error
        return
    with spinner:
        yield spinner


class SoftwareSpins(SpinSource):
    """The companion's own picks (`SoftwarePick`) turned on screen as the spinner would turn
    them (`software_motion`), and said to be software: the table's spin hook and the app's
    `SpinnerFeed` when no spinner could be opened."""

    last_pick_in_software = True
    """The log says the companion picked (`companion.table`)."""
    workshop = None
    """No motor turns a pointer: the screen's dial alone shows the spin."""

    def __init__(
        self, pick: SoftwarePick, spinner: SpinnerConfig, reason: str,
        problem: SpinnerProblem = SpinnerProblem.NOT_OPENED, opening_error: str = "",
    ) -> None:
        self.pick = pick
        self.opening_error = opening_error
        """The device's error when the spinner could not be opened (empty otherwise)."""
        self.spinner = spinner
        # One lock for the state and the listeners: every motion is told at once, in turn.
        lock = threading.Lock()
        self._start_source(lock, lock)
        self._status = SpinnerStatus(available=False, reason=reason, problem=problem)

    @property
    def problem(self) -> str:
        """Why the spinner could not be opened."""
        return self._status.reason

    def outcome(self, request: ChanceRequest) -> Any:
        """The companion's pick (or the seats `stop_next_at` asked), told as a motion.

        Raises:
            RuleError: not a spin (from `SoftwarePick`).
        """
        with self._lock:
            forced = self._take_forced_stop()
        result: Any = self.pick.outcome(request) if forced is None else (
            forced[0] if len(forced) == 1 else list(forced))
        seats = (result,) if isinstance(result, int) else tuple(result)
        angles = seat_angles_for(self.spinner.seat_angles, max(request.seats, default=0) + 1)
        stop = angles[seats[0]]
        if len(seats) == 2:
            stop = (stop + ((angles[seats[1]] - stop) % 360.0) / 2) % 360.0
        with self._lock:
            motion = software_motion(self._shown_deg, stop, seats, self.spinner,
                                     self._status.reason)
            self._status = replace(self._status, software_pick=True, last_result=seats)
            status = self._status
        self._tell_status(status)
        self._tell(motion)
        return result

    def wait_idle(self, timeout_s: float) -> bool:
        """Every motion is told at once: always idle."""
        return True


TableSpins = TableSpinner | SoftwareSpins
"""The table's source of spins: the motor's, or the software fallback turned as it would."""


NOT_OPENED = "The spinner could not be opened: {error}"
"""Why the spins are the companion's own, for the journal (the screen words the code)."""


@contextlib.contextmanager
def table_spins(
    config: Config, seed: int | None = None, listener: StatusListener | None = None
) -> Iterator[TableSpins]:
    """The table's spins, the one place a table's spinner is opened: the configured spinner,
    homing at once, or, when it cannot be opened, the companion's own picks (said so in the
    log), whose `problem` says why; closed on leaving. `listener` hears the spinner's status
    changes from the start (its homing)."""
    with _table_spinner_or_error(config, seed, listener) as opened:
        if isinstance(opened, DeviceError):
            reason = NOT_OPENED.format(error=opened)
            log.warning("Software picks for spins. %s", reason)
            yield SoftwareSpins(SoftwarePick(seed), config.spinner, reason,
                                opening_error=str(opened))
        else:
            yield opened


__all__ = ["SoftwareSpins", "TableSpins", "table_spins"]
