"""Which seat angles a game's spins use: one policy for every table program.

A game's players are the first calibrated seat angles (`spinner.seat_angles`),
player 0 at the first. A game with more players than calibrated seats
cannot be pointed at as calibrated:

- on the simulated spinner the players are spaced evenly round the table
  (there is no real table to point at), and the spins go on;
- on real hardware the pointer would point at the wrong places, so the
  companion picks in software (the screen turns its idol instead) until
  the seats are calibrated with `companion hw calibrate`.

Either way a sentence says why (`SeatFit.note`), for the screen or the
terminal to say once. The table's spinner (`companion.hardware.table_spinner`), the
demo's (`companion.hardware.match_spinner`) and the software spins take their fit from
here; the angles themselves (`seat_angles_for`) are the configuration's, so the screen's
dial (`ui.spin_view`) places the players as the spins do without importing a device.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.config import evenly_spaced, seat_angle_problems, seat_angles_for


@dataclass(frozen=True)
class SeatFit:
    """The seat angles a game's spins use, and whether the pointer can show them.

    Attributes:
        angles: one angle per player, degrees from home, player 0 first.
        software: the pointer cannot show these seats: the companion picks.
        note: why the calibrated seats are not used as they are, a sentence
            (empty when they are).
    """

    angles: tuple[float, ...]
    software: bool = False
    note: str = ""


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
    told = f"The spinner knows {known} seats and this game has {players} players"
    if simulated and not seat_angle_problems(angles, margin_deg):
        return SeatFit(angles, note=f"{told}: the simulated spinner spaces them evenly.")
    return SeatFit(angles, software=True, note=(
        f"{told}: the companion picks the seat instead; calibrate {players} seats with"
        " `companion hw calibrate`."))


__all__ = ["SeatFit", "evenly_spaced", "fit_seats", "seat_angles_for"]
