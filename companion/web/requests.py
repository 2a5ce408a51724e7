"""Reading what a phone sends: JSON bodies checked before anything reaches the table.

Every refusal is a `Refused` with the HTTP status and a sentence; the app
turns it into `{"ok": false, "error": sentence}`. Nothing is posted to the
table until the whole request has been read and checked.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Request

MAX_BODY_BYTES = 64 * 1024


class Refused(Exception):
    """A request the page refuses: `status` and a sentence saying what to do."""

    def __init__(self, status: int, sentence: str, retry_after_s: int | None = None) -> None:
        super().__init__(sentence)
        self.status = status
        self.sentence = sentence
        self.retry_after_s = retry_after_s


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def json_body(request: Request, *, empty: Any = None) -> Any:
    """The request's JSON body; `empty` is what a missing body stands for (None: required).

    Raises:
        Refused: 413 over 64 KB, 415 not JSON, 400 JSON that does not parse.
    """
    length = request.content_length
    if length is not None and length > MAX_BODY_BYTES:
        raise too_large()
    raw = request.get_data(cache=False)  # Flask stops reading at MAX_CONTENT_LENGTH
    if not raw and empty is not None:
        return empty
    mimetype = request.mimetype
    if mimetype != "application/json":
        raise Refused(
            415,
            "The body must be JSON, sent with Content-Type: application/json"
            f" (this one was {mimetype or 'not named'}).",
        )
    try:
        text = raw.decode("utf-8")
        return json.loads(text, parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        detail = str(error).splitlines()[0][:120] if str(error) else type(error).__name__
        raise Refused(400, f"The body is not valid JSON ({detail}); send one JSON value.") from None


def too_large() -> Refused:
    """The refusal of a body over `MAX_BODY_BYTES`."""
    return Refused(413, f"The body is larger than {MAX_BODY_BYTES // 1024} KB; send less.")


def json_object(value: Any, what: str) -> dict[str, Any]:
    """`value` when it is a JSON object.

    Raises:
        Refused: 400 naming `what` the object should have been.
    """
    if not isinstance(value, dict):
        raise Refused(400, f"{what} is a JSON object, {{...}}, not {_kind(value)}.")
    return value


def _kind(value: Any) -> str:
    kinds = {list: "a list", str: "a string", bool: "true or false", type(None): "null"}
    for kind, name in kinds.items():
        if isinstance(value, kind):
            return name
    return "a number" if isinstance(value, int | float) else "something else"


def match_request(body: Any) -> tuple[str, list[str], dict[str, Any]]:
    """The game, the player names and the options of `POST /api/matches`.

    Raises:
        Refused: 400 when a field is missing or of the wrong kind.
    """
    fields = json_object(body, "A new match")
    unknown = sorted(set(fields) - {"game", "players", "options"})
    if unknown:
        raise Refused(400, f"A new match has no field {unknown[0]!r}: send game, players, options.")
    game = fields.get("game")
    if not isinstance(game, str) or not game:
        raise Refused(400, 'Name the game: "game": "backgammon", for example.')
    players = fields.get("players")
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise Refused(400, 'List the players\' names: "players": ["Ana", "Ben"].')
    options = json_object(fields.get("options", {}), "The options")
    return game, players, options


def no_body(request: Request) -> None:
    """A command that takes no body: accept none, or an empty JSON object.

    Raises:
        Refused: 400, 413 or 415 when something else was sent.
    """
    body = json_body(request, empty={})
    if body != {}:
        raise Refused(400, "This command takes no body: send it empty.")


__all__ = ["MAX_BODY_BYTES", "Refused", "json_body", "json_object", "match_request", "no_body"]
