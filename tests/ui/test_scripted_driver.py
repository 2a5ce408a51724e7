"""The scripted driver as people script it: `companion ui --headless --script FILE`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from companion.event_log.store import Store
from companion.table import FairChance, Table
from ui.app import App, ScreenSetup
from ui.main import SCENES
from ui.script import run_script


def _companion_ui(tmp_path: Path, script: str, *options: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "play.script"
    path.write_text(script, encoding="utf-8")
    env = {**os.environ, "COMPANION_CONFIG": "", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("DISPLAY", None)
    return subprocess.run(
        [sys.executable, "-m", "companion", "ui", "--headless", "--script", str(path),
         "--db", str(tmp_path / "log.db"), *options],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )


def test_a_script_that_succeeds_exits_0_and_prints_only_widgets(tmp_path: Path) -> None:
    shot = tmp_path / "board.png"
    done = _companion_ui(tmp_path, f"""
# Ana wins the opening roll with 3-1 and makes her 5 point.
new backgammon --names Ana,Ben
roll 3 1
tap point:8
tap point:5
tap point:6
tap point:5
tap confirm
expect "Ben: double"
widgets
shot {shot}
""", "--size", "800x480", "--rotate", "90")
    assert done.returncode == 0, done.stderr
    widgets = [json.loads(line) for line in done.stdout.splitlines()]
    assert all(set(w) == {"name", "text", "rect", "enabled"} for w in widgets)
    assert {"point:24", "double", "roll"} <= {w["name"] for w in widgets}
    assert all(w["rect"][0] + w["rect"][2] <= 480 for w in widgets)
    assert pygame.image.load(str(shot)).get_size() == (480, 800)


def test_a_failing_line_exits_1_naming_the_line_and_why(tmp_path: Path) -> None:
    done = _companion_ui(tmp_path, "new backgammon\n\n# a comment\nexpect Tiki idol\nwidgets\n")
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1].startswith("line 4: no visible text contains 'Tiki idol'")
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("tap nowhere", "no visible widget is called 'nowhere'"),
        ("fly away", "unknown command 'fly'"),
        ("new chess", "there is no game 'chess'"),
        ("new backgammon --players 3", "Backgammon is for exactly 2 players, not 3"),
        ("new backgammon --option match_length=4", "the match did not start: A match is"),
        ("tap 900 10", "(900, 10) is off the 800x480 screen"),
    ],
)
def test_a_line_that_cannot_be_done_says_why(tmp_path: Path, line: str, why: str) -> None:
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(1)) as table,
        App(table, SCENES, ScreenSetup(headless=True)) as app,
    ):
        result = run_script(app, ["new backgammon", line] if "tap" in line else [line])
    assert not result.ok
    assert why in result.reason


def test_a_tap_on_a_disabled_button_is_answered_not_failed(screen) -> None:
    screen.run("new backgammon", "tap undo", "expect nothing to undo")
    assert screen.app.message is not None and screen.app.message.refusal


def test_the_unfinished_match_is_resumed_with_one_tap(tmp_path: Path) -> None:
    with Store.open(tmp_path / "log.db") as store, Table(store, chance=FairChance(1)) as table:
        with App(table, SCENES, ScreenSetup(headless=True)) as app:
            assert run_script(app, ["new minigam --names Ana,Ben", "roll 5 2"]).ok
        with App(table, SCENES, ScreenSetup(headless=True)) as app:
            assert app.scene.name == "home"
            assert run_script(app, ["tap resume", "expect Only bar/2 bar/5 is legal"]).ok
            assert app.scene.name == "board"


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_taps_land_on_the_widget_drawn_there_at_every_rotation(make_screen, rotation: int) -> None:
    screen = make_screen((800, 480), rotation)
    start = screen.widget("start").rect
    screen.run(f"tap {start.centerx} {start.centery}")
    assert screen.app.scene.name == "board"
    picture = screen.app.screenshot()
    expected = (480, 800) if rotation in (90, 270) else (800, 480)
    assert picture.get_size() == expected


def test_a_flat_screen_turns_to_face_the_seat_on_roll(tmp_path: Path) -> None:
    setup = ScreenSetup(panel=(800, 480), headless=True, face_player=True,
                        seat_angles=(0.0, 180.0))
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(1)) as table,
        App(table, SCENES, setup) as app,
    ):
        assert run_script(app, ["new backgammon", "roll 3 1"]).ok
        assert app.rotation.degrees == 0
        assert run_script(app, ["tap point:8", "tap point:5", "tap point:6", "tap point:5",
                                "tap confirm"]).ok
        assert app.rotation.degrees == 180
        assert run_script(app, ["tap double", "expect Ana: take or pass"]).ok
        assert app.rotation.degrees == 0


@pytest.mark.parametrize(("signum", "code"), [(15, 0), (2, 0)])  # as `companion run` stops
def test_the_running_app_stops_at_once_on_sigterm_and_ctrl_c(
    tmp_path: Path, signum: int, code: int
) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "COMPANION_CONFIG": ""}
    app = subprocess.Popen(
        [sys.executable, "-m", "companion", "ui", "--db", str(tmp_path / "log.db")],
        stderr=subprocess.PIPE, text=True, env=env,
    )
    assert app.stderr is not None
    # The loop runs once the first frame is out (the "Starting…" frame comes before the log,
    # the devices and the screens are opened, and a signal then waits for the loop).
    for line in app.stderr:
        if "First frame on screen." in line:
            break
    app.send_signal(signum)
    assert app.wait(timeout=3) == code
    assert "Traceback" not in app.stderr.read()


def test_waiting_for_text_that_never_shows_fails_after_the_seconds_given(tmp_path: Path) -> None:
    done = _companion_ui(tmp_path, "wait 1 for Tiki idol\nwait soon\n")
    assert done.returncode == 1
    last = done.stderr.splitlines()[-1]
    assert last.startswith("line 1: no visible text contained 'Tiki idol' within 1 s; shown:")


def test_a_wait_line_that_cannot_be_read_says_how_to_write_it(tmp_path: Path) -> None:
    done = _companion_ui(tmp_path, "expect Backgammon\nwait 5 until Ana\n")
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == (
        'line 2: wait takes nothing, SECONDS, or `for TEXT`, e.g. `wait 1.5` or'
        ' `wait 60 for "wins"`')
