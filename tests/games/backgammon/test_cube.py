"""The doubling cube on its own: ownership, take, pass, beaver and the value of a game."""

import pytest

from companion.games.backgammon.actions import Beaver, DiceThrow, Double, Pass, Roll, Take
from companion.games.backgammon.cube import Cube, ResultKind
from companion.games.backgammon.family import Phase
from companion.games.base import RuleError
from tests.games.backgammon.game_helpers import bg_game


def test_cube_starts_at_one_in_the_middle() -> None:
    cube = Cube()
    assert (cube.value, cube.owner) == (1, None)


@pytest.mark.parametrize("player", [0, 1])
def test_either_player_may_double_a_centred_cube(player: int) -> None:
    assert Cube().may_double(player)


def test_only_the_owner_may_redouble() -> None:
    cube = Cube(value=2, owner=1)
    assert cube.may_double(1)
    assert not cube.may_double(0)
    with pytest.raises(RuleError, match="owns the cube"):
        cube.double(0)


def test_take_doubles_the_value_and_gives_the_cube_to_the_taker() -> None:
    cube = Cube().double(0).take()
    assert (cube.value, cube.owner, cube.offered_by) == (2, 1, None)


def test_redouble_after_a_take_goes_to_four() -> None:
    cube = Cube().double(0).take().double(1).take()
    assert (cube.value, cube.owner) == (4, 0)


def test_no_second_double_while_one_waits_for_an_answer() -> None:
    with pytest.raises(RuleError, match="already offered"):
        Cube().double(0).double(1)


def test_nothing_to_take_without_a_double() -> None:
    with pytest.raises(RuleError, match="nothing to take"):
        Cube().take()


def test_beaver_quadruples_and_the_beaverer_keeps_the_cube() -> None:
    cube = Cube().double(0).beaver()
    assert (cube.value, cube.owner, cube.beavered) == (4, 1, True)


@pytest.mark.parametrize(
    ("kind", "cube", "points"),
    [
        (ResultKind.SINGLE, Cube(), 1),
        (ResultKind.GAMMON, Cube(), 2),
        (ResultKind.BACKGAMMON, Cube(), 3),
        (ResultKind.SINGLE, Cube(value=4, owner=0), 4),
        (ResultKind.GAMMON, Cube(value=4, owner=0), 8),
        (ResultKind.BACKGAMMON, Cube(value=2, owner=1), 6),
        (ResultKind.PASSED, Cube(value=2, owner=1, offered_by=1), 2),
    ],
)
def test_game_result_is_worth_the_cube_times_its_kind(
    kind: ResultKind, cube: Cube, points: int
) -> None:
    assert cube.points(kind) == points


@pytest.mark.parametrize(
    ("kind", "cube", "points"),
    [
        (ResultKind.GAMMON, Cube(), 1),
        (ResultKind.BACKGAMMON, Cube(), 1),
        (ResultKind.GAMMON, Cube(value=2, owner=0), 4),
    ],
)
def test_jacoby_rule_counts_gammons_single_until_the_cube_is_turned(
    kind: ResultKind, cube: Cube, points: int
) -> None:
    assert cube.points(kind, jacoby=True) == points


def test_cube_json_round_trip() -> None:
    cube = Cube(value=8, owner=1, offered_by=1, beavered=True)
    assert Cube.from_json(cube.to_json()) == cube


@pytest.mark.parametrize(
    "data",
    [{}, {"value": 3, "owner": None, "offered_by": None, "beavered": False},
     {"value": 2, "owner": 5, "offered_by": None, "beavered": False}],
)
def test_bad_cube_json_is_refused(data: dict) -> None:
    with pytest.raises(RuleError):
        Cube.from_json(data)


# ----- the cube in a game -----

RACE = ({6: 15}, {6: 15})


def test_player_may_double_before_rolling_while_the_cube_is_centred() -> None:
    game = bg_game(*RACE)
    assert game.phase is Phase.DECIDE
    assert game.legal_actions() == [Roll(), Double()]


def test_double_asks_the_opponent_to_take_or_pass() -> None:
    game = bg_game(*RACE)
    game.apply(Double())
    assert (game.phase, game.to_move) == (Phase.DOUBLED, 1)
    assert game.legal_actions() == [Take(), Pass()]


