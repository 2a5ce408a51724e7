"""A cocked or escaped roll is thrown again: it changes nothing and does not count."""

from __future__ import annotations

import json

import pytest

from companion.games.base import INVALID_ROLL, RuleError
from companion.games.registry import game_spec
from companion.games.yahtzee import InvalidRoll, Phase, RollAgain, Tile, YahtzeeState, new_game
from companion.games.yahtzee.actions import YAHTZEE_ACTIONS
from tests.games.yahtzee.conftest import land_on, position, roll


def cocked(state: YahtzeeState) -> None:
    state.apply(state.chance_action(INVALID_ROLL))


def unchanged_but_notes(state: YahtzeeState) -> dict[str, object]:
    data = state.to_json()
    data.pop("notes", None)
    return data


def test_a_cocked_roll_off_roll_is_rolled_again_by_the_same_player() -> None:
    state = new_game(3, {})
    roll(state, 6, 6)
    before, request = unchanged_but_notes(state), state.chance()
    cocked(state)
    assert unchanged_but_notes(state) == before
    assert state.chance() == request
    assert [note.render(lambda seat: f"seat {seat}") for note in state.narration()] == [
        "The roll does not count: seat 1 rolls again."
    ]


def test_a_cocked_movement_die_is_rolled_again_and_the_player_stays() -> None:
    state = position(squares={0: 1})
    cocked(state)
    assert state.phase is Phase.MOVE and state.positions[0] == 1
    land_on(state, 3)
    assert state.positions[0] == 3


def test_a_cocked_roll_does_not_use_up_one_of_the_three_rolls() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    roll(state, 1, 2, 3, 4, 6)
    state.apply(RollAgain((1, 2, 3, 4)))
    request = state.chance()
    assert request is not None and request.dice == 1 and "roll 2 of 3" in request.prompt
    cocked(state)
    assert state.chance() == request
    assert state.dice is not None and state.dice.kept == (1, 2, 3, 4)
    roll(state, 5)
    assert state.dice is not None and state.dice.rolls == 2


def test_a_cocked_roll_when_no_dice_are_wanted_is_refused() -> None:
    state = position(tiles={Tile.FIVES: (0, 3, 3)}, squares={0: 1})
    land_on(state, 3)
    assert state.chance() is None
    with pytest.raises(RuleError, match="No dice are needed now"):
        state.chance_action(INVALID_ROLL)
    with pytest.raises(RuleError, match="No dice are needed now"):
        state.apply(InvalidRoll())


def test_a_cocked_roll_is_saved_and_replayed_like_any_roll() -> None:
    spec = game_spec("yahtzee")
    state = new_game(2, {})
    cocked(state)
    action = state.chance_action(INVALID_ROLL)
    assert YAHTZEE_ACTIONS.from_json(json.loads(json.dumps(action.to_json()))) == InvalidRoll()
    assert spec.actions.from_json(action.to_json()) == InvalidRoll()
    assert str(action) == "Cocked roll: roll again"
    again = spec.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.to_json() == state.to_json()
