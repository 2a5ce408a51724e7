"""A Yahtzee board turn costs few taps: the dice thrown at the table and what they made
tapped once on the made card; tapped in one by one, the dice held stay where they lie and
the faces tapped between throws throw the others (no Throw tap)."""

from __future__ import annotations

from tests.ui.yahtzee.tap_count import count_taps

MEAN_BEFORE = 13.5
"""The sample's mean before a face tapped between throws threw the dice (a Throw tap each)."""


def test_a_turn_entered_by_hand_costs_at_most_six_taps_on_average(screen) -> None:
    # 12.2 while every die was tapped in (the movement die and five dice before any throw
    # again); 2.0 with the made card.
    counted = count_taps(screen)
    print(counted)
    assert counted.mean <= 6, counted


def test_dice_tapped_in_one_by_one_cost_a_tap_less_for_every_throw_again(screen) -> None:
    counted = count_taps(screen, one_by_one=True)
    print(counted)
    assert counted.mean <= MEAN_BEFORE - 1.2, counted


def test_the_same_turns_are_played_whichever_way_the_dice_are_entered(make_screen) -> None:
    made, one_by_one = make_screen((800, 480)), make_screen((800, 480))
    count_taps(made)
    count_taps(one_by_one, one_by_one=True)
    assert made.app.snapshot is not None and one_by_one.app.snapshot is not None
    # The tiles, who holds them at what value, where everyone stands, whose turn it is: only
    # the words of the last action and the dice of the turn differ.
    where = ("tiles", "protected", "positions", "turn_number", "current", "challenge")
    tables = [screen.app.snapshot.state() for screen in (made, one_by_one)]
    made_table, one_by_one_table = ({key: table[key] for key in where} for table in tables)
    assert made_table == one_by_one_table
    assert made.app.snapshot.scores == one_by_one.app.snapshot.scores


def test_with_the_companions_dice_a_turn_costs_its_decisions_and_one_roll(make_screen) -> None:
    # 6.8 while the five dice of a turn's first throw needed a Roll tap of their own.
    counted = count_taps(make_screen((800, 480), dice_source="fair"), by_hand=False)
    print(counted)
    assert counted.mean <= 6, counted
