"""Logged JSON as earlier companions wrote it, and its upgrade to today's form.

Until schema 2 of the event log (and in ``uno simulate --json`` and
``yahtzee simulate --json`` output of that time) each game family wrote its
actions its own way: UNO tagged them with ``"type"`` and named four
different seats ``"seat"``; Backgammon wrote a checker step's four numbers as
keys of their own; Yahtzee's dice were a ``"roll"``. `upgrade_action_json`
turns such JSON into the form `companion.games.actions` reads. The log's
schema migration to version 2 rewrites every logged action with it
(`upgrade_logged_actions`), and the one to version 3 gives UNO matches the
rule options added since (`upgrade_logged_options`).

These are frozen migrations: what they write is data kept here, never read
from today's engines or options, so a log written long ago upgrades the same
whatever the games have become since.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

TAG_KEY = "action"
"""The key of an action's tag from schema 2 on (as `companion.games.actions` writes it)."""
UNO_OPTIONS_OF_SCHEMA_2: dict[str, Any] = {"wild_draw_four_challenge": "colour_in_play"}
"""The UNO rule options added in schema 3, with the value every match logged before was
played with (the Wild Draw Four challenge tested the colour in play)."""

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

    Each option added since (`UNO_OPTIONS_OF_SCHEMA_2`) gets the value the match was
    played with; options already there are kept, so upgrading twice changes nothing.
    """
    if game not in UNO_GAMES or not isinstance(options, dict):
        return options
    return {**UNO_OPTIONS_OF_SCHEMA_2, **options}


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


def upgrade_logged_actions(db: sqlite3.Connection) -> None:
    """Rewrite every logged action in the one JSON form of `companion.games.actions`."""
    rows = db.execute(
        "SELECT matches.game, events.action, events.match_id, events.seq FROM events"
        " JOIN matches ON matches.id = events.match_id WHERE events.action IS NOT NULL"
    ).fetchall()
    update = "UPDATE events SET action = ? WHERE match_id = ? AND seq = ?"
    _rewrite_json(db, rows, update, upgrade_action_json)


def upgrade_logged_options(db: sqlite3.Connection) -> None:
    """Give every logged match each rule option added since, with the value it was played with."""
    rows = db.execute("SELECT game, options, id FROM matches").fetchall()
    _rewrite_json(db, rows, "UPDATE matches SET options = ? WHERE id = ?", upgrade_options_json)


def _rewrite_json(
    db: sqlite3.Connection,
    rows: list[tuple[Any, ...]],
    update: str,
    upgrade: Callable[[str, Any], Any],
) -> None:
    """Rewrite JSON cells by `upgrade(game, value)`; each row is (game, text, *its key).

    A cell that is not JSON is left as it is: replaying its match says so.
    """
    for game, text, *key in rows:
        try:
            logged = json.loads(text)
        except ValueError:
            continue
        upgraded = upgrade(game, logged)
        if upgraded != logged:
            db.execute(update, (json.dumps(upgraded, separators=(",", ":")), *key))
