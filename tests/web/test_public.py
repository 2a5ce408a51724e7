"""Nothing private leaves the companion: no UNO hand, no draw pile, no shuffle order."""

from __future__ import annotations

import dataclasses
import json

import pytest
from flask.testing import FlaskClient

from companion.games.actions import action_to_json
from companion.games.registry import game_specs
from companion.table import Table
from companion.web.public import public_match
from tests.web.conftest import play, start


@pytest.mark.parametrize("game", sorted(game_specs()))
def test_every_game_of_the_companion_says_what_is_public(table: Table, game: str) -> None:
    spec = game_specs()[game]
    snapshot = start(table, game, spec.min_players)
    match = public_match(snapshot)
    assert match is not None
    assert isinstance(match["state"], dict) and match["state"]["game"] == game
    assert match["family"] == spec.family


@pytest.mark.parametrize("game", ["classic", "tiki", "duo"])
def test_a_simulated_uno_match_sends_no_card_of_any_hand(
    client: FlaskClient, table: Table, game: str
) -> None:
    start(table, game, 2 if game == "duo" else 3)
    snapshot = play(table, 12)
    state = snapshot.state()
    hidden = {card for hand in state["hands"] for card in hand} | set(state["draw_pile"])
    sent = client.get("/api/state").get_data(as_text=True)
    match = json.loads(sent)["match"]
    assert "hands" not in match["state"] and "draw_pile" not in match["state"]
    assert match["state"]["hand_counts"] == [len(hand) for hand in state["hands"]]
    assert match["state"]["top_card"] == (state["discard"] or [None])[-1]
    for action in match["legal_actions"]:
        assert not hidden & {str(value) for value in action.values()}, action


def test_the_legal_actions_left_are_those_that_name_no_card(
    client: FlaskClient, table: Table
) -> None:
    start(table, "classic", 3)
    snapshot = play(table, 6)
    every = [action_to_json(action) for action in snapshot.legal_actions]
    while not any("card" in action for action in every):
        snapshot = play(table, 1)
        every = [action_to_json(action) for action in snapshot.legal_actions]
    match = client.get("/api/state").get_json()["match"]
    assert match["legal_actions"] == [action for action in every if "card" not in action]


def test_a_referee_uno_match_shows_the_cards_played_on_the_table(table: Table) -> None:
    start(table, "classic", 3, {"mode": "referee"})
    snapshot = play(table, 8)
    match = public_match(snapshot)
    assert match is not None
    assert match["state"]["mode"] == "referee"
    assert "hands" not in match["state"]


def test_the_history_never_sends_a_shuffles_order(client: FlaskClient, table: Table) -> None:
    start(table, "classic", 3)
    play(table, 4)
    events = client.get("/api/matches/1").get_json()["events"]
    shuffles = [event for event in events if event["action"]["action"] == "shuffle"]
    assert shuffles
    for event in shuffles:
        assert event["action"]["order"] is None
        assert event["detail"]["outcome"] is None


@pytest.mark.parametrize("game", ["backgammon", "yahtzee"])
def test_a_game_with_nothing_hidden_sends_its_whole_state(table: Table, game: str) -> None:
    start(table, game)
    snapshot = play(table, 5)
    match = public_match(snapshot)
    assert match is not None
    assert match["state"] == snapshot.state()


def test_a_game_whose_engine_says_nothing_public_sends_no_state_and_no_action(
    table: Table,
) -> None:
    start(table, "backgammon")
    snapshot = play(table, 1)
    while snapshot.chance is not None or not snapshot.legal_actions:
        snapshot = play(table, 1)
    before = public_match(snapshot)
    assert before is not None and before["legal_actions"]
    silent = dataclasses.replace(snapshot, public_json=None, public_actions=())
    match = public_match(silent)
    assert match is not None and match["state"] is None and match["legal_actions"] == []
