"""A turn: move, then the square landed on (blank, another's tile, own tile, wild)."""

from __future__ import annotations

import pytest

from companion.games.yahtzee import (
    ChooseTarget,
    Claim,
    Landing,
    MoveOn,
    Phase,
    PlaceTile,
    RollAgain,
    Stay,
    Stop,
    Tile,
)
from tests.games.yahtzee.conftest import all_tiles_but, land_on, position, roll, throw

ONLY_SIXES_AND_LARGE_STRAIGHT_FREE = all_tiles_but({Tile.SIXES, Tile.LARGE_STRAIGHT})
"""Ten tiles held by Player 2 on squares 2-14; squares 15 and 16 are blank."""


def test_movement_roll_moves_forward_wrapping_from_16_to_1() -> None:
    state = position(squares={0: 14})
    roll(state, 4)
    assert state.positions[0] == 2


def test_players_may_share_a_square() -> None:
    state = position(squares={0: 1, 1: 5})
    roll(state, 4)
    assert state.positions == [5, 5]


def test_blank_square_claims_the_only_unclaimed_tile_the_dice_satisfy() -> None:
    state = position(tiles=ONLY_SIXES_AND_LARGE_STRAIGHT_FREE, squares={0: 13})
    land_on(state, 15)
    assert state.landing is Landing.BLANK
    throw(state, 6, 6, 1, 2, 3)
    sixes = state.holdings[Tile.SIXES]
    assert (sixes.owner, sixes.value, sixes.square) == (0, 2, 15)
    assert state.current == 1 and state.phase is Phase.MOVE


def test_blank_square_lets_the_player_choose_among_several_tiles() -> None:
    state = position(squares={0: 1})
    land_on(state, 3)
    throw(state, 3, 3, 3, 5, 5)
    assert state.phase is Phase.CLAIM and state.to_move == 0
    assert {action.tile for action in state.legal_actions()} == {
        Tile.THREES,
        Tile.FIVES,
        Tile.THREE_OF_A_KIND,
        Tile.FULL_HOUSE,
    }
    state.apply(Claim(Tile.FULL_HOUSE))
    assert state.holdings[Tile.FULL_HOUSE].owner == 0
    assert state.holdings[Tile.FULL_HOUSE].square == 3


def test_blank_square_with_nothing_satisfied_ends_the_turn() -> None:
    state = position(tiles=ONLY_SIXES_AND_LARGE_STRAIGHT_FREE, squares={0: 13})
    land_on(state, 15)
    throw(state, 1, 1, 2, 2, 3)
    assert state.tile_on(15) is None
    assert state.current == 1 and state.phase is Phase.MOVE


@pytest.mark.parametrize(("dice", "claimed"), [((6, 6, 6, 1, 5), False), ((6, 6, 6, 2, 5), True)])
def test_chance_needs_a_five_dice_total_of_25_or_more(dice: tuple[int, ...], claimed: bool) -> None:
    tiles = all_tiles_but({Tile.CHANCE, Tile.LARGE_STRAIGHT})
    state = position(tiles=tiles, squares={0: 13})
    land_on(state, 15)
    throw(state, *dice)
    chance = state.holdings[Tile.CHANCE]
    assert (chance.owner == 0) is claimed
    if claimed:
        assert chance.value == 25


def test_up_to_three_rolls_holding_any_dice_between_them() -> None:
    state = position(tiles=ONLY_SIXES_AND_LARGE_STRAIGHT_FREE, squares={0: 13})
    land_on(state, 15)
    roll(state, 6, 6, 1, 2, 3)
    state.apply(RollAgain((6, 6)))
    assert (state.chance() or pytest.fail()).dice == 3
    roll(state, 6, 1, 2)
    state.apply(RollAgain((6, 6, 6)))
    assert (state.chance() or pytest.fail()).dice == 2
    roll(state, 6, 4)  # the third roll is final: no Stop needed
    assert state.holdings[Tile.SIXES].value == 4
    assert state.current == 1


