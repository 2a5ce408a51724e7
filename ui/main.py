"""Start the touchscreen: the config, the log, the table, the app; then its loop or a script.

`run_ui` is what `companion ui` runs; the whole-product command will start
the same app next to the phone page and the devices.
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from types import FrameType
from typing import Any

import pygame

from companion.config import Config, SpinnerConfig, load_config
from companion.datadir import default_db_path
from companion.errors import CompanionError
from companion.games.base import ChanceRequest
from companion.i18n import use_language
from companion.store import Store
from companion.table import FairChance, Table
from companion.table.chance import ChanceSource, SoftwarePick
from device.errors import DeviceError
from device.pointer_motion import software_motion
from device.table_spinner import (
    MotionListener,
    SpinListeners,
    SpinnerStatus,
    StatusListener,
    TableSpinner,
    open_table_spinner,
)
from device.table_tray import open_tray_feed
from ui.app import App, ScreenSetup
from ui.scene import Scene
from ui.scenes.board import BoardScene
from ui.scenes.home import HomeScene
from ui.scenes.options import OptionsScene
from ui.scenes.player import PlayerScene
from ui.scenes.uno import UnoScene
from ui.scenes.yahtzee import YahtzeeScene
from ui.script import run_script

log = logging.getLogger(__name__)

SCENES: tuple[type[Scene], ...] = (HomeScene, PlayerScene, OptionsScene, BoardScene, UnoScene,
                                   YahtzeeScene)
"""Every scene of the app; the first is home."""


@dataclass(frozen=True)
class UiRequest:
    """What `companion ui` was asked for."""

    headless: bool = False
    script: Sequence[str] | None = None
    size: tuple[int, int] | None = None
    rotate: int | None = None
    db: Path | None = None
    config: str | None = None
    seed: int | None = None


def screen_setup(config: Config, request: UiRequest) -> ScreenSetup:
    """How to show the app, from the config and what the command line overrides."""
    screen = config.screen
    panel = request.size or screen.window_size
    fullscreen = screen.full_screen(os.environ)
    return ScreenSetup(
        panel=panel,
        rotation=screen.rotation if request.rotate is None else request.rotate,
        face_player=screen.face_player,
        seat_angles=config.spinner.seat_angles,
        fullscreen=fullscreen and not request.headless and request.size is None,
        headless=request.headless,
    )


def run_ui(request: UiRequest) -> int:
    """Run the touchscreen until it is closed, or play the script; returns the exit code.

    Raises:
        CompanionError: a broken config, a log in use, or no display to open.
    """
    _log_to_stderr()
    stopper = _Stopper()
    if request.script is None:
        # From the start: systemd may stop the service while the log or the display opens.
        signal.signal(signal.SIGTERM, stopper)
    config = load_config(request.config)
    use_language(config.screen.language)
    setup = screen_setup(config, request)
    path = request.db if request.db is not None else default_db_path()
    with (
        Store.open(path) as store,
        table_spins(config, request.seed) as (spins, problem),
        Table(store, chance=FairChance(request.seed), spinner=spins) as table,
    ):
        for notice in table.notices:
            log.warning("%s", notice)
        feed = spins if isinstance(spins, TableSpinner | SoftwareSpins) else None
        try:
            app = App(table, SCENES, setup, spinner=feed, spinner_problem=problem)
        except pygame.error as error:
            raise CompanionError(
                f"No display could be opened ({error}): run it on a desktop, or on a Pi"
                " console with SDL_VIDEODRIVER=kmsdrm and the user in the video and render"
                " groups."
            ) from None
        with app:
            if request.script is not None:
                return _play_script(app, request.script)
            stopper.app = app
            if stopper.asked:
                return 0
            with open_tray_feed(config, table):
                app.run()
    return 0


@contextlib.contextmanager
def table_spinner_or_reason(
    config: Config, seed: int | None = None
) -> Iterator[tuple[TableSpinner | None, str]]:
    """The configured spinner (`sim` on a laptop, the motor on a Pi), homing at once, and
    closed on leaving; or None and why it could not be opened (logged)."""
    rng = None if seed is None else random.Random(f"spinner-{seed}")
    try:
        spinner = open_table_spinner(config, rng=rng)
    except DeviceError as error:
        reason = f"The spinner could not be opened: {error}"
        log.warning("Software picks for spins. %s", reason)
        yield None, reason
        return
    with spinner:
        yield spinner, ""


@contextlib.contextmanager
def table_spins(config: Config, seed: int | None = None) -> Iterator[tuple[ChanceSource, str]]:
    """The table's spins: the configured spinner, or the companion's own picks (said so in
    the log) with the reason the spinner could not be opened."""
    with table_spinner_or_reason(config, seed) as (spinner, reason):
        if spinner is not None:
            yield spinner, reason
        else:
            yield SoftwareSpins(SoftwarePick(seed), config.spinner, reason), reason


class SoftwareSpins(SpinListeners):
    """The companion's own picks (`SoftwarePick`) turned on screen as the spinner would turn
    them (`software_motion`), and said to be software: the table's spin hook and the app's
    `SpinnerFeed` when no spinner could be opened."""

    last_pick_in_software = True
    """The log says the companion picked (`companion.table`)."""

    def __init__(self, pick: SoftwarePick, spinner: SpinnerConfig, reason: str) -> None:
        self.pick = pick
        self.spinner = spinner
        self._lock = threading.Lock()
        self._status = SpinnerStatus(available=False, reason=reason)
        self._motion_listeners: list[MotionListener] = []
        self._status_listeners: list[StatusListener] = []
        self._listeners_lock = self._lock
        self._shown_deg = 0.0
        self._stop_next: tuple[int, ...] | None = None

    @property
    def status(self) -> SpinnerStatus:
        """Unavailable, with the reason the spinner could not be opened."""
        with self._lock:
            return self._status

    def outcome(self, request: ChanceRequest) -> Any:
        """The companion's pick (or the seats `stop_next_at` asked), told as a motion.

        Raises:
            RuleError: not a spin (from `SoftwarePick`).
        """
        with self._lock:
            forced, self._stop_next = self._stop_next, None
        result: Any = self.pick.outcome(request) if forced is None else (
            forced[0] if len(forced) == 1 else list(forced))
        seats = (result,) if isinstance(result, int) else tuple(result)
        angles = tuple(self.spinner.seat_angles)
        players = max(request.seats, default=0) + 1
        if len(angles) < players:
            angles = tuple(360.0 * seat / players for seat in range(players))
        stop = angles[seats[0]]
        if len(seats) == 2:
            stop = (stop + ((angles[seats[1]] - stop) % 360.0) / 2) % 360.0
        with self._lock:
            motion = software_motion(self._shown_deg, stop, seats, self.spinner,
                                     self._status.reason)
            self._shown_deg = stop
            self._status = replace(self._status, software_pick=True, last_result=seats)
            status, motions, statuses = (self._status, list(self._motion_listeners),
                                         list(self._status_listeners))
        for listener in statuses:
            listener(status)
        for heard in motions:
            heard(motion)
        return result

    def stop_next_at(self, seats: tuple[int, ...]) -> None:
        """Make the next spin stop at `seats` (a script's `spin SEAT` line).

        Raises:
            ValueError: not one seat or two.
        """
        if len(seats) not in (1, 2):
            raise ValueError(f"A spin stops at one seat or between two, not {list(seats)}.")
        with self._lock:
            self._stop_next = tuple(seats)

    def wait_idle(self, timeout_s: float) -> bool:
        """Every motion is told at once: always idle."""
        return True


def _log_to_stderr() -> None:
    """Log lines on standard error, as the journal keeps them (it adds its own time)."""
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, stream=sys.stderr,
                            format="%(levelname)s %(name)s: %(message)s")


def _play_script(app: App, lines: Sequence[str]) -> int:
    result = run_script(app, lines, sys.stdout)
    if result.ok:
        return 0
    print(f"line {result.failed_line}: {result.reason}", file=sys.stderr)
    return 1


class _Stopper:
    """SIGTERM (systemd stopping the service): the loop ends, everything closes cleanly."""

    def __init__(self) -> None:
        self.app: App | None = None
        self.asked = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.asked = True
        if self.app is not None:
            self.app.stop()


__all__ = ["SCENES", "SoftwareSpins", "UiRequest", "run_ui", "screen_setup",
           "table_spinner_or_reason", "table_spins"]
