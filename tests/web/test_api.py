"""The JSON API: every answer and status of docs/web.md, and bad input that changes nothing."""

from __future__ import annotations

import json
import logging
import re
from concurrent.futures import Future
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.table import Table
from companion.web import api
from companion.web.app import CONTENT_SECURITY_POLICY
from tests.web.conftest import PIN, play, start

MATCH_KEYS = {
    "id", "game", "family", "title", "hands", "players", "seq", "to_move", "is_over", "scores",
    "winners", "last_event", "chance", "state", "legal_actions", "rounds", "asks",
}  # fmt: skip


def post(client: FlaskClient, path: str, body: Any = None, pin: str | None = PIN, **kw: Any):
    headers = {"X-Table-PIN": pin} if pin is not None else {}
    if body is not None:
        kw.setdefault("data", json.dumps(body))
        kw.setdefault("content_type", "application/json")
    return client.post(path, headers=headers, **kw)


def seq_of(table: Table) -> tuple[int, int] | None:
    snapshot = table.snapshot
    return None if snapshot is None else (snapshot.match_id, snapshot.seq)


def test_state_is_null_before_any_match(client: FlaskClient) -> None:
    answer = client.get("/api/state")
    assert answer.status_code == 200
    assert answer.get_json() == {"match": None}


def test_state_carries_exactly_the_documented_fields(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    play(table, 6)
    match = client.get("/api/state").get_json()["match"]
    assert set(match) == MATCH_KEYS
    assert match["seq"] == table.snapshot.seq
    assert [(player["name"], player["seat"]) for player in match["players"]] == [
        ("Ana", 0), ("Ben", 1)]
    assert [player["mark"]["letter"] for player in match["players"]] == ["R", "B"]


def test_legal_actions_are_empty_while_chance_is_pending(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    match = client.get("/api/state").get_json()["match"]
    assert match["chance"] == {"kind": "dice", "text": table.snapshot.chance.prompt}
    assert match["legal_actions"] == []


def test_new_match_answers_201_with_its_id_and_seq(client: FlaskClient, table: Table) -> None:
    answer = post(client, "/api/matches", {"game": "yahtzee", "players": ["Ana", "Ben", "Cleo"]})
    assert answer.status_code == 201
    assert answer.get_json() == {"ok": True, "id": 1, "seq": 0}
    assert table.snapshot.game == "yahtzee"


def test_new_match_takes_rule_options(client: FlaskClient, table: Table) -> None:
    body = {"game": "backgammon", "players": ["Ana", "Ben"], "options": {"match_length": 3}}
    assert post(client, "/api/matches", body).status_code == 201
    assert table.snapshot.state()["options"]["match_length"] == 3


def test_action_is_posted_to_the_table_and_answers_its_seq(
    client: FlaskClient, table: Table
) -> None:
    start(table, "classic", 3)
    snapshot = play(table, 2)
    while snapshot.chance is not None:
        snapshot = play(table, 1)
    action = client.get("/api/state").get_json()["match"]["legal_actions"][-1]
    answer = post(client, "/api/actions", action)
    assert answer.status_code == 200
    assert answer.get_json() == {"ok": True, "id": snapshot.match_id, "seq": snapshot.seq + 1}


def test_a_move_the_rules_refuse_is_409_with_the_tables_sentence(
    client: FlaskClient, table: Table
) -> None:
    start(table, "backgammon")
    before = seq_of(table)
    answer = post(client, "/api/actions", {"action": "double", "seat": 1})
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["ok"] is False and body["error"].endswith(".")
    assert seq_of(table) == before


def test_dice_entered_by_hand_may_be_posted_as_an_action(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/actions", {"action": "dice", "values": [3, 5]})
    assert answer.status_code == 200
    assert "3 5" in table.snapshot.last_event


def test_a_shuffle_cannot_be_posted_from_a_phone(client: FlaskClient, table: Table) -> None:
    start(table, "classic", 2)
    order = list(range(108))
    answer = post(client, "/api/actions", {"action": "shuffle", "order": order})
    assert answer.status_code == 409
    assert table.snapshot.seq == 0


def test_chance_is_drawn_by_the_companion(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/chance")
    assert answer.status_code == 200
    assert answer.get_json() == {"ok": True, "id": 1, "seq": 1}
    assert table.snapshot.last_event.startswith("The companion rolls")


def test_chance_with_nothing_pending_is_409(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    snapshot = play(table, 1)
    assert snapshot.chance is None
    answer = post(client, "/api/chance")
    assert answer.status_code == 409
    assert "Nothing is waiting" in answer.get_json()["error"]


def test_undo_is_a_command_of_its_own_with_the_next_seq(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    play(table, 3)
    answer = post(client, "/api/undo")
    assert answer.status_code == 200
    assert answer.get_json() == {"ok": True, "id": 1, "seq": 4}
    assert table.snapshot.last_event.startswith("Undo #3")


def test_undo_with_nothing_to_undo_is_409(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    assert post(client, "/api/undo").status_code == 409


@pytest.mark.parametrize("pin", [None, "", "0000", "48210"])
def test_a_change_without_the_right_pin_is_403_and_changes_nothing(
    client: FlaskClient, table: Table, pin: str | None
) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/chance", pin=pin)
    assert answer.status_code == 403
    assert "PIN" in answer.get_json()["error"]
    assert table.snapshot.seq == 0


BAD_MATCHES = [
    ({"game": "chess", "players": ["Ana", "Ben"]}, "no game called 'chess'"),
    ({"players": ["Ana", "Ben"]}, "Name the game"),
    ({"game": "backgammon", "players": "Ana, Ben"}, "players"),
    ({"game": "backgammon", "players": ["Ana", 7]}, "players"),
    ({"game": "backgammon", "players": ["Ana", ""]}, "needs a name"),
    ({"game": "backgammon", "players": ["Ana", "B" * 25]}, "too long"),
    ({"game": "backgammon", "players": ["Ana", "Ana"]}, "Two players"),
    ({"game": "backgammon", "players": ["Ana", "Ben", "Cleo"]}, "2"),
    ({"game": "backgammon", "players": ["Ana", "Ben"], "options": []}, "options"),
    ({"game": "backgammon", "players": ["Ana", "Ben"], "options": {"cube": "yes"}}, "cube"),
    ({"game": "backgammon", "players": ["Ana", "Ben"], "colour": "red"}, "no field 'colour'"),
    (["backgammon"], "JSON object"),
]


@pytest.mark.parametrize(("body", "words"), BAD_MATCHES)
def test_a_bad_new_match_is_400_with_a_sentence(
    client: FlaskClient, table: Table, body: Any, words: str
) -> None:
    answer = post(client, "/api/matches", body)
    assert answer.status_code == 400, answer.get_json()
    assert words in answer.get_json()["error"]
    assert table.snapshot is None


@pytest.mark.parametrize(
    "body",
    [
        {"action": "teleport", "seat": 0},
        {"seat": 0},
        {"action": "roll", "seat": "zero"},
        [1, 2],
        "roll",
    ],
)
def test_an_unknown_or_malformed_action_is_400(
    client: FlaskClient, table: Table, body: Any
) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/actions", body)
    assert answer.status_code == 400
    assert answer.get_json()["error"]
    assert table.snapshot.seq == 0


@pytest.mark.parametrize(
    "raw",
    [b"{", b'{"action": "roll"', b"\xff\xfe", b"NaN", b"[" * 20000 + b"]" * 20000, b""],
)
def test_json_that_does_not_parse_is_400(client: FlaskClient, table: Table, raw: bytes) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/actions", data=raw, content_type="application/json")
    assert answer.status_code == 400
    assert "JSON" in answer.get_json()["error"]
    assert table.snapshot.seq == 0


def test_a_body_that_is_not_json_is_415(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/actions", data="action=roll", content_type="text/plain")
    assert answer.status_code == 415
    assert "application/json" in answer.get_json()["error"]


def test_a_body_over_64_kb_is_413(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    body = json.dumps({"action": "roll", "pad": "x" * 70_000})
    answer = post(client, "/api/actions", data=body, content_type="application/json")
    assert answer.status_code == 413
    assert "64 KB" in answer.get_json()["error"]


def test_chance_and_undo_refuse_a_body(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    assert post(client, "/api/chance", {"dice": [6, 6]}).status_code == 400
    assert post(client, "/api/chance", {}).status_code == 200


def test_history_lists_matches_as_companion_history_json(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    play(table, 5)
    matches = client.get("/api/matches").get_json()
    assert [match["id"] for match in matches] == [1]
    assert [event["seq"] for event in matches[0]["events"]] == [1, 2, 3, 4, 5]
    one = client.get("/api/matches/1").get_json()
    assert one == matches[0]


def test_history_can_give_only_the_last_events(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    play(table, 5)
    one = client.get("/api/matches/1?last=2").get_json()
    assert [event["seq"] for event in one["events"]] == [4, 5]
    assert client.get("/api/matches/1?last=-1").status_code == 400


def test_a_match_not_in_the_log_is_404(client: FlaskClient) -> None:
    answer = client.get("/api/matches/99")
    assert answer.status_code == 404
    assert "no match 99" in answer.get_json()["error"]


@pytest.mark.parametrize("number", ["9223372036854775808", "99999999999999999999999"])
def test_a_match_number_longer_than_any_log_holds_is_404_not_a_crash(
    client: FlaskClient, number: str
) -> None:
    answer = client.get(f"/api/matches/{number}")
    assert answer.status_code == 404
    assert f"no match {number}" in answer.get_json()["error"]


@pytest.mark.parametrize(
    ("method", "path"),
    [("GET", "/"), ("GET", "/api/state"), ("GET", "/nowhere"), ("DELETE", "/api/state"),
     ("POST", "/api/undo"), ("GET", "/static/app.js")],
)  # fmt: skip
def test_every_answer_carries_the_security_headers(
    client: FlaskClient, method: str, path: str
) -> None:
    answer = client.open(path, method=method)
    assert answer.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"


def test_a_failure_is_one_sentence_and_the_details_go_to_the_log(
    client: FlaskClient, table: Table, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    def broken() -> None:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(type(table), "snapshot", property(lambda self: broken()))
    with caplog.at_level(logging.ERROR, logger="companion.web.app"):
        answer = client.get("/api/state")
    assert answer.status_code == 500
    assert answer.get_json() == {
        "ok": False,
        "error": "The companion could not answer that; the details are in its log.",
    }
    assert "secret detail" not in answer.get_data(as_text=True)
    assert "secret detail" in caplog.text


def test_a_table_that_does_not_answer_in_time_is_503_with_a_sentence(
    client: FlaskClient, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    start(table, "backgammon")
    monkeypatch.setattr(api, "ANSWER_TIMEOUT_S", 0.0)
    monkeypatch.setattr(table, "post", lambda command: Future())  # never answered
    answer = post(client, "/api/chance")
    assert answer.status_code == 503
    assert answer.get_json() == {
        "ok": False,
        "error": "The table did not answer in time; look at its screen and try again.",
    }


def test_the_first_load_is_under_100_kb_uncompressed(client: FlaskClient, table: Table) -> None:
    """Everything a phone fetches to show a match of ten UNO players: the page, every
    stylesheet and script it names (each family's drawing, the seat's panel), the state,
    who the phone is, and the log's last lines."""
    start(table, "classic", 10)
    play(table, 40)
    page = client.get("/")
    html = page.get_data(as_text=True)
    files = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    for named in ("style.css", "seat.css", "boards.js", "result.js", "app.js", "seat.js"):
        assert f"/static/{named}" in files
    fetched = [page.data]
    for path in (*files, "/api/state", "/api/me",
                 f"/api/matches/{table.snapshot.match_id}?last=5"):  # fmt: skip
        answer = client.get(path)
        assert answer.status_code == 200, path
        fetched.append(answer.data)
    assert sum(len(data) for data in fetched) < 100 * 1024


def test_the_state_says_what_the_table_asks_of_each_seat(client: FlaskClient, table: Table) -> None:
    start(table, "yahtzee", 2)
    asks = client.get("/api/state").get_json()["match"]["asks"]
    # the first throw for the order of play is Ana's: two dice, nobody to move yet
    assert asks == {"to_move": None, "dice_seat": 0, "dice": 2, "count": [], "picked": None,
                    "can_undo": False}
