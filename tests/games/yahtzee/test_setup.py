"""Board, tiles, order of play and starting squares (D-Y1, D-Y2, D-Y4)."""

from __future__ import annotations

import pytest

from companion.games.base import RuleError
from companion.games.registry import game_spec
from companion.games.yahtzee import new_game
from tests.games.yahtzee.conftest import roll, started


def test_dy1_board_is_a_loop_of_16_squares_with_wilds_at_1_5_9_13() -> None:
    state = new_game(2)
    assert state.board.squares == 16
    assert [sq for sq in range(1, 17) if state.board.is_wild(sq)] == [1, 5, 9, 13]
    assert state.board.advance(15, 3) == 2


def test_dy2_twelve_tiles_and_no_yahtzee_tile() -> None:
    state = new_game(2)
    assert len(state.holdings) == 12
    assert "yahtzee" not in {tile.value for tile in state.holdings}
    assert all(holding.owner is None for holding in state.holdings.values())


def test_game_is_registered_as_yahtzee_for_two_to_four_players() -> None:
    spec = game_spec("yahtzee")
    assert (spec.min_players, spec.max_players) == (2, 4)
    assert spec.new(3, {}).players == 3


@pytest.mark.parametrize("players", [0, 1, 5])
def test_two_to_four_players_only(players: int) -> None:
    with pytest.raises(RuleError, match="2 to 4 players"):
        new_game(players)


def test_every_player_rolls_two_dice_for_the_order_of_play() -> None:
    state = new_game(3)
    request = state.chance()
    assert request is not None and request.dice == 2
    assert "Player 1" in request.prompt and "order of play" in request.prompt


def test_highest_roll_goes_first_then_next_highest() -> None:
    state = new_game(3)
    roll(state, 2, 3)  # Player 1: 5
    roll(state, 6, 6)  # Player 2: 12
    roll(state, 4, 4)  # Player 3: 8
    assert state.order == (1, 2, 0)
    assert state.to_move is None and state.current == 1
    assert "move" in (state.chance() or pytest.fail()).prompt


def test_dy4_tied_players_reroll_among_themselves_only() -> None:
    state = new_game(4)
    roll(state, 6, 6)  # Player 1: 12
    roll(state, 3, 4)  # Player 2: 7
    roll(state, 2, 5)  # Player 3: 7
    roll(state, 1, 1)  # Player 4: 2
    request = state.chance()
    assert request is not None and "Player 2" in request.prompt
    roll(state, 1, 2)  # Player 2 re-rolls: 3
    assert "Player 3" in (state.chance() or pytest.fail()).prompt
    roll(state, 1, 1)  # Player 3 re-rolls: 2
    assert state.order == (0, 1, 2, 3)


def test_dy4_reroll_all_option_makes_everybody_roll_again_after_a_tie() -> None:
    state = new_game(3, {"roll_off_ties": "reroll_all"})
    roll(state, 6, 6)
    roll(state, 3, 4)
    roll(state, 2, 5)
    assert "Player 1" in (state.chance() or pytest.fail()).prompt
    roll(state, 1, 1)
    roll(state, 6, 6)
    roll(state, 3, 3)
    assert state.order == (1, 2, 0)


def test_player_one_starts_on_wild_1_player_two_on_wild_5_and_so_on() -> None:
    state = new_game(4)
    for dice in ([1, 1], [6, 6], [3, 3], [5, 5]):
        roll(state, *dice)
    assert state.order == (1, 3, 2, 0)
    assert state.positions == [13, 1, 9, 5]


def test_with_fewer_players_the_first_starting_squares_are_used() -> None:
    state = started(2)
    assert state.positions == [1, 5]


def test_turns_pass_in_the_order_of_the_roll_not_in_seat_order() -> None:
    state = new_game(4)
    for dice in ([1, 1], [6, 6], [3, 3], [5, 5]):
        roll(state, *dice)
    assert state.order == (1, 3, 2, 0)
    players_up = [state.current]
    while len(players_up) < 8:
        turn = state.turn_number
        while state.turn_number == turn:
            # Every turn here moves one square, then takes the first choice offered.
            request = state.chance()
            if request is not None:
                roll(state, *[1] * request.dice)
            else:
                state.apply(state.legal_actions()[0])
        players_up.append(state.current)
    assert players_up == [1, 3, 2, 0, 1, 3, 2, 0]
