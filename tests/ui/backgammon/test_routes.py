"""Where a tapped checker may go: the routes the screen highlights, asks about, or bears off by."""

from __future__ import annotations

from companion.games.backgammon.movement import BACKGAMMON, Board
from companion.games.registry import game_specs
from ui.backgammon.routes import distinct_routes, movable_sources, route_off, routes_from


def _game(ana: dict[int, int], ben: dict[int, int], dice: tuple[int, int]):
    game = game_specs()["backgammon"].new(2, {})
    size = BACKGAMMON.points + 2
    tracks = tuple(tuple(side.get(q, 0) for q in range(size)) for side in (ana, ben))
    game.set_position(Board(BACKGAMMON, tracks), 0, dice)
    return game


def test_off_bears_off_with_the_smallest_die_that_does() -> None:
    game = _game({22: 2, 23: 13}, {1: 15}, (6, 4))
    routes = routes_from(game, 22, ())
    chosen = route_off(routes[BACKGAMMON.off])
    assert [step.die for step in chosen.steps] == [4]


def test_off_takes_the_fewest_steps_when_no_single_die_bears_off() -> None:
    game = _game({20: 1, 24: 14}, {12: 15}, (2, 3))
    routes = routes_from(game, 20, ())
    chosen = route_off(routes[BACKGAMMON.off])
    assert sum(step.die for step in chosen.steps) == 5 and len(chosen.steps) == 2


def test_routes_that_hit_different_blots_are_both_offered() -> None:
    # Ben's blots on Ana's 23 and 21 points: 24/23*/20 and 24/21*/20 are different plays.
    game = _game({1: 1, 19: 14}, {23: 1, 21: 1, 12: 13}, (3, 1))
    found = distinct_routes(routes_from(game, 1, ())[5])
    assert sorted(route.hits for route in found) == [(2,), (4,)]


def test_routes_that_hit_alike_are_offered_once() -> None:
    game = _game({1: 1, 19: 14}, {12: 15}, (3, 1))
    assert len(distinct_routes(routes_from(game, 1, ())[5])) == 1


def test_only_checkers_that_can_move_are_sources() -> None:
    game = _game({0: 1, 19: 14}, {12: 15}, (3, 1))
    assert movable_sources(game, ()) == {0}
