"""Multi-Gam: four players on six points, five checkers each, everyone moving BAR -> 1..6 -> OFF.

Text positions are ``<on roll>:<seat 0>:<seat 1>:<seat 2>:<seat 3>``, each seat
``bar-points 1..6-off``.
"""

import pytest

from companion.games.backgammon.actions import DiceThrow
from companion.games.backgammon.family import Phase
from companion.games.backgammon.movement import checkers_on_bar
from companion.games.backgammon.multigam_game import MultiGamGame
from companion.games.backgammon.options import MultiGamOptions
from companion.games.backgammon.text_format import format_position
from companion.games.base import RuleError
from companion.games.registry import game_spec
from tests.games.backgammon.game_helpers import cell_step, six_point_game

START = "5-000000-0"
REST = f"{START}:{START}"
"""Seats 2 and 3 still all on the BAR."""


def play_turn(game: MultiGamGame, dice: tuple[int, int]) -> int:
    """Roll `dice` for the player on roll and make their first legal play; returns who moved."""
    mover = game.player
    game.apply(DiceThrow(dice))
    if game.phase is Phase.MOVE and game.player == mover:
        game.apply(game.legal_actions()[0])
    return mover


def test_all_twenty_checkers_start_on_the_bar() -> None:
    game = MultiGamGame()
    assert format_position(game.board, 0) == f"0:{START}:{START}:{START}:{START}"
    assert game.chance() is not None and game.chance().dice == 4


def test_high_low_start_only_players_tied_for_highest_reroll() -> None:
    game = MultiGamGame()
    game.apply(DiceThrow((5, 2, 5, 3)))
    request = game.chance()
    assert request is not None and request.dice == 2
    assert "Player 0, Player 2" in request.prompt


def test_starter_plays_winning_die_and_lowest_die_showing() -> None:
    game = MultiGamGame()
    game.apply(DiceThrow((5, 2, 5, 3)))
    game.apply(DiceThrow((1, 4)))
    assert (game.phase, game.player, game.dice) == (Phase.MOVE, 2, (4, 1))


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_every_player_enters_on_the_point_of_the_die(seat: int) -> None:
    fields = [START] * 4
    game = six_point_game(MultiGamGame(), ":".join([str(seat), *fields]), (3, 5))
    game.apply(cell_step(game, "bar", 3))
    assert game.board.occupant(3) == (seat, 1)


def test_prime_rule_a_point_with_two_opposing_checkers_is_blocked() -> None:
    game = six_point_game(MultiGamGame(), f"0:4-100000-0:3-020000-0:{REST}", (1, 2))
    with pytest.raises(RuleError, match="blocked"):
        game.apply(cell_step(game, "bar", 2))


def test_landing_on_a_lone_opposing_checker_hits_it_to_its_owners_bar() -> None:
    game = six_point_game(MultiGamGame(), f"0:5-000000-0:4-010000-0:{REST}", (2, 3))
    game.apply(cell_step(game, "bar", 2))
    assert game.board.occupant(2) == (0, 1)
    assert checkers_on_bar(game.board, 1) == 5


def test_loose_bar_any_checker_may_move_with_checkers_on_the_bar() -> None:
    game = six_point_game(MultiGamGame(), f"0:4-100000-0:{START}:{REST}", (1, 2))
    game.apply(cell_step(game, "1", 2))
    assert game.board.occupant(3) == (0, 1)


def test_snipe_enter_and_bear_off_in_one_turn() -> None:
    game = six_point_game(MultiGamGame(), f"0:1-000000-4:{START}:{REST}", (6, 1))
    assert [str(action) for action in game.legal_actions()] == ["bar/off"]


def test_exact_roll_bears_off_even_with_checkers_on_the_bar() -> None:
    game = six_point_game(MultiGamGame(), f"0:1-000010-3:{START}:{REST}", (2, 6))
    game.apply(cell_step(game, "5", 2))
    assert game.board.tracks[0][-1] == 4


