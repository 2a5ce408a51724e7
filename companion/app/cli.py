"""The `companion` command.

Subcommands live in `companion.app.commands`, one module per family (`bg`, `uno`,
`yahtzee`, `demo`, `hw`, ...); each module's `register(subparsers)` adds its
parser, and `COMMANDS` lists them with their help phrases: a command's module is
imported only when it runs (or its help is asked), so `companion --help` and
`--version` load no game. Exit codes: 0 success, 1 the request failed (a sentence on stderr),
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


COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("bg", "companion.app.commands.bg", "Backgammon positions: legal plays and boards"),
    ("config", "companion.app.commands.config",
     "check the configuration file or print the documented defaults"),
    ("demo", "companion.app.commands.demo",
     "play a whole simulated match through the table, its queue and its log"),
    ("doctor", "companion.app.commands.doctor",
     "check this Pi (groups, display, GPIO, Pico, config, log, port, service)"),
    ("firmware", "companion.app.commands.firmware", "the Pico table controller's firmware"),
    ("history", "companion.app.commands.history", "list the matches in the log"),
    ("hw", "companion.app.commands.hw", "the spinner and the dice tray"),
    ("minigam", "companion.app.commands.text_positions",
     "Mini-Gam positions: legal plays and boards"),
    ("multigam", "companion.app.commands.text_positions",
     "Multi-Gam positions: legal plays and boards"),
    ("run", "companion.app.commands.run",
     "the whole companion: touchscreen, phone page, devices (the default)"),
    ("ui", "companion.app.commands.ui", "the touchscreen: pick a game, referee it on screen"),
    ("uno", "companion.app.commands.uno", "simulate matches of UNO, UNO Tiki Twist and UNO Duo"),
    ("web", "companion.app.commands.web",
     "run the table and the phone page, without the touchscreen"),
    ("yahtzee", "companion.app.commands.yahtzee", "simulate games of the Yahtzee board variant"),
)  # fmt: skip
"""Every command as (name, module, help phrase), in the order `companion --help` lists them.

A command's module is imported only when that command is parsed, so `companion --help`
and `companion --version` answer at once. tests/test_cli.py checks this table against
the modules of `companion.app.commands` and their help texts byte for byte.
"""

DESCRIPTION = "Tabletop Companion: spinner, dice tray, referee and scores for a games table."


def command_line() -> argparse.ArgumentParser:
    """The argument parser `companion` runs: a command's module is loaded when it is chosen."""
    from companion.app.commands._on_demand import CommandsOnDemand

    parser = _top_parser()
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", action=CommandsOnDemand)
    assert isinstance(commands, CommandsOnDemand)
    for name, module, phrase in COMMANDS:
        commands.add_command(name, module, phrase)
    return parser


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand module of `companion.app.commands` found
    and registered (what `command_line` loads command by command), the commands in the order
    of their names (a module may register more than one: `text_positions`)."""
    import argparse
    import importlib
    import pkgutil

    from companion.app import commands
    from companion.app.commands._on_demand import describe_command

    parser = _top_parser()
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    found = argparse._SubParsersAction(
        option_strings=[], prog=subparsers._prog_prefix, parser_class=subparsers._parser_class
    )
    for module_info in pkgutil.iter_modules(commands.__path__):
        if not module_info.name.startswith("_"):
            importlib.import_module(f"{commands.__name__}.{module_info.name}").register(found)
    listed = sorted(found._choices_actions, key=lambda choice: choice.dest)
    for choice in listed:
        subparsers._choices_actions.append(choice)
        subparsers._name_parser_map[choice.dest] = found._name_parser_map[choice.dest]
    describe_command(parser, None)
    return parser


def _top_parser() -> argparse.ArgumentParser:
    import argparse

    from companion import __version__

    parser = argparse.ArgumentParser(prog="companion", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
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
    import gc

    from companion.errors import CompanionError

    parser = command_line()
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
