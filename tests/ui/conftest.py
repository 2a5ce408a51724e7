"""A headless app on a fresh log, and a player that drives whole games through the script driver."""

from __future__ import annotations

import io
import os
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "offscreen"

from companion.event_log.store import Store
from companion.table import FairChance, Table
from ui.app import App, ScreenSetup
from ui.main import SCENES
from ui.script import Driver


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
    """An 800x480 app on a fresh log, with seeded companion dice."""
    yield from _screen(tmp_path, ScreenSetup(panel=(800, 480), headless=True))


def _screen(tmp_path: Path, setup: ScreenSetup) -> Iterator[Screen]:
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(7)) as table,
        App(table, SCENES, setup) as app,
    ):
        app.settle()
        yield Screen(app, store)


@pytest.fixture
def make_screen(tmp_path: Path):
    """Screens of other sizes and rotations: `make_screen((480, 800), rotation=90)`."""
    made: list[Iterator[Screen]] = []

    def make(panel: tuple[int, int], rotation: int = 0) -> Screen:
        folder = tmp_path / f"{panel[0]}x{panel[1]}-{rotation}-{len(made)}"
        folder.mkdir()
        generator = _screen(folder, ScreenSetup(panel=panel, rotation=rotation, headless=True))
        made.append(generator)
        return next(generator)

    yield make
    for generator in made:
        generator.close()


def seeded_dice(seed: int) -> random.Random:
    """Dice for a test: the same every run."""
    return random.Random(seed)