def test_larger_roll_bears_off_only_with_no_checker_further_back() -> None:
    game = six_point_game(MultiGamGame(), f"0:0-001010-3:{START}:{REST}", (6, 6))
    with pytest.raises(RuleError, match="furthest point"):
        game.apply(cell_step(game, "5", 6))


def test_finished_player_takes_the_next_rank_and_skips_later_turns() -> None:
    game = six_point_game(MultiGamGame(), f"0:0-000001-4:{START}:{REST}", (1, 2))
    game.apply(game.parse_play("6/off"))
    assert game.finished == [0]
    movers = [play_turn(game, (3, 4)) for _ in range(4)]
    assert movers == [1, 2, 3, 1]


def test_game_ends_when_the_third_player_finishes_and_ranks_score_5_3_2_1() -> None:
    done = "0-000000-5"
    game = six_point_game(MultiGamGame(), f"2:{done}:{done}:0-000001-4:{START}", (1, 2))
    game.apply(game.parse_play("6/off"))
    assert game.rankings == [[0, 1, 2, 3]]
    assert game.scores() == [5, 3, 2, 1]
    assert game.is_over and game.winners() == [0]


def test_match_of_several_games_starts_a_new_game_with_a_high_low_start_d_b5() -> None:
    done = "0-000000-5"
    game = MultiGamGame(MultiGamOptions(games=2))
    six_point_game(game, f"2:{done}:{done}:0-000001-4:{START}", (1, 2))
    game.apply(game.parse_play("6/off"))
    assert not game.is_over
    assert (game.phase, game.game_number, game.finished) == (Phase.OPENING, 2, [])
    assert game.chance() is not None and game.chance().dice == 4


def test_match_to_a_target_score_ends_once_it_is_reached_d_b5() -> None:
    done = "0-000000-5"
    game = MultiGamGame(MultiGamOptions(target_score=5))
    six_point_game(game, f"2:{done}:{done}:0-000001-4:{START}", (1, 2))
    game.apply(game.parse_play("6/off"))
    assert game.is_over and game.winners() == [0]


# Seat 0 has checkers on points 1 and 5; seat 1 blocks points 2 and 4. With 2-1,
# bearing off 5/off with the 2 leaves the 1 unplayable; 1/3 5/6 plays both dice.
STRANDING = f"0:0-100010-3:1-020200-0:{REST}"


def test_forced_move_rule_applies_in_multigam_d_b1() -> None:
    game = six_point_game(MultiGamGame(), STRANDING, (2, 1))
    assert [str(action) for action in game.legal_actions()] == ["1/3 5/6"]
    with pytest.raises(RuleError, match="unplayable"):
        game.apply(cell_step(game, "5", 2))


def test_forced_move_rule_can_be_turned_off_d_b1() -> None:
    game = six_point_game(MultiGamGame(MultiGamOptions(forced_moves=False)), STRANDING, (2, 1))
    assert sorted(str(action) for action in game.legal_actions()) == ["1/3 5/6", "5/off"]
    game.apply(cell_step(game, "5", 2))
    assert game.player == 1  # no die left that can move: the turn is over


def test_multigam_defaults() -> None:
    assert MultiGamOptions.from_json({}).to_json() == {
        "games": 1,
        "target_score": 0,
        "forced_moves": True,
    }


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (3, {}, "exactly 4 players"),
        (4, {"games": 0}, "1 to 99 games"),
        (4, {"target_score": -5}, "target score"),
        (4, {"forced": True}, "no option"),
    ],
)
def test_bad_multigam_setups_are_refused(players: int, options: dict, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        game_spec("multigam").new(players, options)


def test_finished_players_survive_json() -> None:
    game = six_point_game(MultiGamGame(), f"0:0-000001-4:{START}:{REST}", (1, 2))
    game.apply(game.parse_play("6/off"))
    again = MultiGamGame.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    assert again.finished == [0]
