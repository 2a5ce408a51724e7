"""Backgammon as the referee plays it: opening, turns, dice, plays, results and GNU IDs."""

import pytest

from companion.games.backgammon.actions import (
    CheckerStep,
    DiceThrow,
    Double,
    InvalidRoll,
    Roll,
    Take,
    TurnPlay,
    UndoStep,
)
from companion.games.backgammon.backgammon_game import BackgammonGame
from companion.games.backgammon.family import Phase
from companion.games.backgammon.match_id import GameStatus, MatchInfo, encode_match_id
from companion.games.backgammon.movement import Step, pip_count
from companion.games.backgammon.options import BackgammonOptions
from companion.games.base import INVALID_ROLL, RuleError
from companion.games.registry import game_spec
from tests.games.backgammon.game_helpers import BEAR_OFF_LAST, bg_board, bg_game, bg_step

OPENING_ID = "4HPwATDgc/ABMA"


def test_opening_roll_is_one_die_for_each_player() -> None:
    request = BackgammonGame().chance()
    assert request is not None
    assert (request.kind, request.dice) == ("dice", 2)


def test_higher_opening_die_moves_first_with_both_dice() -> None:
    game = BackgammonGame()
    game.apply(game.chance_action([2, 6]))
    assert (game.phase, game.to_move, game.dice) == (Phase.MOVE, 1, (6, 2))


def test_tied_opening_dice_are_rolled_again() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((4, 4)))
    assert game.phase is Phase.OPENING
    assert game.to_move is None
    game.apply(DiceThrow((3, 1)))
    assert (game.to_move, game.dice) == (0, (3, 1))


def test_no_doubling_before_the_opening_move() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    assert all(isinstance(action, TurnPlay) for action in game.legal_actions())


def test_opening_three_one_has_sixteen_distinct_plays() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    assert len(game.legal_actions()) == 16


def test_turns_alternate_after_each_play() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    game.apply(game.parse_play("8/5 6/5"))
    assert (game.player, game.phase) == (1, Phase.DECIDE)
    game.apply(Roll())
    game.apply(DiceThrow((6, 4)))
    assert game.to_move == 1
    game.apply(game.legal_actions()[0])
    assert game.player == 0


@pytest.mark.parametrize("phase", [Phase.OPENING, Phase.DECIDE, Phase.ROLL])
def test_invalid_roll_is_rolled_again_and_changes_nothing(phase: Phase) -> None:
    game = BackgammonGame()
    if phase is not Phase.OPENING:
        game.apply(DiceThrow((3, 1)))
        game.apply(game.parse_play("8/5 6/5"))
    if phase is Phase.ROLL:
        game.apply(Roll())
    assert game.phase is phase
    before = game.to_json()
    game.apply(InvalidRoll())
    assert game.to_json() == before


def test_dice_tray_reports_an_invalid_roll_as_a_chance_outcome() -> None:
    game = BackgammonGame()
    action = game.chance_action(INVALID_ROLL)
    assert action == InvalidRoll()
    before = game.to_json()
    game.apply(action)
    assert game.to_json() == before
    assert game.chance() is not None


def test_invalid_roll_is_refused_while_checkers_are_moved() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    with pytest.raises(RuleError, match="No dice are being rolled"):
        game.apply(InvalidRoll())


def test_checker_on_the_bar_must_enter_first() -> None:
    game = bg_game({25: 1, 13: 14}, {6: 15}, dice=(3, 1))
    with pytest.raises(RuleError, match=r"You have a checker on the bar: enter it first\."):
        game.apply(bg_step(13, 10))


def test_larger_die_must_be_played_when_only_one_fits() -> None:
    # 24/23/17 and 24/18/17 are both blocked on the 17-point: only one die plays, the 6.
    game = bg_game({24: 1, 1: 14}, {8: 2}, dice=(6, 1))
    assert [str(action) for action in game.legal_actions()] == ["24/18"]
    with pytest.raises(RuleError, match="larger"):
        game.apply(bg_step(24, 23))


def test_no_first_step_can_trap_a_player() -> None:
    game = bg_game({24: 1, 1: 14}, {8: 2}, dice=(6, 1))
    assert [(s.source, s.die) for s in game.legal_steps()] == [(1, 6)]


