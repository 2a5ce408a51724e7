"""Which seat angles a game's spins use: one policy for every table program.

A game's players are the first calibrated seat angles (`spinner.seat_angles`),
player 0 at the first. A game with more players than calibrated seats
cannot be pointed at as calibrated:

- on the simulated spinner the players are spaced evenly round the table
  (there is no real table to point at), and the spins go on;
- on real hardware the pointer would point at the wrong places, so the
  companion picks in software (the screen turns its idol instead) until
  the seats are calibrated with `companion hw calibrate`.

Either way the fit says why, as data (`SeatFit.shortfall` with the counts), for
the screen or the terminal to say once in the table's language
(`companion.hardware.spin_status.seats_note`). The table's spinner
(`companion.hardware.table_spinner`), the demo's (`companion.hardware.match_spinner`)
and the software spins take their fit from here; the angles themselves
(`seat_angles_for`) are the configuration's, so the screen's dial (`ui.spin_view`)
places the players as the spins do without importing a device.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from companion.config import evenly_spaced, seat_angle_problems, seat_angles_for


class SeatShortfall(Enum):
    """Why a game's spins do not use the calibrated seats as they are."""

    NONE = "none"
    """They do: the game has no more players than calibrated seats."""
    SPACED_EVENLY = "spaced evenly"
    """The simulated spinner spaces the players evenly round the table."""
    CALIBRATE = "calibrate"
    """Real hardware cannot point at the seats: the companion picks until they are
    calibrated."""


@dataclass(frozen=True)
class SeatFit:
    """The seat angles a game's spins use, and whether the pointer can show them.

    Attributes:
        angles: one angle per player, degrees from home, player 0 first.
        shortfall: why the calibrated seats are not used as they are.
        known: how many seats are calibrated (0 when there is no shortfall).
    """

    angles: tuple[float, ...]
    shortfall: SeatShortfall = SeatShortfall.NONE
    known: int = 0

    @property
    def software(self) -> bool:
        """The pointer cannot show these seats: the companion picks."""
        return self.shortfall is SeatShortfall.CALIBRATE

    @property
    def players(self) -> int:
        """How many players the spins point at."""
        return len(self.angles)


def fit_seats(
    calibrated: Sequence[float], players: int, simulated: bool, margin_deg: float
) -> SeatFit:
    """How spins for `players` use the `calibrated` seats, on a simulated spinner or not.

    Raises:
        ValueError: `players` is not a positive number.
    """
    if players < 1:
        raise ValueError(f"A spin needs at least one player to point at, not {players}.")
    angles = seat_angles_for(calibrated, players)
    known = len(calibrated)
    if known >= players:
        return SeatFit(angles)
    if simulated and not seat_angle_problems(angles, margin_deg):
        return SeatFit(angles, SeatShortfall.SPACED_EVENLY, known)
    return SeatFit(angles, SeatShortfall.CALIBRATE, known)


__all__ = ["SeatFit", "SeatShortfall", "evenly_spaced", "fit_seats", "seat_angles_for"]
