"""Where a tapped checker can go this turn: one die at a time, or several dice in a row.

The touchscreen highlights every legal destination of the selected checker:
each single-die step the rules allow next, and where one checker may go on
with the next die, the point it reaches then (the step-wise API of the
engine, `FamilyGame.steps_after`, decides every one: nothing here restates a
rule). A destination reached by routes that hit different checkers on the
way is a real choice, so the screen asks; otherwise any route will do.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.backgammon.family import FamilyGame
from companion.games.backgammon.movement import Step


@dataclass(frozen=True)
class Route:
    """One checker's steps from its point to a destination, in order."""

    steps: tuple[Step, ...]

    @property
    def destination(self) -> int:
        """The track position the checker ends on."""
        return self.steps[-1].destination

    @property
    def hits(self) -> tuple[int, ...]:
        """The track positions where this route sends a checker to the bar."""
        return tuple(step.destination for step in self.steps if step.hit)


def routes_from(game: FamilyGame, source: int, made: Sequence[Step]) -> dict[int, list[Route]]:
    """Every destination the checker on `source` can reach next, with the routes there.

    `made` are the steps already played this turn. Routes to one destination
    are listed shortest first (see `distinct_routes` for the ones worth asking about).
    """
    found: dict[int, list[Route]] = {}
    frontier: list[tuple[tuple[Step, ...], int]] = [((), source)]
    while frontier:
        route, position = frontier.pop(0)
        for step in game.steps_after((*made, *route)):
            if step.source != position:
                continue
            longer = Route((*route, step))
            found.setdefault(longer.destination, []).append(longer)
            if step.destination != game.geometry.off:
                frontier.append((longer.steps, step.destination))
    return found


def distinct_routes(routes: list[Route]) -> list[Route]:
    """One route per different set of hits, shortest first: the choices worth a question."""
    distinct: list[Route] = []
    for route in routes:
        if all(other.hits != route.hits for other in distinct):
            distinct.append(route)
    return distinct


def movable_sources(game: FamilyGame, made: Sequence[Step]) -> set[int]:
    """The track positions from which a checker may move next."""
    return {step.source for step in game.steps_after(made)}


def route_off(routes: list[Route]) -> Route:
    """How `off` bears a checker off: one die where one may (the smallest), else fewest steps."""
    single = [route for route in routes if len(route.steps) == 1]
    if single:
        return min(single, key=lambda route: route.steps[0].die)
    return min(routes, key=lambda route: len(route.steps))


__all__ = ["Route", "distinct_routes", "movable_sources", "route_off", "routes_from"]
