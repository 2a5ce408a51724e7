"""Logs and saved JSON written before one action codec still load, replay and resume.

The files in ``tests/data/before_one_codec`` were written by the companion
before every game's actions shared one JSON form (see its README).
"""

from __future__ import annotations

import gzip
import json
import shutil
import sqlite3
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from companion.event_log.store import SCHEMA_VERSION, Store
from companion.event_log.upgrades import upgrade_action_json, upgrade_options_json
from companion.games.actions import action_from_json, action_to_json
from companion.games.registry import game_specs
from companion.table import DrawChance, PlayAction, SupplyChance
from companion.table.match import RunningMatch
from tests.table.conftest import open_table

BEFORE = Path(__file__).parent.parent / "data" / "before_one_codec"
OLD_GAMES = [
    "classic", "classic", "tiki", "duo", "duo", "backgammon", "backgammon", "backgammon",
    "backgammon", "minigam", "multigam", "yahtzee", "yahtzee",
]  # fmt: skip


@pytest.fixture
def old_log(tmp_path: Path) -> Path:
    path = tmp_path / "old.db"
    shutil.copy(BEFORE / "schema1_log.db", path)
    return path


def test_the_old_log_is_of_schema_1_with_old_action_forms(old_log: Path) -> None:
    with sqlite3.connect(old_log) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == 1
        tags = {row[0] for row in db.execute("SELECT json_extract(action, '$.type') FROM events")}
    assert {"catch_uno", "call_uno", "choose_dealer", "count_hand", "pick_seat"} <= tags


def test_every_match_of_an_old_log_replays_to_the_state_it_showed(old_log: Path) -> None:
    with Store.open(old_log) as store:
        assert store.settings()["user_version"] == SCHEMA_VERSION
        records = store.matches()
        assert [record.game for record in records] == OLD_GAMES
        for record in records:
            spec = game_specs()[record.game]
            events = store.events(record.id)
            match, warnings = RunningMatch.replay(spec, record.players, record.options, events)
            assert warnings == [], record  # the state hash logged then is reached now
            assert match.state.scores() == record.scores
            assert match.state.is_over == (record.status == "finished")


def test_the_upgraded_log_holds_only_todays_action_form(old_log: Path) -> None:
    with Store.open(old_log) as store:
        for record in store.matches():
            for event in store.events(record.id):
                if event.action is not None:
                    assert "type" not in event.action and "action" in event.action
                    action_from_json(record.game, event.action)


def test_the_unfinished_match_of_an_old_log_resumes_and_plays_on(old_log: Path) -> None:
    with Store.open(old_log) as store, open_table(store, games=game_specs()) as table:
        snapshot = table.snapshot
        assert snapshot is not None and (snapshot.game, snapshot.seq) == ("yahtzee", 125)
        for _ in range(20):
            snapshot = table.snapshot
            assert snapshot is not None
            if snapshot.chance is not None:
                command: Any = DrawChance()
            else:
                for listed in snapshot.legal_actions:
                    data = json.loads(json.dumps(action_to_json(listed)))
                    assert action_from_json(snapshot.game, data) == listed
                command = PlayAction(action_to_json(snapshot.legal_actions[0]))
            assert table.post(command).result(timeout=10).applied
        assert table.post(SupplyChance("invalid", source="dice tray")).result(timeout=10)


def test_history_reads_an_old_log_upgraded_in_memory_and_leaves_the_file_alone(
    old_log: Path,
) -> None:
    before = old_log.read_bytes()
    with Store.open_to_read(old_log) as store:
        assert [record.game for record in store.matches()] == OLD_GAMES
        assert not store.damaged
        assert store.notices == [
            f"The match log {old_log} was written by an older companion (schema 1): it is"
            " shown as this one reads it, and brought up to date on disk the next time the"
            " companion plays on it."
        ]
        for record in store.matches():
            for event in store.events(record.id):
                if event.action is not None:
                    action_from_json(record.game, event.action)  # today's form
    assert old_log.read_bytes() == before


def test_the_history_of_an_old_log_can_be_read_from_another_thread(old_log: Path) -> None:
    """The phone page opens the history once and reads it from the thread of each request."""
    read: list[object] = []
    with Store.open_to_read(old_log) as store:
        reader = threading.Thread(target=lambda: read.append(len(store.matches())))
        reader.start()
        reader.join(timeout=30)
    assert read == [len(OLD_GAMES)]


def _replay_summary(game: str, players: int, options: dict[str, Any], events: list[Any]) -> Any:
    state = game_specs()[game].new(players, upgrade_options_json(game, options))
    for event in events:
        state.apply(action_from_json(game, upgrade_action_json(game, event)))
    return state


