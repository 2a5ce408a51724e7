"""Show the touchscreen on the ports the product gives it, until it is closed or stopped.

The application (`companion.app.product`) opens the table and the devices and
hands the screen `ScreenPorts` (`companion.ports`): `open_screen` opens the
app on them, `show_screen` runs its loop (or plays a script) until it is
closed or the product is stopped. Nothing here opens a log, a device or a page.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import time
from collections.abc import Callable, Iterator, Sequence

import pygame

from companion.errors import CompanionError
from companion.ports import ScreenPorts, ScreenRequest
from ui.app import App, ScreenSetup
from ui.display import screen_setup
from ui.game_scenes import family_screens
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

log = logging.getLogger(__name__)

SCENES: tuple[type[Scene], ...] = (
    HomeScene, PlayerScene, OptionsScene, SetupMenuScene, SettingsScene, HistoryScene, JoinScene,
    SeatsScene, HardwareTestScene, *(screen.scene for screen in family_screens().values()),
)  # fmt: skip
"""Every scene of the app: the companion's own, then each game family's; the first is home."""


def open_app(ports: ScreenPorts, setup: ScreenSetup) -> App:
    """The app on the ports' table, its window or panel open, on the ports' clock (the
    app's own unless given), turning the table's spins on screen and saying the ports'
    sentence once.

    Raises:
        CompanionError: no display could be opened (the sentence says what to check).
    """
    system = SystemSetup(config=ports.config, config_file=ports.config_file,
                         log_path=ports.log_path, find_backlight=ports.find_backlight,
                         phone=ports.phone, self_test=ports.self_test,
                         missing=ports.missing)
    clock = ports.clock
    now, sleep = (time.monotonic, time.sleep) if clock is None else (clock.now, clock.sleep)
    try:
        app = App(ports.table, SCENES, setup, clock=now, sleep=sleep, spinner=ports.spinner,
                  spinner_problem=ports.spinner_problem, system=system)
    except pygame.error as error:
        raise CompanionError(
            f"No display could be opened ({error}): run it on a desktop, or on a Pi"
            " console with SDL_VIDEODRIVER=kmsdrm and the user in the video and render"
            " groups."
        ) from None
    if ports.said:
        app.say(ports.said, refusal=ports.refusal)
    return app


@contextlib.contextmanager
def open_screen(ports: ScreenPorts, request: ScreenRequest) -> Iterator[App]:
    """The app on `ports` as `request` asks, closed on leaving.

    Raises:
        CompanionError: no display could be opened.
    """
    with open_app(ports, screen_setup(ports.config, request)) as app:
        yield app


def show_screen(
    ports: ScreenPorts,
    request: ScreenRequest,
    hand_over: Callable[[Callable[[], None] | None], bool],
    *,
    others_run: bool = False,
    fallible: bool = False,
) -> int | None:
    """The touchscreen until it is closed or stopped: the exit code (a script's: 0 when every
    line succeeded).

    `hand_over(stop)` gives the product's stopper the loop's `stop` (None once the
    screen is gone) and says whether a stop was asked already. With `fallible`
    (other parts run beside it), a screen that cannot open or stops working is a
    line in the log and the answer is None, so the product goes on without it;
    `others_run` says the phone page and the devices keep working.

    Raises:
        CompanionError: no display could be opened (unless `fallible`).
    """
    try:
        app = open_app(ports, screen_setup(ports.config, request))
    except CompanionError as error:
        if not fallible:
            raise
        if others_run:
            log.error("%s The phone page and the devices keep working.", error)
        else:  # the caller says that nothing is left to run
            log.error("%s", error)
        return None
    with app:
        if request.script is not None:
            return _play_script(app, request.script)
        if hand_over(app.stop):
            return 0
        try:
            app.run()
        except pygame.error as error:
            if not fallible:
                raise
            log.error("The screen stopped working (%s); the phone page and the devices keep"
                      " working.", error)
            hand_over(None)
            return None
    return 0


def _play_script(app: App, lines: Sequence[str]) -> int:
    result = run_script(app, lines, sys.stdout)
    if result.ok:
        return 0
    print(f"line {result.failed_line}: {result.reason}", file=sys.stderr)
    return 1


__all__ = ["SCENES", "open_app", "open_screen", "screen_setup", "show_screen"]
