"""The engine protocol: dice as chance requests, errors as sentences, JSON."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.yahtzee import (
    YAHTZEE_ACTIONS,
    ChooseTarget,
    Claim,
    DiceThrow,
    MoveOn,
    PlaceTile,
    RollAgain,
    Stay,
    Stop,
    Tile,
    YahtzeeState,
    new_game,
)
from tests.games.yahtzee.conftest import all_tiles_but, land_on, position, roll, throw


def test_every_die_is_a_chance_request_for_exactly_the_dice_being_rolled() -> None:
    state = new_game(2)
    assert (state.chance() or pytest.fail()).dice == 2  # roll-off
    roll(state, 6, 6)
    roll(state, 1, 1)
    assert (state.chance() or pytest.fail()).dice == 1  # movement
    roll(state, 2)
    request = state.chance() or pytest.fail()
    assert (request.kind, request.dice, request.sides) == ("dice", 5, 6)
    roll(state, 4, 4, 1, 2, 3)
    state.apply(RollAgain((4, 4, 1)))
    assert (state.chance() or pytest.fail()).dice == 2
    assert "roll 2 of 3" in (state.chance() or pytest.fail()).prompt


def test_nobody_is_to_move_while_dice_are_needed() -> None:
    state = new_game(2)
    assert state.to_move is None and state.legal_actions() == []


def _snapshot_after_refusal(state: YahtzeeState, action: Any) -> str:
    before = state.to_json()
    with pytest.raises(RuleError) as refused:
        state.apply(action)
    assert state.to_json() == before
    return str(refused.value)


@pytest.mark.parametrize(
    ("action", "sentence"),
    [
        (Stop(), "Dice first: Player 1: roll the die to move"),
        (DiceThrow((1, 2)), "Give exactly 1 die value, not 2. Player 1: roll the die to move."),
        (DiceThrow((7,)), "A die shows 1 to 6"),
        (Claim(Tile.ONES), "Dice first"),
    ],
)
def test_action_refused_while_dice_are_needed_says_what_to_do(action: Any, sentence: str) -> None:
    state = position(squares={0: 1})
    assert sentence in _snapshot_after_refusal(state, action)


@pytest.mark.parametrize(
    ("action", "sentence"),
    [
        (RollAgain((6,)), "You can only hold dice that are showing (1 2 3 4 5), not 6."),
        (RollAgain((1, 2, 3, 4, 5)), "Leave at least one die to roll"),
        (Stay(), "'Stay and roll to improve your tile' is not allowed now: keep some dice"),
        (DiceThrow((1, 2, 3, 4, 5)), "No dice are needed now"),
    ],
)
def test_bad_choice_during_the_five_dice_is_a_sentence_and_changes_nothing(
    action: Any, sentence: str
) -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    roll(state, 1, 2, 3, 4, 5)
    assert sentence in _snapshot_after_refusal(state, action)


def test_wild_target_that_is_yours_is_refused_with_the_choices() -> None:
    state = position(tiles={Tile.SIXES: (0, 1, 2)}, squares={0: 1})
    land_on(state, 5)
    roll(state, 1, 2, 3, 4, 5)
    message = _snapshot_after_refusal(state, ChooseTarget(Tile.SIXES))
    assert message.startswith("You cannot take Sixes now: choose one of Ones, Twos")


def test_finished_game_refuses_every_action() -> None:
    data = position().to_json()
    data["phase"] = "over"
    state = YahtzeeState.from_json(data)
    assert "The game is over" in _snapshot_after_refusal(state, DiceThrow((3,)))
    with pytest.raises(RuleError, match="No dice are needed now"):
        state.chance_action([3])


ALL_ACTIONS = [
    DiceThrow((3, 4)),
    RollAgain(()),
    RollAgain((2, 2, 5)),
    Stop(),
    ChooseTarget(Tile.FULL_HOUSE),
    Claim(Tile.LARGE_STRAIGHT),
    Stay(),
    MoveOn(),
    PlaceTile(7),
]


@pytest.mark.parametrize("action", ALL_ACTIONS, ids=str)
def test_every_action_round_trips_through_json_and_reads_well(action: Any) -> None:
    assert YAHTZEE_ACTIONS.from_json(action.to_json()) == action
    text = str(action)
    assert text and text[0].isupper() and "(" not in text


@pytest.mark.parametrize(
    "data",
    [
        {"action": "fly"},
        {"action": "claim"},
        {"action": "claim", "tile": "yahtzee"},
        {"action": "dice", "values": "12"},
        {"action": "roll", "values": [1, 2]},
        {"action": "dice", "values": [[[[1]]]]},
        {"action": "stop", "later": True},
        {"action": "place_tile", "square": "7"},
        {"action": ["claim"]},
        {"action": {}},
        {"action": "roll_again", "kept": [True, 1]},
        ["claim"],
    ],
)
def test_bad_action_json_is_refused_with_a_sentence(data: Any) -> None:
    with pytest.raises(RuleError):
        YAHTZEE_ACTIONS.from_json(data)


def test_state_json_round_trip_is_exact_mid_turn() -> None:
    state = position(tiles={Tile.FIVES: (1, 2, 3)}, squares={0: 1}, protected=Tile.FIVES)
    land_on(state, 3)
    roll(state, 5, 5, 1, 2, 3)
    state.apply(RollAgain((5, 5)))
    copy = YahtzeeState.from_json(state.to_json())
    assert copy == state and copy.to_json() == state.to_json()
    roll(copy, 5, 1, 1)
    roll(state, 5, 1, 1)
    assert copy == state


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        (lambda d: d.update(game="uno"), "not a saved Yahtzee board game"),
        (lambda d: d["tiles"]["ones"].update(owner=0, value=1, square=3), "share a square"),
        (lambda d: d["tiles"]["twos"].update(owner=0, value=1, square=5), "not on a tile square"),
        (lambda d: d["tiles"]["twos"].update(owner=7, value=1, square=6), "impossible owner"),
        (lambda d: d.update(protected="sixes"), "protection marker is on an unclaimed tile"),
        (lambda d: d.update(phase="dancing"), "damaged"),
        (lambda d: d.pop("dice"), "damaged"),
        (lambda d: d.update(placing=[]), "damaged"),
        (lambda d: d.update(order=[]), "order of play does not match"),
        (lambda d: d["roll_off"].update(places=[[0], [0]]), "does not match the players"),
        (lambda d: d["positions"].__setitem__(0, 40), "square from 1 to 16"),
        (lambda d: d["tiles"]["fives"].update(value=5), "impossible value, 5"),
        (lambda d: d["tiles"]["chance"].update(owner=0, value=12, square=4), "impossible value"),
        (lambda d: d.update(phase="roll"), "roll step without what that step needs"),
        (lambda d: d.update(phase="target"), "target step without"),
        (lambda d: d.update(phase="claim"), "claim step without"),
        (lambda d: d.update(phase="place", placing=["fives", 2]), "place step without"),
        (
            lambda d: d.update(
                phase="roll",
                landing="blank",
                dice={"dice": 99, "max_rolls": 3, "faces": [], "rolls": 0, "kept": []},
            ),
            "1 to 10 dice",
        ),
        (
            lambda d: d.update(
                phase="roll",
                landing="blank",
                dice={"dice": 6, "max_rolls": 3, "faces": [], "rolls": 0, "kept": []},
            ),
            "five dice up to three times",
        ),
        (lambda d: d.update(challenge={"remaining": [1], "last_claimer": 1}), "challenge rounds"),
    ],
)
def test_damaged_saved_game_is_refused_with_a_sentence(change: Any, sentence: str) -> None:
    data = position(tiles={Tile.FIVES: (1, 2, 3)}).to_json()
    change(data)
    with pytest.raises(RuleError, match=sentence):
        YahtzeeState.from_json(data)


def test_saved_game_naming_a_tile_not_in_play_is_refused() -> None:
    data = position(options={"tiles": ["sixes", "large_straight"]}).to_json()
    data["target"] = "fives"
    with pytest.raises(RuleError, match="names a tile that is not in play"):
        YahtzeeState.from_json(data)


def test_saved_challenge_rounds_must_be_at_the_player_to_move() -> None:
    data = position(tiles=all_tiles_but(set()), current=0, challenge=([0, 1], 1)).to_json()
    data["current"] = 1
    with pytest.raises(RuleError, match="not at the player whose turn it is"):
        YahtzeeState.from_json(data)


def test_a_tile_named_in_text_is_read_as_that_tile() -> None:
    assert Claim("full_house") == Claim(Tile.FULL_HOUSE)  # type: ignore[arg-type]
    assert ChooseTarget("Large Straight") == ChooseTarget(Tile.LARGE_STRAIGHT)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "sentence"),
    [
        (lambda: Claim("yahtzee"), "There is no tile called 'yahtzee'"),
        (lambda: Claim(None), "There is no tile called None"),
        (lambda: ChooseTarget(5), "There is no tile called 5"),
        (lambda: PlaceTile("7"), "A square is a whole number, not '7'"),
        (lambda: PlaceTile(True), "A square is a whole number, not True"),
        (lambda: RollAgain((True, 1)), "'kept' must be a list of whole numbers"),
        (lambda: RollAgain(5), "'kept' must be a list of whole numbers"),
    ],
)
def test_a_malformed_action_is_refused_with_a_sentence_before_it_reaches_the_game(
    make: Any, sentence: str
) -> None:
    with pytest.raises(RuleError, match=sentence):
        make()


def test_a_claim_given_as_text_during_the_claim_choice_takes_that_tile() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    throw(state, 3, 3, 3, 5, 5)
    state.apply(Claim("threes"))  # type: ignore[arg-type]
    assert state.holdings[Tile.THREES].owner == 0 and state.current == 1
