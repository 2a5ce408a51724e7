"""`companion uno simulate`: the command-line contract."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.app.commands.uno import UNO_GAMES
from companion.games.registry import game_spec, game_specs


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["uno", "simulate", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate_json(capsys, "--game", "classic", "--players", "3", "--seed", "7")
    assert {"game", "players", "rounds", "scores", "winners", "events"} <= set(result)
    assert result["game"] == "classic" and result["players"] == 3
    assert isinstance(result["rounds"], int) and result["rounds"] >= 1
    assert len(result["scores"]) == 3
    assert max(result["scores"]) >= 500
    assert result["winners"] == [result["scores"].index(max(result["scores"]))]


def test_simulate_json_events_replay_to_the_same_final_scores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = simulate_json(capsys, "--players", "4", "--seed", "21")
    spec = game_spec(result["game"])
    state = spec.new(result["players"], result["options"])
    for event in result["events"]:
        state.apply(spec.actions.from_json(event))
    assert state.is_over
    assert state.scores() == result["scores"]
    assert state.winners() == result["winners"]


def test_same_seed_gives_the_same_match(capsys: pytest.CaptureFixture[str]) -> None:
    first = simulate_json(capsys, "--players", "2", "--seed", "5")
    second = simulate_json(capsys, "--players", "2", "--seed", "5")
    other = simulate_json(capsys, "--players", "2", "--seed", "6")
    assert first == second
    assert first["events"] != other["events"]


def test_simulate_prints_a_readable_log_and_final_scores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["uno", "simulate", "--players", "3", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "UNO: 3 players, seed 4."
    first_round = next(line for line in lines if line.startswith("Round 1: seat "))
    assert "deals; start card" in first_round
    assert any(line.endswith("cut the highest card and deals.") for line in lines)
    assert any(line.startswith("  seat ") for line in lines)
    assert "Round 1 won by seat" in out
    assert lines[-2].startswith("Final scores: seat 0 ")
    assert lines[-1].startswith("Winner: seat ")


def test_duo_log_says_who_drafts_first_where_classic_says_who_deals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["uno", "simulate", "--game", "duo", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    first_round = next(line for line in lines if line.startswith("Round 1: seat "))
    assert "drafts first; start card" in first_round
    assert any(line.endswith("cut the highest card and drafts first.") for line in lines)
    assert not any("deals" in line for line in lines)


def test_simulated_tiki_spins_stop_between_two_seats_and_the_json_replays_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = simulate_json(capsys, "--game", "tiki", "--players", "3", "--seed", "2")
    between = [e for e in result["events"] if e["action"] == "spin_result" and len(e["seats"]) == 2]
    picks = [event for event in result["events"] if event["action"] == "pick_seat"]
    assert between and len(picks) == len(between)
    spec = game_spec("tiki")
    state = spec.new(result["players"], result["options"])
    for event in result["events"]:
        state.apply(spec.actions.from_json(event))
    assert state.is_over and state.scores() == result["scores"]


def test_log_and_json_describe_the_same_match(capsys: pytest.CaptureFixture[str]) -> None:
    result = simulate_json(capsys, "--players", "3", "--seed", "9")
    assert main(["uno", "simulate", "--players", "3", "--seed", "9"]) == 0
    out = capsys.readouterr().out
    scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(result["scores"]))
    assert f"Final scores: {scores}." in out


@pytest.mark.parametrize(("game", "players"), [("classic", 2), ("tiki", 3), ("duo", 2)])
def test_each_uno_game_plays_a_complete_match_from_the_command_line(
    game: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    result = simulate_json(capsys, "--game", game, "--players", str(players), "--seed", "1")
    assert result["game"] == game and result["players"] == players
    assert len(result["scores"]) == players and result["winners"]
    assert game in UNO_GAMES and game in game_specs()


@pytest.mark.parametrize(
    ("game", "players", "sentence"),
    [
        ("classic", "1", "UNO is for 2 to 10 players, not 1."),
        ("classic", "11", "UNO is for 2 to 10 players, not 11."),
        ("tiki", "11", "UNO Tiki Twist is for 2 to 10 players, not 11."),
        ("duo", "3", "UNO Duo is for exactly 2 players, not 3."),
        ("duo", "1", "UNO Duo is for exactly 2 players, not 1."),
    ],
)
def test_players_out_of_range_for_the_game_is_a_sentence_and_exit_status_1(
    game: str, players: str, sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for extra in ([], ["--json"]):
        assert main(["uno", "simulate", "--game", game, "--players", players, *extra]) == 1
        captured = capsys.readouterr()
        assert captured.out == "" and sentence in captured.err
        assert "Traceback" not in captured.err


@pytest.mark.parametrize(
    ("flag", "sentence"),
    [
        (["--seed", "abc"], "A seed is a whole number, 0 or more, not 'abc'."),
        (["--seed", "1.5"], "A seed is a whole number, 0 or more, not '1.5'."),
        (["--seed", "-5"], "A seed is a whole number, 0 or more, not '-5'."),
        (["--players", "four"], "invalid int value"),
    ],
)
def test_bad_seed_or_player_number_is_a_usage_error(
    flag: list[str], sentence: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["uno", "simulate", *flag])
    assert exit_.value.code == 2
    assert sentence in capsys.readouterr().err


TIKI_FACE_DECK = """title = "Classic with two Tiki Faces"
[cards]
"Red 1" = 15
"Red 2" = 15
"Blue 1" = 15
"Blue 2" = 15
"Wild" = 4
"Tiki Draw 4" = 2
"Tiki Go To" = 1
"""


@pytest.mark.parametrize("game", ["classic", "duo"])
def test_deck_with_tiki_faces_is_refused_outside_tiki_twist_naming_the_file_and_cards(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "mixed.toml"
    deck.write_text(TIKI_FACE_DECK)
    for extra in ([], ["--json"]):
        code = main(["uno", "simulate", "--game", game, "--players", "2", "--deck", str(deck),
                     *extra])
        captured = capsys.readouterr()
        assert code == 1 and captured.out == ""
        assert f"The deck file {deck} cannot be used" in captured.err
        assert "Tiki Draw 4, Tiki Go To" in captured.err


def test_deck_with_tiki_faces_plays_as_tiki_twist(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "mixed.toml"
    deck.write_text(TIKI_FACE_DECK)
    result = simulate_json(capsys, "--game", "tiki", "--players", "2", "--deck", str(deck))
    assert result["game"] == "tiki" and result["winners"]


@pytest.mark.parametrize("players", ["1", "11"])
def test_bad_player_count_is_a_sentence_and_exit_status_1(
    players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["uno", "simulate", "--players", players]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"UNO is for 2 to 10 players, not {players}." in captured.err


def test_unknown_game_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["uno", "simulate", "--game", "poker"])
    assert exit_.value.code == 2


def test_uno_without_subcommand_prints_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["uno"]) == 0
    assert "simulate" in capsys.readouterr().out


def test_simulate_runs_as_a_subprocess() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "uno",
            "simulate",
            "--players",
            "2",
            "--seed",
            "3",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["players"] == 2


@pytest.mark.parametrize("game", UNO_GAMES)
def test_same_seed_gives_the_same_match_in_every_process(game: str) -> None:
    """Nothing in a match may depend on Python's per-process hash order."""
    outputs = []
    for hash_seed in ("1", "2"):
        result = subprocess.run(
            [sys.executable, "-m", "companion", "uno", "simulate", "--game", game,
             "--players", "2", "--seed", "0", "--json"],
            capture_output=True, text=True, check=False,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
        )
        assert result.returncode == 0, result.stderr
        outputs.append(json.loads(result.stdout))
    assert outputs[0] == outputs[1]


