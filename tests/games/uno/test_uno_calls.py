"""UNO calls and catches, as a table enters them: "Ana calls UNO", "Ben catches Ana".

The digest: a player left with one card must call it; caught before the next
player begins their turn, they draw 2. A player who forgot may still call it
late until then; a late call closes the catch. UNO Duo keeps the catch open
until the call or a change of hand (its own timing).
"""

import pytest

from companion.games.base import RuleError
from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour
from companion.games.uno.classic import ClassicUno
from companion.games.uno.referee import new_referee
from companion.games.uno.tiki import TikiTwist
from companion.games.uno.tiki_actions import SpinResult

from . import classic_tables, variant_tables


def play(text: str, colour: str | None = None, uno: bool = False) -> act.PlayCard:
    return act.PlayCard(Card.parse(text), Colour.parse(colour) if colour else None, uno)


def classic_forgot() -> ClassicUno:
    """Seat 0 plays Red 7 down to one card without calling UNO."""
    state = classic_tables.laid_out([["Red 7", "Blue 1"], ["Red 2", "Red 3"], ["Red 4"]])
    state.apply(play("Red 7"))
    return state


def referee_forgot(game: type[ClassicUno]) -> ClassicUno:
    """Referee mode: seat 1 (two cards) plays Red 7 without calling UNO."""
    state = new_referee(game, 3, game.options_type())
    state.apply(act.ChooseDealer(0))
    state.apply(act.TurnUp(Card.parse("Red 5")))
    state.hands[1] = [None, None]
    state.apply(play("Red 7"))
    return state


def test_player_who_forgot_uno_may_call_it_late_before_the_next_player_begins() -> None:
    state = classic_forgot()
    assert act.CallUno(0) in state.legal_actions() and act.CatchUno(0) in state.legal_actions()
    state.apply(act.CallUno(0))
    assert act.CatchUno(0) not in state.legal_actions()
    with pytest.raises(RuleError, match="Seat 0 cannot be caught"):
        state.apply(act.CatchUno(0))
    assert state.hand_sizes == [1, 2, 1] and state.to_move == 1


def test_late_uno_call_is_too_late_once_the_next_player_began() -> None:
    state = classic_forgot()
    state.apply(play("Red 2"))
    assert act.CallUno(0) not in state.legal_actions()
    with pytest.raises(RuleError, match="Seat 0 cannot call UNO now"):
        state.apply(act.CallUno(0))


def test_catch_is_too_late_once_the_next_player_began_by_drawing() -> None:
    state = classic_tables.laid_out(
        [["Red 7", "Blue 1"], ["Red 2", "Red 3"], ["Red 4"]], draw=["Red 9", "Green 2"]
    )
    state.apply(play("Red 7"))  # seat 0 forgot to call UNO
    state.apply(act.Draw())  # seat 1 begins their turn by drawing instead of playing
    assert state.to_move == 1 and state.phase == "drawn"  # Red 9 may still be played
    assert act.CatchUno(0) not in state.legal_actions()
    assert act.CallUno(0) not in state.legal_actions()
    with pytest.raises(RuleError, match="Seat 0 cannot be caught"):
        state.apply(act.CatchUno(0))
    assert state.hand_sizes == [1, 3, 1]


def test_catch_before_the_late_call_makes_the_player_draw_two() -> None:
    state = classic_forgot()
    state.apply(act.CatchUno(0))
    assert state.hand_sizes[0] == 3
    with pytest.raises(RuleError, match="Seat 0 cannot call UNO now"):
        state.apply(act.CallUno(0))


@pytest.mark.parametrize("seat", [1, 2, 7])
def test_only_the_player_who_forgot_may_call_uno_late(seat: int) -> None:
    state = classic_forgot()
    with pytest.raises(RuleError, match=f"Seat {seat} cannot call UNO now"):
        state.apply(act.CallUno(seat))
    assert act.CatchUno(0) in state.legal_actions()  # the refused call changed nothing


def test_player_who_called_uno_with_the_play_has_nothing_to_call_late() -> None:
    state = classic_tables.laid_out([["Red 7", "Blue 1"], ["Red 2", "Red 3"]])
    state.apply(play("Red 7", uno=True))
    assert act.CallUno(0) not in state.legal_actions()
    with pytest.raises(RuleError, match="Seat 0 cannot call UNO now"):
        state.apply(act.CallUno(0))


@pytest.mark.parametrize("game", [ClassicUno, TikiTwist])
def test_referee_enters_a_late_uno_call(game: type[ClassicUno]) -> None:
    state = referee_forgot(game)
    assert act.CallUno(1) in state.legal_actions()
    state.apply(act.CallUno(1))
    assert act.CatchUno(1) not in state.legal_actions() and state.hand_sizes[1] == 1


@pytest.mark.parametrize("game", [ClassicUno, TikiTwist])
def test_referee_enters_a_catch_and_the_player_draws_two(game: type[ClassicUno]) -> None:
    state = referee_forgot(game)
    state.apply(act.CatchUno(1))
    assert state.hand_sizes[1] == 3 and state.to_move == 2


def test_tiki_uno_may_be_called_late_after_the_spin_of_the_face_that_left_one_card() -> None:
    state = variant_tables.laid_out(
        TikiTwist, [["Tiki Draw 1", "Blue 1"], ["Red 2", "Red 3"], ["Red 4"]]
    )
    state.apply(play("Tiki Draw 1"))
    assert state.chance() is not None and state.chance().kind == "spin"
    state.apply(SpinResult((2,)))  # the spin is still seat 0's turn
    assert act.CallUno(0) in state.legal_actions()
    state.apply(act.CallUno(0))
    assert act.CatchUno(0) not in state.legal_actions()


def test_tiki_catch_after_the_spin_makes_the_player_draw_two() -> None:
    state = variant_tables.laid_out(
        TikiTwist, [["Tiki Draw 1", "Blue 1"], ["Red 2", "Red 3"], ["Red 4"]]
    )
    state.apply(play("Tiki Draw 1"))
    state.apply(SpinResult((2,)))
    state.apply(act.CatchUno(0))
    assert state.hand_sizes == [3, 2, 2]


def test_duo_late_uno_call_may_come_on_the_opponents_turn() -> None:
    state = variant_tables.laid_out(
        variant_tables.DuoUno, [["Red 1", "Blue 7"], ["Red 9", "Red 3", "Green 2"]]
    )
    state.apply(play("Red 1"))
    assert state.to_move == 1 and act.CallUno(0) in state.legal_actions()
    state.apply(act.CallUno(0))
    assert act.CatchUno(0) not in state.legal_actions() and state.to_move == 1


def test_late_uno_call_round_trips_through_json() -> None:
    state = classic_forgot()
    state.apply(act.CallUno(0))
    assert act.CLASSIC_ACTIONS.from_json(act.CallUno(0).to_json()) == act.CallUno(0)
    assert state.history[-1].to_json() == {"action": "call_uno", "caller": 0}
    assert ClassicUno.from_json(state.to_json()).to_json() == state.to_json()
