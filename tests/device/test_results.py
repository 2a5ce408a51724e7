"""Spin results: fair and physical modes, the ambiguity margin, and their statistics.

The statistical tests draw results only (no motion), with a seeded RNG, and
compare counts with a chi-square test at the 0.1% level. The critical value
comes from the Wilson-Hilferty approximation, which is within a fraction of
a percent of the exact value for these degrees of freedom.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from device.results import draw, draw_fair, draw_physical, read_stop, seat_arcs

SPINS = 60_000
TURN = 1600
Z_999 = 3.0902  # standard normal quantile for p = 0.999


def chi_square_critical(dof: int, z: float = Z_999) -> float:
    """Upper critical value of chi-square (Wilson-Hilferty)."""
    k = float(dof)
    return k * (1 - 2 / (9 * k) + z * (2 / (9 * k)) ** 0.5) ** 3


def chi_square(observed: dict[object, int], expected: dict[object, float]) -> float:
    return sum((observed.get(key, 0) - e) ** 2 / e for key, e in expected.items())


def even_seats(count: int) -> tuple[float, ...]:
    return tuple(i * 360.0 / count for i in range(count))


def test_chi_square_critical_value_matches_tables() -> None:
    # Tabulated chi-square at p=0.999: dof 1 -> 10.83, 9 -> 27.88, 20 -> 45.31.
    assert chi_square_critical(9) == pytest.approx(27.88, rel=0.01)
    assert chi_square_critical(20) == pytest.approx(45.31, rel=0.01)


def test_chi_square_rejects_a_biased_picker() -> None:
    rng = random.Random(5)
    counts = Counter(0 if rng.random() < 0.27 else rng.randrange(1, 4) for _ in range(SPINS))
    expected = {seat: SPINS / 4 for seat in range(4)}
    assert chi_square(counts, expected) > chi_square_critical(3)


@pytest.mark.parametrize("players", range(2, 11))
def test_fair_mode_gives_every_seat_the_same_chance(players: int) -> None:
    rng = random.Random(1000 + players)
    seats = even_seats(players)
    counts = Counter(draw_fair(seats, 4.0, TURN, rng).seats[0] for _ in range(SPINS))
    expected = {seat: SPINS / players for seat in range(players)}
    assert chi_square(counts, expected) < chi_square_critical(players - 1)


def test_fair_mode_is_fair_even_when_seats_are_unevenly_placed() -> None:
    rng = random.Random(7)
    seats = (10.0, 40.0, 200.0)
    counts = Counter(draw_fair(seats, 3.0, TURN, rng).seats[0] for _ in range(SPINS))
    assert chi_square(counts, {s: SPINS / 3 for s in range(3)}) < chi_square_critical(2)


def test_fair_mode_never_stops_on_a_line_and_stops_inside_its_seat() -> None:
    rng = random.Random(3)
    seats = (0.0, 50.0, 120.0, 240.0)
    for _ in range(2000):
        pick = draw_fair(seats, 4.0, TURN, rng)
        assert read_stop(pick.stop_angle_deg, seats, 4.0) == pick.seats


def physical_categories(seats: tuple[float, ...], margin: float) -> dict[object, float]:
    """Expected share of each unambiguous seat and each ambiguous pair."""
    shares: dict[object, float] = {}
    arcs = seat_arcs(seats)
    for index, arc in enumerate(arcs):
        shares[(arc.seat,)] = (arc.end_deg - arc.start_deg - 2 * margin) / 360.0
        nxt = arcs[(index + 1) % len(arcs)].seat
        shares[(arc.seat, nxt)] = 2 * margin / 360.0
    return shares


@pytest.mark.parametrize(
    ("seats", "margin"),
    [
        ((0.0, 90.0, 180.0, 270.0), 4.0),
        ((0.0, 60.0, 200.0), 5.0),
        ((15.0, 100.0, 130.0, 250.0, 300.0), 3.0),
    ],
)
def test_physical_mode_odds_follow_the_seat_arcs_and_the_margins(
    seats: tuple[float, ...], margin: float
) -> None:
    rng = random.Random(11)
    counts = Counter(draw_physical(seats, margin, TURN, rng).seats for _ in range(SPINS))
    shares = physical_categories(seats, margin)
    # The pointer stops on whole steps: the exact odds are the share of steps
    # in each category, which must match the arcs to within a step per boundary.
    per_step = Counter(read_stop(step * 360.0 / TURN, seats, margin) for step in range(TURN))
    for key, share in shares.items():
        assert per_step[key] / TURN == pytest.approx(share, abs=2.5 / TURN)
    expected = {key: n * SPINS / TURN for key, n in per_step.items()}
    assert set(counts) <= set(expected)
    assert chi_square(counts, expected) < chi_square_critical(len(expected) - 1)


@pytest.mark.parametrize("margin", [2.0, 5.0, 9.0])
def test_ambiguous_share_equals_the_margins_share_of_the_circle(margin: float) -> None:
    rng = random.Random(21)
    seats = even_seats(5)
    ambiguous = sum(draw_physical(seats, margin, TURN, rng).ambiguous for _ in range(SPINS))
    expected = 5 * 2 * margin / 360.0
    sigma = (expected * (1 - expected) / SPINS) ** 0.5
    assert abs(ambiguous / SPINS - expected) < 4 * sigma + 1 / TURN * 5


@pytest.mark.parametrize(
    ("angle", "expected"),
    [
        (0.0, (0,)),
        (40.0, (0,)),
        (41.0, (0, 1)),  # exactly the margin before the boundary still counts
        (41.5, (0, 1)),
        (45.0, (0, 1)),
        (47.5, (0, 1)),
        (49.0, (0, 1)),
        (49.5, (1,)),
        (90.0, (1,)),
        (311.0, (2, 0)),
        (318.0, (2, 0)),
        (359.9, (0,)),
    ],
)
def test_a_stop_near_a_boundary_names_both_neighbours(
    angle: float, expected: tuple[int, ...]
) -> None:
    seats = (0.0, 90.0, 270.0)  # boundaries at 45, 180 and 315 degrees
    assert read_stop(angle, seats, 4.0) == expected


def test_seats_are_numbered_in_the_order_given_not_by_angle() -> None:
    seats = (270.0, 0.0, 90.0)
    assert read_stop(268.0, seats, 2.0) == (0,)
    assert read_stop(2.0, seats, 2.0) == (1,)


@pytest.mark.parametrize(
    ("seats", "message"),
    [((0.0,), "at least 2 seats"), ((10.0, 370.0), "share an angle")],
)
def test_unusable_seats_are_refused_with_a_sentence(seats: tuple[float, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        seat_arcs(seats)


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="fair or physical"):
        draw("rigged", (0.0, 180.0), 2.0, TURN, random.Random(1))


def test_table_randomness_comes_from_the_operating_system() -> None:
    import secrets

    from device.results import system_rng

    assert isinstance(system_rng(), secrets.SystemRandom)


def test_a_fair_stop_may_fall_on_every_step_clear_of_the_margins_and_on_none_within() -> None:
    from device.results import clear_steps, step_angle

    seats, margin, turn = (0.0, 90.0, 180.0, 270.0), 4.0, 1600
    arc = next(arc for arc in seat_arcs(seats) if arc.seat == 1)
    first, last = clear_steps(arc, margin, turn)
    for step in range(first, last + 1):
        assert read_stop(step_angle(step, turn), seats, margin) == (1,), step
    for step in (first - 1, last + 1):
        assert len(read_stop(step_angle(step, turn), seats, margin)) == 2, step


def test_an_arc_with_a_single_clear_step_can_still_be_drawn() -> None:
    # One step a degree, two seats, a margin that leaves only the seat's own step clear.
    pick = draw_fair((0.0, 180.0), 89.5, 360, random.Random(1))
    assert pick.stop_step in (0, 180)


def test_an_arc_too_narrow_for_the_margin_says_what_to_do() -> None:
    with pytest.raises(ValueError, match=r"^Seat \d's arc is too narrow for a margin of 45 "
                       r"degrees; spread the seats or lower the margin\.$"):
        draw_fair((0.0, 90.0, 180.0, 270.0), 45.0, 1600, random.Random(1))
