"""Which seat a spin points to: fair and physical modes, as pure functions.

Seats are angles in degrees from home, numbered from 0 in the order given.
Each seat owns the arc from the midpoint with its neighbour on one side to
the midpoint with its neighbour on the other. The pointer stops on a whole
motor step; the result is read from the angle of that step.

- *fair*: each seat equally likely; the stop is uniform over the seat's arc
  away from the ambiguity margins, so the result is never in doubt.
- *physical*: the stop step is uniform over the whole turn; seat arcs set the
  odds, and a stop within `margin_deg` of a boundary returns both seats (the
  spinning player picks, as the Tiki Twist rulebook says).

Randomness comes from the `rng` argument: `secrets.SystemRandom()` at the
table, a seeded `random.Random` only in tests.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import secrets
from dataclasses import dataclass


@dataclass(frozen=True)
class SpinPick:
    """The drawn result: one seat, or two when the stop is ambiguous."""

    seats: tuple[int, ...]
    stop_step: int
    stop_angle_deg: float

    @property
    def ambiguous(self) -> bool:
        """Whether the spinning player must pick one of two seats."""
        return len(self.seats) == 2


@dataclass(frozen=True)
class SeatArc:
    """The arc a seat owns: from `start_deg` to `end_deg` (end may pass 360)."""

    seat: int
    start_deg: float
    end_deg: float


def system_rng() -> random.Random:
    """The table's randomness: the operating system's, via `secrets`."""
    return secrets.SystemRandom()


@functools.lru_cache(maxsize=64)
def seat_arcs(seat_angles: tuple[float, ...]) -> tuple[SeatArc, ...]:
    """The arcs of the seats, in order of angle, covering the circle once.

    Raises:
        ValueError: fewer than 2 seats, or two seats at the same angle.
    """
    if len(seat_angles) < 2:
        raise ValueError("A spin needs at least 2 seats; calibrate or name more seat angles.")
    order = sorted(range(len(seat_angles)), key=lambda i: seat_angles[i] % 360.0)
    angles = [seat_angles[i] % 360.0 for i in order]
    if any(b - a <= 0 for a, b in itertools.pairwise(angles)):
        raise ValueError(f"Two seats share an angle in {list(seat_angles)}; give each its own.")
    arcs = []
    count = len(angles)
    for k in range(count):
        before = angles[k - 1] - (360.0 if k == 0 else 0.0)
        after = angles[(k + 1) % count] + (360.0 if k == count - 1 else 0.0)
        arcs.append(SeatArc(order[k], (before + angles[k]) / 2, (angles[k] + after) / 2))
    return tuple(arcs)


def read_stop(
    angle_deg: float, seat_angles: tuple[float, ...], margin_deg: float
) -> tuple[int, ...]:
    """The seat(s) a pointer at `angle_deg` shows: two when within the margin of a boundary.

    With two seats, the pair is ordered as the pointer meets them turning forward.

    Raises:
        ValueError: fewer than 2 seats, or two at the same angle.
    """
    arcs = seat_arcs(seat_angles)
    for index, arc in enumerate(arcs):
        offset = (angle_deg - arc.start_deg) % 360.0
        width = arc.end_deg - arc.start_deg
        if offset >= width:
            continue
        nxt = arcs[(index + 1) % len(arcs)].seat
        prev = arcs[index - 1].seat
        if offset <= margin_deg:
            return (prev, arc.seat)
        if width - offset <= margin_deg:
            return (arc.seat, nxt)
        return (arc.seat,)
    raise AssertionError("seat arcs cover the circle")  # pragma: no cover


def step_angle(step: int, steps_per_turn: int) -> float:
    """The angle in degrees of a motor step."""
    return (step % steps_per_turn) * 360.0 / steps_per_turn


def draw_physical(
    seat_angles: tuple[float, ...], margin_deg: float, steps_per_turn: int, rng: random.Random
) -> SpinPick:
    """A uniform stop step over the whole turn, read against the seat arcs."""
    step = rng.randrange(steps_per_turn)
    angle = step_angle(step, steps_per_turn)
    return SpinPick(read_stop(angle, seat_angles, margin_deg), step, angle)


def clear_steps(arc: SeatArc, margin_deg: float, steps_per_turn: int) -> tuple[int, int]:
    """First and last step (unwrapped) strictly inside an arc's unambiguous middle."""
    per_degree = steps_per_turn / 360.0
    first = math.floor((arc.start_deg + margin_deg) * per_degree) + 1
    last = math.ceil((arc.end_deg - margin_deg) * per_degree) - 1
    return first, last


def draw_fair(
    seat_angles: tuple[float, ...], margin_deg: float, steps_per_turn: int, rng: random.Random
) -> SpinPick:
    """Each seat equally likely; the stop is uniform over its unambiguous middle.

    Raises:
        ValueError: a seat's arc is too narrow for the margins at this resolution.
    """
    seat = rng.randrange(len(seat_angles))
    arc = next(a for a in seat_arcs(seat_angles) if a.seat == seat)
    first, last = clear_steps(arc, margin_deg, steps_per_turn)
    if last < first:
        raise ValueError(
            f"Seat {seat}'s arc is too narrow for a margin of {margin_deg:g} degrees; "
            "spread the seats or lower the margin."
        )
    step = rng.randint(first, last) % steps_per_turn
    angle = step_angle(step, steps_per_turn)
    return SpinPick((seat,), step, angle)


def draw(
    mode: str,
    seat_angles: tuple[float, ...],
    margin_deg: float,
    steps_per_turn: int,
    rng: random.Random | None = None,
) -> SpinPick:
    """Draw a spin result in `mode` ("fair" or "physical").

    Raises:
        ValueError: an unknown mode, or seats that cannot be told apart.
    """
    rng = rng or system_rng()
    if mode == "fair":
        return draw_fair(seat_angles, margin_deg, steps_per_turn, rng)
    if mode == "physical":
        return draw_physical(seat_angles, margin_deg, steps_per_turn, rng)
    raise ValueError(f"Unknown spin mode {mode!r}; use fair or physical.")