def test_log_names_the_seat_that_calls_or_is_caught_not_the_seat_to_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["uno", "simulate", "--players", "4", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "  seat 2: call UNO" in lines
    assert not any(line.endswith("call UNO") and line.count("seat") > 1 for line in lines)
    assert not any(line.endswith("caught without UNO") and line.count("seat") > 1 for line in lines)


@pytest.mark.parametrize(("game", "players"), [("classic", 4), ("tiki", 4), ("duo", 2)])
def test_players_default_to_four_or_the_two_of_uno_duo(
    game: str, players: int, capsys: pytest.CaptureFixture[str]
) -> None:
    result = simulate_json(capsys, "--game", game, "--seed", "2")
    assert result["players"] == players


def test_the_log_tells_what_each_action_caused_under_it_with_seat_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["uno", "simulate", "--game", "tiki", "--players", "4", "--seed", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    spins = [i for i, line in enumerate(lines) if line.startswith("  spin: the spinner points at")]
    assert spins
    told = [lines[i + 1] for i in spins]
    drew = re.compile(r"    seat \d draws \d cards? \(Tiki Draw \d\)\.")
    assert any(drew.fullmatch(line) for line in told)
    assert any(line.startswith("    The discard pile is shuffled into a new draw pile.")
               for line in lines)
    assert any(re.fullmatch(r"    seat \d wins the round and scores \d+ points\.", line)
               for line in lines)
    assert not any("{0}" in line for line in lines)


def test_the_json_events_stay_actions_only(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ["uno", "simulate", "--game", "tiki", "--players", "3", "--seed", "2", "--json"]
    assert main(arguments) == 0
    result = json.loads(capsys.readouterr().out)
    assert all(set(event) >= {"action"} and "notes" not in event for event in result["events"])
