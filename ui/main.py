"""Start the touchscreen: the config, the log, the table, the app; then its loop or a script.

`run_ui` is what `companion ui` runs; `show_product_screen` is the same app
as `companion run` shows it, beside the phone page and the devices
(`companion.product`).
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from companion.config import Config, config_path, load_config
from companion.datadir import default_db_path
from companion.errors import CompanionError
from companion.i18n import use_language
from companion.journal import log_to_stderr
from companion.product import Product, RunRequest, Stopper
from companion.store import Store
from companion.table import FairChance, Table
from companion.table.chance import ChanceSource
from device.table_spinner import TableSpinner
from device.table_spins import SoftwareSpins, table_spins
from device.table_tray import TrayFeed, open_tray_feed
from ui.app import App, ScreenSetup
from ui.backgammon.scene import BoardScene
from ui.scene import Scene
from ui.screens.history import HistoryScene
from ui.screens.home import HomeScene
from ui.screens.hwtest import HardwareTestScene
from ui.screens.join import JoinScene
from ui.screens.options import OptionsScene
from ui.screens.player import PlayerScene
from ui.screens.seats import SeatsScene
from ui.screens.settings import SettingsScene
from ui.screens.setup_menu import SetupMenuScene
from ui.script import run_script
from ui.system import SystemSetup
from ui.uno.scene import UnoScene
from ui.yahtzee.scene import YahtzeeScene

log = logging.getLogger(__name__)

SCENES: tuple[type[Scene], ...] = (HomeScene, PlayerScene, OptionsScene, BoardScene, UnoScene,
                                   SetupMenuScene, SettingsScene, HistoryScene, JoinScene,
                                   SeatsScene, HardwareTestScene, YahtzeeScene)
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
    log_to_stderr()
    stopper = Stopper()
    if request.script is None:
        # From the start: systemd may stop the service while the log or the display opens.
        stopper.install()
    try:
        return _run_ui(request, stopper)
    finally:
        stopper.restore()


def _run_ui(request: UiRequest, stopper: Stopper) -> int:
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
        system = SystemSetup(config=config, config_file=config_path(request.config),
                             log_path=path)
        app = open_app(table, setup, spins, problem, system)
        with app:
            if request.script is not None:
                return _play_script(app, request.script)
            stopper.app = app
            if stopper.asked.is_set():
                return 0
            with open_tray_feed(config, table) as tray:
                app.tray = tray if isinstance(tray, TrayFeed) else None
                app.run()
    return 0


def open_app(
    table: Table, setup: ScreenSetup, spins: ChanceSource, problem: str, system: SystemSetup
) -> App:
    """The app on `table`, its window or panel open, turning the table's spins on screen.

    Raises:
        CompanionError: no display could be opened (the sentence says what to check).
    """
    feed = spins if isinstance(spins, TableSpinner | SoftwareSpins) else None
    try:
        return App(table, SCENES, setup, spinner=feed, spinner_problem=problem, system=system)
    except pygame.error as error:
        raise CompanionError(
            f"No display could be opened ({error}): run it on a desktop, or on a Pi"
            " console with SDL_VIDEODRIVER=kmsdrm and the user in the video and render"
            " groups."
        ) from None


def show_product_screen(product: Product, request: RunRequest, stopper: Stopper) -> int | None:
    """The touchscreen of `companion run` until it is closed or the product is stopped: the
    exit code; or None when there is no screen (none to open, or it went away), said in
    the log, so that the product keeps serving phones."""
    try:
        app = product_app(product, request)
    except CompanionError as error:
        if product.page is None:  # the caller says that nothing is left to run
            log.error("%s", error)
        else:
            log.error("%s The phone page and the devices keep working.", error)
        return None
    with app:
        if request.script is not None:
            return _play_script(app, request.script)
        stopper.app = app
        if stopper.asked.is_set():
            return 0
        try:
            app.run()
        except pygame.error as error:
            log.error("The screen stopped working (%s); the phone page and the devices keep"
                      " working.", error)
            stopper.app = None
            return None
    return 0


def product_app(product: Product, request: RunRequest) -> App:
    """The touchscreen on the product's table, knowing its phone page and devices.

    Raises:
        CompanionError: no display could be opened.
    """
    config = product.config
    setup = screen_setup(config, UiRequest(
        headless=request.headless, size=request.size, rotate=request.rotate))
    system = SystemSetup(config=config, config_file=config_path(request.config),
                         log_path=product.log_path, phone=product.phone)
    app = open_app(product.table, setup, product.spins, product.spin_problem, system)
    app.tray = product.tray if isinstance(product.tray, TrayFeed) else None
    # Said once on screen, as in the log: which devices run, and a page that could not start.
    problem = product.phone.problem
    app.say(" ".join(part for part in (problem, product.devices) if part),
            refusal=bool(problem))
    return app


def _play_script(app: App, lines: Sequence[str]) -> int:
    result = run_script(app, lines, sys.stdout)
    if result.ok:
        return 0
    print(f"line {result.failed_line}: {result.reason}", file=sys.stderr)
    return 1


__all__ = ["SCENES", "UiRequest", "open_app", "product_app", "run_ui", "screen_setup",
           "show_product_screen"]
