"""The whole companion in one process: what `companion run` (and a bare `companion`) starts.

The table with its log (resuming an unfinished match), the devices from the
config (real on a Pi, simulated where there are none: said once, in the log
and on the screen), the phone page, and the touchscreen. A part that fails
does not stop the others: a taken web port is a sentence on the screen, a
missing display a sentence in the log while the phones keep being served,
a spinner that cannot be opened gives software spins. Without the screen
(`--no-ui`, or no display) the page is all there is, so a taken port then
ends the command with its sentence.

SIGTERM (systemd) and Ctrl-C stop it cleanly, exit code 0: the screen
closes, the tray stops, the web server drains its streams, the table
finishes what it was doing and closes the log, the spinner stops and is
released. A SIGKILL loses nothing shown: the log has every answered action.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.config import Config
    from companion.table import Table
    from companion.table.chance import ChanceSource
    from companion.web.phone_page import PhonePage

log = logging.getLogger("companion.run")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


@dataclass(frozen=True)
class RunRequest:
    """What `companion run` was asked for (the screen's options as `companion ui` takes them)."""

    ui: bool = True
    port: int | None = None
    db: Path | None = None
    config: str | None = None
    seed: int | None = None
    headless: bool = False
    script: Sequence[str] | None = None
    size: tuple[int, int] | None = None
    rotate: int | None = None


@dataclass(frozen=True)
class PhoneFacts:
    """The phone page as this process serves it, for the screen: its port and PIN, or why
    it is not served."""

    port: int | None = None
    pin: str = ""
    problem: str = ""


class Stopper:
    """SIGTERM and Ctrl-C ask the product to stop: the screen's loop ends (or the wait for
    phones does) and everything closes in order. A second Ctrl-C while closing ends the
    process at once (the log loses nothing)."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.app: Any = None
        self._previous: dict[int, Any] = {}

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if self.asked.is_set() and signum == signal.SIGINT:
            os._exit(130)
        self.asked.set()
        if self.app is not None:
            self.app.stop()

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
    from companion.config import load_config
    from companion.i18n import use_language
    from companion.journal import log_to_stderr

    log_to_stderr()
    stopper = Stopper()
    if request.script is None:
        # From the start: systemd may stop the service while the log or the display opens.
        stopper.install()
    try:
        config = load_config(request.config)
        use_language(config.screen.language)
        code = run_until_stopped(request, config, stopper)
    finally:
        stopper.restore()
    log.info("The companion has stopped and the log is closed.")
    return code


@dataclass
class Product:
    """The companion's parts, open: what the screen and the wait for phones work with."""

    table: Table
    config: Config
    log_path: Path
    spins: ChanceSource
    spin_problem: str
    phone: PhoneFacts
    page: PhonePage | None
    tray: object
    """What `open_tray_feed` gave: the running `TrayFeed`, or nothing."""
    devices: str
    """Which devices run, in a sentence (`devices_sentence`)."""


@contextlib.contextmanager
def open_product(request: RunRequest, config: Config) -> Iterator[Product]:
    """Open the log and the table (resuming its match), the spinner, the phone page and the
    tray; close them in the reverse order on leaving.

    Raises:
        CompanionError: the log cannot be used, or (without a screen) the port is taken.
    """
    from companion.datadir import default_db_path
    from companion.errors import CompanionError
    from companion.event_log.store import Store
    from companion.table import FairChance, Table
    from companion.web.phone_page import serve_phone_page
    from device.table_spins import table_spins
    from device.table_tray import open_tray_feed

    path = request.db if request.db is not None else default_db_path()
    with contextlib.ExitStack() as running:
        store = running.enter_context(Store.open(path))
        spins, spin_problem = running.enter_context(table_spins(config, request.seed))
        table = running.enter_context(
            Table(store, chance=FairChance(request.seed), spinner=spins))
        for notice in table.notices:
            log.warning("%s", notice)
        phone = PhoneFacts()
        page: PhonePage | None = None
        try:
            page = running.enter_context(serve_phone_page(table, path, config, request.port))
            phone = PhoneFacts(port=page.port, pin=page.pin)
        except CompanionError as error:
            if not request.ui:
                raise
            phone = PhoneFacts(problem=str(error))
            log.error("%s Phones cannot join until then; the rest goes on.", error)
        if page is not None:
            print(f"Phone page: {page.url}", flush=True)
            print(pin_line(page.pin, request.ui), flush=True)
        tray = running.enter_context(open_tray_feed(config, table))
        devices = devices_sentence(config, spinner_opened=not spin_problem,
                                   tray_opened=tray is not None or not config.tray.enabled)
        log.info("%s", devices)
        yield Product(table=table, config=config, log_path=path, spins=spins,
                      spin_problem=spin_problem, phone=phone, page=page, tray=tray,
                      devices=devices)


def run_until_stopped(request: RunRequest, config: Config, stopper: Stopper) -> int:
    """Open the product and show the screen (or serve phones only) until `stopper` is asked;
    the exit code. Signals are the caller's business (`run_product` installs `stopper`).

    Raises:
        CompanionError: the log cannot be used, or neither the screen nor the phone page
            can run.
    """
    from companion.errors import CompanionError

    with open_product(request, config) as product:
        if request.ui:
            from ui.main import show_product_screen

            shown = show_product_screen(product, request, stopper)
            if shown is not None:
                return shown
            if product.page is None:
                raise CompanionError(
                    f"{product.phone.problem} With no screen either, nothing is left to run.")
        if not stopper.asked.is_set():
            print("No screen: serving the phone page only. Stop with Ctrl-C.", flush=True)
            stopper.asked.wait()
    return 0


__all__ = [
    "PhoneFacts",
    "Product",
    "RunRequest",
    "Stopper",
    "devices_sentence",
    "open_product",
    "pin_line",
    "run_product",
    "run_until_stopped",
]
