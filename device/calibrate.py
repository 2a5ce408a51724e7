"""Seat calibration: jog the pointer to each player, save each seat's angle.

`Calibration` takes one key at a time, so the same code serves the
touchscreen's buttons, a terminal in raw mode and a script piped to stdin:

    f / b   jog 1 degree forward / back       F / B   jog 10 degrees
    + / -   jog one motor step                 s       save the pointer as the next seat
    u       forget the last saved seat         w       write the seats and finish
    q       quit without writing               ?       show these keys

Whitespace is ignored. Seats are kept from 0 in the order saved, and said
from 1 to people ("seat 1 saved"); the file is written with
`companion.config.save_seat_angles`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from companion.config import Config, save_seat_angles
from companion.errors import ConfigError
from device.spinner import Spinner

KEYS_HELP = (
    "keys: f/b jog 1 degree, F/B jog 10 degrees, +/- one step, s save seat, "
    "u undo, w write and finish, q quit, ? help"
)


@dataclass
class Calibration:
    """An interactive calibration session on a homed spinner.

    Attributes:
        seats: angles saved so far, in seat order.
        done: finished (written or quit).
        written: where the seats were written (None until `w`).
    """

    spinner: Spinner
    config: Config
    seats: list[float] = field(default_factory=list)
    done: bool = False
    written: Path | None = None

    def jog_steps(self, key: str) -> int | None:
        """Steps a jog key moves (negative backward), or None for other keys."""
        per_degree = self.spinner.steps_per_turn / 360.0
        degrees = {"f": 1.0, "b": -1.0, "F": 10.0, "B": -10.0}
        if key in degrees:
            # Aim at the next whole-degree angle, so ten 1-degree jogs make 10 degrees.
            position = self.spinner.position or 0
            target = round((round(position / per_degree) + degrees[key]) * per_degree)
            return (target - position) or (1 if degrees[key] > 0 else -1)
        return {"+": 1, "-": -1}.get(key)

    def press(self, key: str) -> str:
        """Apply one key; returns a line to show (empty for whitespace).

        Raises:
            DeviceError: the spinner failed while jogging.
            ConfigError: the seats could not be written.
        """
        if key.isspace() or self.done:
            return ""
        steps = self.jog_steps(key)
        if steps is not None:
            self.spinner.jog(steps)
            return f"pointer at {self.spinner.angle_deg:.2f} degrees"
        action = {"s": self._save, "u": self._undo, "w": self._write, "q": self._quit}
        if key in action:
            return action[key]()
        if key == "?":
            return KEYS_HELP
        return f"{key!r} is not a calibration key; {KEYS_HELP}"

    def _save(self) -> str:
        angle = round(self.spinner.angle_deg, 3)
        if any(abs((angle - seat + 180.0) % 360.0 - 180.0) < 1.0 for seat in self.seats):
            return f"a seat is already saved at {angle:.2f} degrees; jog to the next player first"
        self.seats.append(angle)
        return f"seat {len(self.seats)} saved at {angle:.2f} degrees"

    def _undo(self) -> str:
        if not self.seats:
            return "no seat saved yet"
        angle = self.seats.pop()
        return f"seat {len(self.seats) + 1} at {angle:.2f} degrees forgotten"

    def _write(self) -> str:
        if len(self.seats) < 2:
            return f"save at least 2 seats before writing ({len(self.seats)} saved)"
        try:
            self.written = save_seat_angles(self.config, tuple(self.seats))
        except ConfigError as error:
            return f"cannot write: {error} Undo the last seat and save it again."
        self.done = True
        angles = ", ".join(f"{a:.2f}" for a in self.seats)
        return f"wrote {len(self.seats)} seats ({angles}) to {self.written}"

    def _quit(self) -> str:
        self.done = True
        return "quit without writing the seats"