def test_last_step_of_a_turn_ends_it() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    game.apply(bg_step(8, 5))
    assert (game.player, game.phase, len(game.steps)) == (0, Phase.MOVE, 1)
    game.apply(bg_step(6, 5))
    assert game.player == 1
    assert game.last_turn == {"player": 0, "dice": [3, 1], "play": "8/5 6/5"}


def test_undo_step_puts_the_checker_back() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    before = game.to_json()
    game.apply(bg_step(24, 21))
    assert UndoStep() in game.legal_actions()
    game.apply(UndoStep())
    assert game.to_json() == before


def test_whole_play_is_refused_once_steps_have_begun() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    play = game.parse_play("8/5 6/5")
    game.apply(bg_step(24, 21))
    with pytest.raises(RuleError, match="step by step"):
        game.apply(play)


def test_steps_and_whole_play_reach_the_same_position() -> None:
    by_steps, whole = BackgammonGame(), BackgammonGame()
    for game in (by_steps, whole):
        game.apply(DiceThrow((6, 5)))
    by_steps.apply(bg_step(24, 18))
    by_steps.apply(bg_step(18, 13))
    whole.apply(whole.parse_play("24/13"))
    assert by_steps.to_json() == whole.to_json()


def test_roll_with_no_legal_move_loses_the_turn() -> None:
    closed_board = {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2}
    game = bg_game({25: 1, 6: 14}, closed_board, dice=(6, 6))
    assert game.player == 1
    assert game.last_turn == {"player": 0, "dice": [6, 6], "play": "no move"}


def test_illegal_play_is_refused_and_changes_nothing() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    before = game.to_json()
    with pytest.raises(RuleError):
        game.apply(TurnPlay((Step(1, 7, 6, False),)))
    with pytest.raises(RuleError, match="not a legal play"):
        game.parse_play("24/18")
    assert game.to_json() == before


def test_moving_checkers_before_the_dice_are_rolled_is_refused() -> None:
    game = BackgammonGame()
    with pytest.raises(RuleError, match="not time to move"):
        game.apply(bg_step(24, 21))


@pytest.mark.parametrize(
    ("theirs", "result", "points"),
    [
        ({6: 5, 0: 10}, "single", 1),
        ({6: 15}, "gammon", 2),
        ({12: 14, 25: 1}, "backgammon", 3),
        ({12: 14, 20: 1}, "backgammon", 3),
    ],
)
def test_game_result_single_gammon_or_backgammon(theirs: dict, result: str, points: int) -> None:
    opponent = {number: count for number, count in theirs.items() if number}
    game = bg_game(BEAR_OFF_LAST, opponent, dice=(2, 1), match_length=0)
    game.apply(game.parse_play("1/off"))
    assert game.results == [{"winner": 0, "result": result, "cube": 1, "points": points}]
    assert game.is_over and game.winners() == [0] and game.scores() == [points, 0]


def test_game_result_is_multiplied_by_the_cube() -> None:
    game = bg_game(BEAR_OFF_LAST, {6: 15}, match_length=9)
    game.apply(Double())
    game.apply(Take())
    game.apply(DiceThrow((2, 1)))
    game.apply(game.parse_play("1/off"))
    assert game.results[-1] == {"winner": 0, "result": "gammon", "cube": 2, "points": 4}
    assert game.scores() == [4, 0]


def test_match_goes_on_with_a_new_game_until_the_length_is_reached() -> None:
    game = bg_game(BEAR_OFF_LAST, {6: 15}, dice=(2, 1), match_length=3)
    game.apply(game.parse_play("1/off"))
    assert game.scores() == [2, 0]
    assert (game.phase, game.game_number, game.is_over) == (Phase.OPENING, 2, False)
    game.apply(DiceThrow((5, 3)))
    game.set_position(game.board, 0, None)
    assert not game.is_over


def test_money_game_ends_after_one_game() -> None:
    game = bg_game(BEAR_OFF_LAST, {6: 5}, dice=(2, 1), match_length=0)
    game.apply(game.parse_play("1/off"))
    assert game.is_over
    assert game.legal_actions() == []
    with pytest.raises(RuleError, match="match is over"):
        game.apply(DiceThrow((1, 2)))


