"""`companion web`: the table and the phone page, with no touchscreen.

The table opens the log and resumes its unfinished match before the page
answers anyone; the words are in the table's language (`[screen] language`);
the dice tray feeds the table when the config has one; the page's address
and the table PIN are printed. SIGTERM (systemd) or Ctrl-C stops it cleanly
(the streams end, the log is closed) with exit code 0. Phones start matches,
play and roll (`POST /api/chance`) with the PIN; see docs/web.md.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import signal
import socket
import sys
import threading
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.config import Config

PROBE_ADDRESS = ("192.0.2.1", 9)
"""A documentation address (RFC 5737): connecting a UDP socket to it sends nothing but
tells which of this machine's addresses faces the network."""
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
log = logging.getLogger("companion.web")


def register(subparsers: Any) -> None:
    """Add the `web` subcommand."""
    parser = subparsers.add_parser(
        "web",
        help="run the table and the phone page, without the touchscreen",
        description="Run the table and the phone page (live scores, history, a JSON API)"
        " without the touchscreen; prints the address and the table PIN.",
    )
    parser.add_argument(
        "--port",
        type=_port,
        help="the port to listen on (default: [web] port, 8080; 0: any free port, printed)",
    )
    parser.add_argument("--db", type=Path, help="the match log (default: the data directory)")
    parser.add_argument("--config", metavar="FILE", help="configuration file (default: as hw)")
    parser.set_defaults(func=run)


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: use a number from 0 to 65535")
    return int(text)


def run(args: argparse.Namespace) -> int:
    """Serve the table and the page until SIGTERM or Ctrl-C; returns the exit code.

    Both signals stop it cleanly (the streams end, the tray stops, the log is
    closed) and the exit code is 0: stopping is how a server ends.

    Raises:
        CompanionError: the configuration or the log cannot be used, or the port is taken.
    """
    from companion.config import load_config
    from companion.i18n import use_language

    _log_to_stderr()
    config = load_config(args.config)
    use_language(config.screen.language)
    stop = threading.Event()
    handlers: dict[int, Any] = {}
    try:
        with contextlib.ExitStack() as running:
            port, pin = _serve(args, config, running)
            # From here a signal only asks to stop; the closing itself cannot be cut short.
            handlers = _stop_on_signals(stop)
            print(f"Phone page: http://{_address()}:{port}/", flush=True)
            print(f"Table PIN: {pin}", flush=True)
            print("Stop with Ctrl-C.", flush=True)
            stop.wait()
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
    print("The phone page has stopped and the log is closed.", flush=True)
    return 0


def _serve(
    args: argparse.Namespace, config: Config, running: contextlib.ExitStack
) -> tuple[int, str]:
    """Open the log and the table (resuming its match), the page and the tray, on `running`.

    Returns the port listened on and the table PIN.
    """
    from companion.store import Store, default_db_path
    from companion.table import Table
    from companion.web import PinGuard, WebServer, create_app
    from companion.web.app import close_app
    from companion.web.guard import random_pin
    from device.table_tray import open_tray_feed

    port = args.port if args.port is not None else config.web.port
    pin = config.web.pin or random_pin()
    path: Path = args.db if args.db is not None else default_db_path()
    store = running.enter_context(Store.open(path))
    table = running.enter_context(Table(store))
    for notice in table.notices:
        log.warning("%s", notice)
    app = create_app(table, path, PinGuard(pin))
    running.callback(close_app, app)
    server = running.enter_context(WebServer(app, port=port))
    running.enter_context(open_tray_feed(config, table))
    return server.port, pin


def _stop_on_signals(stop: threading.Event) -> dict[int, Any]:
    """SIGTERM (systemd) and Ctrl-C set `stop`; returns the handlers they replaced."""

    def asked_to_stop(signum: int, frame: FrameType | None) -> None:
        stop.set()

    return {signum: signal.signal(signum, asked_to_stop) for signum in STOP_SIGNALS}


def _log_to_stderr() -> None:
    """Log lines on standard error, as the journal keeps them (it adds its own time)."""
    if not logging.getLogger().handlers:
        logging.basicConfig(
            level=logging.INFO, stream=sys.stderr, format="%(levelname)s %(name)s: %(message)s"
        )


def lan_address() -> str | None:
    """This machine's IP address on the table's network, as phones reach it; None when it is
    on no network (nothing is sent to find it)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE_ADDRESS)
            address: str = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("0.") else address


def _address() -> str:
    """This machine's address on the table's network, or its name when it is on none."""
    return lan_address() or socket.gethostname()