def test_a_second_double_while_one_is_offered_says_to_take_or_pass() -> None:
    game = bg_game(*RACE)
    game.apply(Double())
    with pytest.raises(RuleError, match=r"^A double is already offered: take it or pass\.$"):
        game.apply(Double())


def test_take_doubles_the_cube_and_the_doubler_rolls() -> None:
    game = bg_game(*RACE)
    game.apply(Double())
    game.apply(Take())
    assert (game.cube.value, game.cube.owner) == (2, 1)
    assert (game.phase, game.player) == (Phase.ROLL, 0)


def test_pass_loses_the_game_at_the_cube_value_before_the_double() -> None:
    game = bg_game(*RACE, match_length=0)
    game.apply(Double())
    game.apply(Take())
    game.apply(DiceThrow((1, 2)))
    game.apply(game.legal_actions()[0])
    game.apply(Double())
    game.apply(Pass())
    assert game.results == [{"winner": 1, "result": "passed", "cube": 2, "points": 2}]
    assert game.scores() == [0, 2]
    assert game.match_info().status.name == "DROPPED"


def test_only_the_cube_owner_may_redouble() -> None:
    game = bg_game(*RACE)
    game.apply(Double())
    game.apply(Take())
    game.apply(DiceThrow((1, 2)))
    game.apply(game.legal_actions()[0])
    assert game.phase is Phase.DECIDE  # player 1 owns the cube
    game.apply(Roll())
    game.apply(DiceThrow((1, 2)))
    game.apply(game.legal_actions()[0])
    assert game.phase is Phase.ROLL  # player 0 does not
    with pytest.raises(RuleError, match="owns the cube"):
        game.apply(Double())


def test_throwing_the_dice_instead_of_deciding_means_no_double() -> None:
    game = bg_game(*RACE)
    game.apply(DiceThrow((4, 2)))
    assert (game.phase, game.dice, game.cube.value) == (Phase.MOVE, (4, 2), 1)


def test_dice_from_the_tray_while_the_player_may_double_mean_rolling_without_doubling() -> None:
    game = bg_game(*RACE)
    assert game.phase is Phase.DECIDE
    game.apply(game.chance_action([5, 3]))
    assert (game.phase, game.dice, game.cube.value) == (Phase.MOVE, (5, 3), 1)


def test_no_double_after_rolling() -> None:
    game = bg_game(*RACE)
    game.apply(Roll())
    with pytest.raises(RuleError, match="start of your turn"):
        game.apply(Double())


def test_take_without_a_double_is_refused() -> None:
    game = bg_game(*RACE)
    with pytest.raises(RuleError, match="Nobody has doubled"):
        game.apply(Take())


def test_beaver_is_a_money_game_option() -> None:
    game = bg_game(*RACE, match_length=0, beavers=True)
    game.apply(Double())
    assert Beaver() in game.legal_actions()
    game.apply(Beaver())
    assert (game.cube.value, game.cube.owner, game.phase, game.player) == (4, 1, Phase.ROLL, 0)


def test_beavers_are_off_by_default() -> None:
    game = bg_game(*RACE, match_length=0)
    game.apply(Double())
    assert Beaver() not in game.legal_actions()
    with pytest.raises(RuleError, match="Beavers are not allowed"):
        game.apply(Beaver())


def test_jacoby_rule_counts_an_unturned_gammon_single_in_a_money_game() -> None:
    game = bg_game({1: 1}, {6: 15}, dice=(2, 1), match_length=0, jacoby=True)
    game.apply(game.parse_play("1/off"))
    assert game.results == [{"winner": 0, "result": "gammon", "cube": 1, "points": 1}]


def test_without_the_cube_nobody_doubles() -> None:
    game = bg_game(*RACE, cube=False)
    assert game.phase is Phase.ROLL
    with pytest.raises(RuleError, match="without the doubling cube"):
        game.apply(Double())


def test_offered_double_shows_in_the_match_id() -> None:
    game = bg_game(*RACE, match_length=7)
    game.apply(Double())
    info = game.match_info()
    assert (info.double_offered, info.player_on_roll, info.player_to_decide) == (True, 0, 1)
    assert (info.cube_value, info.cube_owner) == (1, None)
