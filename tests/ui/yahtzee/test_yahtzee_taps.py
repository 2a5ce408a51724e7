"""A Yahtzee board turn costs few taps: the dice held stay where they lie, and the faces
tapped in throw the others."""

from __future__ import annotations

from tests.ui.yahtzee.tap_count import count_taps


def test_a_turn_entered_by_hand_costs_at_most_six_taps_on_average(screen) -> None:
    counted = count_taps(screen)
    print(counted)
    assert counted.mean <= 6, counted
