"""The `companion` command.

Subcommands live in `companion.commands`, one module per family (`bg`, `uno`,
`yahtzee`, `demo`, `hw`, ...); each module's `register(subparsers)` adds its
parser. Exit codes: 0 success, 1 the request failed (a sentence on stderr),
2 a usage error (argparse's own), 130 stopped with Ctrl-C (one line, no traceback).

This module imports only `os`, `signal` and `sys` when it loads: `run` takes
over Ctrl-C before the commands and the games are imported, so Ctrl-C while
the command is still loading stops it as quietly as Ctrl-C in a match.
"""

from __future__ import annotations

import os
import signal
import sys

TYPE_CHECKING = False  # as typing.TYPE_CHECKING (mypy knows the name), without importing typing
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

INTERRUPTED = 130
"""The exit code of a command stopped with Ctrl-C (128 + SIGINT), as shells use."""
STOPPED_LINE = "companion: stopped (Ctrl-C)."


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand module registered."""
    import argparse
    import importlib
    import pkgutil

    from companion import __version__, commands

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
    _describe_every_command(parser)
    return parser


def _describe_every_command(parser: argparse.ArgumentParser) -> None:
    """Give every subcommand without a description of its own its help phrase as one.

    ``companion X --help`` then always says what X does, above its options.
    """
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            phrases = {choice.dest: choice.help for choice in action._choices_actions}
            for name, child in action.choices.items():
                phrase = phrases.get(name) or ""
                if not child.description and phrase:
                    child.description = phrase[0].upper() + phrase[1:] + "."
                _describe_every_command(child)


def main(argv: Sequence[str] | None = None, *, freeze_start_up: bool = False) -> int:
    """Run the command line; returns the process exit code.

    `freeze_start_up` (the `companion` process itself, not tests calling this):
    everything made while starting (modules, the parser, the games) lives as
    long as the process, so it is moved out of the garbage collector's sight
    with `gc.freeze`. Its full passes then walk only what the match makes,
    which keeps a single legal-play call under a millisecond instead of
    stalling for about 3 ms (see bench/movegen.py).
    """
    import gc

    from companion.errors import CompanionError

    parser = build_parser()
    args = parser.parse_args(argv)
    if freeze_start_up:
        gc.collect()
        gc.freeze()
    func = getattr(args, "func", None)
    if func is None and args.command is None:
        # A bare `companion` runs the whole product, as `companion run` does.
        args = parser.parse_args(["run"])
        func = args.func
    if func is None:
        func = getattr(args, "default_func", None) or parser.print_help
    try:
        return int(func(args) or 0)
    except CompanionError as error:
        print(f"companion: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # `companion ... | head` closed the pipe: not an error worth a traceback.
        return 0


def run() -> None:
    """The `companion` console command: the command line as a process of its own.

    The first Ctrl-C raises KeyboardInterrupt, so the log and the devices close
    as they should; the command (the demo says how to resume) or this function
    prints one line and the exit code is 130. A Ctrl-C once that has begun, or
    while the process exits, ends it at once with the same code.
    """
    signal.signal(signal.SIGINT, _first_ctrl_c)
    try:
        code = main(freeze_start_up=True)
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, _stop_now)
        print(STOPPED_LINE, file=sys.stderr, flush=True)
        # Everything opened has closed itself on the way here. Leave with 130 at once:
        # CPython marks a KeyboardInterrupt raised inside exec'd code (a dataclass being
        # made by an import, say) as unhandled even when it was caught, and would then
        # kill the process with SIGINT instead of exiting with this code.
        import contextlib

        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing left to say
            sys.stdout.flush()
        os._exit(INTERRUPTED)
    # Exiting joins threads and flushes files: a Ctrl-C then must not raise in there.
    signal.signal(signal.SIGINT, _stop_now)
    sys.exit(code)


def _first_ctrl_c(signum: int, frame: object) -> None:
    signal.signal(signal.SIGINT, _stop_now)
    raise KeyboardInterrupt


def _stop_now(signum: int, frame: object) -> None:
    """A Ctrl-C while stopping or exiting: end the process now, with the Ctrl-C exit code."""
    os._exit(INTERRUPTED)


if __name__ == "__main__":
    run()
