"""The `companion` command.

Subcommands live in `companion.commands`, one module per family (`bg`, `uno`,
`yahtzee`, `demo`, `hw`, ...); each module's `register(subparsers)` adds its
parser. Exit codes: 0 success, 1 the request failed (a sentence on stderr),
2 a usage error (argparse's own).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from companion import __version__, commands
from companion.errors import CompanionError


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand module registered."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Tabletop Companion: spinner, dice tray, referee and scores for a games table.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module_info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{commands.__name__}.{module_info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None, *, freeze_start_up: bool = False) -> int:
    """Run the command line; returns the process exit code.

    `freeze_start_up` (the `companion` process itself, not tests calling this):
    everything made while starting (modules, the parser, the games) lives as
    long as the process, so it is moved out of the garbage collector's sight
    with `gc.freeze`. Its full passes then walk only what the match makes,
    which keeps a single legal-play call under a millisecond instead of
    stalling for about 3 ms (see bench/movegen.py).
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if freeze_start_up:
        gc.collect()
        gc.freeze()
    func = getattr(args, "func", None)
    if func is None:
        default = getattr(args, "default_func", None)
        if args.command is None and default is None:
            parser.print_help()
            return 0
        func = default or parser.print_help
    try:
        return int(func(args) or 0)
    except CompanionError as error:
        print(f"companion: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # `companion ... | head` closed the pipe: not an error worth a traceback.
        return 0


def run() -> None:
    """The `companion` console command: the command line as a process of its own."""
    sys.exit(main(freeze_start_up=True))


if __name__ == "__main__":
    run()
