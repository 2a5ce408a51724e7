"""A headless app on a fresh log, and a player that drives whole games through the script driver."""

from __future__ import annotations

import io
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "offscreen"

from companion.config import Config
from companion.event_log.store import Store
from companion.table import FairChance, Table
from ui.app import App, ScreenSetup
from ui.main import SCENES
from ui.script import Driver
from ui.system import SystemSetup

TRAY_READS_DICE = "serial"
"""The rig's dice source: the tray reads the dice thrown, as the driver's `roll D1 D2` lines
say (the companion's own roll, "fair", rolls on the tap that throws)."""


def tray_from(dice_source: str) -> SystemSetup:
    """The box around the app with the tray's dice from `dice_source`."""
    config = Config()
    return SystemSetup(config=replace(config, tray=replace(config.tray, dice_source=dice_source)))


@dataclass
class Screen:
    """A headless app on its own log, driven line by line as a script would."""

    app: App
    store: Store
    out: io.StringIO = field(default_factory=io.StringIO)

    def run(self, *lines: str) -> None:
        """Run script lines; a failing line fails the test with the driver's reason."""
        driver = Driver(self.app, self.out)
        for line in lines:
            driver.run(line)

    def texts(self) -> list[str]:
        """Every visible text on screen now."""
        return [widget.text for widget in self.app.scene.visible_widgets() if widget.text]

    def names(self) -> list[str]:
        """Every visible widget's name."""
        return [widget.name for widget in self.app.scene.visible_widgets()]

    def widget(self, name: str):
        """The visible widget called `name`."""
        return next(w for w in self.app.scene.visible_widgets() if w.name == name)


@pytest.fixture
def screen(tmp_path: Path) -> Iterator[Screen]:
    """An 800x480 app on a fresh log, with seeded companion dice and a tray that reads dice."""
    yield from _screen(tmp_path, ScreenSetup(panel=(800, 480), headless=True))


def _screen(tmp_path: Path, setup: ScreenSetup, dice_source: str = TRAY_READS_DICE
            ) -> Iterator[Screen]:
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(7)) as table,
        App(table, SCENES, setup, system=tray_from(dice_source)) as app,
    ):
        app.settle()
        yield Screen(app, store)


@pytest.fixture
def make_screen(tmp_path: Path):
    """Screens of other sizes and rotations: `make_screen((480, 800), rotation=90)`; with
    `dice_source="fair"` the tray's dice are the companion's own roll."""
    made: list[Iterator[Screen]] = []

    def make(panel: tuple[int, int], rotation: int = 0,
             dice_source: str = TRAY_READS_DICE) -> Screen:
        folder = tmp_path / f"{panel[0]}x{panel[1]}-{rotation}-{len(made)}"
        folder.mkdir()
        generator = _screen(folder, ScreenSetup(panel=panel, rotation=rotation, headless=True),
                            dice_source)
        made.append(generator)
        return next(generator)

    yield make
    for generator in made:
        generator.close()


def seeded_dice(seed: int) -> random.Random:
    """Dice for a test: the same every run."""
    return random.Random(seed)
