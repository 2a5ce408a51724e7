"""A seeded script draws the same pictures every time (what `scripts/gallery` relies on).

The history's match times, a spin caught mid-motion and the hardware test's fair roll
once came from the wall clock and `secrets`; a seeded script run takes them from its
virtual clock and its seed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pygame
import pytest

from companion.app.script_time import SCRIPT_START, ScriptTime, script_time
from companion.config import Config
from companion.event_log.store import Store
from companion.table import FairChance, Table
from device.clock import VirtualClock
from device.selftest import check_dice
from ui.app import App, ScreenSetup
from ui.main import SCENES
from ui.script import run_script

SCRIPT = """\
new backgammon --names Cleo,Dev
roll 3 1
tap back
tap setup
tap history
shot OUT/history.png
tap back
tap seats
tap save
""" + "tap jog:++\n" * 12 + """tap save
""" + "tap jog:++\n" * 12 + """tap save
tap seat:1
tap test
shot OUT/seats-spinning.png
wait
tap back
tap hwtest
expect "Every device passed"
shot OUT/hwtest.png
"""
SHOTS = ("history.png", "seats-spinning.png", "hwtest.png")


def _play_seeded(run: Path) -> None:
    """The script through `companion ui --headless --seed 1`, in a folder of its own."""
    run.mkdir()
    script = run / "play.script"
    script.write_text(SCRIPT.replace("OUT/", f"{run}/"), encoding="utf-8")
    env = {**os.environ, "COMPANION_CONFIG": "", "PYTHONDONTWRITEBYTECODE": "1",
           "STATE_DIRECTORY": str(run), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    env.pop("DISPLAY", None)
    done = subprocess.run(
        [sys.executable, "-m", "companion", "ui", "--headless", "--size", "800x480",
         "--seed", "1", "--db", str(run / "log.db"), "--script", str(script)],
        capture_output=True, text=True, env=env, cwd=run, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr


def _pixels(path: Path) -> bytes:
    return pygame.image.tobytes(pygame.image.load(str(path)), "RGB")


def test_a_seeded_script_draws_the_same_pictures_on_every_run(tmp_path: Path) -> None:
    _play_seeded(tmp_path / "first")
    _play_seeded(tmp_path / "second")
    differ = [name for name in SHOTS
              if _pixels(tmp_path / "first" / name) != _pixels(tmp_path / "second" / name)]
    assert differ == []


def test_only_a_script_with_a_seed_runs_on_script_time() -> None:
    assert script_time(None, 1) is None
    assert script_time(["tap setup"], None) is None
    assert script_time(["tap setup"], 1) is not None


def test_the_logs_time_is_the_fixed_start_plus_the_seconds_the_script_let_pass() -> None:
    scripted = ScriptTime(1)
    assert scripted.wall() == SCRIPT_START
    scripted.clock.sleep(90)
    assert scripted.wall() == SCRIPT_START + timedelta(seconds=90)


def test_the_seeded_self_test_rolls_the_same_dice_every_run() -> None:
    config = Config()
    rolls = {check_dice(config, ScriptTime(1).self_test_rng).detail for _ in range(3)}
    assert len(rolls) == 1
    assert rolls.pop().startswith("fair roll from the seeded generator: ")


def test_the_product_self_test_rolls_from_secrets() -> None:
    assert check_dice(Config()).detail.startswith("fair roll from secrets: ")


def test_wait_seconds_moves_the_apps_clock_by_that_much(tmp_path: Path) -> None:
    clock = VirtualClock()
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(7)) as table,
        App(table, SCENES, ScreenSetup(panel=(800, 480), headless=True), clock=clock.now,
            sleep=clock.sleep) as app,
    ):
        assert run_script(app, ["wait 1.5"]).ok
        assert clock.now() == pytest.approx(1.5, abs=1e-5)
        assert not run_script(app, ["wait 0"]).ok
