"""Sentences with their seats and values apart, so a screen can say them in its language.

Kept apart from `companion.games.base` and `companion.games.errors` so that
both (and everything they build on) can use them without importing each
other. `companion.games.base` re-exports every name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeAlias


def N_(message: str) -> str:
    """`message` unchanged, marked for the translation catalog (`scripts/translations extract`).

    Engines mark their sentences with it and import nothing for translating:
    the screen translates a `Note` when it shows it (`companion.i18n.note_text`).
    """
    return message


def N_counted(singular: str, plural: str) -> tuple[str, str]:
    """A counted sentence's two English forms, marked for the catalog as one entry with plurals.

    ``Note.of(N_counted("{count} point", "{count} points"), count=3)``: a
    catalog gives the sentence one form per plural form of its language.
    """
    return singular, plural


NoteValue: TypeAlias = "int | str | Note"
"""A named value of a sentence: a number, notation ("6-3", "13"), or a phrase of words (a `Note`,
translated on its own)."""


@dataclass(frozen=True)
class Note:
    """A sentence about what an action caused, with its seats left for the reader to name.

    `text` holds ``{0}``, ``{1}``... for the seats in `seats`, so the table can
    say "Dev draws 2 cards" and the command line "seat 3 draws 2 cards":
    ``Note("{0} draws 2 cards (Tiki Draw 2).", (3,))``. Anything else that
    varies is a named value, ``{dice}``, kept out of the text so that the text
    is the same for every roll and a catalog can translate it once:
    ``Note.of(N_("{0} cannot move with {dice}."), (1,), dice="6-6")``. A value
    that is words rather than a number or notation is itself a `Note`, so it
    is translated too. A sentence that counts has its `plural` form and the
    count as the value named ``count``.
    """

    text: str
    seats: tuple[int, ...] = ()
    values: tuple[tuple[str, NoteValue], ...] = ()
    """The named values, sorted by name (`Note.of` sorts them)."""
    plural: str = ""
    """The English sentence for a count other than one, when the sentence counts."""

    @classmethod
    def of(
        cls, text: str | tuple[str, str], seats: Sequence[int] = (), **values: NoteValue
    ) -> Note:
        """A sentence with its seats and named values; `text` is a `N_` or `N_counted` constant.

        Raises:
            ValueError: a counted sentence without a whole-number value ``count``.
        """
        singular, plural = (text, "") if isinstance(text, str) else text
        if plural and not isinstance(values.get("count"), int):
            raise ValueError(f"The counted sentence {singular!r} needs a whole-number count.")
        return cls(singular, tuple(seats), tuple(sorted(values.items())), plural)

    @property
    def count(self) -> int:
        """The count a counted sentence is said for (1 for a sentence that does not count)."""
        count = dict(self.values).get("count", 1)
        return count if isinstance(count, int) else 1

    def fill(
        self, template: str, seat_name: Callable[[int], str], phrase: Callable[[Note], str]
    ) -> str:
        """`template` (this sentence, in some language) with seats named and values put in.

        `phrase` says a value that is itself a `Note`.

        Raises:
            IndexError, KeyError, ValueError: the template has a placeholder this
                sentence has no seat or value for, or is not a valid template.
        """
        names = [seat_name(seat) for seat in self.seats]
        values = {
            name: phrase(value) if isinstance(value, Note) else value
            for name, value in self.values
        }
        return template.format(*names, **values)

    def render(self, seat_name: Callable[[int], str]) -> str:
        """The English sentence with each seat named by `seat_name`."""
        template = self.plural if self.plural and self.count != 1 else self.text
        return self.fill(template, seat_name, lambda value: value.render(seat_name))


__all__ = ["N_", "N_counted", "Note", "NoteValue"]
