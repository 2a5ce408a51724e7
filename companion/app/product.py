"""The one place that wires the companion: `companion run` (and a bare `companion`), and the
same assembly with parts left out for `companion ui` (no phone page), `companion web`
(no screen, no spinner) and `companion demo` (no screen, no phone page, no tray: the
match's own chance and the spinner fitted for its players).

The table with its log (resuming an unfinished match), the devices from the config (real on
a Pi, simulated where there are none: said in full in the log; the home screen says in a
family's words which configured device it plays without), the phone page, and the
touchscreen. A part that fails does not stop the others: a taken web port is a sentence on
the screen, a missing display a sentence in the log while the phones keep being served, a
spinner that cannot be opened gives software spins. Without the screen (`--no-ui`, or no
display) the page is all there is, so a taken port then ends the command with its sentence.

SIGTERM (systemd) and Ctrl-C stop it cleanly, exit code 0: the screen closes, the tray
stops, the web server drains its streams, the table finishes what it was doing and closes
the log, the spinner stops and is released. A SIGKILL loses nothing shown: the log has every
answered action.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import TypeAlias

    from companion.app.script_time import ScriptTime
    from companion.config import Config
    from companion.event_log.store import Store
    from companion.games.base import GameSpec
    from companion.hardware.table_spins import TableSpins
    from companion.hardware.table_tray import TrayFeed
    from companion.ports import DevicesMissing, PhoneFacts, ScreenPorts, ScreenRequest
    from companion.table import ChanceSource, Table
    from companion.web.phone_page import PhonePage
    from ui.app import App

    ChanceFor: TypeAlias = Callable[[Store], contextlib.AbstractContextManager["TableChance"]]

log = logging.getLogger("companion.run")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


@dataclass(frozen=True)
class RunRequest:
    """What a command asks of the product: its parts, and the screen's options as
    `companion ui` takes them.

    `companion run` is every part; `companion ui` leaves out the phone page,
    `companion web` the screen and the spinner (its spins are the table's own picks).
    """

    ui: bool = True
    """The touchscreen."""
    port: int | None = None
    db: Path | None = None
    config: str | None = None
    seed: int | None = None
    headless: bool = False
    script: Sequence[str] | None = None
    size: tuple[int, int] | None = None
    rotate: int | None = None
    phone_page: bool = True
    """The phone page (served in this process)."""
    spinner: bool = True
    """The configured spinner as the table's spins (with the software fallback)."""
    new_pin: bool = False
    """A new table PIN for phones, kept from now on (`--new-pin`)."""
    tray: bool = True
    """The configured dice tray feeding the table (`companion demo`'s simulated players
    throw their own dice)."""
    games: Mapping[str, GameSpec] | None = None
    """The games the table offers (None: every family's)."""

    @property
    def whole(self) -> bool:
        """Every part but perhaps the screen: what `companion run` opens, and tells of."""
        return self.phone_page and self.spinner

    @property
    def screen(self) -> ScreenRequest:
        """What the touchscreen is asked for."""
        from companion.ports import ScreenRequest

        return ScreenRequest(headless=self.headless, script=self.script, size=self.size,
                             rotate=self.rotate)


class Stopper:
    """SIGTERM and Ctrl-C ask the product to stop: the screen's loop ends (or the wait for
    phones does) and everything closes in order. A second Ctrl-C while closing ends the
    process at once (the log loses nothing)."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self._stop: Callable[[], None] | None = None
        self._previous: dict[int, Any] = {}

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.asked.is_set() and signum == signal.SIGINT:
            os._exit(130)
        self.asked.set()
        stop = self._stop
        if stop is not None:
            stop()

    def hand_over(self, stop: Callable[[], None] | None) -> bool:
        """From now on a stop request also calls `stop` (the screen's loop ending; None:
        nothing more to call); True when a stop was asked already."""
        self._stop = stop
        return self.asked.is_set()

    def install(self) -> None:
        """Take over SIGTERM and SIGINT (from the main thread)."""
        self._previous = {signum: signal.signal(signum, self) for signum in STOP_SIGNALS}

    def restore(self) -> None:
        """Give the signals back their handlers from before `install`."""
        for signum, handler in self._previous.items():
            signal.signal(signum, handler)
        self._previous = {}


def devices_sentence(config: Config, spinner_opened: bool = True,
                     tray_opened: bool = True) -> str:
    """Which devices this run drives, in one sentence: real hardware (and which part of it
    could not be opened), or simulated and why."""
    if config.backend in ("gpio", "serial"):
        where = ("this Raspberry Pi's pins (gpio backend)" if config.backend == "gpio"
                 else "the Pico table controller on USB (serial backend)")
        missing = [name for name, opened in (("the spinner", spinner_opened),
                                             ("the dice tray", tray_opened)) if not opened]
        if not missing:
            # The Pico's link connects in the background: it is in use once it answers.
            return (f"Devices: {where}." if config.backend == "gpio"
                    else f"Devices: {where}, once it answers.")
        if len(missing) == 2:
            return (f"Devices: none could be opened on {where}: the companion picks the spins"
                    " and rolls the dice itself (the log says why).")
        return (f"Devices: {where}, but {missing[0]} could not be opened (the log says why);"
                " the companion stands in for it.")
    if config.backend_setting == "auto":
        return "Devices: simulated (no Raspberry Pi found; the config's backend is automatic)."
    return 'Devices: simulated (backend = "sim" in the config).'


def pin_line(pin: str, screen: bool, environ: dict[str, str] | None = None) -> str:
    """The line that gives the table PIN: the PIN itself, except under systemd with a
    screen, where standard output goes to the journal (kept, and read by others): the
    touchscreen's home shows it there."""
    import sys

    from companion.journal import under_journal

    if screen and under_journal(sys.stdout, environ):
        return "Table PIN: on the touchscreen's home screen."
    return f"Table PIN: {pin}"


def run_product(request: RunRequest) -> int:
    """Run the whole companion until SIGTERM, Ctrl-C or the window is closed; the exit code.

    With `request.script` the screen plays the script headless and the code is
    the script's (0 when every line succeeded).

    Raises:
        CompanionError: a broken config, a log in use, or (without a screen) a taken port.
    """
    code = _until_stopped(request, run_until_stopped, early=request.script is None)
    log.info("The companion has stopped and the log is closed.")
    return code


def run_screen(request: RunRequest) -> int:
    """`companion ui`: the touchscreen on the table, with the spinner and the tray but no
    phone page, until it is closed; or play the script. The exit code.

    Raises:
        CompanionError: a broken config, a log in use, or no display to open.
    """
    return _until_stopped(replace(request, phone_page=False), run_until_stopped,
                          early=request.script is None, said_as="ui.main")


def serve_phones(request: RunRequest) -> int:
    """`companion web`: the table, the phone page and the tray, with no screen and no
    spinner, until SIGTERM or Ctrl-C (exit code 0: stopping is how a server ends).

    Raises:
        CompanionError: the configuration or the log cannot be used, or the port is taken.
    """
    request = replace(request, ui=False, spinner=False)
    _until_stopped(request, _serve_until_stopped, early=False, said_as="companion.web")
    print("The phone page has stopped and the log is closed.", flush=True)
    return 0


def _until_stopped(
    request: RunRequest, run: Callable[..., int], *, early: bool, said_as: str = log.name
) -> int:
    """Load the config and the language, then `run(request, config, stopper, said_as)` with
    the signals taken over from the start (`early`) or by `run` once it serves."""
    from companion.config import load_start_config
    from companion.i18n import use_language
    from companion.journal import log_to_stderr

    log_to_stderr()
    stopper = Stopper()
    if early:
        # From the start: systemd may stop the service while the log or the display opens.
        stopper.install()
    try:
        config = load_start_config(request.config)
        if config.unread:
            logging.getLogger(said_as).warning("%s", config.unread)
        use_language(config.screen.language)
        return run(request, config, stopper, said_as)
    finally:
        stopper.restore()


@dataclass(frozen=True)
class TableChance:
    """Where a table's chance comes from: its own draws (shuffles, the companion's rolls)
    and its spins (None: the table picks them itself)."""

    draws: ChanceSource
    spins: ChanceSource | None = None


@dataclass
class Product:
    """The companion's parts, open: what the screen and the wait for phones work with."""

    table: Table
    config: Config | None
    """The configuration the parts were opened with; None when no part that reads it was
    asked for (`companion demo` reads the spinner's itself, and only for a game that spins)."""
    log_path: Path
    spins: TableSpins | None
    """The table's spins, None when the spinner was left out."""
    phone: PhoneFacts | None
    """The phone page's facts, None when the page was left out."""
    page: PhonePage | None
    tray: TrayFeed | None
    """The running dice tray, None when it is off or could not be opened."""
    devices: str
    """Which devices run, in a sentence for the journal (`devices_sentence`); empty unless
    the whole product runs."""
    missing: DevicesMissing | None = None
    """The configured devices this run plays without, for the screen (None: none)."""
    script_time: ScriptTime | None = None
    """A seeded script run's virtual time and self-test dice; None: the wall clock and
    `secrets` (every other run)."""

    @property
    def spin_problem(self) -> str:
        """Why the spinner could not be opened (empty when it was, or was left out)."""
        return self.spins.problem if self.spins is not None else ""


@contextlib.contextmanager
def open_product(
    request: RunRequest,
    config: Config | None,
    said_as: str = log.name,
    *,
    chance: ChanceFor | None = None,
    say: Callable[[str], None] | None = None,
) -> Iterator[Product]:
    """Open the log and the table (resuming its match), the spinner, the phone page and the
    tray, each unless the request leaves it out; close them in the reverse order on leaving.
    A script with a seed runs on `ScriptTime` (the log's times and the screen's clock
    virtual, the self-test's roll seeded), so it draws the same pictures every time.
    The log lines go to the logger `said_as` (the command's, as before there was one
    assembly); the log's notices too, unless `say` takes them.

    `chance`, given the open log, opens the table's chance instead of the request's seed
    and configured spinner (`companion demo`: seeded as the logged match was, the spinner
    fitted for its players); `config` may then be None if no configured part is asked.

    Raises:
        CompanionError: the log cannot be used, or (without a screen) the port is taken.
        ValueError: `config` is None although a part is asked that is opened from it, or
            both `chance` and the configured spinner are asked.
    """
    from companion.app.script_time import script_time
    from companion.datadir import default_db_path
    from companion.event_log.store import Store
    from companion.hardware.table_spins import table_spins
    from companion.hardware.table_tray import open_tray_feed
    from companion.table import FairChance, Table

    if config is None and (request.ui or request.phone_page or request.spinner or request.tray):
        raise ValueError("The screen, the phone page and the devices need the configuration.")
    if chance is not None and request.spinner:
        raise ValueError("The table's spins come from the spinner or from `chance`, not both.")
    said = logging.getLogger(said_as)
    tell = say if say is not None else partial(said.warning, "%s")
    path = request.db if request.db is not None else default_db_path()
    with contextlib.ExitStack() as running:
        store = running.enter_context(Store.open(path))
        spins = (running.enter_context(table_spins(config, request.seed))
                 if request.spinner and config is not None else None)
        chosen = (running.enter_context(chance(store)) if chance is not None
                  else TableChance(FairChance(request.seed), spins))
        scripted = script_time(request.script, request.seed)
        table = running.enter_context(
            Table(store, games=request.games, chance=chosen.draws, spinner=chosen.spins,
                  clock=scripted.wall if scripted is not None else None))
        for notice in table.notices:
            tell(notice)
        if config is None:  # the command opens nothing from the configuration
            yield Product(table=table, config=None, log_path=path, spins=None, phone=None,
                          page=None, tray=None, devices="")
            return
        phone, page = _open_phone_page(request, config, table, path, running)
        tray = running.enter_context(open_tray_feed(config, table)) if request.tray else None
        spinner_opened = not (spins and spins.problem)
        tray_opened = tray is not None or not (request.tray and config.tray.enabled)
        devices = ""
        if request.whole:
            # In full for whoever looks after the box; the screen says it in a family's words.
            devices = devices_sentence(config, spinner_opened, tray_opened)
            log.info("%s", devices)
        yield Product(table=table, config=config, log_path=path, spins=spins, phone=phone,
                      page=page, tray=tray, devices=devices, script_time=scripted,
                      missing=_missing(config, spinner_opened, tray_opened))


def _missing(config: Config, spinner_opened: bool, tray_opened: bool) -> DevicesMissing:
    """The configured hardware that could not be opened; simulated devices miss nothing (a
    laptop, or `backend = "sim"`, is what was asked for)."""
    from companion.ports import DevicesMissing

    if config.backend not in ("gpio", "serial"):
        return DevicesMissing()
    return DevicesMissing(spinner=not spinner_opened, tray=not tray_opened)


def _open_phone_page(
    request: RunRequest, config: Config, table: Table, path: Path, running: contextlib.ExitStack
) -> tuple[PhoneFacts | None, PhonePage | None]:
    """The phone page on `running` and its facts; a taken port is a sentence on the screen
    when there is one (the facts say it), else the command's error.

    Raises:
        CompanionError: the port is taken and there is no screen to say it on.
    """
    from companion.errors import CompanionError
    from companion.ports import PhoneFacts
    from companion.table.lobby import Lobby
    from companion.table.undo_asks import UndoAsks
    from companion.web.phone_page import serve_phone_page

    if not request.phone_page:
        return None, None
    # Undos wait for the screen's answer (no screen: the PIN); phones join its lobby's names.
    asks, lobby = (UndoAsks(), Lobby()) if request.ui else (None, None)
    try:
        page = running.enter_context(serve_phone_page(
            table, path, config, request.port, new_pin=request.new_pin, undo_asks=asks,
            lobby=lobby))
    except CompanionError as error:
        if not request.ui:
            raise
        log.error("%s Phones cannot join until then; the rest goes on.", error)
        return PhoneFacts(problem=str(error)), None
    if request.spinner:  # `companion web` says it once it serves (`_serve_until_stopped`)
        print(f"Phone page: {page.url}", flush=True)
        print(pin_line(page.pin, request.ui), flush=True)
    return PhoneFacts(port=page.port, pin=page.pin, undo_asks=asks, joined=page.joined,
                      lobby=lobby), page


def screen_ports(product: Product, request: RunRequest) -> ScreenPorts:
    """What the touchscreen is shown on: the product's table and the ports of its parts:
    the spinner, the hardware test on the devices held open (the spinner and the tray), the
    panel's backlight in sysfs, and the clock (a seeded script's virtual one, else the
    real one)."""
    from companion.config import settings_path
    from companion.hardware.self_test import HeldDevicesSelfTest
    from companion.ports import DevicesMissing, ScreenPorts
    from device.backlight import find_backlight
    from device.clock import RealClock

    if product.config is None:
        raise ValueError("The screen is shown on a product opened with its configuration.")
    phone = product.phone
    problem = phone.problem if phone is not None else ""
    scripted = product.script_time
    self_test = HeldDevicesSelfTest(
        product.spins, product.tray, scripted.self_test_rng if scripted is not None else None)
    return ScreenPorts(
        table=product.table, config=product.config, config_file=settings_path(request.config),
        log_path=product.log_path, spinner=product.spins, spinner_problem=product.spin_problem,
        self_test=self_test, find_backlight=find_backlight, phone=phone,
        missing=product.missing or DevicesMissing(),
        # Said once on screen, as in the log: a page that could not start, a file of the
        # person's own that could not be read.
        said=" ".join(part for part in (problem, product.config.unread) if part),
        refusal=bool(problem or product.config.unread),
        clock=scripted.clock if scripted is not None else RealClock())


@contextlib.contextmanager
def product_screen(product: Product, request: RunRequest) -> Iterator[App]:
    """The touchscreen on the product, open (its loop not yet running).

    Raises:
        CompanionError: no display could be opened.
    """
    from ui.main import open_screen

    with open_screen(screen_ports(product, request), request.screen) as app:
        yield app


def run_until_stopped(
    request: RunRequest, config: Config, stopper: Stopper, said_as: str = log.name
) -> int:
    """Open the product and show the screen (or serve phones only) until `stopper` is asked;
    the exit code. Signals are the caller's business (`run_product` installs `stopper`).

    Raises:
        CompanionError: the log cannot be used, or neither the screen nor the phone page
            can run; for `companion ui` (no phone page), no display.
    """
    from companion.errors import CompanionError

    if request.ui and not request.headless and request.script is None:
        # The panel shows "Starting…" before the log, the devices and the page are opened
        # and the screens imported (a second or two on a Pi); a script draws no such frame.
        from ui.display import screen_setup
        from ui.splash import show_starting

        show_starting(screen_setup(config, request.screen))
    with open_product(request, config, said_as) as product:
        if request.ui:
            from ui.main import show_screen

            others = request.phone_page  # with them, the screen may fail and they go on
            shown = show_screen(screen_ports(product, request), request.screen,
                                stopper.hand_over, others_run=others and product.page is not None,
                                fallible=others)
            if shown is not None:
                return shown
            if product.page is None:
                problem = product.phone.problem if product.phone is not None else ""
                raise CompanionError(
                    f"{problem} With no screen either, nothing is left to run.")
        if not stopper.asked.is_set():
            print("No screen: serving the phone page only. Stop with Ctrl-C.", flush=True)
            stopper.asked.wait()
    return 0


def _serve_until_stopped(
    request: RunRequest, config: Config, stopper: Stopper, said_as: str
) -> int:
    """`companion web`'s wait: the product without screen or spinner, its address and PIN
    printed once it serves; the signals taken over only then."""
    with open_product(request, config, said_as) as product:
        assert product.page is not None  # without a screen, a page that fails raises
        # From here a signal only asks to stop; the closing itself cannot be cut short.
        stopper.install()
        print(f"Phone page: {product.page.url}", flush=True)
        print(f"Table PIN: {product.page.pin}", flush=True)
        print("Stop with Ctrl-C.", flush=True)
        stopper.asked.wait()
    return 0


__all__ = [
    "Product",
    "RunRequest",
    "Stopper",
    "TableChance",
    "devices_sentence",
    "open_product",
    "pin_line",
    "product_screen",
    "run_product",
    "run_screen",
    "run_until_stopped",
    "screen_ports",
    "serve_phones",
]