def test_opening_position_ids_match_gnu_backgammon() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    position, match = game.gnubg_ids()
    assert position == OPENING_ID
    info_back = BackgammonGame.from_gnubg_ids(position, match)
    assert info_back.to_json()["tracks"] == game.to_json()["tracks"]
    assert (info_back.player, info_back.dice, info_back.scores()) == (0, (3, 1), [0, 0])


def test_gnu_backgammon_ids_load_the_manual_example() -> None:
    game = BackgammonGame.from_gnubg_ids(OPENING_ID, "QYkqASAAIAAA")
    assert game.options.match_length == 9
    assert game.scores() == [2, 4]
    assert (game.player, game.dice, game.phase) == (1, (5, 2), Phase.MOVE)
    # The manual's ID predates the "Jacoby off" bit GNU Backgammon now sets in every match.
    assert game.gnubg_ids() == (OPENING_ID, "QYkqASAAIAAE")


@pytest.mark.parametrize("match_id", ["cAngADAAKAAE", "MAHmAAAAAAAE", "QQm3AAAAAAAE"])
def test_match_ids_of_gnu_backgammon_1_07_write_back_unchanged(match_id: str) -> None:
    game = BackgammonGame.from_gnubg_ids(OPENING_ID, match_id)
    assert game.gnubg_ids()[1] == match_id


def test_a_new_match_writes_jacoby_off_as_gnu_backgammon_does() -> None:
    # GNU Backgammon 1.07, "new match 5" then the opening 3-1 roll: Match ID cAmgAAAAAAAE.
    game = BackgammonGame(BackgammonOptions(match_length=5))
    assert game.gnubg_ids()[1][-1] == "E"
    money = BackgammonGame(BackgammonOptions(match_length=0, jacoby=True))
    assert money.gnubg_ids()[1][-1] == "A"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"match_length": 4}, "odd number"),
        ({"match_length": -1}, "odd number"),
        ({"match_length": 1, "jacoby": True}, "money-game"),
        ({"crawford": "yes"}, "true or false"),
        ({"match_lenght": 5}, "no option 'match_lenght'"),
    ],
)
def test_bad_backgammon_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        game_spec("backgammon").new(2, options)


def test_backgammon_defaults_are_a_five_point_match_with_crawford() -> None:
    options = BackgammonOptions.from_json({})
    assert options.to_json() == {
        "match_length": 5,
        "crawford": True,
        "cube": True,
        "jacoby": False,
        "beavers": False,
    }


def test_backgammon_is_for_exactly_two_players() -> None:
    with pytest.raises(RuleError, match="exactly 2 players"):
        game_spec("backgammon").new(3, {})


def test_backgammon_state_json_round_trip_mid_turn() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((6, 5)))
    game.apply(bg_step(24, 18))
    data = game.to_json()
    again = BackgammonGame.from_json(data)
    assert again.to_json() == data
    assert again.legal_steps() == game.legal_steps()


def test_checker_step_action_reads_back_from_json() -> None:
    action = bg_step(13, 7)
    spec = game_spec("backgammon")
    assert spec.actions.from_json(action.to_json()) == action
    assert isinstance(action, CheckerStep)


def test_match_id_of_a_finished_game_cannot_be_loaded() -> None:
    finished = encode_match_id(MatchInfo(status=GameStatus.OVER, match_length=5, scores=(5, 2)))
    with pytest.raises(RuleError, match="finished game"):
        BackgammonGame.from_gnubg_ids(OPENING_ID, finished)


@pytest.mark.parametrize(
    ("info", "sentence"),
    [
        (MatchInfo(match_length=5, scores=(5, 0), dice=(6, 5)), "already won"),
        (MatchInfo(match_length=5, scores=(4, 4), crawford=True), "Crawford game"),
        (MatchInfo(match_length=5, scores=(2, 1), crawford=True), "Crawford game"),
        (
            MatchInfo(
                match_length=5, scores=(4, 1), crawford=True, double_offered=True,
                player_to_decide=1,
            ),
            "double offered in the Crawford game",
        ),
    ],
)
def test_match_id_of_a_match_that_cannot_be_in_play_is_refused(
    info: MatchInfo, sentence: str
) -> None:
    with pytest.raises(RuleError, match=sentence):
        BackgammonGame.from_gnubg_ids(OPENING_ID, encode_match_id(info))


