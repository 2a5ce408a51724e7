"""The configuration's refusals a person meets on the screen, as sentences a catalog translates.

The file's own refusal (``config.toml: web.pin must be 4 to 8 digits...``) names the file
and the key, for the command line and the journal, and stays in English; a refusal the
settings screen can cause carries the same problem as a `Said` sentence too, as the
table's refusals do (`companion.table.refusals`): `ConfigRefused.words` says it in the
table's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.errors import ConfigError
from companion.i18n import N_, _

PIN_DIGITS = N_("A PIN is 4 to 8 digits, such as 4821: type another.")
OUT_OF_RANGE = N_("{setting} can be {low} to {high}, not {value}.")
SEATS_TOO_CLOSE = N_("Two seats are only {gap}° apart, and a margin of {margin}° needs them "
                     "more than {needed}° apart: lower the margin, or calibrate the seats "
                     "further apart.")
SETTING_NAMES = {
    "spinner.margin_deg": N_("The spinner's margin"),
}
"""The settings the screen changes by steps, each by the name a person reads there."""


@dataclass(frozen=True)
class Said:
    """A refusal's sentence for the screen: a catalog's message and the values it names."""

    sentence: str
    values: tuple[tuple[str, str], ...] = ()
    """Values put into the sentence, by name: numbers as text, or a setting's name (a
    message of `SETTING_NAMES`, translated with the sentence)."""

    def words(self) -> str:
        """The sentence in the table's language (in English when a catalog's translation
        does not fit the sentence's values)."""
        values = {name: _(value) if value in SETTING_NAMES.values() else value
                  for name, value in self.values}
        try:
            return _(self.sentence).format(**values)
        except (IndexError, KeyError, ValueError):
            return self.sentence.format(**dict(self.values))


def out_of_range(key: str, value: object, low: float, high: float) -> Said | None:
    """The screen's sentence for `key` set out of its range, when the screen sets `key`."""
    setting = SETTING_NAMES.get(key)
    if setting is None:
        return None
    shown = f"{value:g}" if isinstance(value, float) else f"{value}"
    return Said(OUT_OF_RANGE, (("high", f"{high:g}"), ("low", f"{low:g}"),
                               ("setting", setting), ("value", shown)))


def seats_too_close(gap: float, margin: float) -> Said:
    """The screen's sentence for seats `gap` degrees apart, too close for `margin` (the
    margin is the setting the screen changes; the seats are calibrated on their own screen)."""
    needed = max(4 * margin, 1.0)
    return Said(SEATS_TOO_CLOSE, (("gap", f"{gap:g}"), ("margin", f"{margin:g}"),
                                  ("needed", f"{needed:g}")))


class ConfigRefused(ConfigError):
    """A configuration refused: one English line per problem (`str()`), and each problem's
    sentence for the screen where it has one (`words`)."""

    def __init__(self, lines: Sequence[str], said: Sequence[Said | None]) -> None:
        super().__init__("\n".join(lines))
        self.lines = tuple(lines)
        self.said = tuple(said)

    def words(self) -> str:
        """Every problem in the table's language where it has a screen sentence, else in the
        file's English line."""
        return " ".join(said.words() if said is not None else line
                        for line, said in zip(self.lines, self.said, strict=True))


def said_on_screen(error: ConfigError) -> str:
    """`error` as the screen says it: its screen sentences, or its English."""
    return error.words() if isinstance(error, ConfigRefused) else str(error)


__all__ = ["OUT_OF_RANGE", "PIN_DIGITS", "SEATS_TOO_CLOSE", "SETTING_NAMES", "ConfigRefused",
           "Said", "out_of_range", "said_on_screen", "seats_too_close"]
