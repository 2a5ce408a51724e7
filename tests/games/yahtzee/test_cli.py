"""`companion yahtzee simulate`: the command-line contract."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from typing import Any

import pytest

from companion.app.cli import main
from companion.app.commands import yahtzee as yahtzee_command
from companion.games.yahtzee import YAHTZEE_ACTIONS, new_game


def _simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["yahtzee", "simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_json_has_players_scores_winners_tiles_and_events(
    capsys: pytest.CaptureFixture[str], players: int
) -> None:
    result = _simulate_json(capsys, "--players", str(players), "--seed", "11")
    assert {"players", "scores", "winners", "tiles", "events"} <= set(result)
    assert [player["seat"] for player in result["players"]] == list(range(players))
    assert sorted(player["place"] for player in result["players"]) == list(range(1, players + 1))
    assert len(result["scores"]) == players
    assert result["winners"] and max(result["scores"]) == result["scores"][result["winners"][0]]
    assert len(result["tiles"]) == 12
    assert all(tile["owner"] in range(players) and tile["value"] >= 1 for tile in result["tiles"])
    assert sum(tile["points"] for tile in result["tiles"]) == sum(result["scores"])
    assert sum(tile["protected"] for tile in result["tiles"]) <= 1


def test_simulate_events_replay_to_the_same_result(capsys: pytest.CaptureFixture[str]) -> None:
    result = _simulate_json(capsys, "--players", "3", "--seed", "2024")
    state = new_game(3, result["options"])
    for event in result["events"]:
        state.apply(YAHTZEE_ACTIONS.from_json(event))
    assert state.is_over
    assert state.scores() == result["scores"]
    assert state.winners() == result["winners"]
    final = {tile.value: (h.owner, h.value, h.square) for tile, h in state.holdings.items()}
    assert final == {t["tile"]: (t["owner"], t["value"], t["square"]) for t in result["tiles"]}


def test_same_seed_gives_the_same_game_and_another_seed_another(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = _simulate_json(capsys, "--players", "2", "--seed", "5")
    again = _simulate_json(capsys, "--players", "2", "--seed", "5")
    other = _simulate_json(capsys, "--players", "2", "--seed", "6")
    assert first == again
    assert first["events"] != other["events"]


def test_simulate_honours_rule_options(capsys: pytest.CaptureFixture[str]) -> None:
    options = '{"tile_points": {"large_straight": 70}, "final_ties": "most_tiles"}'
    result = _simulate_json(capsys, "--players", "2", "--seed", "3", "--options", options)
    assert result["options"]["tile_points"]["large_straight"] == 70
    large = next(tile for tile in result["tiles"] if tile["tile"] == "large_straight")
    assert large["points"] == 70


def test_simulate_prints_a_readable_log_and_final_scores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["yahtzee", "simulate", "--players", "2", "--seed", "9"]) == 0
    out = capsys.readouterr().out
    assert "rolls" in out and "for the order of play" in out and "Order of play:" in out
    assert "challenge rounds" in out and "Game over:" in out
    assert out.rstrip().splitlines()[-3] == "Final scores:"
    assert "(winner)" in out


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (["--players", "5", "--seed", "1"], "for 2 to 4 players, not 5"),
        (["--players", "2", "--seed", "1", "--options", "{nope"], "--options must be a JSON"),
        (["--players", "2", "--seed", "1", "--options", "[1]"], "--options must be a JSON"),
        (["--players", "2", "--seed", "1", "--options", '{"squares": 3}'], "4 to 64 squares"),
    ],
)
def test_bad_request_is_one_sentence_and_exit_status_1(
    capsys: pytest.CaptureFixture[str], args: list[str], sentence: str
) -> None:
    assert main(["yahtzee", "simulate", *args]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("companion: ") and sentence in captured.err
    assert "Traceback" not in captured.err


def test_a_game_random_play_cannot_finish_is_a_sentence_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chance at 30 or more is a Yahtzee of sixes: random play practically never ends.
    monkeypatch.setattr(yahtzee_command, "random_actions", functools.partial(
        yahtzee_command.random_actions, max_actions=2_000
    ))  # fmt: skip
    options = '{"chance_minimum": 30}'
    assert main(["yahtzee", "simulate", "--players", "2", "--seed", "1", "--options", options]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "companion: The match did not end within 2000 actions. Random play cannot finish a"
        " game with these options: loosen them or try another seed.\n"
    )


def test_simulate_runs_as_a_subprocess() -> None:
    command = [sys.executable, "-m", "companion", "yahtzee", "simulate"]
    result = subprocess.run(
        [*command, "--players", "4", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)["scores"]) == 4
