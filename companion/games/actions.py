"""Any game's actions read and written in one form: what screens, phones and the log exchange.

`action_to_json(action)` writes an action of any game; `action_from_json(game,
data)` reads one back, given the game's registry name ("classic",
"backgammon", "yahtzee"...: the names `companion demo --game` takes). The
action type, its tags and the codec itself are in
`companion.games.action_codec`, re-exported here for the rest of the product.
The game families import them from `companion.games.action_codec` itself:
this module reads the registry, which lists the families.
"""

from __future__ import annotations

from typing import Any

from companion.games.action_codec import (
    MAX_ITEMS,
    MAX_TEXT,
    NOT_IN_JSON,
    TAG_KEY,
    Action,
    ActionSet,
    ChanceAction,
    ValueForm,
    action_to_json,
    decode_action,
    plain_seat,
    register_value,
    without_written_words,
    written_as,
)
from companion.games.registry import game_spec

__all__ = [
    "MAX_ITEMS",
    "MAX_TEXT",
    "NOT_IN_JSON",
    "TAG_KEY",
    "Action",
    "ActionSet",
    "ChanceAction",
    "ValueForm",
    "action_from_json",
    "action_to_json",
    "decode_action",
    "plain_seat",
    "register_value",
    "without_written_words",
    "written_as",
]


def action_from_json(game: str, data: Any) -> Action:
    """Read back an action of `game` (a registry name: "classic", "backgammon"...).

    Raises:
        RuleError: no game has that name, or the data is not one of its actions.
    """
    return game_spec(game).actions.from_json(data)
