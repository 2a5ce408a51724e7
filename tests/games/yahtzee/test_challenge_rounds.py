"""End game: the challenge rounds (and D-Y7, staying to improve)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.yahtzee import Claim, MoveOn, Phase, Stay, Tile, YahtzeeState
from tests.games.yahtzee.conftest import all_tiles_but, land_on, position, roll, throw

EVERY_TILE_HELD_BY_PLAYER_TWO = all_tiles_but(set(), owner=1)
"""Ones on 2, Twos on 3, Threes on 4, Fours on 6, Fives on 7, Sixes on 8, ..."""


def _challenge(
    remaining: list[int],
    last_claimer: int,
    *,
    mine: dict[Tile, int] | None = None,
    squares: dict[int, int] | None = None,
    options: dict[str, Any] | None = None,
) -> YahtzeeState:
    tiles = dict(EVERY_TILE_HELD_BY_PLAYER_TWO)
    for tile, value in (mine or {}).items():
        tiles[tile] = (0, value, tiles[tile][2])
    return position(
        tiles=tiles,
        squares=squares or {0: 1, 1: 1},
        current=remaining[0],
        challenge=(remaining, last_claimer),
        options=options,
    )


@pytest.mark.parametrize(("claimer", "order"), [(0, (1, 2, 0)), (1, (2, 0, 1)), (2, (0, 1, 2))])
def test_claiming_the_last_tile_starts_challenge_rounds_ending_with_the_claimer(
    claimer: int, order: tuple[int, ...]
) -> None:
    tiles = all_tiles_but({Tile.SIXES})
    state = position(3, tiles=tiles, squares={claimer: 13}, current=claimer)
    land_on(state, 16)
    throw(state, 6, 1, 2, 3, 3)
    assert state.holdings[Tile.SIXES].owner == claimer
    assert state.challenge is not None
    assert state.challenge.remaining == order
    assert state.current == order[0] and state.phase is Phase.MOVE


def test_challenger_goes_again_after_winning_a_tile() -> None:
    state = _challenge([0, 1], 1)
    land_on(state, 2)
    throw(state, 1, 2, 3, 4, 6)
    assert state.holdings[Tile.ONES].owner == 0
    assert state.current == 0 and state.phase is Phase.MOVE
    assert state.challenge is not None and state.challenge.remaining == (0, 1)


def test_challenger_is_out_after_the_first_failure() -> None:
    state = _challenge([0, 1], 1)
    land_on(state, 2)
    throw(state, 2, 2, 3, 4, 6)
    assert state.current == 1
    assert state.challenge is not None and state.challenge.remaining == (1,)


def test_game_ends_when_the_player_who_claimed_the_last_tile_fails() -> None:
    state = position(
        tiles={**EVERY_TILE_HELD_BY_PLAYER_TWO, Tile.ONES: (0, 1, 2)},
        squares={1: 1},
        current=1,
        challenge=([1], 1),
    )
    land_on(state, 2)
    throw(state, 2, 2, 3, 4, 6)
    assert state.is_over and state.to_move is None and state.chance() is None
    assert state.legal_actions() == []
    assert state.winners() == [1]


def test_moving_on_from_your_tile_then_winning_counts_as_a_success() -> None:
    state = _challenge([0, 1], 1, mine={Tile.FIVES: 2}, squares={0: 5, 1: 1})
    land_on(state, 7)
    state.apply(MoveOn())
    roll(state, 1)  # square 8: Sixes, held by Player 2
    throw(state, 6, 1, 2, 3, 4)
    assert state.holdings[Tile.SIXES].owner == 0 and state.current == 0


@pytest.mark.parametrize(
    ("needs_rise", "dice", "goes_again"),
    [
        (True, (5, 5, 5, 1, 2), True),  # the count rose: a success
        (True, (5, 5, 1, 2, 3), False),  # the same count: a failure (D-Y7 default)
        (False, (5, 5, 1, 2, 3), True),  # option off: equalling is enough
        (False, (5, 1, 2, 3, 4), False),  # option off: lower is still a failure
    ],
)
def test_dy7_staying_to_improve_is_a_success_only_if_the_recorded_value_rises(
    needs_rise: bool, dice: tuple[int, ...], goes_again: bool
) -> None:
    state = _challenge(
        [0, 1],
        1,
        mine={Tile.FIVES: 2},
        squares={0: 5, 1: 1},
        options={"improve_needs_rise": needs_rise},
    )
    land_on(state, 7)
    state.apply(Stay())
    throw(state, *dice)
    assert (state.current == 0) is goes_again


def test_challenge_rounds_are_played_with_the_same_turn_rules() -> None:
    state = _challenge([0, 1], 1)
    land_on(state, 5)
    roll(state, 1, 2, 3, 4, 5)
    assert state.phase is Phase.TARGET


@pytest.mark.parametrize(("value", "goes_again"), [(2, True), (4, False)])
def test_yahtzee_on_your_own_tile_is_a_success_only_if_its_value_rises(
    value: int, goes_again: bool
) -> None:
    state = _challenge([0, 1], 1, mine={Tile.FIVES: value}, squares={0: 5, 1: 1})
    land_on(state, 6)  # Fours, held by Player 2
    throw(state, 3, 3, 3, 3, 3)
    state.apply(Claim(Tile.FIVES))
    assert state.holdings[Tile.FIVES].value == 4
    assert state.protected is Tile.FIVES
    assert (state.current == 0) is goes_again
