"""Mini-Gam: two players on six points, eight checkers each starting on the bar.

Text positions are ``<on roll>:<seat 0>:<seat 1>``, each seat ``bar-points 1..6-off``;
seat 0 moves 1 -> 6 -> off, seat 1 moves 6 -> 1 -> off.
"""

import pytest

from companion.games.backgammon.actions import DiceThrow
from companion.games.backgammon.family import Phase
from companion.games.backgammon.minigam_game import MiniGamGame
from companion.games.backgammon.movement import checkers_on_bar
from companion.games.backgammon.options import MiniGamOptions
from companion.games.backgammon.text_format import format_position
from companion.games.base import RuleError
from companion.games.registry import game_spec
from tests.games.backgammon.game_helpers import cell_step, six_point_game


def test_all_eight_checkers_start_on_the_bar() -> None:
    game = MiniGamGame()
    assert format_position(game.board, 0) == "0:8-000000-0:8-000000-0"


def test_higher_opening_die_starts_with_the_dice_rolled() -> None:
    game = MiniGamGame()
    game.apply(DiceThrow((2, 5)))
    assert (game.player, game.dice) == (1, (5, 2))


def test_tied_opening_dice_are_rolled_again_so_no_opening_double() -> None:
    game = MiniGamGame()
    game.apply(DiceThrow((3, 3)))
    assert game.phase is Phase.OPENING
    assert game.chance() is not None


@pytest.mark.parametrize(("seat", "die", "cell"), [(0, 1, 1), (0, 5, 5), (1, 1, 6), (1, 5, 2)])
def test_a_die_enters_on_its_point_counted_from_the_players_entry_side(
    seat: int, die: int, cell: int
) -> None:
    other = 6 if die < 6 else 5
    game = six_point_game(MiniGamGame(), f"{seat}:8-000000-0:8-000000-0", (die, other))
    game.apply(cell_step(game, "bar", die))
    assert game.board.occupant(cell) == (seat, 1)


def test_a_made_point_cannot_be_entered() -> None:
    # Seat 0 holds point 6, seat 1's entry point for a 1: with 1-1 seat 1 cannot enter.
    game = six_point_game(MiniGamGame(), "1:0-000002-6:1-000000-7", (1, 1))
    assert game.player == 0
    assert game.last_turn == {"player": 1, "dice": [1, 1], "play": "no move"}


def test_entering_on_a_blot_hits_it() -> None:
    game = six_point_game(MiniGamGame(), "1:0-000001-7:1-000000-7", (1, 2))
    game.apply(cell_step(game, "bar", 1))
    assert checkers_on_bar(game.board, 0) == 1
    assert game.board.occupant(6) == (1, 1)


def test_checkers_on_the_bar_enter_before_others_move_d_b3() -> None:
    game = six_point_game(MiniGamGame(), "0:1-010000-6:1-000000-7", (1, 2))
    with pytest.raises(RuleError, match="on the bar: enter it first"):
        game.apply(cell_step(game, "2", 1))


def test_enter_first_can_be_turned_off_for_a_loose_bar_d_b3() -> None:
    game = six_point_game(
        MiniGamGame(MiniGamOptions(enter_first=False)), "0:1-010000-6:1-000000-7", (1, 2)
    )
    game.apply(cell_step(game, "2", 1))
    assert game.board.occupant(3) == (0, 1)


def test_no_bearing_off_while_a_checker_is_on_the_bar() -> None:
    game = six_point_game(
        MiniGamGame(MiniGamOptions(enter_first=False)), "0:1-000001-6:1-000000-7", (1, 1)
    )
    with pytest.raises(RuleError, match="bear off while a checker is on the bar"):
        game.apply(cell_step(game, "6", 1))


def test_larger_roll_bears_off_only_from_the_furthest_point() -> None:
    game = six_point_game(MiniGamGame(), "0:0-000101-6:1-000000-7", (6, 5))
    with pytest.raises(RuleError, match="furthest point"):
        game.apply(cell_step(game, "6", 5))
    game.apply(cell_step(game, "4", 5))
    assert game.board.occupant(4) is None


def test_a_checker_may_enter_and_bear_off_in_the_same_turn() -> None:
    game = six_point_game(MiniGamGame(), "0:1-000000-7:1-000000-7", (6, 1))
    assert [str(action) for action in game.legal_actions()] == ["bar/off"]


def test_first_to_bear_off_all_eight_wins() -> None:
    game = six_point_game(MiniGamGame(), "0:0-000011-6:1-000000-7", (2, 1))
    game.apply(game.legal_actions()[0])
    assert game.is_over
    assert (game.winners(), game.scores()) == ([0], [1, 0])


def test_match_is_first_to_n_wins_d_b4() -> None:
    match = MiniGamGame(MiniGamOptions(wins_needed=2))
    game = six_point_game(match, "1:1-000000-7:0-100000-7", (6, 6))
    game.apply(game.legal_actions()[0])
    assert not game.is_over
    assert (game.scores(), game.phase, game.game_number) == ([0, 1], Phase.OPENING, 2)
    assert format_position(game.board, 0) == "0:8-000000-0:8-000000-0"


def test_match_length_defaults_to_one_game_d_b4() -> None:
    assert MiniGamOptions.from_json({}).to_json() == {"wins_needed": 1, "enter_first": True}


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (3, {}, "exactly 2 players"),
        (2, {"wins_needed": 0}, "1 to 99 wins"),
        (2, {"enter_first": 1}, "true or false"),
    ],
)
def test_bad_minigam_setups_are_refused(players: int, options: dict, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        game_spec("minigam").new(players, options)


def test_minigam_json_round_trip_with_a_loose_bar() -> None:
    game = six_point_game(
        MiniGamGame(MiniGamOptions(enter_first=False)), "0:1-010000-6:1-000000-7", (1, 2)
    )
    again = MiniGamGame.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert again.geometry.loose_bar
