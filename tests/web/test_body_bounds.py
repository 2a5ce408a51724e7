"""What a phone's body may hold: every bound is inclusive, a value nested in an object or
used as its key is checked as one at the top, and each refusal is its whole sentence."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.table import Table
from companion.web.requests import MAX_BODY_BYTES, MAX_ITEMS, MAX_TEXT
from tests.web.conftest import start
from tests.web.test_api import post

CONTROL = "The body is refused: a text holds the control character U+0007; send plain text."


@pytest.mark.parametrize(
    "body",
    [
        {"action": "teleport", "note": "n" * MAX_TEXT},
        {"action": "teleport", "list": [0] * MAX_ITEMS},
        {"action": "teleport", **{f"k{n}": 0 for n in range(MAX_ITEMS - 1)}},
    ],
    ids=["longest text", "longest list", "most keys"],
)
def test_a_body_at_its_bounds_reaches_the_game(
    client: FlaskClient, table: Table, body: dict[str, Any]
) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/actions", body)
    assert answer.status_code == 400
    assert "'teleport' is not an action of Backgammon" in answer.get_json()["error"]


@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        ({f"k{n}": 0 for n in range(MAX_ITEMS + 1)},
         f"The body is refused: an object holds more than {MAX_ITEMS} keys."),
        ({"action": "roll", "deep": {"note": "\a"}}, CONTROL),
        ({"action": "roll", "\a": 1}, CONTROL),
        ({"action": "roll", "notes": ["ok", "\a"]}, CONTROL),
        ({"action": "roll", "note": "n" * (MAX_TEXT + 1)},
         f"The body is refused: a text is longer than {MAX_TEXT} characters; send plain text."),
    ],
    ids=["too many keys", "nested text", "key", "text in a list", "too long text"],
)  # fmt: skip
def test_a_body_out_of_its_bounds_is_400_in_one_sentence(
    client: FlaskClient, table: Table, body: dict[str, Any], sentence: str
) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/actions", body)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == sentence
    assert table.snapshot is not None and table.snapshot.seq == 0


def test_a_body_of_exactly_64_kb_is_read(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    body = json.dumps({"action": "teleport", "pad": ""})
    raw = body + " " * (MAX_BODY_BYTES - len(body))  # JSON may end in white space
    assert len(raw.encode()) == MAX_BODY_BYTES
    answer = post(client, "/api/actions", data=raw, content_type="application/json")
    assert answer.status_code == 400
    assert "'teleport' is not an action" in answer.get_json()["error"]


@pytest.mark.parametrize(
    ("content_type", "named"), [("text/plain", "text/plain"), (None, "not named")]
)
def test_a_body_that_is_not_json_is_415_naming_what_it_was(
    client: FlaskClient, table: Table, content_type: str | None, named: str
) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/actions", data="action=roll", content_type=content_type)
    assert answer.status_code == 415
    assert answer.get_json()["error"] == (
        "The body must be JSON, sent with Content-Type: application/json"
        f" (this one was {named})."
    )


@pytest.mark.parametrize(
    ("raw", "sentence"),
    [
        (b'{"seq": 1', "The body is not valid JSON (Expecting ',' delimiter: line 1 column 10"
         " (char 9)); send one JSON value."),
        (b'["' + b"x" * 100 + b"\x07" + b'"]', "The body is not valid JSON (Invalid control"
         " character at: line 1 column 103 (char 102)); send one JSON value."),
        (b"\xff", "The body is not valid JSON ('utf-8' codec can't decode byte 0xff in"
         " position 0: invalid start byte); send one JSON value."),
        (b'{"seq": 7}', None),
    ],
    ids=["cut short", "control character", "not utf-8", "whole"],
)  # fmt: skip
def test_json_that_does_not_parse_is_400_quoting_the_parsers_words(
    client: FlaskClient, table: Table, raw: bytes, sentence: str | None
) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/undo", data=raw, content_type="application/json")
    if sentence is None:
        assert answer.status_code == 409  # parsed: only the seq is stale
        return
    assert answer.status_code == 400
    assert answer.get_json()["error"] == sentence


def test_the_state_is_not_kept_by_the_phones_cache(
    client: FlaskClient, table: Table
) -> None:
    start(table, "backgammon")
    assert client.get("/api/state").headers["Cache-Control"] == "no-store"
