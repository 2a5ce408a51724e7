"""Final scoring from the tile table (D-Y3) and ties (D-Y6)."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.yahtzee import Tile, YahtzeeOptions, new_game
from tests.games.yahtzee.conftest import finished


@pytest.mark.parametrize(("count", "points"), [(1, 10), (2, 20), (3, 30), (4, 40)])
def test_number_tiles_score_ten_points_per_recorded_die(count: int, points: int) -> None:
    state = finished(tiles={Tile.SIXES: (0, count, 2)})
    assert state.scores() == [points, 0]


@pytest.mark.parametrize(
    ("tile", "points"),
    [
        (Tile.CHANCE, 20),
        (Tile.THREE_OF_A_KIND, 25),
        (Tile.FULL_HOUSE, 30),
        (Tile.SMALL_STRAIGHT, 35),
        (Tile.FOUR_OF_A_KIND, 40),
        (Tile.LARGE_STRAIGHT, 50),
    ],
)
def test_dy3_default_tile_points_table(tile: Tile, points: int) -> None:
    value = 27 if tile is Tile.CHANCE else 1
    state = finished(tiles={tile: (1, value, 2)})
    assert state.scores() == [0, points]


def test_dy3_tile_points_are_configurable() -> None:
    options = {"tile_points": {"full_house": 45, "large_straight": 60}, "points_per_die": 5}
    state = finished(tiles={Tile.FULL_HOUSE: (0, 1, 2), Tile.TWOS: (0, 3, 3)}, options=options)
    assert state.scores() == [60, 0]


def test_dy3_large_straight_must_stay_the_highest_scoring_tile() -> None:
    with pytest.raises(RuleError, match="Large Straight must stay the highest"):
        new_game(2, {"tile_points": {"chance": 50}})
    with pytest.raises(RuleError, match="Large Straight"):
        YahtzeeOptions.from_json({"points_per_die": 15})


def test_every_tile_scores_for_its_owner_and_the_highest_total_wins() -> None:
    state = finished(
        3,
        tiles={
            Tile.LARGE_STRAIGHT: (2, 1, 2),
            Tile.ONES: (0, 4, 3),
            Tile.CHANCE: (1, 25, 4),
            Tile.TWOS: (1, 1, 6),
        },
    )
    assert state.scores() == [40, 30, 50]
    assert state.winners() == [2]


def test_dy6_tied_totals_share_the_win() -> None:
    state = finished(
        tiles={Tile.FOUR_OF_A_KIND: (0, 1, 2), Tile.ONES: (1, 2, 3), Tile.TWOS: (1, 2, 4)}
    )
    assert state.scores() == [40, 40]
    assert state.winners() == [0, 1]


def test_dy6_most_tiles_option_breaks_a_tie_by_tiles_held() -> None:
    tiles = {Tile.FOUR_OF_A_KIND: (0, 1, 2), Tile.ONES: (1, 2, 3), Tile.TWOS: (1, 2, 4)}
    state = finished(tiles=tiles, options={"final_ties": "most_tiles"})
    assert state.winners() == [1]


def test_no_winner_before_the_game_is_over() -> None:
    assert new_game(2).winners() == []
