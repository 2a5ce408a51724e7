"""What a phone sends is checked, not trusted (issue 25): the match it would abandon, the
state it was made against, the words of its action, and every field's bounds."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.event_log.store import Store
from companion.table import Table
from companion.web.requests import MAX_OPTION_NUMBER, MAX_TEXT
from tests.web.conftest import start
from tests.web.test_api import post

FORGED = "24/1 off. Ben won the match"


def _first_move(table: Table) -> dict[str, Any]:
    """Roll the opening of a backgammon match; the JSON of its first listed play."""
    from companion.games.actions import action_to_json
    from companion.table import DrawChance

    start(table, "backgammon")
    while table.snapshot is not None and not table.snapshot.legal_actions:
        assert table.post(DrawChance()).result().applied
    assert table.snapshot is not None
    return action_to_json(table.snapshot.legal_actions[0])


def test_a_new_match_while_one_is_unfinished_is_409_naming_it(
    client: FlaskClient, table: Table
) -> None:
    snapshot = start(table, "tiki", 4)
    answer = post(client, "/api/matches", {"game": "yahtzee", "players": ["Ana", "Ben"]})
    assert answer.status_code == 409
    error = answer.get_json()["error"]
    assert f"Match {snapshot.match_id} (UNO Tiki Twist: Ana, Ben, Cleo, Dev)" in error
    assert table.snapshot is not None and table.snapshot.match_id == snapshot.match_id


def test_a_new_match_that_names_the_unfinished_one_abandons_it(
    client: FlaskClient, table: Table, log_path: Any
) -> None:
    snapshot = start(table, "tiki", 4)
    body = {"game": "yahtzee", "players": ["Ana", "Ben"], "abandon": snapshot.match_id}
    answer = post(client, "/api/matches", body)
    assert answer.status_code == 201
    assert table.snapshot is not None and table.snapshot.game == "yahtzee"


def test_abandoning_another_match_than_the_unfinished_one_is_409(
    client: FlaskClient, table: Table
) -> None:
    snapshot = start(table, "backgammon")
    body = {"game": "yahtzee", "players": ["Ana", "Ben"], "abandon": snapshot.match_id + 1}
    assert post(client, "/api/matches", body).status_code == 409


def test_a_new_match_after_a_finished_one_needs_no_abandon(
    client: FlaskClient, table: Table
) -> None:
    from companion.table import PlayAction

    start(table, "backgammon", options={"match_length": 1})
    resign = {"action": "resign", "points": 1}
    table.post(PlayAction(resign)).result()  # may be refused: then the match goes on
    if table.snapshot is not None and table.snapshot.is_over:
        body = {"game": "yahtzee", "players": ["Ana", "Ben"]}
        assert post(client, "/api/matches", body).status_code == 201


@pytest.mark.parametrize("game", ["classic", "tiki", "duo"])
def test_an_uno_match_from_a_phone_is_refereed_as_at_the_screen(
    client: FlaskClient, table: Table, game: str
) -> None:
    answer = post(client, "/api/matches", {"game": game, "players": ["Ana", "Ben"]})
    assert answer.status_code == 201
    assert table.snapshot is not None
    assert table.snapshot.state()["options"]["mode"] == "referee"


def test_simulation_is_still_there_when_asked_for_by_name(
    client: FlaskClient, table: Table
) -> None:
    body = {"game": "classic", "players": ["Ana", "Ben"], "options": {"mode": "simulation"}}
    assert post(client, "/api/matches", body).status_code == 201
    assert table.snapshot is not None
    assert table.snapshot.state()["options"]["mode"] == "simulation"


def test_a_forged_text_never_reaches_the_line_the_screens_or_the_log(
    client: FlaskClient, table: Table, log_path: Any
) -> None:
    move = _first_move(table)
    honest = dict(move)
    answer = post(client, "/api/actions", {**move, "text": FORGED})
    assert answer.status_code == 200, answer.get_json()
    assert table.snapshot is not None
    assert FORGED not in table.snapshot.last_event
    assert "won the match" not in table.snapshot.last_event
    with Store.open(log_path) as store:
        events = store.events(table.snapshot.match_id)
    assert all(FORGED not in event.text for event in events)
    assert all(FORGED not in json.dumps(event.action) for event in events)
    assert honest.get("text", "") in table.snapshot.last_event


@pytest.mark.parametrize(
    "text",
    ["24/18\x1b[2J", "24/18\u202e81/42", "24/18\ud800", "a\nb", "x" * (MAX_TEXT + 1)],
    ids=["terminal escape", "right-to-left override", "lone surrogate", "newline", "too long"],
)
def test_control_bidi_surrogate_or_overlong_text_in_any_field_is_400(
    client: FlaskClient, table: Table, text: str
) -> None:
    move = _first_move(table)
    seq = table.snapshot.seq if table.snapshot is not None else None
    body = json.dumps({**move, "text": text}).encode()  # \ud800 goes as the escape JSON allows
    answer = post(client, "/api/actions", data=body, content_type="application/json")
    assert answer.status_code == 400
    assert text not in answer.get_json()["error"]
    names = post(client, "/api/matches", {"game": "yahtzee", "players": ["Ana", text]})
    assert names.status_code == 400
    assert table.snapshot is not None and table.snapshot.seq == seq


def test_a_lone_surrogate_never_reaches_the_engine(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    body = b'{"action": "dice", "values": [3, 5], "x": "\\udc00"}'
    answer = post(client, "/api/actions", data=body, content_type="application/json")
    assert answer.status_code == 400
    assert "rules engine failed" not in answer.get_json()["error"]


def test_two_phones_asking_for_the_same_roll_roll_once(
    client: FlaskClient, table: Table
) -> None:
    start(table, "backgammon")
    assert table.snapshot is not None
    seq = table.snapshot.seq
    against = {"match": table.snapshot.match_id, "seq": seq}
    first = post(client, "/api/chance", against)
    second = post(client, "/api/chance", against)
    assert first.status_code == 200
    assert second.status_code == 409
    assert table.snapshot.seq == seq + 1


def test_two_racing_chance_requests_without_a_seq_apply_once(
    client: FlaskClient, table: Table, app: Any
) -> None:
    """Both read the pending roll before either is applied: the table takes only the first."""
    from companion.web.app import context_of

    start(table, "backgammon")
    assert table.snapshot is not None
    seq = table.snapshot.seq
    table_post = table.post
    both_checked = threading.Barrier(2, timeout=10)

    def held_post(command: Any) -> Any:
        both_checked.wait()  # neither is posted before both saw the roll pending
        return table_post(command)

    context_of(app).table.post = held_post  # type: ignore[method-assign]
    try:
        answers: list[int] = []
        phones = [
            threading.Thread(target=lambda: answers.append(
                app.test_client().post("/api/chance", headers={"X-Table-PIN": "4821"})
                .status_code))
            for _ in range(2)
        ]  # fmt: skip
        for phone in phones:
            phone.start()
        for phone in phones:
            phone.join()
    finally:
        del context_of(app).table.post
    assert sorted(answers) == [200, 409]
    assert table.snapshot.seq == seq + 1


def test_an_action_made_against_a_gone_state_is_409(client: FlaskClient, table: Table) -> None:
    move = _first_move(table)
    assert table.snapshot is not None
    stale = {**move, "match": table.snapshot.match_id, "seq": table.snapshot.seq - 1}
    answer = post(client, "/api/actions", stale)
    assert answer.status_code == 409
    assert "moved on" in answer.get_json()["error"]
    fresh = {**move, "match": table.snapshot.match_id, "seq": table.snapshot.seq}
    assert post(client, "/api/actions", fresh).status_code == 200


def test_an_undo_made_against_another_match_is_409(client: FlaskClient, table: Table) -> None:
    snapshot = start(table, "backgammon")
    answer = post(client, "/api/undo", {"match": snapshot.match_id + 1, "seq": 0})
    assert answer.status_code == 409
    assert "no longer on the table" in answer.get_json()["error"]


@pytest.mark.parametrize(
    "body",
    [
        {"game": "classic", "players": ["Ana", "Ben"], "options": {"target": int("9" * 4000)}},
        {"game": "classic", "players": ["Ana", "Ben"], "options": {"target": 10**30}},
        {"game": "classic", "players": ["Ana", "Ben"],
         "options": {"target": MAX_OPTION_NUMBER + 1}},
        {"game": "classic", "players": ["Ana", "Ben"], "options": {"target": -1}},
        {"game": "classic", "players": ["Ana", "Ben"], "options": {"target": 1.5}},
        {"game": "classic", "players": ["Ana", "Ben"], "options": {"deck": "d" * 1000}},
        {"game": "g" * 5000, "players": ["Ana", "Ben"]},
        {"game": "classic", "players": ["Ana", "Ben"], "abandon": 2**64},
        {"game": "classic", "players": ["P"] * 10_000},
    ],
    ids=["4000 digits", "1e30", "over the bound", "negative", "a fraction", "long text",
         "long game name", "abandon beyond any id", "10,000 players"],
)  # fmt: skip
def test_an_unbounded_field_is_400_quoting_at_most_an_excerpt(
    client: FlaskClient, table: Table, body: dict[str, Any]
) -> None:
    answer = post(client, "/api/matches", body)
    assert answer.status_code == 400
    assert len(answer.get_json()["error"]) < 200
    assert table.snapshot is None


@pytest.mark.parametrize("path", ["/api/chance", "/api/undo"])
def test_seq_out_of_bounds_is_400(client: FlaskClient, table: Table, path: str) -> None:
    start(table, "backgammon")
    for seq in (-1, 2**64, "3", True):
        assert post(client, path, {"seq": seq}).status_code == 400
