"""Argument types shared by several commands.

`seed_argument` reads the ``--seed`` of every command that plays with
random choices (`uno simulate`, `yahtzee simulate`, `demo`): a whole number,
0 or more.
Python's `random.Random` seeds with the absolute value of an integer, so a
negative seed would silently replay the match of the positive one.
`port_argument` reads the ``--port`` of `web` and `run`.
"""

from __future__ import annotations

import argparse


def seed_argument(text: str) -> int:
    """A ``--seed`` value: a whole number, 0 or more.

    Raises:
        argparse.ArgumentTypeError: anything else, as a sentence (a usage error).
    """
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"A seed is a whole number, 0 or more, not {text!r}.")
    return value


def port_argument(text: str) -> int:
    """A port number from the command line (0 to 65535).

    Raises:
        argparse.ArgumentTypeError: anything else, as a sentence (a usage error).
    """
    if not text.isascii() or not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: use a number from 0 to 65535")
    return int(text)
