"""A rule option the players may change at the table, and the values it cycles through.

Each engine lists the options its table offers (`GameState.table_choices`);
the home screen shows them and words their values by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.games.errors import JSONValue


def _always(options: Mapping[str, JSONValue]) -> bool:
    return True


@dataclass(frozen=True)
class OptionChoice:
    """One rule option the players may change at the table, and the values it cycles through.

    The engine says which of its options the table offers, in what order, with
    which values (the first is the one a tap after an unknown value goes to);
    a screen words the values by the option's `name`.
    """

    name: str
    """The option's key in the options' JSON: "match_length"."""
    label: str
    """The option in a few words, in English marked with `N_` for the catalog ("Doubling
    cube"): the game names its own option, as the same key can mean another thing elsewhere
    (Duo's "target" is the losing score)."""
    values: tuple[JSONValue, ...]
    applies: Callable[[Mapping[str, JSONValue]], bool] = _always
    """Whether the option means anything with the other options as they are."""


__all__ = ["OptionChoice"]
