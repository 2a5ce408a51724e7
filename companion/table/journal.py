"""What the table writes to the journal when something fails: never a hand's card.

With phones as hands (`companion.table.hands`) a command may hold a card of its sender's
hand (a play from a phone), and an engine's error may name one. The journal is read by
whoever looks at the Pi's logs, beside the table where the hands are secret, so it is told
what kind of command failed, for which seat, and where in the code; never the command
itself nor the error's own words. The sender hears the error from the table's answer.
"""

from __future__ import annotations

import traceback
from typing import Any

MAX_CAUSES = 5
"""Errors followed back through their causes, at most (a chain is never longer in practice)."""


def command_kind(command: object) -> str:
    """What a command is, for the journal: its kind, its action's kind and the seat it acts
    for ("PlayAction (PlayCard) for seat 2"), nothing it carries."""
    kind = type(command).__name__
    action: Any = getattr(command, "action", None)
    if isinstance(action, dict):
        tag = action.get("action")
        kind += f" ({tag})" if isinstance(tag, str) and tag.isidentifier() else " (JSON)"
    elif action is not None:
        kind += f" ({type(action).__name__})"
    seat = getattr(command, "seat", None)
    if seat is None:
        seat = getattr(action, "seat", None)
    return kind + (f" for seat {seat}" if isinstance(seat, int) else "")


def trace_of(error: BaseException) -> str:
    """Where `error` was raised, and what caused it, each by its kind alone: a traceback's
    frames are the code's own lines, but an error's words may name a card."""
    parts: list[str] = []
    seen: BaseException | None = error
    for _ in range(MAX_CAUSES):
        if seen is None:
            break
        frames = "".join(traceback.format_tb(seen.__traceback__))
        parts.append(f"Traceback (most recent call last):\n{frames}{type(seen).__name__}")
        seen = seen.__cause__ or seen.__context__
    return "\n\nwhich led to:\n".join(reversed(parts))


__all__ = ["command_kind", "trace_of"]
