"""The error every rules engine raises, and the shape of the JSON they read and write.

Kept apart from `companion.games.base` so the action codec
(`companion.games.action_codec`), which the engine protocol builds on, needs
nothing from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.notes import Note

JSONValue = Any
"""A value made only of dict, list, str, int, float, bool and None."""


def _numbered_seat(seat: int) -> str:
    return f"Seat {seat}"


class RuleError(ValueError):
    """An action the rules do not allow.

    The message is one sentence a player understands and says what to do
    ("You have a checker on the bar: enter it first."). A state that raises
    it is left exactly as it was.

    An engine whose sentences are translatable raises it with a `Note`
    (``RuleError(Note.of(N_("{0} must roll the dice."), (seat,)), self.seat_name)``):
    `str(error)` is then the note said in English with `seat_name` naming its
    seats, and `note` keeps the sentence for a screen to say in its own
    language (`companion.i18n.note_text`). A plain string still works; its
    `note` is None. Without `seat_name` a note's seats read "Seat 0".
    """

    note: Note | None
    """The sentence with its seats and values apart, or None for a plain English message."""

    def __init__(
        self, message: str | Note, seat_name: Callable[[int], str] | None = None
    ) -> None:
        if isinstance(message, str):
            self.note = None
            super().__init__(message)
        else:
            self.note = message
            super().__init__(message.render(seat_name or _numbered_seat))
