"""Which seats a game's spins use: the calibrated ones, spaced evenly, or software picks."""

from __future__ import annotations

import pytest

from device.seat_fit import SeatFit, SeatShortfall, evenly_spaced, fit_seats, seat_angles_for

FOUR = (0.0, 90.0, 180.0, 270.0)


def test_seats_spaced_evenly_start_at_home_and_go_round_once() -> None:
    assert evenly_spaced(4) == FOUR
    assert evenly_spaced(6) == (0.0, 60.0, 120.0, 180.0, 240.0, 300.0)


@pytest.mark.parametrize(("players", "simulated", "fit"), [
    (4, False, SeatFit(FOUR)),
    (3, False, SeatFit(FOUR[:3])),
    (3, True, SeatFit(FOUR[:3])),
    (6, True, SeatFit(evenly_spaced(6), SeatShortfall.SPACED_EVENLY, known=4)),
    (6, False, SeatFit(evenly_spaced(6), SeatShortfall.CALIBRATE, known=4)),
])
def test_the_calibrated_seats_are_used_while_they_are_enough(
    players: int, simulated: bool, fit: SeatFit
) -> None:
    assert fit_seats(FOUR, players, simulated, 4.0) == fit


def test_a_simulated_table_too_crowded_for_the_margin_falls_back_to_software_picks() -> None:
    fit = fit_seats(FOUR, 40, True, 4.0)  # 9 degrees apart: not four margins
    assert fit.software and fit.shortfall is SeatShortfall.CALIBRATE and fit.players == 40


def test_the_fit_says_why_as_data_for_the_screen_to_word() -> None:
    fit = fit_seats(FOUR, 6, False, 4.0)
    assert (fit.shortfall, fit.known, fit.players, fit.software) == (
        SeatShortfall.CALIBRATE, 4, 6, True)
    assert not fit_seats(FOUR, 6, True, 4.0).software


def test_a_spin_needs_a_player() -> None:
    with pytest.raises(ValueError, match="at least one player"):
        fit_seats(FOUR, 0, True, 4.0)


def test_the_dial_and_the_spins_share_the_angles() -> None:
    assert seat_angles_for(FOUR, 6) == fit_seats(FOUR, 6, False, 4.0).angles
    assert seat_angles_for(FOUR, 2) == (0.0, 90.0)


def test_seven_players_are_spaced_a_seventh_of_a_turn_apart_not_whole_degrees() -> None:
    angles = evenly_spaced(7)
    assert angles[1] == pytest.approx(360 / 7, abs=1e-6)
    assert angles[6] == pytest.approx(6 * 360 / 7, abs=1e-6)


def test_exactly_as_many_calibrated_seats_as_players_are_used_as_calibrated() -> None:
    uneven = (0.0, 80.0, 170.0, 265.0)  # a table whose chairs are not evenly spaced
    assert seat_angles_for(uneven, 4) == uneven
    assert fit_seats(uneven, 4, True, 4.0) == SeatFit(uneven)


def test_a_single_player_is_pointed_at_the_first_calibrated_seat() -> None:
    assert fit_seats(FOUR, 1, False, 4.0) == SeatFit((0.0,))
