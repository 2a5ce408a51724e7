"""Whose turn the table's view names: the player to play, and nobody between rounds."""

from companion.games.uno import actions as act
from companion.games.uno.cards import Card

from .classic_tables import laid_out


def test_the_table_view_names_the_player_whose_turn_it_is() -> None:
    state = laid_out([["Red 7", "Blue 1"], ["Blue 9"], ["Green Skip"]], top="Red 5", current=1)
    assert state.public_view().turn_seat == 1


def test_nobody_has_the_turn_once_a_player_goes_out() -> None:
    state = laid_out([["Red 7"], ["Blue 9", "Wild"], ["Green Skip"]], top="Red 5")
    state.apply(act.PlayCard(Card.parse("Red 7")))
    view = state.public_view()
    assert view.turn_seat is None and state.pending_chance == "deal"  # the next deal waits


def test_nobody_has_the_turn_while_a_refereed_round_counts_its_hands() -> None:
    state = laid_out([["Red 7"], ["Blue 9", "Wild"], ["Green Skip"]], top="Red 5",
                     mode="referee")
    state.apply(act.PlayCard(Card.parse("Red 7")))
    assert state.to_move == 0  # the engine's decider is the one who went out
    assert state.public_view().turn_seat is None
