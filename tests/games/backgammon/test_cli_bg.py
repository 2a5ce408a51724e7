"""`companion bg`, `minigam` and `multigam`: plays and show, as the issue specifies."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.app.commands import _position_commands
from companion.app.commands.bg import BACKGAMMON_POSITIONS
from companion.games.backgammon.geometry import BACKGAMMON, Board
from companion.games.backgammon.movement import legal_plays
from companion.games.backgammon.notation import format_play
from companion.games.backgammon.position_id import board_from_position_id, position_id
from tests.games.backgammon.boards import bg

OPENING_ID = "4HPwATDgc/ABMA"
CLOSED_ID = position_id(bg({"bar": 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5}))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_plays_prints_every_legal_play_one_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bg", "plays", "--position-id", OPENING_ID, "--dice", "3", "1")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 16
    assert len(set(lines)) == 16
    assert "8/5 6/5" in lines
    assert "24/20" in lines


@pytest.mark.parametrize(
    ("position_id", "expected"),
    [("AwAAAAEAAAAAAA", "6/off\n"), ("IAAADAAAAAAAAA", "1/off(2)\n")],
)
def test_plays_moves_the_player_second_in_the_position_id(
    capsys: pytest.CaptureFixture[str], position_id: str, expected: str
) -> None:
    # The worked example of docs/rules/position-formats.md: one board, either player on roll.
    code, out, _ = run(capsys, "bg", "plays", "--position-id", position_id, "--dice", "6", "5")
    assert (code, out) == (0, expected)


def test_plays_says_when_there_is_no_legal_play(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bg", "plays", "--position-id", CLOSED_ID, "--dice", "6", "6")
    assert code == 0
    assert out.strip() == "No legal play with 6-6: the turn passes."


MOVER_DONE = "The player on roll has borne off every checker and is never on roll again"
GAME_OVER = "That game is over: "
OVER_POSITIONS = [
    (["bg", "--position-id", "AAAAAAAAAAAAAA"], MOVER_DONE),
    (["bg", "--position-id", "AwAAAAAAAAAAAA"], MOVER_DONE),
    # The player on roll still has checkers, but the opponent has borne off all of them.
    (["bg", "--position-id", "AAAAAAAA/38AAA"], GAME_OVER),
    (["minigam", "--position", "0:0-000000-8:1-000000-7"], MOVER_DONE),
    (["minigam", "--position", "0:0-000010-7:0-000000-8"], GAME_OVER),
    (["multigam", "--position", "0:0-000000-5:5-000000-0:5-000000-0:5-000000-0"], MOVER_DONE),
    (["multigam", "--position", "3:0-000000-5:0-000000-5:0-000000-5:0-500000-0"], GAME_OVER),
]


@pytest.mark.parametrize(("argv", "sentence"), OVER_POSITIONS)
def test_plays_refuses_a_position_whose_game_is_over(
    capsys: pytest.CaptureFixture[str], argv: list[str], sentence: str
) -> None:
    command, flag, position = argv
    code, out, err = run(capsys, command, "plays", flag, position, "--dice", "6", "5")
    assert (code, out) == (1, "")
    assert err.startswith(f"companion: {sentence}")
    assert err.lower().rstrip().endswith("use a position of a game still in play.")


@pytest.mark.parametrize(("argv", "sentence"), OVER_POSITIONS)
def test_a_batch_line_whose_game_is_over_gets_an_error_object(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str], sentence: str
) -> None:
    command, _, position = argv
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{position} 6 5\n")
    code, out, _ = run(capsys, command, "plays", "--batch", str(batch))
    assert code == 1  # a script can tell that a line failed
    assert json.loads(out)["error"].startswith(f"Line 1: {sentence}")


def test_batch_writes_one_json_line_per_input_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "positions.txt"
    batch.write_text(f"{OPENING_ID} 3 1\n{CLOSED_ID} 6 6\n", encoding="utf-8")
    code, out, _ = run(capsys, "bg", "plays", "--batch", str(batch))
    assert code == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert set(first) == {"position_id", "dice", "plays"}
    assert first["position_id"] == OPENING_ID
    assert first["dice"] == [3, 1]
    assert len(first["plays"]) == 16
    assert all(set(play) == {"notation", "position_id"} for play in first["plays"])
    assert second == {"position_id": CLOSED_ID, "dice": [6, 6], "plays": []}


def test_batch_position_ids_are_the_board_after_the_play_with_the_mover_still_on_roll(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "positions.txt"
    batch.write_text(f"{OPENING_ID} 3 1\n", encoding="utf-8")
    code, out, _ = run(capsys, "bg", "plays", "--batch", str(batch))
    assert code == 0
    answer = json.loads(out)
    point = next(play for play in answer["plays"] if play["notation"] == "8/5 6/5")
    after = board_from_position_id(point["position_id"])
    opening = Board.start(BACKGAMMON)
    assert after.tracks[1] == opening.tracks[1]  # the opponent is untouched
    assert after.tracks[0][20] == 2  # the mover made their 5-point (track position 20)
    expected = {
        format_play(opening, 0, play): position_id(play.board, 0)
        for play in legal_plays(opening, 0, (3, 1))
    }
    assert {play["notation"]: play["position_id"] for play in answer["plays"]} == expected


def test_a_bad_batch_line_gets_an_error_object_and_the_batch_goes_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "positions.txt"
    lines = ["not-an-id 3 1", f"{OPENING_ID} 7 1", f"{OPENING_ID} 3", "", f"{OPENING_ID} 6 5"]
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "bg", "plays", "--batch", str(batch))
    assert code == 1
    assert err == (
        "companion: 4 batch lines could not be answered; the JSON line of each says why.\n"
    )
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == 5  # one answer per input line, the blank one included
    for answer in answers[:4]:
        assert set(answer) == {"error"}
    assert "Position ID" in answers[0]["error"]
    assert "Dice are numbers from 1 to 6" in answers[1]["error"]
    assert answers[3]["error"].startswith("Line 4: The line is empty")
    assert len(answers[4]["plays"]) == 7


HOSTILE_LINES = [
    "",
    "   \t ",
    f"{OPENING_ID}",
    f"{OPENING_ID} 3",
    f"{OPENING_ID} 3 1 extra",
    f"{OPENING_ID} \u00b2 1",  # a superscript two: a digit to str.isdigit, not to int()
    f"{OPENING_ID} \u0663 1",  # an Arabic-Indic three
    f"{OPENING_ID} 99999999999999999999999999 1",
    f"{OPENING_ID} -1 2",
    f"{OPENING_ID} 0 6",
    "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u20ac 1 2",
    "\x00\x01 1 1",
    '{"position_id": "4HPwATDgc/ABMA"} 2 2',
    "//////////////  6 6",
    "A" * 100_000 + " 1 2",
    f"{OPENING_ID} {'9' * 6000} 1",
]


def test_every_hostile_batch_line_gets_one_error_object_in_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    batch = tmp_path / "hostile.txt"
    batch.write_text("\n".join([*HOSTILE_LINES, f"{OPENING_ID} 3 1"]) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "bg", "plays", "--batch", str(batch))
    assert code == 1
    assert err.startswith(f"companion: {len(HOSTILE_LINES)} batch lines could not be answered")
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(HOSTILE_LINES) + 1
    for number, answer in enumerate(answers[:-1], start=1):
        assert set(answer) == {"error"}
        assert answer["error"].startswith(f"Line {number}: ")
        assert answer["error"].endswith(".")
        assert len(answer["error"]) < 200, "a sentence, not an echo of the whole line"
    assert len(answers[-1]["plays"]) == 16


def test_batch_from_standard_input_survives_bytes_that_are_not_utf8() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "companion", "bg", "plays", "--batch", "-"],
        input=b"\xff\xfe 1 2\n" + f"{OPENING_ID} 3 1\n".encode(),
        capture_output=True,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
    )
    assert result.returncode == 1, result.stderr
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert set(first) == {"error"}
    assert len(second["plays"]) == 16


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (
            ["minigam", "plays", "--position", "\u00b2:8-000000-0:8-000000-0", "--dice", "3", "1"],
            "seat on roll",
        ),
        (
            ["minigam", "plays", "--position", "0:\u0668-000000-0:8-000000-0", "--dice", "3", "1"],
            "bar-points-off digits",
        ),
        (
            ["multigam", "show", "--position", "0:5-000000-0:5-000000-0:5-000000-0"],
            "Multi-Gam position has",
        ),
    ],
)
def test_hostile_text_positions_are_a_sentence_not_a_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], sentence: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (1, "")
    assert sentence in err


def test_batch_reads_standard_input_with_a_dash() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "companion", "bg", "plays", "--batch", "-"],
        input=f"{OPENING_ID} 6 5\n{OPENING_ID} 5 5\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [len(answer["plays"]) for answer in answers] == [7, 4]


@pytest.mark.parametrize(
    ("argv", "sentence"),
    [
        (["bg", "plays", "--position-id", "nonsense", "--dice", "3", "1"], "14 characters"),
        (["bg", "plays", "--position-id", OPENING_ID], "Give the roll with --dice"),
        (["bg", "plays", "--batch", "/no/such/file.txt"], "Cannot read the batch file"),
        (["bg", "show", "--position-id", "AAAAAAAAAAAA//"], "extra bits"),
        (["minigam", "plays", "--position", "0:8-000000-0", "--dice", "3", "1"], "seat fields"),
    ],
)
def test_bad_input_is_a_sentence_and_exit_status_one(
    capsys: pytest.CaptureFixture[str], argv: list[str], sentence: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 1
    assert out == ""
    assert sentence in err


def test_dice_outside_one_to_six_are_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["bg", "plays", "--position-id", OPENING_ID, "--dice", "7", "1"])
    assert exit_.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_show_draws_the_board_with_its_position_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bg", "show", "--position-id", OPENING_ID)
    assert code == 0
    assert f"Position ID: {OPENING_ID}" in out
    assert "+13-14-15-16-17-18------19-20-21-22-23-24-+" in out
    assert "+12-11-10--9--8--7-------6--5--4--3--2--1-+" in out
    assert out.count("X") - out.count("X on roll") - out.count("X:") == 15
    assert "167 pips" in out


def test_minigam_plays_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "minigam", "plays", "--position", "start", "--dice", "6", "5")
    assert (code, out) == (0, "bar/5 bar/6\n")
    code, out, _ = run(capsys, "minigam", "show", "--position", "1:2-030000-3:0-400010-3")
    assert code == 0
    assert "O (seat 1, 6 -> 1): bar 0, off 3" in out
    assert "(on roll)" in out.splitlines()[-1]


def test_multigam_plays_and_batch(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    position = "1:5-000000-0:0-200003-0:5-000000-0:5-000000-0"
    code, out, _ = run(capsys, "multigam", "plays", "--position", position, "--dice", "2", "1")
    assert code == 0
    assert out.splitlines() == ["1/2 1/3", "1/3 6/off", "1/4"]
    batch = tmp_path / "multigam.txt"
    batch.write_text(f"{position} 2 1\n", encoding="utf-8")
    code, out, err = run(capsys, "multigam", "plays", "--batch", str(batch))
    assert (code, err) == (0, "")
    answer = json.loads(out)
    assert set(answer) == {"position", "dice", "plays"}
    assert [play["notation"] for play in answer["plays"]] == ["1/2 1/3", "1/3 6/off", "1/4"]
    assert all(play["position"].startswith("1:") for play in answer["plays"])


def test_a_batch_remembers_a_bounded_number_of_play_notations_and_answers_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lines = [f"{OPENING_ID} {high} {low}" for high in range(1, 7) for low in range(1, high + 1)]
    roomy = _position_commands._Answers(BACKGAMMON_POSITIONS)
    expected = [roomy(line) for line in lines]
    monkeypatch.setattr(_position_commands, "_OPENINGS_SIZE", 4)
    monkeypatch.setattr(_position_commands, "_OPENINGS", {})
    cramped = _position_commands._Answers(BACKGAMMON_POSITIONS)
    for line, answer in zip(lines, expected, strict=True):
        assert cramped(line) == answer
        assert all(len(openings) <= 4 for openings in _position_commands._OPENINGS.values())
