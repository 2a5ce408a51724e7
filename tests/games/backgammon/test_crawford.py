"""The Crawford rule (D-B2, default on): no doubling in the game after a player
first reaches match point minus one."""

import pytest

from companion.games.backgammon.actions import DiceThrow, Double, Roll
from companion.games.backgammon.backgammon_game import BackgammonGame
from companion.games.backgammon.family import Phase
from companion.games.backgammon.match import BackgammonScore
from companion.games.backgammon.options import BackgammonOptions
from companion.games.base import RuleError
from tests.games.backgammon.game_helpers import bg_board

RACE = bg_board({6: 15}, {6: 15})


def win_game(game: BackgammonGame, winner: int) -> None:
    """Make `winner` win the current game as a single game."""
    if game.phase is Phase.OPENING:
        game.apply(DiceThrow((6, 5) if winner == 0 else (5, 6)))
    # The winner's last checker is on the ace point; the loser has borne off ten.
    game.set_position(bg_board({1: 1}, {6: 5}, mover=winner), winner, (2, 1))
    game.apply(game.legal_actions()[0])


def start_turn(game: BackgammonGame) -> None:
    """Leave the opening roll and give player 0 a fresh turn in a race."""
    game.apply(DiceThrow((6, 5)))
    game.set_position(RACE, 0)


def match_at(scores: tuple[int, int], length: int = 5, **flags: bool) -> BackgammonGame:
    game = BackgammonGame(BackgammonOptions(match_length=length, crawford=flags.pop("rule", True)))
    game.score = BackgammonScore(length, game.options.crawford, scores=scores, **flags)
    return game


def test_game_after_reaching_match_point_minus_one_is_the_crawford_game() -> None:
    game = match_at((3, 1))
    win_game(game, 0)
    assert game.scores() == [4, 1]
    assert game.score.crawford_game
    assert game.match_info().crawford


def test_no_doubling_in_the_crawford_game() -> None:
    game = match_at((3, 1))
    win_game(game, 0)
    start_turn(game)
    assert game.phase is Phase.ROLL
    assert Double() not in game.legal_actions()
    with pytest.raises(RuleError, match="Crawford game"):
        game.apply(Double())


def test_trailer_may_double_again_after_the_crawford_game() -> None:
    game = match_at((3, 1))
    win_game(game, 0)
    win_game(game, 1)
    assert game.scores() == [4, 2]
    assert not game.score.crawford_game and game.score.post_crawford
    start_turn(game)
    assert game.legal_actions() == [Roll(), Double()]


def test_crawford_game_comes_only_once() -> None:
    game = match_at((3, 3), length=5)
    win_game(game, 0)  # 4-3: the Crawford game
    win_game(game, 1)  # 4-4: both at match point minus one, after the Crawford game
    assert not game.score.crawford_game


def test_a_match_played_on_to_double_match_point_gets_no_second_crawford_game() -> None:
    game = match_at((3, 2), length=5)
    win_game(game, 0)  # 4-2: the Crawford game
    assert game.match_info().crawford
    win_game(game, 1)  # 4-3: the first game after it
    win_game(game, 1)  # 4-4: player 1 reaches match point minus one only now
    assert game.scores() == [4, 4]
    assert not game.score.crawford_game
    assert not game.match_info().crawford
    assert not BackgammonGame.from_gnubg_ids(*game.gnubg_ids()).match_info().crawford
    start_turn(game)
    assert game.legal_actions() == [Roll(), Double()]


def test_crawford_rule_can_be_turned_off_d_b2() -> None:
    game = match_at((3, 1), rule=False)
    win_game(game, 0)
    assert not game.score.crawford_game
    start_turn(game)
    assert game.phase is Phase.DECIDE


def test_crawford_rule_is_on_by_default_d_b2() -> None:
    assert BackgammonGame().options.crawford


def test_one_point_match_has_no_crawford_game() -> None:
    score = BackgammonScore(match_length=1)
    assert not score.crawford_game


def test_crawford_flag_survives_json() -> None:
    game = match_at((3, 1))
    win_game(game, 0)
    again = BackgammonGame.from_json(game.to_json())
    assert again.score.crawford_game
    start_turn(again)
    assert again.phase is Phase.ROLL
