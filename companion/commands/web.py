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
import threading
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from companion.commands._arguments import port_argument

if TYPE_CHECKING:
    from companion.config import Config

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
        type=port_argument,
        help="the port to listen on (default: [web] port, 8080; 0: any free port, printed)",
    )
    parser.add_argument("--db", type=Path, help="the match log (default: the data directory)")
    parser.add_argument("--config", metavar="FILE", help="configuration file (default: as hw)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serve the table and the page until SIGTERM or Ctrl-C; returns the exit code.

    Both signals stop it cleanly (the streams end, the tray stops, the log is
    closed) and the exit code is 0: stopping is how a server ends.

    Raises:
        CompanionError: the configuration or the log cannot be used, or the port is taken.
    """
    from companion.config import load_config
    from companion.i18n import use_language
    from companion.journal import log_to_stderr
    from companion.network import lan_address, page_url

    log_to_stderr()
    config = load_config(args.config)
    use_language(config.screen.language)
    stop = threading.Event()
    handlers: dict[int, Any] = {}
    try:
        with contextlib.ExitStack() as running:
            port, pin = _serve(args, config, running)
            # From here a signal only asks to stop; the closing itself cannot be cut short.
            handlers = _stop_on_signals(stop)
            print(f"Phone page: {page_url(lan_address(), port)}", flush=True)
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
    from companion.event_log.store import Store, default_db_path
    from companion.table import Table
    from companion.web.phone_page import serve_phone_page
    from device.table_tray import open_tray_feed

    path: Path = args.db if args.db is not None else default_db_path()
    store = running.enter_context(Store.open(path))
    table = running.enter_context(Table(store))
    for notice in table.notices:
        log.warning("%s", notice)
    page = running.enter_context(serve_phone_page(table, path, config, args.port))
    running.enter_context(open_tray_feed(config, table))
    return page.port, page.pin


def _stop_on_signals(stop: threading.Event) -> dict[int, Any]:
    """SIGTERM (systemd) and Ctrl-C set `stop`; returns the handlers they replaced."""

    def asked_to_stop(signum: int, frame: FrameType | None) -> None:
        stop.set()

    return {signum: signal.signal(signum, asked_to_stop) for signum in STOP_SIGNALS}


__all__ = ["port_argument", "register", "run"]
