"""A headless app with the configured devices, as `companion ui` opens them, on a test's clocks."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from companion.config import Config
from companion.event_log.store import Store
from companion.hardware.self_test import HeldDevicesSelfTest
from companion.hardware.table_spinner import TableSpinner
from companion.ports import ScreenRequest
from companion.table import FairChance, Table
from tests.ui.conftest import Screen
from ui.app import App
from ui.main import SCENES, screen_setup
from ui.system import SystemSetup

WAIT_S = 20.0
"""Upper bound for a worker thread to finish (an event wait, never a sleep)."""


@dataclass
class FakeClock:
    """The app's clock: time moves only when the app sleeps (animations end at once)."""

    time: float = 1000.0
    slept: list[float] = field(default_factory=list)

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.time += seconds


@contextlib.contextmanager
def companion(
    folder: Path, config: Config, spinner: TableSpinner | None,
    size: tuple[int, int] = (800, 480),
) -> Iterator[Screen]:
    """The app on `config` with the table's spinner `spinner` (homed first), on a fresh log,
    with the product's hardware test on that spinner (`screen.app.system.self_test`; a test
    that runs a dice tray gives it its `tray`)."""
    clock = FakeClock()
    if spinner is not None:
        assert spinner.wait_idle(WAIT_S)
    setup = screen_setup(config, ScreenRequest(headless=True, size=size))
    with (
        Store.open(folder / "log.db") as store,
        Table(store, chance=FairChance(3), spinner=spinner) as table,
        App(table, SCENES, setup, clock=clock.now, sleep=clock.sleep, spinner=spinner,
            system=SystemSetup(config=config, self_test=HeldDevicesSelfTest(spinner))) as app,
    ):
        app.settle()
        yield Screen(app, store)