@pytest.mark.parametrize(
    ("dice", "owner", "value"),
    [
        ((5, 5, 1, 2, 3), 0, 2),  # equal the recorded value: stolen
        ((5, 5, 5, 1, 2), 0, 3),  # beat it: stolen, the new count recorded
        ((5, 1, 2, 3, 6), 1, 2),  # fall short: the owner keeps it
    ],
)
def test_another_players_tile_is_stolen_by_equalling_or_beating_its_recorded_value(
    dice: tuple[int, ...], owner: int, value: int
) -> None:
    state = position(tiles={Tile.FIVES: (1, 2, 3)}, squares={0: 1})
    land_on(state, 3)
    assert state.landing is Landing.STEAL and state.target is Tile.FIVES
    throw(state, *dice)
    fives = state.holdings[Tile.FIVES]
    assert (fives.owner, fives.value, fives.square) == (owner, value, 3)
    assert state.current == 1


def test_on_another_players_tile_only_that_tile_can_be_won() -> None:
    state = position(tiles={Tile.FIVES: (1, 2, 3)}, squares={0: 1})
    land_on(state, 3)
    throw(state, 1, 1, 1, 2, 2)
    assert state.holdings[Tile.ONES].owner is None
    assert state.holdings[Tile.FIVES].owner == 1


@pytest.mark.parametrize(("dice", "stolen"), [((1, 2, 3, 4, 5), True), ((2, 3, 4, 5, 5), False)])
def test_a_pattern_tile_is_stolen_by_showing_the_pattern(
    dice: tuple[int, ...], stolen: bool
) -> None:
    state = position(tiles={Tile.LARGE_STRAIGHT: (1, 1, 3)}, squares={0: 1})
    land_on(state, 3)
    throw(state, *dice)
    assert (state.holdings[Tile.LARGE_STRAIGHT].owner == 0) is stolen


@pytest.mark.parametrize(("dice", "stolen"), [((6, 6, 6, 6, 2), False), ((6, 6, 6, 6, 3), True)])
def test_chance_is_stolen_by_equalling_or_beating_its_recorded_total(
    dice: tuple[int, ...], stolen: bool
) -> None:
    state = position(tiles={Tile.CHANCE: (1, 27, 3)}, squares={0: 1})
    land_on(state, 3)
    throw(state, *dice)
    assert (state.holdings[Tile.CHANCE].owner == 0) is stolen


def test_own_number_tile_offers_stay_or_move_on() -> None:
    state = position(tiles={Tile.FIVES: (0, 2, 3)}, squares={0: 1})
    land_on(state, 3)
    assert state.phase is Phase.OWN_TILE
    assert state.legal_actions() == [Stay(), MoveOn()]


@pytest.mark.parametrize(("dice", "value"), [((5, 5, 5, 1, 2), 3), ((5, 1, 2, 3, 4), 2)])
def test_staying_records_a_higher_count_and_never_a_lower_one(
    dice: tuple[int, ...], value: int
) -> None:
    state = position(tiles={Tile.FIVES: (0, 2, 3)}, squares={0: 1})
    land_on(state, 3)
    state.apply(Stay())
    assert state.landing is Landing.IMPROVE
    throw(state, *dice)
    assert state.holdings[Tile.FIVES].value == value
    assert state.current == 1


@pytest.mark.parametrize(
    ("tile", "value"), [(Tile.FIVES, 4), (Tile.FULL_HOUSE, 1), (Tile.CHANCE, 28)]
)
def test_stay_is_only_for_number_tiles_recorded_at_10_20_or_30(tile: Tile, value: int) -> None:
    state = position(tiles={tile: (0, value, 3)}, squares={0: 1})
    land_on(state, 3)
    assert state.phase is Phase.MOVE and state.current == 0
    assert "move" in (state.chance() or pytest.fail()).prompt


def test_moving_on_rolls_the_movement_die_again_and_resolves_the_new_square() -> None:
    state = position(tiles={Tile.FIVES: (0, 2, 3)}, squares={0: 1})
    land_on(state, 3)
    state.apply(MoveOn())
    assert (state.chance() or pytest.fail()).dice == 1
    roll(state, 2)
    assert state.positions[0] == 5 and state.landing is Landing.WILD


