"""Every game the companion referees, found by listing `companion.games`.

A game family module (or package) exposes ``GAME_SPECS``, a tuple of
`GameSpec`; this module collects them by name.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import companion.games
from companion.games.base import GameSpec, RuleError


@cache
def game_specs() -> dict[str, GameSpec]:
    """Every known game by its short name."""
    specs: dict[str, GameSpec] = {}
    for module_info in pkgutil.iter_modules(companion.games.__path__):
        if module_info.name.startswith("_") or module_info.name in {"base", "registry"}:
            continue
        module = importlib.import_module(f"companion.games.{module_info.name}")
        for spec in getattr(module, "GAME_SPECS", ()):
            specs[spec.name] = spec
    return specs


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
