"""`companion config`: check the configuration file, show the defaults."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from companion.config import (
    config_path,
    config_warnings,
    default_config_text,
    effective_toml,
    load_config,
    user_config_path,
)
from companion.errors import ConfigError


def register(subparsers: Any) -> None:
    """Add `companion config check|default|path`."""
    parser = subparsers.add_parser(
        "config",
        help="check the configuration file or print the documented defaults",
        description="The configuration file: check it, print the documented defaults, or"
        " say which file is read.",
    )
    commands = parser.add_subparsers(dest="config_command", metavar="ACTION")
    check = commands.add_parser(
        "check",
        help="print the effective configuration, or every error in it",
        description="Read the configuration file and print the configuration in effect, every"
        " default filled in, with warnings about unwise settings; or list every error in it"
        " (exit 1).",
    )
    check.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="the file to check (default: $COMPANION_CONFIG, then /etc/companion/config.toml)",
    )
    check.set_defaults(func=run_check)
    default = commands.add_parser(
        "default",
        help="print the default file, every key documented",
        description="Print the shipped configuration file with every key, its default and"
        " what it does: a starting point for your own file.",
    )
    default.set_defaults(func=run_default)
    path = commands.add_parser(
        "path",
        help="print which file would be read",
        description="Print which configuration file the companion reads: --config, else"
        " $COMPANION_CONFIG, else /etc/companion/config.toml, else your own (in the"
        " platform's config directory) when it exists, else none (the defaults), and where"
        " the settings screen would make your own.",
    )
    path.set_defaults(func=run_path)
    parser.set_defaults(default_func=lambda _args: parser.print_help() or 0)


def run_check(args: argparse.Namespace) -> int:
    """Print the effective configuration (exit 0) or its errors (exit 1)."""
    try:
        config = load_config(args.file)
    except ConfigError as error:
        print("The configuration has errors:", file=sys.stderr)
        for line in str(error).splitlines():
            print(f"  {line}", file=sys.stderr)
        return 1
    sys.stdout.write(effective_toml(config))
    for warning in config_warnings(config):
        print(f"warning: {warning}", file=sys.stderr)
    return 0


def run_default(_args: argparse.Namespace) -> int:
    """Print the shipped default configuration file."""
    sys.stdout.write(default_config_text())
    return 0


def run_path(_args: argparse.Namespace) -> int:
    """Print the configuration file that would be read."""
    found = config_path()
    if found is not None:
        print(found)
    else:
        print("none: the built-in defaults apply; the settings screen saves to"
              f" {user_config_path()} (made by its first change)")
    return 0
