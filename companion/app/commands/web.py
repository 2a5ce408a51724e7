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
from pathlib import Path
from typing import Any

from companion.app.commands._arguments import port_argument


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
    parser.add_argument(
        "--new-pin", action="store_true",
        help="make a new table PIN for phones, kept from now on (unless [web] pin sets one)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serve the table and the page until SIGTERM or Ctrl-C; returns the exit code.

    Both signals stop it cleanly (the streams end, the tray stops, the log is
    closed) and the exit code is 0: stopping is how a server ends. It is the
    product's one assembly (`companion.app.product`) with the screen and the
    spinner left out.

    Raises:
        CompanionError: the configuration or the log cannot be used, or the port is taken.
    """
    from companion.app.product import RunRequest, serve_phones

    return serve_phones(RunRequest(port=args.port, db=args.db, config=args.config,
                                   new_pin=args.new_pin))


__all__ = ["port_argument", "register", "run"]
