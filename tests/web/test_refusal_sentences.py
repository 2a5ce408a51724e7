"""Every refusal a phone can meet is one sentence that says what was wrong and what to send
(house rule 7), and each bound a field has is where the sentence says it is."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.table import Table
from companion.web.api import MAX_LAST
from companion.web.requests import MAX_NUMBER
from tests.web.conftest import play, start
from tests.web.test_api import post

LARGEST = f"{MAX_NUMBER:,}"
NAME_THE_GAME = 'Name the game: "game": "backgammon", for example.'
LIST_THE_PLAYERS = 'List the players\' names: "players": ["Ana", "Ben"].'
NO_SUCH_GAME = (
    "There is no game called {!r}; choose one of: backgammon, classic, duo, minigam,"
    " multigam, tiki, yahtzee."
)
NOT_AN_OBJECT = "{} is a JSON object, {{...}}, not a list."


def match(**fields: Any) -> dict[str, Any]:
    return {"game": "backgammon", "players": ["Ana", "Ben"], **fields}


NEW_MATCH_REFUSALS = [
    (match(colour="red"),
     "A new match has no field 'colour': send game, players, options, hands and abandon."),
    (match(game=""), NAME_THE_GAME),
    (match(game=5), NAME_THE_GAME),
    (match(game="g" * 33), NAME_THE_GAME),
    (match(game="g" * 32), NO_SUCH_GAME.format("g" * 21 + "...")),
    (match(players="Ana"), LIST_THE_PLAYERS),
    (match(players=["Ana", 2]), LIST_THE_PLAYERS),
    (match(players=["P"] * 17), LIST_THE_PLAYERS),
    (match(players=[f"P{n}" for n in range(16)]), "Backgammon is for exactly 2 players, not 16."),
    (match(options=[1]), NOT_AN_OBJECT.format("The options")),
    (match(abandon="1"), f"abandon (the match to abandon) is a whole number from 1 to {LARGEST}."),
    ([1], NOT_AN_OBJECT.format("A new match")),
]  # fmt: skip


@pytest.mark.parametrize(("body", "sentence"), NEW_MATCH_REFUSALS)
def test_a_new_match_a_phone_cannot_have_is_refused_in_one_sentence(
    client: FlaskClient, table: Table, body: Any, sentence: str
) -> None:
    answer = post(client, "/api/matches", body)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == sentence
    assert table.snapshot is None


@pytest.mark.parametrize("path", ["/api/chance", "/api/undo"])
@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        ({"match": 0}, f"match (the match's id) is a whole number from 1 to {LARGEST}."),
        ({"seq": -1}, f"seq (the state's number) is a whole number from 0 to {LARGEST}."),
        ([1], NOT_AN_OBJECT.format("This command's body")),
        ({"dice": [6, 6]},
         'This command takes no body but the state it was made against: {"seq": 25}.'),
    ],
)  # fmt: skip
def test_a_command_sent_with_a_body_it_does_not_take_is_refused_in_one_sentence(
    client: FlaskClient, table: Table, path: str, body: Any, sentence: str
) -> None:
    start(table, "backgammon")
    play(table, 1)
    answer = post(client, path, body)
    assert answer.status_code == 400
    assert answer.get_json()["error"] == sentence


def test_an_action_that_is_not_an_object_is_refused_in_one_sentence(
    client: FlaskClient, table: Table
) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/actions", [1])
    assert answer.status_code == 400
    assert answer.get_json()["error"] == NOT_AN_OBJECT.format("An action")


def test_an_action_with_no_match_on_the_table_is_409_saying_to_start_one(
    client: FlaskClient, table: Table
) -> None:
    answer = post(client, "/api/actions", {"action": "roll", "seat": 0})
    assert answer.status_code == 409
    assert answer.get_json()["error"] == "No match is on the table: start a new match first."


def test_an_action_the_game_does_not_have_is_400_with_the_games_sentence(
    client: FlaskClient, table: Table
) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/actions", {"action": "teleport", "seat": 0})
    assert answer.status_code == 400
    assert answer.get_json()["error"].startswith("'teleport' is not an action of Backgammon")


def test_chance_with_nothing_pending_says_so(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    while table.snapshot is not None and table.snapshot.chance is not None:
        play(table, 1)
    answer = post(client, "/api/chance")
    assert answer.status_code == 409
    assert answer.get_json()["error"] == "Nothing is waiting for dice, a shuffle or a spin now."


@pytest.mark.parametrize(("stale", "words"), [("seq", "moved on"), ("match", "match")])
def test_a_roll_asked_for_a_gone_state_or_another_match_is_409(
    client: FlaskClient, table: Table, stale: str, words: str
) -> None:
    snapshot = start(table, "backgammon")
    made_at = {"match": snapshot.match_id, "seq": snapshot.seq}
    made_at[stale] += 1
    answer = post(client, "/api/chance", made_at)
    assert answer.status_code == 409
    assert words in answer.get_json()["error"]
    assert table.snapshot is not None and table.snapshot.seq == snapshot.seq


@pytest.mark.parametrize(
    ("seq", "status"),
    [(str(MAX_NUMBER), 409), (str(MAX_NUMBER + 1), 400), ("1" + "0" * 5000, 400)],
    ids=["2^63-1", "2^63", "5001 digits"],
)
def test_the_largest_number_a_field_takes_is_the_logs_largest(
    client: FlaskClient, table: Table, seq: str, status: int
) -> None:
    start(table, "backgammon")
    raw = '{"seq": ' + seq + "}"
    answer = post(client, "/api/chance", data=raw, content_type="application/json")
    assert answer.status_code == status
    if status == 400:
        assert "is larger than any number here (2^63 - 1)" in answer.get_json()["error"]


def test_the_last_events_asked_for_may_be_up_to_the_most_a_page_gives(
    client: FlaskClient, table: Table
) -> None:
    start(table, "backgammon")
    play(table, 2)
    assert client.get(f"/api/matches/1?last={MAX_LAST}").status_code == 200
    answer = client.get(f"/api/matches/1?last={MAX_LAST + 1}")
    assert answer.status_code == 400
    assert answer.get_json()["error"] == f"last is a whole number of events from 0 to {MAX_LAST}."


def test_a_new_match_names_the_games_there_are(client: FlaskClient, table: Table) -> None:
    answer = post(client, "/api/matches", match(game="chess"))
    assert answer.status_code == 400
    assert answer.get_json()["error"] == NO_SUCH_GAME.format("chess")
    assert json.loads(answer.data)["ok"] is False


def test_an_undo_made_against_a_gone_state_is_409_and_undoes_nothing(
    client: FlaskClient, table: Table
) -> None:
    start(table, "backgammon")
    snapshot = play(table, 2)
    answer = post(client, "/api/undo", {"match": snapshot.match_id, "seq": snapshot.seq - 1})
    assert answer.status_code == 409
    assert table.snapshot is not None and table.snapshot.seq == snapshot.seq
