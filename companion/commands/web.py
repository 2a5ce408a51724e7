"""`companion web`: the table and the phone page, with no touchscreen.

The table opens the log and resumes its unfinished match before the page
answers anyone; the page's address and the table PIN are printed; Ctrl-C
stops it (the log is closed as it should be). Phones start matches, play and
roll (`POST /api/chance`) with the PIN; see docs/web.md.
"""

from __future__ import annotations

import argparse
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

PROBE_ADDRESS = ("192.0.2.1", 9)
"""A documentation address (RFC 5737): connecting a UDP socket to it sends nothing but
tells which of this machine's addresses faces the network."""


def register(subparsers: Any) -> None:
    """Add the `web` subcommand."""
    parser = subparsers.add_parser(
        "web",
        help="run the table and the phone page, without the touchscreen",
        description="Run the table and the phone page (live scores, history, a JSON API)"
        " without the touchscreen; prints the address and the table PIN.",
    )
    parser.add_argument(
        "--port", type=_port, help="the port to listen on (default: [web] port, 8080)"
    )
    parser.add_argument("--db", type=Path, help="the match log (default: the data directory)")
    parser.add_argument("--config", metavar="FILE", help="configuration file (default: as hw)")
    parser.set_defaults(func=run)


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: use a number from 1 to 65535")
    return int(text)


def run(args: argparse.Namespace, wait: Callable[[], None] | None = None) -> int:
    """Serve the table until Ctrl-C (or until `wait` returns: tests); returns the exit code.

    Raises:
        CompanionError: the configuration or the log cannot be used, or the port is taken.
    """
    from companion.config import load_config
    from companion.store import Store, default_db_path
    from companion.table import Table
    from companion.web import PinGuard, WebServer, create_app, random_pin

    config = load_config(args.config)
    port = args.port if args.port is not None else config.web.port
    pin = config.web.pin or random_pin()
    path: Path = args.db if args.db is not None else default_db_path()
    with Store.open(path) as store, Table(store) as table:
        for notice in table.notices:
            _say(notice)
        app = create_app(table, path, PinGuard(pin))
        with WebServer(app, port=port) as server:
            print(f"Phone page: http://{_address()}:{server.port}/", flush=True)
            print(f"Table PIN: {pin}", flush=True)
            print("Stop with Ctrl-C.", flush=True)
            (wait or threading.Event().wait)()
    return 0


def _address() -> str:
    """This machine's address on the table's network, as phones reach it."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE_ADDRESS)
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return socket.gethostname()


def _say(sentence: str) -> None:
    import sys

    print(f"companion: {sentence}", file=sys.stderr, flush=True)
