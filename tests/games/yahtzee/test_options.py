"""Every D-Y option: typed, documented defaults, read from JSON, checked."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.yahtzee import (
    FinalTies,
    NewTilePlacement,
    RollOffTies,
    Tile,
    YahtzeeOptions,
    new_game,
)
from tests.games.yahtzee.conftest import land_on, position, throw


def test_default_options_are_the_digest_decisions() -> None:
    options = YahtzeeOptions()
    assert options.squares == 16 and options.wild_squares == (1, 5, 9, 13)  # D-Y1
    assert options.tiles == tuple(Tile)  # D-Y2
    assert options.tile_points[Tile.LARGE_STRAIGHT] == 50  # D-Y3
    assert options.roll_off_ties is RollOffTies.REROLL_TIED  # D-Y4
    assert options.new_tile_placement is NewTilePlacement.FIRST_FREE_AHEAD  # D-Y5
    assert options.final_ties is FinalTies.SHARE  # D-Y6
    assert options.improve_needs_rise is True  # D-Y7
    assert (options.points_per_die, options.chance_minimum) == (10, 25)


def test_empty_json_gives_the_defaults_and_options_round_trip_through_json() -> None:
    assert YahtzeeOptions.from_json({}) == YahtzeeOptions()
    custom = YahtzeeOptions.from_json(
        {"final_ties": "most_tiles", "tile_points": {"chance": 22}, "squares": 20}
    )
    assert YahtzeeOptions.from_json(custom.to_json()) == custom
    assert custom.tile_points[Tile.CHANCE] == 22 and custom.tile_points[Tile.FULL_HOUSE] == 30


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ({"colour": "red"}, "Unknown Yahtzee option 'colour'"),
        ({"squares": "16"}, "'squares' is a whole number"),
        ({"squares": 2}, "4 to 64 squares"),
        ({"wild_squares": [1, 1]}, "each only once"),
        ({"wild_squares": [0, 5]}, "numbered 1 to 16"),
        ({"squares": 14}, "12 tiles need as many non-wild squares"),
        ({"tiles": ["ones", "yahtzee"]}, "no tile called 'yahtzee'"),
        ({"tile_points": {"ones": 10}}, "number tile"),
        ({"tile_points": {"chance": -1}}, "cannot be negative"),
        ({"roll_off_ties": "coin"}, "one of reroll_tied, reroll_all"),
        ({"new_tile_placement": 3}, "first_free_ahead, player_chooses"),
        ({"improve_needs_rise": "yes"}, "true or false"),
        ({"chance_minimum": 40}, "5 to 30"),
    ],
)
def test_bad_option_is_refused_with_a_sentence(options: dict[str, Any], sentence: str) -> None:
    with pytest.raises(RuleError, match=sentence):
        new_game(2, options)


def test_dy1_board_size_and_wild_squares_are_configurable() -> None:
    state = new_game(2, {"squares": 20, "wild_squares": [1, 11]})
    assert state.board.squares == 20 and state.board.advance(19, 3) == 2
    assert state.board.is_wild(11) and not state.board.is_wild(5)


def test_dy1_more_players_than_wild_starting_squares_is_refused() -> None:
    with pytest.raises(RuleError, match="starting wild squares"):
        new_game(3, {"wild_squares": [1, 9]})


def test_dy2_the_tiles_in_play_are_configurable() -> None:
    state = new_game(2, {"tiles": ["sixes", "large_straight"]})
    assert list(state.holdings) == [Tile.SIXES, Tile.LARGE_STRAIGHT]


@pytest.mark.parametrize(("minimum", "claimed"), [(25, False), (20, True)])
def test_chance_minimum_is_configurable(minimum: int, claimed: bool) -> None:
    state = position(squares={0: 1}, options={"chance_minimum": minimum, "tiles": ["chance"]})
    land_on(state, 3)
    throw(state, 6, 6, 6, 2, 2)
    assert (state.holdings[Tile.CHANCE].owner == 0) is claimed


@pytest.mark.parametrize("options", ["fast", [1, 2], 5, []])
def test_options_that_are_not_a_json_object_are_refused_with_a_sentence(options: Any) -> None:
    with pytest.raises(RuleError, match="Yahtzee options are a JSON object"):
        new_game(2, options)


@pytest.mark.parametrize("players", ["3", True, 2.0])
def test_number_of_players_must_be_a_whole_number(players: Any) -> None:
    with pytest.raises(RuleError, match="number of players as a whole number"):
        new_game(players)