@pytest.mark.parametrize(("name", "game"), [("uno_tiki", "tiki"), ("uno_duo", "duo")])
def test_an_old_uno_simulate_json_replays_after_upgrading_its_events(name: str, game: str) -> None:
    with gzip.open(BEFORE / f"{name}_simulate.json.gz", "rt") as file:
        summary = json.load(file)
    assert all("type" in event for event in summary["events"])
    state = _replay_summary(game, summary["players"], summary["options"], summary["events"])
    assert state.scores() == summary["scores"] and state.winners() == summary["winners"]


def test_an_old_yahtzee_simulate_json_replays_after_upgrading_its_events() -> None:
    with gzip.open(BEFORE / "yahtzee_simulate.json.gz", "rt") as file:
        summary = json.load(file)
    assert any(event["action"] == "roll" for event in summary["events"])
    players = len(summary["players"])
    state = _replay_summary("yahtzee", players, summary["options"], summary["events"])
    assert state.scores() == summary["scores"] and state.winners() == summary["winners"]


@pytest.mark.parametrize(
    ("game", "old", "new"),
    [
        ("classic", {"type": "catch_uno", "seat": 2}, {"action": "catch_uno", "caught": 2}),
        ("classic", {"type": "play", "card": "Red 7", "colour": None, "uno": False},
         {"action": "play", "card": "Red 7", "uno": False}),
        ("duo", {"type": "choose_dealer", "seat": 1}, {"action": "choose_dealer", "dealer": 1}),
        ("tiki", {"type": "pick_seat", "seat": 3}, {"action": "pick_seat", "picked": 3}),
        ("minigam", {"action": "step", "source": 13, "destination": 7, "die": 6, "hit": False,
                     "text": "13/7"},
         {"action": "step", "step": [13, 7, 6, False], "text": "13/7"}),
        ("yahtzee", {"action": "roll", "values": [3, 4]}, {"action": "dice", "values": [3, 4]}),
        ("backgammon", {"action": "roll"}, {"action": "roll"}),
        ("classic", {"action": "draw", "seat": 1}, {"action": "draw", "seat": 1}),
    ],
)  # fmt: skip
def test_old_action_json_is_upgraded_once_and_today_s_is_left_alone(
    game: str, old: dict[str, Any], new: dict[str, Any]
) -> None:
    assert upgrade_action_json(game, old) == new
    assert upgrade_action_json(game, new) == new


@pytest.mark.parametrize("game", ["classic", "tiki", "duo"])
def test_an_uno_match_logged_before_the_challenge_option_keeps_the_colour_in_play_test(
    game: str,
) -> None:
    old = {"mode": "simulation", "target": 500}
    upgraded = upgrade_options_json(game, old)
    assert upgraded == {**old, "wild_draw_four_challenge": "colour_in_play"}
    assert upgrade_options_json(game, upgraded) == upgraded
    assert game_specs()[game].new(2, upgraded).options.wild_draw_four_challenge == (
        "colour_in_play"
    )


def test_options_of_other_games_and_of_today_are_left_alone() -> None:
    assert upgrade_options_json("backgammon", {"match_length": 5}) == {"match_length": 5}
    today = {"wild_draw_four_challenge": "playable_card"}
    assert upgrade_options_json("duo", today) == today


def _logged_options(path: Path) -> list[Any]:
    with sqlite3.connect(path) as db:
        return [json.loads(row[0]) for row in db.execute("SELECT options FROM matches ORDER BY id")]


def test_an_old_log_upgrades_the_same_whatever_today_s_uno_options_are(
    old_log: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frozen migration carries its own data: today's options do not change an old log."""
    as_released = tmp_path / "as_released.db"
    shutil.copy(old_log, as_released)
    with Store.open(as_released):
        pass
    today = {"wild_draw_four_challenge": "anything", "new": 1}
    for module in list(sys.modules.values()):  # wherever today's options were imported to
        if isinstance(getattr(module, "OPTIONS_ADDED_LATER", None), dict):
            monkeypatch.setattr(module, "OPTIONS_ADDED_LATER", today)
    with Store.open(old_log):
        pass
    upgraded = _logged_options(old_log)
    assert upgraded == _logged_options(as_released)
    uno = [options for game, options in zip(OLD_GAMES, upgraded, strict=True) if game in {
        "classic", "tiki", "duo"}]  # fmt: skip
    assert uno and all(options["wild_draw_four_challenge"] == "colour_in_play" for options in uno)


def test_the_event_log_reads_no_rule_options_of_today() -> None:
    """The migrations import no engine's options: what they write is frozen with them."""
    package = Path(__file__).parents[2] / "companion" / "event_log"
    for module in package.glob("*.py"):
        assert "games.uno" not in module.read_text(encoding="utf-8"), module.name
