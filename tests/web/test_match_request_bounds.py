"""What a phone may ask of a new match and its rule options, and the sentence when it may not:
every bound is inclusive, and a refusal says what was sent and what is taken."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.table import Table
from companion.web.requests import (
    EXCERPT,
    MAX_NUMBER,
    MAX_OPTION_NUMBER,
    excerpt,
    match_request,
    whole_number,
)
from tests.web.test_api import post

LONGEST_OPTION = "o" * 40
RULES = "see docs/rules.md for the options."
TARGET = "The option target is a whole number from 0 to 10,000."


def ask(options: dict[str, Any]) -> dict[str, Any]:
    """The options of a new match of backgammon as `match_request` lets them through."""
    return match_request({"game": "backgammon", "players": ["Ana", "Ben"], "options": options})


@pytest.mark.parametrize(
    "options",
    [
        {"target": 0},
        {"target": MAX_OPTION_NUMBER},
        {LONGEST_OPTION: True},
        {"variant": LONGEST_OPTION},
        {"house": [LONGEST_OPTION, "b"]},
        {"house": []},
    ],
)
def test_an_option_at_its_bounds_is_passed_on_to_the_engine(options: dict[str, Any]) -> None:
    assert ask(options).options == options


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ({"o" * 41: 1}, f"There is no option {'o' * 21 + '...'!r}; {RULES}"),
        ({"target": -1}, TARGET),
        ({"target": MAX_OPTION_NUMBER + 1}, TARGET),
        ({"variant": "v" * 41}, "The option variant is a text of at most 40 letters."),
        ({"house": ["h" * 41]}, "The option house is a list of texts of at most 40 letters."),
        ({"house": [1]}, "The option house is a list of texts of at most 40 letters."),
        ({"house": {"a": 1}}, "The option house is a value, not an object."),
    ],
)
def test_an_option_out_of_its_bounds_is_400_saying_what_it_takes(
    client: FlaskClient, table: Table, options: dict[str, Any], sentence: str
) -> None:
    body = {"game": "backgammon", "players": ["Ana", "Ben"], "options": options}
    answer = post(client, "/api/matches", body)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == sentence
    assert table.snapshot is None


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        (["backgammon"], "a list"),
        ("backgammon", "a string"),
        (True, "true or false"),
        (None, "null"),
        (7, "a number"),
    ],
)
def test_a_new_match_that_is_not_an_object_is_400_naming_what_was_sent(
    client: FlaskClient, table: Table, body: Any, kind: str
) -> None:
    answer = post(client, "/api/matches", data=json.dumps(body), content_type="application/json")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == f"A new match is a JSON object, {{...}}, not {kind}."


@pytest.mark.parametrize(
    ("raw", "named"),
    [(b"NaN", "NaN is not a number JSON allows"), (b"[1.5]", "1.5 is not a whole number")],
)
def test_a_number_json_does_not_allow_or_a_fraction_is_400_quoting_it(
    client: FlaskClient, table: Table, raw: bytes, named: str
) -> None:
    answer = post(client, "/api/matches", data=raw, content_type="application/json")
    assert answer.status_code == 400
    assert named in answer.get_json()["error"]


def test_a_text_as_long_as_an_excerpt_is_quoted_whole() -> None:
    assert excerpt("x" * EXCERPT) == "x" * EXCERPT
    assert excerpt("x" * (EXCERPT + 1)) == "x" * (EXCERPT - 3) + "..."


def test_the_largest_whole_number_of_a_field_is_taken() -> None:
    assert whole_number(MAX_NUMBER, "seq", 0, MAX_NUMBER) == MAX_NUMBER
