"""Chance a phone enters (dice read off the table, a cocked roll, where the spinner stopped)
and a player's action from a phone: told as the phone's, and only for the state it was chosen at."""

from __future__ import annotations

import random

import pytest
from flask.testing import FlaskClient

from companion.games.actions import action_to_json
from companion.table import DrawChance, Table
from tests.web.conftest import choose_command, start  # the demo's, as play() uses it
from tests.web.test_api import post


def test_dice_entered_on_a_phone_are_told_as_the_phones(client: FlaskClient, table: Table) -> None:
    start(table, "backgammon")
    answer = post(client, "/api/actions", {"action": "dice", "values": [3, 5]})
    assert answer.status_code == 200
    assert table.snapshot is not None
    assert table.snapshot.last_event.startswith("Phone rolls 3 5.")


def test_a_cocked_roll_entered_on_a_phone_is_told_and_the_dice_are_asked_for_again(
    client: FlaskClient, table: Table
) -> None:
    snapshot = start(table, "backgammon")
    answer = post(client, "/api/actions", {"action": "invalid_roll"})
    assert answer.status_code == 200
    assert table.snapshot is not None
    assert table.snapshot.last_event.startswith("Phone reports a cocked roll.")
    assert table.snapshot.chance == snapshot.chance


@pytest.mark.parametrize("stale", ["seq", "match"])
def test_dice_entered_on_a_phone_for_a_gone_state_or_another_match_are_409(
    client: FlaskClient, table: Table, stale: str
) -> None:
    snapshot = start(table, "backgammon")
    made_at = {"match": snapshot.match_id, "seq": snapshot.seq}
    made_at[stale] += 1
    answer = post(client, "/api/actions", {"action": "dice", "values": [3, 5], **made_at})
    assert answer.status_code == 409
    assert table.snapshot is not None and table.snapshot.seq == snapshot.seq


def test_an_action_chosen_in_another_match_is_409(client: FlaskClient, table: Table) -> None:
    snapshot = start(table, "backgammon")
    while table.snapshot is not None and not table.snapshot.legal_actions:
        assert table.post(DrawChance()).result().applied
    assert table.snapshot is not None
    move = action_to_json(table.snapshot.legal_actions[0])
    seq = table.snapshot.seq
    other = {**move, "match": snapshot.match_id + 1, "seq": seq}
    answer = post(client, "/api/actions", other)
    assert answer.status_code == 409
    assert table.snapshot.seq == seq


def test_a_shuffle_from_a_phone_is_refused_with_the_way_to_ask_the_companion(
    client: FlaskClient, table: Table
) -> None:
    start(table, "classic", 2)
    answer = post(client, "/api/actions", {"action": "shuffle", "order": list(range(108))})
    assert answer.status_code == 409
    assert answer.get_json()["error"] == (
        "The companion shuffles the cards itself: use POST /api/chance."
    )


def _until_a_spin(table: Table) -> None:
    """Play a three-player Tiki match as the demo does until the spinner is asked for."""
    start(table, "tiki", 3)
    rng = random.Random(1)
    for _ in range(500):
        snapshot = table.snapshot
        assert snapshot is not None and not snapshot.is_over
        if snapshot.chance is not None and snapshot.chance.kind == "spin":
            return
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
    pytest.fail("no spin was asked for in 500 commands")


@pytest.mark.parametrize(
    ("seats", "told"),
    [([1], "Phone points at Ben"), ([1, 2], "Phone stops between Ben and Cleo")],
)
def test_where_a_phone_says_the_spinner_stopped_is_told_as_it_was_sent(
    client: FlaskClient, table: Table, seats: list[int], told: str
) -> None:
    _until_a_spin(table)
    answer = post(client, "/api/actions", {"action": "spin_result", "seats": seats})
    assert answer.status_code == 200, answer.get_json()
    assert table.snapshot is not None
    assert table.snapshot.last_event.startswith(told)


def test_an_action_a_phone_sends_for_a_seat_whose_turn_it_is_not_is_409_naming_whose_it_is(
    client: FlaskClient, table: Table
) -> None:
    start(table, "yahtzee")
    while table.snapshot is not None and not table.snapshot.legal_actions:
        assert table.post(DrawChance()).result().applied
    assert table.snapshot is not None
    move = action_to_json(table.snapshot.legal_actions[0])
    assert move["seat"] == 0
    seq = table.snapshot.seq
    answer = post(client, "/api/actions", {**move, "seat": 1})
    assert answer.status_code == 409
    assert answer.get_json()["error"] == "It is Ana's turn, not Ben's."
    assert table.snapshot.seq == seq
