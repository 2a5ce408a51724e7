"""`companion run` (and a bare `companion`): the whole companion in one process.

The table with its log, the devices from the config (simulated where there
is no hardware), the phone page and the touchscreen; `--no-ui` leaves the
screen out and serves phones only. See `companion.app.product`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.app.commands._arguments import port_argument
from companion.errors import CompanionError

TYPE_CHECKING = False  # as typing.TYPE_CHECKING: `companion run --help` loads no typing
if TYPE_CHECKING:
    from typing import Any


def register(subparsers: Any) -> None:
    """Add the `run` subcommand."""
    parser = subparsers.add_parser(
        "run",
        help="the whole companion: touchscreen, phone page, devices (the default)",
        description=(
            "Run the whole companion in one process: the table and its log, the devices from"
            " the config (simulated where there is no hardware), the phone page and the"
            " touchscreen. `companion` with no command runs this. Stop with Ctrl-C or"
            " SIGTERM."
        ),
    )
    add_arguments(parser)
    parser.set_defaults(func=run)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `companion run`."""
    parser.add_argument("--no-ui", dest="ui", action="store_false",
                        help="no touchscreen: serve the phone page and run the devices only")
    parser.add_argument(
        "--port", type=port_argument,
        help="the phone page's port (default: [web] port, 8080; 0: any free port, printed)")
    parser.add_argument("--db", type=Path, help="the match log (default: the data directory)")
    parser.add_argument("--config", metavar="FILE", help="the configuration file")
    parser.add_argument(
        "--new-pin", action="store_true",
        help="make a new table PIN for phones, kept from now on (unless [web] pin sets one)")
    parser.add_argument("--size", metavar="WxH",
                        help="the panel's own mode, e.g. 800x480 (default: the config's window)")
    parser.add_argument("--rotate", type=int, choices=(0, 90, 180, 270),
                        help="turn the picture clockwise on the panel (default: the config's)")
    parser.add_argument("--headless", action="store_true",
                        help="no window: SDL's offscreen driver (needs --script)")
    parser.add_argument("--script", type=Path, metavar="FILE",
                        help="play FILE line by line against the screen (see docs/ui.md)")
    parser.add_argument("--seed", type=int,
                        help="seed the dice and shuffles; with --script, the clock too")


def run(args: argparse.Namespace) -> int:
    """Run the whole companion until it is stopped; returns the exit code.

    Raises:
        CompanionError: bad arguments, a broken config, a log in use, or (with no
            screen) the web port taken.
    """
    from companion.app.commands.ui import _read_script, parse_size
    from companion.app.product import RunRequest, run_product

    if not args.ui and (args.script is not None or args.headless):
        raise CompanionError("--no-ui has no screen to play a script on: leave one out.")
    if not args.ui and (args.size or args.rotate is not None):
        raise CompanionError("--no-ui has no screen to size or turn: leave out --size and"
                             " --rotate, or --no-ui.")
    if args.headless and args.script is None:
        raise CompanionError("--headless shows nothing by itself: give it --script FILE.")
    request = RunRequest(
        ui=args.ui,
        port=args.port,
        db=args.db,
        config=args.config,
        seed=args.seed,
        headless=args.headless,
        script=_read_script(args.script) if args.script is not None else None,
        size=parse_size(args.size) if args.size else None,
        rotate=args.rotate,
        new_pin=args.new_pin,
    )
    return run_product(request)


__all__ = ["add_arguments", "register", "run"]
