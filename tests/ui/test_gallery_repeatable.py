"""A seeded script draws the same pictures every time (what `scripts/gallery` relies on).

The history's match times, a spin caught mid-motion and the hardware test's fair roll
once came from the wall clock and `secrets`; a seeded script run takes them from its
virtual clock and its seed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

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