def test_wild_square_player_chooses_any_tile_after_seeing_the_first_roll() -> None:
    state = position(tiles={Tile.FIVES: (1, 2, 3), Tile.SIXES: (0, 1, 4)}, squares={0: 1})
    land_on(state, 5)
    roll(state, 1, 2, 3, 4, 6)
    assert state.phase is Phase.TARGET and state.to_move == 0
    targets = {action.tile for action in state.legal_actions()}
    assert Tile.FIVES in targets  # claimed by another: may be stolen
    assert Tile.ONES in targets  # unclaimed
    assert Tile.SIXES not in targets  # already yours


def test_dy5_wild_claim_puts_the_new_tile_on_the_first_free_non_wild_square_ahead() -> None:
    tiles = {Tile.FIVES: (1, 2, 6), Tile.SIXES: (1, 1, 7)}
    state = position(tiles=tiles, squares={0: 1})
    land_on(state, 5)
    roll(state, 1, 2, 3, 4, 6)
    state.apply(ChooseTarget(Tile.LARGE_STRAIGHT))
    state.apply(RollAgain((1, 2, 3, 4)))
    roll(state, 5)
    state.apply(Stop())
    large = state.holdings[Tile.LARGE_STRAIGHT]
    assert (large.owner, large.square) == (0, 8)
    assert state.positions[0] == 8


def test_dy5_player_chooses_option_lets_the_claimer_pick_a_free_square() -> None:
    state = position(squares={0: 1}, options={"new_tile_placement": "player_chooses"})
    land_on(state, 5)
    roll(state, 1, 2, 3, 4, 5)
    state.apply(ChooseTarget(Tile.LARGE_STRAIGHT))
    state.apply(Stop())
    assert state.phase is Phase.PLACE
    assert PlaceTile(5) not in state.legal_actions() and PlaceTile(16) in state.legal_actions()
    state.apply(PlaceTile(16))
    assert state.holdings[Tile.LARGE_STRAIGHT].square == 16 and state.positions[0] == 16


def test_wild_steal_moves_the_player_to_that_tiles_square() -> None:
    state = position(tiles={Tile.FIVES: (1, 2, 12)}, squares={0: 1})
    land_on(state, 5)
    roll(state, 5, 5, 5, 1, 2)
    state.apply(ChooseTarget(Tile.FIVES))
    state.apply(Stop())
    assert state.holdings[Tile.FIVES].owner == 0 and state.holdings[Tile.FIVES].value == 3
    assert state.positions[0] == 12 and state.current == 1


def test_wild_failure_ends_the_turn_on_the_wild_square() -> None:
    state = position(tiles={Tile.FIVES: (1, 3, 12)}, squares={0: 1})
    land_on(state, 5)
    roll(state, 5, 5, 1, 2, 3)
    state.apply(ChooseTarget(Tile.FIVES))
    state.apply(Stop())
    assert state.holdings[Tile.FIVES].owner == 1
    assert state.positions[0] == 5 and state.current == 1


def test_wild_target_is_judged_alone_even_if_the_dice_make_another_tile() -> None:
    state = position(squares={0: 1})
    land_on(state, 5)
    roll(state, 2, 3, 4, 5, 1)
    state.apply(ChooseTarget(Tile.SIXES))
    state.apply(Stop())
    assert all(holding.owner is None for holding in state.holdings.values())


def test_dy5_first_free_square_ahead_wraps_past_16_and_skips_the_wild_square_1() -> None:
    tiles = {Tile.FIVES: (1, 2, 14), Tile.SIXES: (1, 1, 15), Tile.ONES: (1, 1, 16)}
    state = position(tiles=tiles, squares={0: 9})
    land_on(state, 13)
    roll(state, 2, 3, 4, 5, 6)
    state.apply(ChooseTarget(Tile.LARGE_STRAIGHT))
    state.apply(Stop())
    assert state.holdings[Tile.LARGE_STRAIGHT].square == 2 and state.positions[0] == 2


def test_wild_square_attempt_on_a_protected_tile_fails_without_a_yahtzee() -> None:
    state = position(tiles={Tile.FIVES: (1, 1, 12)}, squares={0: 1}, protected=Tile.FIVES)
    land_on(state, 5)
    roll(state, 5, 5, 5, 5, 1)
    state.apply(ChooseTarget(Tile.FIVES))
    state.apply(Stop())
    assert state.holdings[Tile.FIVES].owner == 1
    assert state.positions[0] == 5 and state.current == 1
