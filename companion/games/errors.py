"""The error every rules engine raises, and the shape of the JSON they read and write.

Kept apart from `companion.games.base` so the action codec
(`companion.games.action_codec`), which the engine protocol builds on, needs
nothing from it.
"""

from __future__ import annotations

from typing import Any

JSONValue = Any
"""A value made only of dict, list, str, int, float, bool and None."""


class RuleError(ValueError):
    """An action the rules do not allow.

    The message is one sentence a player understands and says what to do
    ("You have a checker on the bar: enter it first."). A state that raises
    it is left exactly as it was.
    """