def test_gnu_backgammon_ids_of_a_real_session_load_and_write_back() -> None:
    # GNU Backgammon's export of move 11 of a 7-point match at 0-3: "fanar to play 44",
    # wells 152 pips, fanar 167, and among its moves "21/17*(2) 11/7(2)".
    game = BackgammonGame.from_gnubg_ids("sG/BgCGMM+YAIw", "cAnyAAAAGAAA")
    assert (game.player, game.dice, game.scores()) == (1, (4, 4), [0, 3])
    assert pip_count(game.board, 1) == 167 and pip_count(game.board, 0) == 152
    assert "21/17*(2) 11/7(2)" in [str(action) for action in game.legal_actions()]
    assert game.gnubg_ids() == ("sG/BgCGMM+YAIw", "cAnyAAAAGAAE")  # Jacoby off, as 1.07


def test_gnu_backgammon_ids_of_a_cube_decision_load_with_the_leader_to_double_or_roll() -> None:
    # A diagram made from GNU Backgammon IDs: "Match to 7, Blue leads 3-0, Blue on roll.
    # Cube action?", White 144 pips, Blue 107.
    game = BackgammonGame.from_gnubg_ids("bLsQwCE2dmMGAA", "cAngAAAAGAAA")
    assert (game.player, game.phase, game.scores()) == (1, Phase.DECIDE, [0, 3])
    assert pip_count(game.board, 1) == 107 and pip_count(game.board, 0) == 144
    assert game.legal_actions() == [Roll(), Double()]
    assert game.gnubg_ids() == ("bLsQwCE2dmMGAA", "cAngAAAAGAAE")  # Jacoby off, as 1.07


@pytest.mark.parametrize("match_id", ["MAAAAAAAAAAA", "cAgAAAAAAAAA"])
def test_match_id_of_a_game_not_started_begins_with_the_opening_roll(match_id: str) -> None:
    # Nobody may double before the opening move, so a loaded new game is not at a cube decision.
    game = BackgammonGame.from_gnubg_ids(OPENING_ID, match_id)
    assert game.phase is Phase.OPENING
    assert game.chance() is not None and game.chance().dice == 2
    assert Double() not in game.legal_actions()


def test_match_id_of_the_crawford_game_loads_with_no_doubling() -> None:
    crawford = encode_match_id(MatchInfo(match_length=5, scores=(1, 4), crawford=True))
    game = BackgammonGame.from_gnubg_ids(OPENING_ID, crawford)
    assert game.score.crawford_game
    assert game.phase is Phase.ROLL and not game.may_double()


@pytest.mark.parametrize("winner", [0, 1])
def test_a_position_of_a_game_already_won_cannot_be_set_up(winner: int) -> None:
    game = bg_game({6: 2}, {6: 2})
    before = game.to_json()
    won = bg_board({}, {6: 2}, mover=winner)  # `winner` has borne off all 15
    with pytest.raises(RuleError, match=f"Player {winner} has borne off every checker"):
        game.set_position(won, 1 - winner)
    assert game.to_json() == before


def test_roll_while_the_dice_are_already_awaited_says_to_throw_them() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    game.apply(game.parse_play("8/5 6/5"))
    game.apply(Roll())
    with pytest.raises(RuleError, match="Throw the dice"):
        game.apply(Roll())


@pytest.mark.parametrize("action", ["roll", 7, None, {"action": "castle"}])
def test_something_that_is_not_an_action_is_refused_with_a_sentence(action: object) -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    game.apply(game.parse_play("8/5 6/5"))
    with pytest.raises(RuleError, match="not a Backgammon action"):
        game.apply(action)


@pytest.mark.parametrize("jacoby", [True, False])
def test_money_game_match_id_carries_the_jacoby_rule(jacoby: bool) -> None:
    match = encode_match_id(MatchInfo(match_length=0, jacoby=jacoby, dice=(3, 1)))
    game = BackgammonGame.from_gnubg_ids(OPENING_ID, match)
    assert game.options.jacoby is jacoby
    assert game.gnubg_ids() == (OPENING_ID, match)


def test_a_play_given_in_another_order_is_the_same_play() -> None:
    game = BackgammonGame()
    game.apply(DiceThrow((3, 1)))
    six_then_eight = (Step(19, 20, 1, False), Step(17, 20, 3, False))
    game.apply(TurnPlay(six_then_eight))
    assert game.last_turn == {"player": 0, "dice": [3, 1], "play": "8/5 6/5"}
