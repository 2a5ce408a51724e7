"""Actions as the companion wrote them before one codec, and their upgrade to today's form.

Until schema 2 of the event log (and in ``uno simulate --json`` and
``yahtzee simulate --json`` output of that time) each game family wrote its
actions its own way: UNO tagged them with ``"type"`` and named four
different seats ``"seat"``; Backgammon wrote a checker step's four numbers as
keys of their own; Yahtzee's dice were a ``"roll"``. `upgrade_action_json`
turns such JSON into the form `companion.games.actions` reads. The log's
schema migration to version 2 rewrites every logged action with it.
"""

from __future__ import annotations

from typing import Any

from companion.games.actions import TAG_KEY
from companion.games.uno.options import OPTIONS_ADDED_LATER

UNO_GAMES = frozenset({"classic", "tiki", "duo"})
BACKGAMMON_FAMILY = frozenset({"backgammon", "minigam", "multigam"})
UNO_SEAT_FIELDS = {
    "choose_dealer": "dealer",
    "catch_uno": "caught",
    "call_uno": "caller",
    "count_hand": "counted",
    "pick_seat": "picked",
}
"""What UNO's ``"seat"`` field of each action is called now."""


def upgrade_options_json(game: str, options: Any) -> Any:
    """Today's rule options of a match of `game` logged before some options existed.

    Each option added since (`OPTIONS_ADDED_LATER`) gets the value the match was
    played with; options already there are kept, so upgrading twice changes nothing.
    """
    if game not in UNO_GAMES or not isinstance(options, dict):
        return options
    return {**OPTIONS_ADDED_LATER, **options}


def upgrade_action_json(game: str, data: Any) -> Any:
    """Today's JSON form of an action of `game` written before one codec.

    JSON already in today's form, of another game, or not an action at all
    comes back unchanged, so upgrading twice changes nothing.
    """
    if not isinstance(data, dict):
        return data
    if game in UNO_GAMES and "type" in data and TAG_KEY not in data:
        return _uno(data)
    if game in BACKGAMMON_FAMILY and data.get(TAG_KEY) == "step" and "step" not in data:
        return _checker_step(data)
    if game == "yahtzee" and data.get(TAG_KEY) == "roll":
        return {**data, TAG_KEY: "dice"}
    return data


def _uno(data: dict[str, Any]) -> dict[str, Any]:
    """``{"type": "catch_uno", "seat": 2}`` -> ``{"action": "catch_uno", "caught": 2}``.

    Nulls are dropped: every field that could be null then has None as its default.
    """
    tag = data["type"]
    upgraded: dict[str, Any] = {TAG_KEY: tag}
    for key, value in data.items():
        if key == "type" or value is None:
            continue
        if key == "seat" and isinstance(tag, str) and tag in UNO_SEAT_FIELDS:
            key = UNO_SEAT_FIELDS[tag]
        upgraded[key] = value
    return upgraded


def _checker_step(data: dict[str, Any]) -> dict[str, Any]:
    """A step's ``source``, ``destination``, ``die`` and ``hit`` keys become one ``step`` list."""
    parts = ("source", "destination", "die", "hit")
    upgraded = {key: value for key, value in data.items() if key not in parts}
    upgraded["step"] = [data.get(key) for key in parts]
    return upgraded
