"""Every game the companion referees: the game families, listed here.

A game family package exposes ``GAME_SPECS``, a tuple of `GameSpec` derived
from its engine classes (`GameSpec.of`); a new family is one more line in
`FAMILIES`. Its screens are found from here too (`family_names`): the touchscreen
shows a family with the package of its name, ``ui.<family>``.
"""

from __future__ import annotations

from functools import cache

from companion.games import backgammon, uno, yahtzee
from companion.games.base import GameSpec, RuleError

FAMILIES: tuple[tuple[GameSpec, ...], ...] = (
    backgammon.GAME_SPECS,
    uno.GAME_SPECS,
    yahtzee.GAME_SPECS,
)
"""The games of each family, in the order the companion lists them (the screen's choice of
games shows them so)."""


@cache
def game_specs() -> dict[str, GameSpec]:
    """Every known game by its short name, in the order of `FAMILIES`."""
    return {spec.name: spec for family in FAMILIES for spec in family}


@cache
def family_names() -> tuple[str, ...]:
    """Each family's name (`GameSpec.family`), once, in the order of `FAMILIES`."""
    return tuple(dict.fromkeys(spec.family for family in FAMILIES for spec in family))


def game_spec(name: str) -> GameSpec:
    """The spec of one game.

    Raises:
        RuleError: no game has that name.
    """
    specs = game_specs()
    try:
        return specs[name]
    except KeyError:
        known = ", ".join(sorted(specs)) or "none yet"
        raise RuleError(f"There is no game called {name!r}; choose one of: {known}.") from None
