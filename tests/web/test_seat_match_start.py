"""With the PIN, any phone starts a match or a rematch; over an unfinished one it asks first."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from companion.table import Table
from tests.web.conftest import PIN, play, start
from tests.web.seat_helpers import phone

THREE = ["Ana", "Ben", "Cleo"]


def test_a_phone_with_the_pin_starts_a_match_of_the_players_it_names(
    app: Flask, table: Table
) -> None:
    answer = phone(app).post("/api/match/start",
                             json={"pin": PIN, "game": "yahtzee", "players": THREE[:2]})
    assert answer.status_code == 201, answer.get_json()
    assert answer.get_json()["ok"] is True
    snapshot = table.snapshot
    assert snapshot is not None and snapshot.game == "yahtzee"
    assert [player.name for player in snapshot.players] == ["Ana", "Ben"]
    assert answer.get_json()["id"] == snapshot.match_id


def test_players_of_the_last_match_keep_their_colours_in_the_next(
    app: Flask, table: Table
) -> None:
    last = start(table, "tiki", 3)
    play(table, 400)
    colours = {player.name: player.colour for player in last.players}
    names = ["Cleo", "Zed", "Ana"]
    answer = phone(app).post("/api/match/start", json={
        "pin": PIN, "game": "tiki", "players": names, "abandon": True})
    assert answer.status_code == 201, answer.get_json()
    players = table.snapshot.players
    assert players[0].colour == colours["Cleo"] and players[2].colour == colours["Ana"]
    assert players[1].colour not in {colours["Cleo"], colours["Ana"]}


def test_over_an_unfinished_match_the_answer_asks_first_and_nothing_changes(
    app: Flask, table: Table
) -> None:
    unfinished = start(table, "tiki", 3)
    answer = phone(app).post("/api/match/start",
                             json={"pin": PIN, "game": "yahtzee", "players": THREE[:2]})
    assert answer.status_code == 409
    body = answer.get_json()
    assert body["ask"] == "abandon" and body["match"] == unfinished.match_id
    assert body["question"] == "Abandon Ana, Ben and Cleo's match?"
    assert body["error"].startswith("Ana, Ben and Cleo's match is not finished")
    assert table.snapshot.match_id == unfinished.match_id


def test_only_abandon_true_starts_over_an_unfinished_match_which_stays_as_abandoned(
    app: Flask, table: Table, client: FlaskClient
) -> None:
    unfinished = start(table, "tiki", 3)
    answer = phone(app).post("/api/match/start", json={
        "pin": PIN, "game": "yahtzee", "players": THREE[:2], "abandon": True})
    assert answer.status_code == 201, answer.get_json()
    assert table.snapshot.match_id != unfinished.match_id
    shown = client.get(f"/api/matches/{unfinished.match_id}").get_json()
    assert shown["status"] == "abandoned", shown


def test_abandon_false_is_the_same_as_asking(app: Flask, table: Table) -> None:
    unfinished = start(table, "tiki", 3)
    answer = phone(app).post("/api/match/start", json={
        "pin": PIN, "game": "yahtzee", "players": THREE[:2], "abandon": False})
    assert answer.status_code == 409 and answer.get_json()["ask"] == "abandon"
    assert table.snapshot.match_id == unfinished.match_id


def test_a_rematch_of_a_finished_match_seats_the_same_players(app: Flask, table: Table) -> None:
    first = start(table, "tiki", 3)
    while not table.snapshot.is_over:
        play(table, 200)
    answer = phone(app).post("/api/match/rematch", json={"pin": PIN})
    assert answer.status_code == 201, answer.get_json()
    again = table.snapshot
    assert again.match_id != first.match_id and again.game == first.game
    assert again.players == first.players


def test_a_rematch_over_an_unfinished_match_asks_first_then_abandons_it(
    app: Flask, table: Table
) -> None:
    first = start(table, "tiki", 3)
    ben = phone(app)
    asked = ben.post("/api/match/rematch", json={"pin": PIN})
    assert asked.status_code == 409
    assert asked.get_json()["question"] == "Abandon Ana, Ben and Cleo's match?"
    assert table.snapshot.match_id == first.match_id
    done = ben.post("/api/match/rematch", json={"pin": PIN, "abandon": True})
    assert done.status_code == 201, done.get_json()
    assert table.snapshot.match_id != first.match_id
    assert table.snapshot.players == first.players and table.snapshot.seq == 0


def test_a_rematch_with_no_match_ever_says_to_start_one(app: Flask, table: Table) -> None:
    answer = phone(app).post("/api/match/rematch", json={"pin": PIN})
    assert answer.status_code == 409
    assert answer.get_json()["error"] == "There is no match to play again: start a new match."


def test_the_games_a_phone_may_start_are_listed_with_their_player_counts(
    client: FlaskClient, table: Table
) -> None:
    start(table, "tiki", 3)
    games = {game["game"]: game for game in client.get("/api/games").get_json()["games"]}
    assert set(games) == set(table.games)
    assert [name for name, game in games.items() if game["on_table"]] == ["tiki"]
    assert games["tiki"]["title"] == "UNO Tiki Twist"
    # the games whose deck the companion can hold, to play with phones as hands
    assert {name for name, game in games.items() if game["hands_on_phones"]} == {
        "classic", "tiki", "duo"}
    assert (games["tiki"]["min_players"], games["tiki"]["max_players"]) == (
        table.games["tiki"].min_players, table.games["tiki"].max_players)
