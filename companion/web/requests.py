"""Reading what a phone sends: JSON bodies checked before anything reaches the table.

Every refusal is a `Refused` with the HTTP status and a sentence; the app
turns it into `{"ok": false, "error": sentence}`. Nothing is posted to the
table until the whole request has been read and checked.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from typing import Any

from flask import Request

from companion.i18n import _
from companion.table.hands import AT_THE_TABLE, ON_PHONES, Hands

MAX_BODY_BYTES = 64 * 1024
MAX_TEXT = 200
"""The longest text in any field (a card's name, a play's notation; a name is 24 at most)."""
MAX_ITEMS = 1000
"""The most items of any list (a deck of a table's own cards)."""
MAX_NUMBER = 2**63 - 1
"""The largest whole number of any field: the largest the log can store."""
MAX_NUMBER_DIGITS = len(str(MAX_NUMBER))
MAX_GAME_NAME = 32
MAX_PLAYERS = 16
MAX_OPTION_NUMBER = 10_000
"""The largest number of a rule option (a target score, a match's length, cards dealt)."""
MAX_OPTION_TEXT = 40
EXCERPT = 24
"""The most characters of what was sent that a refusal quotes back."""
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Characters that turn the text around them right to left (or back) where it is shown."""


class Refused(Exception):
    """A request the page refuses: `status` and a sentence saying what to do."""

    def __init__(self, status: int, sentence: str, retry_after_s: int | None = None) -> None:
        super().__init__(sentence)
        self.status = status
        self.sentence = sentence
        self.retry_after_s = retry_after_s


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


class _OutOfBounds(ValueError):
    """JSON that parses, with a number no field takes."""


def _whole_number(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_NUMBER_DIGITS or abs(int(digits)) > MAX_NUMBER:
        raise _OutOfBounds(f"{excerpt(digits)} is larger than any number here (2^63 - 1)")
    return int(digits)


def _no_fraction(digits: str) -> Any:
    raise _OutOfBounds(f"{excerpt(digits)} is not a whole number; every number here is one")


def excerpt(text: str, length: int = EXCERPT) -> str:
    """At most `length` characters of `text`, "..." where it was cut, for a sentence."""
    return text if len(text) <= length else text[: length - 3] + "..."


def text_problem(text: str) -> str | None:
    """Why `text` cannot be shown or logged as it is (a control character, a right-to-left
    override, half a UTF-16 pair, too long), or None when it can."""
    if len(text) > MAX_TEXT:
        return f"a text is longer than {MAX_TEXT} characters"
    for character in text:
        category = unicodedata.category(character)
        if category == "Cc":
            return f"a text holds the control character U+{ord(character):04X}"
        if category == "Cs":
            return f"a text holds half a UTF-16 pair (U+{ord(character):04X})"
        if character in BIDI_CONTROLS:
            return f"a text holds the direction control U+{ord(character):04X}"
    return None


def _check_value(value: Any) -> None:
    """Every text and list of a parsed body within its bounds.

    Raises:
        Refused: 400 naming what is wrong (never the text itself).
    """
    if isinstance(value, str):
        problem = text_problem(value)
        if problem is not None:
            raise Refused(400, f"The body is refused: {problem}; send plain text.")
    elif isinstance(value, list):
        if len(value) > MAX_ITEMS:
            raise Refused(400, f"The body is refused: a list holds more than {MAX_ITEMS} items.")
        for item in value:
            _check_value(item)
    elif isinstance(value, dict):
        if len(value) > MAX_ITEMS:
            raise Refused(400, f"The body is refused: an object holds more than {MAX_ITEMS} keys.")
        for key, item in value.items():
            _check_value(key)
            _check_value(item)


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
        body = json.loads(
            text, parse_constant=_no_constant, parse_int=_whole_number, parse_float=_no_fraction
        )
    except _OutOfBounds as error:
        raise Refused(400, f"The body is refused: {error}.") from None
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        detail = excerpt(str(error).splitlines()[0], 80) if str(error) else type(error).__name__
        raise Refused(400, f"The body is not valid JSON ({detail}); send one JSON value.") from None
    try:
        _check_value(body)
    except RecursionError:
        raise Refused(400, "The body nests too deep; send one plain JSON value.") from None
    return body


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


@dataclass(frozen=True)
class MatchRequest:
    """What `POST /api/matches` asks for."""

    game: str
    names: list[str]
    options: dict[str, Any]
    abandon: int | None
    """The unfinished match the phone agrees to abandon (its id), or None."""
    hands: Hands = "table"
    """Where the hands are held: "phones" for an UNO game dealt by the companion."""


@dataclass(frozen=True)
class Against:
    """The state a change was made against: the match and its seq, as the phone saw them."""

    match: int | None = None
    seq: int | None = None


def whole_number(value: Any, what: str, least: int, most: int) -> int:
    """`value` when it is a whole number from `least` to `most`.

    Raises:
        Refused: 400 saying what `what` should be.
    """
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise Refused(400, f"{what} is a whole number from {least} to {most:,}.")
    return value


def match_request(body: Any) -> MatchRequest:
    """The game, the player names, the options and the match to abandon of `POST /api/matches`.

    Raises:
        Refused: 400 when a field is missing, of the wrong kind or out of its bounds.
    """
    fields = json_object(body, "A new match")
    unknown = sorted(set(fields) - {"game", "players", "options", "abandon", "hands"})
    if unknown:
        raise Refused(
            400,
            f"A new match has no field {excerpt(unknown[0])!r}: send game, players, options,"
            " hands and abandon.",
        )
    hands = fields.get("hands", AT_THE_TABLE)
    if hands not in (AT_THE_TABLE, ON_PHONES):
        raise Refused(400, _('"hands" is "phones" (each hand on its player\'s phone, the'
                             ' companion dealing) or "table" (real cards).'))
    game = fields.get("game")
    if not isinstance(game, str) or not game or len(game) > MAX_GAME_NAME:
        raise Refused(400, 'Name the game: "game": "backgammon", for example.')
    players = fields.get("players")
    if (
        not isinstance(players, list)
        or len(players) > MAX_PLAYERS
        or not all(isinstance(name, str) for name in players)
    ):
        raise Refused(400, 'List the players\' names: "players": ["Ana", "Ben"].')
    options = json_object(fields.get("options", {}), "The options")
    for name, value in options.items():
        _check_option(name, value)
    abandon = fields.get("abandon")
    if abandon is not None:
        abandon = whole_number(abandon, "abandon (the match to abandon)", 1, MAX_NUMBER)
    return MatchRequest(game, players, options, abandon, ON_PHONES if hands == ON_PHONES
                        else AT_THE_TABLE)


def _check_option(name: str, value: Any) -> None:
    """One rule option within its bounds (the engine then checks it is one of its own).

    Raises:
        Refused: 400 naming the option and its bounds.
    """
    shown = excerpt(name)
    if len(name) > MAX_OPTION_TEXT:
        raise Refused(400, f"There is no option {shown!r}; see docs/rules.md for the options.")
    if isinstance(value, int) and not isinstance(value, bool):
        whole_number(value, f"The option {shown}", 0, MAX_OPTION_NUMBER)
    elif isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
        raise Refused(400, f"The option {shown} is a text of at most {MAX_OPTION_TEXT} letters.")
    elif isinstance(value, list) and not all(
        isinstance(item, str) and len(item) <= MAX_OPTION_TEXT for item in value
    ):
        raise Refused(
            400, f"The option {shown} is a list of texts of at most {MAX_OPTION_TEXT} letters."
        )
    elif isinstance(value, dict):
        raise Refused(400, f"The option {shown} is a value, not an object.")


def against(fields: dict[str, Any]) -> Against:
    """Take `match` and `seq` out of a change's fields (the state it was made against).

    Raises:
        Refused: 400 when either is not a whole number in its bounds.
    """
    match, seq = fields.pop("match", None), fields.pop("seq", None)
    return Against(
        None if match is None else whole_number(match, "match (the match's id)", 1, MAX_NUMBER),
        None if seq is None else whole_number(seq, "seq (the state's number)", 0, MAX_NUMBER),
    )


def against_only(request: Request) -> Against:
    """A command that takes nothing but the state it is made against: no body, an empty
    object, or `{"match": 12, "seq": 25}`.

    Raises:
        Refused: 400, 413 or 415 when something else was sent.
    """
    body = json_object(json_body(request, empty={}), "This command's body")
    made_against = against(body)
    if body:
        raise Refused(
            400, 'This command takes no body but the state it was made against: {"seq": 25}.'
        )
    return made_against


__all__ = [
    "MAX_BODY_BYTES",
    "MAX_ITEMS",
    "MAX_NUMBER",
    "MAX_OPTION_NUMBER",
    "MAX_TEXT",
    "Against",
    "MatchRequest",
    "Refused",
    "against",
    "against_only",
    "excerpt",
    "json_body",
    "json_object",
    "match_request",
    "text_problem",
    "whole_number",
]
