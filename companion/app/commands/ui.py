"""`companion ui`: the touchscreen, in a window (laptop) or full screen (a Pi console).

`--headless --script FILE` runs the same app with SDL's offscreen driver and
plays FILE line by line (docs/ui.md): exit 0 when every line succeeded,
else 1 with `line N: <why>` on standard error. pygame is imported only when
the command runs, so `companion --help` stays quick. It is the product's one
assembly (`companion.app.product`) with the phone page left out.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.errors import CompanionError


def register(subparsers: Any) -> None:
    """Add the `ui` subcommand."""
    parser = subparsers.add_parser(
        "ui",
        help="the touchscreen: pick a game, referee it on screen",
        description=(
            "The touchscreen referee: a window on a desktop, full screen on a Pi console."
            " With --headless --script FILE it plays FILE line by line (see docs/ui.md)."
        ),
    )
    parser.add_argument("--headless", action="store_true",
                        help="no window: SDL's offscreen driver (needs --script)")
    parser.add_argument("--script", type=Path, metavar="FILE",
                        help="play FILE line by line against the app (see docs/ui.md)")
    parser.add_argument("--size", metavar="WxH",
                        help="the panel's own mode, e.g. 800x480 (default: the config's window)")
    parser.add_argument("--rotate", type=int, choices=(0, 90, 180, 270),
                        help="turn the picture clockwise on the panel (default: the config's)")
    parser.add_argument("--db", type=Path, help="the match log (default: the data directory)")
    parser.add_argument("--config", metavar="FILE", help="the configuration file")
    parser.add_argument("--seed", type=int,
                        help="seed the dice and shuffles; with --script, the clock too")
    parser.set_defaults(func=run)


def parse_size(text: str) -> tuple[int, int]:
    """A panel size from "800x480".

    Raises:
        CompanionError: it is not two whole numbers from 240 to 7680 joined by x.
    """
    width, sep, height = text.lower().partition("x")
    if not sep or not width.isdigit() or not height.isdigit():
        raise CompanionError(f"--size is WIDTHxHEIGHT in pixels, e.g. 800x480, not {text!r}.")
    size = (int(width), int(height))
    if not all(240 <= side <= 7680 for side in size):
        raise CompanionError(f"--size {text}: each side is 240 to 7680 pixels.")
    return size


def run(args: argparse.Namespace) -> int:
    """Start the touchscreen (or play the script); returns the exit code.

    Raises:
        CompanionError: bad arguments, a broken config, a log in use, no display.
    """
    if args.headless and args.script is None:
        raise CompanionError("--headless shows nothing by itself: give it --script FILE.")
    script_lines = None
    if args.script is not None:
        script_lines = _read_script(args.script)
    size = parse_size(args.size) if args.size else None
    from companion.app.product import RunRequest, run_screen

    request = RunRequest(
        headless=args.headless,
        script=script_lines,
        size=size,
        rotate=args.rotate,
        db=args.db,
        config=args.config,
        seed=args.seed,
    )
    return run_screen(request)


def _read_script(path: Path) -> list[str]:
    from companion.user_files import UnusableFile, read_limited

    try:
        data = read_limited(path, "script", 16 * 1024 * 1024)
    except UnusableFile as error:
        raise CompanionError(str(error)) from None
    try:
        return data.decode("utf-8-sig").splitlines()
    except UnicodeDecodeError as error:
        raise CompanionError(
            f"{path}: is not UTF-8 text (byte {error.start} cannot be read); save it as UTF-8."
        ) from None
