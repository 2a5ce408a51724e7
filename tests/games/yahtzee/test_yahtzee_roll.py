"""Rolling a Yahtzee: any tile, the single protection marker, protected tiles."""

from __future__ import annotations

import pytest

from companion.games.yahtzee import ChooseTarget, Claim, Phase, RollAgain, Stay, Stop, Tile
from tests.games.yahtzee.conftest import land_on, position, roll, throw


def test_yahtzee_on_a_blank_square_claims_any_tile_even_a_claimed_one() -> None:
    state = position(tiles={Tile.LARGE_STRAIGHT: (1, 1, 16)}, squares={0: 1})
    land_on(state, 3)
    throw(state, 2, 2, 2, 2, 2)
    assert state.phase is Phase.CLAIM
    assert {action.tile for action in state.legal_actions()} == set(Tile)
    state.apply(Claim(Tile.LARGE_STRAIGHT))
    assert state.holdings[Tile.LARGE_STRAIGHT].owner == 0
    assert state.protected is Tile.LARGE_STRAIGHT
    assert state.positions[0] == 16  # moved to the claimed tile's square
    assert state.current == 1


def test_yahtzee_new_tile_from_a_blank_square_goes_on_that_square() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    throw(state, 4, 4, 4, 4, 4)
    state.apply(Claim(Tile.FULL_HOUSE))
    assert state.holdings[Tile.FULL_HOUSE].square == 3
    assert state.protected is Tile.FULL_HOUSE


def test_yahtzee_on_another_players_tile_may_claim_a_different_tile() -> None:
    state = position(tiles={Tile.FIVES: (1, 2, 3)}, squares={0: 1})
    land_on(state, 3)
    throw(state, 6, 6, 6, 6, 6)
    state.apply(Claim(Tile.CHANCE))
    assert state.holdings[Tile.FIVES].owner == 1
    chance = state.holdings[Tile.CHANCE]
    assert chance.owner == 0 and chance.square == 4  # first free square ahead
    assert state.positions[0] == 4


def test_yahtzee_on_a_wild_square_claims_any_tile_whatever_the_target() -> None:
    state = position(tiles={Tile.SIXES: (1, 2, 10)}, squares={0: 1})
    land_on(state, 5)
    roll(state, 3, 3, 3, 3, 3)
    state.apply(ChooseTarget(Tile.ONES))
    state.apply(Stop())
    state.apply(Claim(Tile.SIXES))
    assert state.holdings[Tile.SIXES].owner == 0 and state.positions[0] == 10


def test_only_one_protection_marker_exists_and_it_moves_to_the_new_yahtzee_tile() -> None:
    tiles = {Tile.FIVES: (1, 2, 3), Tile.SIXES: (1, 2, 4)}
    state = position(tiles=tiles, squares={0: 1}, protected=Tile.FIVES)
    land_on(state, 4)
    throw(state, 1, 1, 1, 1, 1)
    state.apply(Claim(Tile.SIXES))
    assert state.protected is Tile.SIXES
    assert state.to_json()["protected"] == "sixes"


@pytest.mark.parametrize(("dice", "stolen"), [((5, 5, 5, 5, 1), False), ((2, 2, 2, 2, 2), True)])
def test_protected_tile_falls_only_to_a_yahtzee(dice: tuple[int, ...], stolen: bool) -> None:
    state = position(tiles={Tile.FIVES: (1, 1, 3)}, squares={0: 1}, protected=Tile.FIVES)
    land_on(state, 3)
    throw(state, *dice)
    if state.phase is Phase.CLAIM:
        state.apply(Claim(Tile.FIVES))
    assert (state.holdings[Tile.FIVES].owner == 0) is stolen
    assert state.protected is Tile.FIVES


@pytest.mark.parametrize(
    ("tile", "value"), [(Tile.SIXES, 4), (Tile.CHANCE, 30), (Tile.FULL_HOUSE, 1)]
)
def test_tile_claimed_with_a_yahtzee_records_its_best_value(tile: Tile, value: int) -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    throw(state, 2, 2, 2, 2, 2)
    state.apply(Claim(tile))
    assert state.holdings[tile].value == value


def test_yahtzee_counts_only_on_the_final_roll() -> None:
    state = position(tiles={Tile.FIVES: (1, 2, 3)}, squares={0: 1})
    land_on(state, 3)
    roll(state, 4, 4, 4, 4, 4)
    state.apply(RollAgain((4, 4, 4, 4)))
    roll(state, 5)
    state.apply(Stop())
    assert state.holdings[Tile.FIVES].owner == 1 and state.current == 1


def test_yahtzee_may_claim_your_own_tile_to_protect_it_and_raise_it_to_its_best() -> None:
    tiles = {Tile.FIVES: (0, 2, 3), Tile.SIXES: (1, 1, 4)}
    state = position(tiles=tiles, squares={0: 1}, protected=Tile.SIXES)
    land_on(state, 3)
    state.apply(Stay())
    throw(state, 1, 1, 1, 1, 1)
    state.apply(Claim(Tile.FIVES))
    fives = state.holdings[Tile.FIVES]
    assert (fives.owner, fives.value) == (0, 4)
    assert state.protected is Tile.FIVES  # the marker left Player 2's Sixes
