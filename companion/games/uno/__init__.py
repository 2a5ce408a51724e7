"""The UNO family: classic UNO, UNO Tiki Twist and UNO Duo on one card model.

`cards` is the card model, `deck_file` the decks as data files, `classic` the
classic engine (simulation and table referee) that the variants subclass.
"""

from __future__ import annotations

from typing import Any

from companion.games.base import GameSpec, JSONValue
from companion.games.uno.actions import action_from_json
from companion.games.uno.classic import ClassicUno


def _new_classic(players: int, options: dict[str, JSONValue]) -> ClassicUno:
    return ClassicUno(players, ClassicUno.options_type.from_json(options))


def _classic_action(data: dict[str, JSONValue]) -> Any:
    return action_from_json(data, ClassicUno.action_types)


CLASSIC_SPEC = GameSpec(
    name="classic",
    title="UNO",
    min_players=ClassicUno.min_players,
    max_players=ClassicUno.max_players,
    new=_new_classic,
    state_from_json=ClassicUno.from_json,
    action_from_json=_classic_action,
)

GAME_SPECS: tuple[GameSpec, ...] = (CLASSIC_SPEC,)
"""Every UNO game; the Tiki Twist and Duo specs are added here as they land."""
