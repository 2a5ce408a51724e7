"""`companion demo` and `companion history`: the command-line contracts."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.app.cli import build_parser, main
from companion.app.commands.demo import DEFAULT_PACE, play_out
from companion.event_log.store import Store
from companion.games.registry import game_specs
from companion.table import DrawChance, NewMatch, PlayAction, Undo, default_players
from companion.table.match import RunningMatch
from tests.table.conftest import open_table
from tests.table.tally import TALLY

LINE = re.compile(r"^#(\d+) (.+)$")
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _tally_is_a_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(game_specs(), "tally", TALLY)


def set_time_zone(zone: str) -> None:
    os.environ["TZ"] = zone
    time.tzset()


@pytest.fixture(autouse=True)
def _the_table_is_in_utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local times printed by these tests are UTC unless a test moves the table."""
    monkeypatch.setenv("TZ", "UTC0")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def demo(db: Path, *extra: str) -> int:
    return main(["demo", "--pace", "0", "--db", str(db), *extra])


def test_the_demo_prints_one_line_per_command_each_in_the_log(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert demo(db_path, "--game", "tally", "--players", "4", "--seed", "5") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "Match 1: New match of Tally for Ana, Ben, Cleo, Dev"
    played = [LINE.match(line) for line in lines[1:-1]]
    assert all(played)
    with Store.open(db_path) as store:
        events = store.events(1)
        record = store.match(1)
    assert [(int(m[1]), m[2]) for m in played if m] == [(e.seq, e.text) for e in events]
    assert record is not None and record.status == "finished"
    winners = " and ".join(record.players[seat].name for seat in (record.result or {})["winners"])
    assert lines[-1].startswith(f"Match 1 is over after #{events[-1].seq}: {winners} won (")


def test_the_same_seed_plays_the_same_demo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for name in ("one.db", "two.db"):
        demo(tmp_path / name, "--game", "tally", "--seed", "11")
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


def test_the_demo_defaults_to_a_pace_a_person_can_follow() -> None:
    arguments = build_parser().parse_args(["demo", "--game", "tiki", "--players", "4"])
    assert arguments.pace == DEFAULT_PACE == 0.3


def test_the_demo_waits_its_pace_between_commands(store: Store) -> None:
    waits: list[float] = []
    with open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        final = play_out(table, TALLY, random.Random(3), 0.3, sleep=waits.append, echo=print)
    assert waits == [0.3] * len(waits) and len(waits) >= final.seq


def test_resume_continues_the_unfinished_match(
    store: Store, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_table(store) as table:
        table.post(NewMatch("tally", default_players(3), {})).result(timeout=10)
        table.post(DrawChance()).result(timeout=10)
        table.post(DrawChance()).result(timeout=10)
    store.close()
    assert demo(db_path, "--resume") == 0
    lines = capsys.readouterr().out.splitlines()
    with Store.open(db_path) as logged:
        last = next(event for event in logged.events(1) if event.seq == 2)
    assert lines[0] == f"Resuming match 1 of Tally after #2 {last.text}"  # the last step shown
    assert lines[1].startswith("#3 ")
    with Store.open(db_path) as again:
        assert [(m.id, m.status) for m in again.matches()] == [(1, "finished")]


def test_a_new_demo_leaves_an_unfinished_match_as_abandoned(
    store: Store, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_table(store) as table:
        table.post(NewMatch("tally", default_players(3), {})).result(timeout=10)
    store.close()
    assert demo(db_path, "--game", "tally") == 0
    assert capsys.readouterr().err == (
        "companion: match 1 was left unfinished; it stays in the history as abandoned"
        " (use --resume to continue a match).\n"
    )


@pytest.mark.parametrize(
    ("arguments", "sentence"),
    [
        (["--resume"],
         "There is no unfinished match in {db}: start one with companion demo --game NAME."),
        ([], "Choose a game with --game NAME, or continue the last match with --resume."),
        (["--game", "chess"], "There is no game called 'chess'; choose one of: "),
        (["--game", "tally", "--players", "9"], "Tally is for 2 to 4 players, not 9."),
        (["--game", "tally", "--players", "-3"], "Tally is for 2 to 4 players, not -3."),
        (["--game", "backgammon", "--players", "9"], "Backgammon is for exactly 2 players, not 9."),
        (["--game", "tally", "--pace", "-1"], "--pace is a number of seconds, 0 or more."),
        (["--game", "tally", "--pace", "nan"], "--pace is a number of seconds, 0 or more."),
        (["--game", "tally", "--pace", "inf"], "--pace is a number of seconds, 0 or more."),
    ],
)  # fmt: skip
def test_a_demo_that_cannot_run_says_why_and_creates_no_log(
    db_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], sentence: str
) -> None:
    assert main(["demo", "--db", str(db_path), *arguments]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith("companion: " + sentence.format(db=db_path))
    assert captured.out == ""
    assert not db_path.exists()


def test_resuming_with_only_finished_matches_in_the_log_says_there_is_nothing_to_resume(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert demo(db_path, "--game", "tally", "--seed", "2") == 0
    capsys.readouterr()
    assert demo(db_path, "--resume") == 1
    assert capsys.readouterr().err == (
        f"companion: There is no unfinished match in {db_path}: start one with"
        " companion demo --game NAME.\n"
    )


@pytest.mark.parametrize("command", ["demo", "history"])
def test_a_log_path_that_is_a_directory_is_refused_with_a_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    extra = ["--game", "tally"] if command == "demo" else []
    assert main([command, "--db", str(tmp_path), *extra]) == 1
    assert capsys.readouterr().err == (
        f"companion: The match log {tmp_path} is a directory: give the path of a file,"
        f" for example --db {tmp_path / 'companion.db'}.\n"
    )
    assert list(tmp_path.iterdir()) == []


def test_history_lists_matches_as_text(
    store: Store, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        table.post(NewMatch("tally", default_players(3), {})).result(timeout=10)
    store.close()
    assert main(["history", "--db", str(db_path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "#1  Tally  abandoned  Ana 0, Ben 0  (2026-05-01 20:30)",
        "#2  Tally  playing  Ana 0, Ben 0, Cleo 0  (2026-05-01 20:30)",
    ]


def test_history_shows_times_in_the_tables_local_time(
    store: Store, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    set_time_zone("JST-9")  # Japan: UTC+9, no daylight saving
    with open_table(store) as table:  # its clock says 20:30 UTC: 05:30 the next day in Tokyo
        table.post(NewMatch("tally", default_players(2), {"target": 1})).result(timeout=10)
        table.post(DrawChance()).result(timeout=10)
        table.post(DrawChance()).result(timeout=10)
        assert table.post(PlayAction({"action": "add"})).result(timeout=10).applied
    store.close()
    assert main(["history", "--db", str(db_path)]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.endswith("(2026-05-02 05:30 to 05:30)")


def test_history_as_json_holds_players_game_scores_and_every_event(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    demo(db_path, "--game", "tally", "--players", "2", "--seed", "1")
    capsys.readouterr()
    assert main(["history", "--db", str(db_path), "--json"]) == 0
    (match,) = json.loads(capsys.readouterr().out)
    assert set(match) == {
        "id", "game", "title", "options", "players", "status", "started_at", "finished_at",
        "scores", "winners", "rounds", "rematch_of", "events",
    }  # fmt: skip
    assert (match["game"], match["title"], match["status"]) == ("tally", "Tally", "finished")
    assert match["players"] == [
        {"seat": 0, "name": "Ana", "colour": "red"},
        {"seat": 1, "name": "Ben", "colour": "blue"},
    ]
    assert match["scores"] == match["rounds"][-1]["scores"] and max(match["scores"]) >= 12
    assert [event["seq"] for event in match["events"]] == list(range(1, len(match["events"]) + 1))
    first = match["events"][0]
    assert (first["kind"], first["text"], first["undone"]) == (
        "chance", "The companion shuffles 5 cards", False,
    )  # fmt: skip
    assert first["detail"]["source"] == "table" and len(first["detail"]["outcome"]) == 5


def test_history_marks_undone_events(
    store: Store, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
        table.post(DrawChance()).result(timeout=10)
        table.post(DrawChance()).result(timeout=10)
        table.post(Undo()).result(timeout=10)
    store.close()
    main(["history", "--db", str(db_path), "--json"])
    events = json.loads(capsys.readouterr().out)[0]["events"]
    assert [(e["seq"], e["kind"], e["undone"]) for e in events] == [
        (1, "chance", False), (2, "chance", True), (3, "undo", False),
    ]  # fmt: skip
    assert events[2]["text"].startswith("Undo #2 (The companion rolls ")


@pytest.mark.parametrize(
    ("flag", "expected"), [([], "No matches yet ({db} does not exist).\n"), (["--json"], "[]\n")]
)
def test_history_of_a_log_that_does_not_exist_creates_nothing(
    db_path: Path, capsys: pytest.CaptureFixture[str], flag: list[str], expected: str
) -> None:
    assert main(["history", "--db", str(db_path), *flag]) == 0
    assert capsys.readouterr().out == expected.format(db=db_path)
    assert not db_path.exists()


def test_history_of_a_damaged_log_says_so_and_leaves_it_where_it_is(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path.write_bytes(b"garbage" * 200)
    assert main(["history", "--db", str(db_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"companion: The match log {db_path} cannot be read (file is not a database);"
        " nothing was changed.\n"
    )
    assert [path.name for path in db_path.parent.iterdir()] == [db_path.name]
    assert db_path.read_bytes() == b"garbage" * 200


def test_history_of_an_empty_file_lists_no_matches(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path.write_bytes(b"")
    assert main(["history", "--db", str(db_path)]) == 0
    assert capsys.readouterr().out == f"No matches yet ({db_path} is empty).\n"
    assert db_path.read_bytes() == b""


def test_history_of_another_programs_database_changes_nothing(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with sqlite3.connect(db_path) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    before = db_path.read_bytes()
    assert main(["history", "--db", str(db_path)]) == 1
    assert "(it holds tables that are not the companion's: recipes)" in capsys.readouterr().err
    assert db_path.read_bytes() == before


def test_ctrl_c_while_the_match_is_being_rebuilt_stops_cleanly(
    store: Store, db_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_table(store) as table:
        table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
    store.close()

    def replay_interrupted(self: RunningMatch, *args: Any) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(RunningMatch, "_replay_standing", replay_interrupted)
        try:
            status = demo(db_path, "--resume")
        except KeyboardInterrupt:  # re-raised, it would stop the whole test run
            pytest.fail("Ctrl-C during the replay escaped the demo with a traceback")
        assert status == 130
    assert capsys.readouterr().err == (
        f"Stopped. Continue with: companion demo --resume --db {db_path}\n"
    )
    with Store.open(db_path) as again, open_table(again) as reopened:  # nothing was left held
        assert reopened.snapshot is not None and reopened.snapshot.match_id == 1


def test_ctrl_c_stops_the_demo_and_says_how_to_resume(db_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "demo", "--game", "yahtzee", "--db", str(db_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
    )  # fmt: skip
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith("#1 "):
            break
    process.send_signal(signal.SIGINT)
    _, errors = process.communicate(timeout=60)
    assert process.returncode == 130
    assert errors == f"Stopped. Continue with: companion demo --resume --db {db_path}\n"
    with Store.open(db_path) as store:
        assert [match.status for match in store.matches()] == ["playing"]


@pytest.mark.parametrize(
    ("flag", "edit", "listed"),
    [
        ([], "UPDATE matches SET players = 'Ana' WHERE id = 1", [2]),
        (["--json"], "UPDATE matches SET players = 'Ana' WHERE id = 1", [2]),
        (["--json"], "UPDATE events SET detail = '{' WHERE match_id = 1", [2]),
        ([], "UPDATE events SET detail = '{' WHERE match_id = 1", [1, 2]),  # events not read
    ],
    ids=["text, match row", "json, match row", "json, event row", "text, event row"],
)
def test_history_leaves_out_a_match_changed_by_hand_and_lists_the_others(
    store: Store,
    db_path: Path,
    capsys: pytest.CaptureFixture[str],
    flag: list[str],
    edit: str,
    listed: list[int],
) -> None:
    with open_table(store) as table:
        for _ in range(2):
            table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
            table.post(DrawChance()).result(timeout=10)
    store.close()
    with sqlite3.connect(db_path) as db:
        db.execute(edit)
    assert main(["history", "--db", str(db_path), *flag]) == 0
    captured = capsys.readouterr()
    if flag:
        assert [match["id"] for match in json.loads(captured.out)] == listed
    else:
        assert [int(line.split()[0][1:]) for line in captured.out.splitlines()] == listed
    if listed == [2]:
        assert captured.err.startswith("companion: Match 1 in the match log cannot be read (its ")
        assert captured.err.endswith(
            "); something other than the companion changed it. It is left out.\n"
        )
    else:
        assert captured.err == ""
