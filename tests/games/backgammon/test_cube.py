"""The doubling cube on its own: ownership, take, pass, beaver and the value of a game."""

import pytest

from companion.games.backgammon.cube import Cube, ResultKind
from companion.games.base import RuleError


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
