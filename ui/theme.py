"""How the touchscreen looks: the shipped font, the colours, the sizes a table needs.

Every machine draws the same letters because the font ships with the
package (DejaVu Sans, free licence in `ui/fonts/LICENSE.txt`), which also
covers the names people type: Latin, Greek, Cyrillic, Welsh's ŵ and ŷ.

Sizes are for a screen read from a metre away: text that matters is at
least `TEXT_MIN` pixels on an 800x480 panel, touch targets at least
`TARGET_MIN`; bigger panels scale them with `Theme.scale`.
Player colours always come with a letter (`PlayerColour.mark`), so no
one needs to tell red from green.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources import as_file, files

import pygame
import pygame.freetype

from companion.seat_marks import RGB, SEAT_MARKS, seat_mark

TEXT_MIN = 24
"""The smallest text anything important uses on 800x480, in pixels."""
TARGET_MIN = 48
"""The smallest touch target on 800x480, in pixels."""

BACKGROUND: RGB = (24, 48, 36)
PANEL: RGB = (36, 36, 44)
TEXT: RGB = (245, 245, 240)
MUTED: RGB = (190, 190, 190)
ACCENT: RGB = (255, 196, 0)
"""Highlights: legal destinations, the selected checker, the focused button."""
REFUSAL: RGB = (200, 40, 40)
BUTTON: RGB = (60, 90, 150)
BUTTON_DISABLED: RGB = (70, 70, 76)


@dataclass(frozen=True)
class PlayerColour:
    """A player's colour and the letter drawn on it, so colour is never the only cue."""

    name: str
    rgb: RGB
    mark: str
    ink: RGB = (255, 255, 255)
    """The colour of text and marks drawn on top."""


# Okabe and Ito's palette, chosen to stay distinct for the common colour blindnesses; the
# phone page draws the same marks (companion.seat_marks is the one table of them).
PLAYER_COLOURS: dict[str, PlayerColour] = {
    name: PlayerColour(mark.name, mark.rgb, mark.letter, ink=mark.ink)
    for name, mark in SEAT_MARKS.items()
}


def player_colour(name: str) -> PlayerColour:
    """The colour a player chose, by name; unknown names are grey with their first letter."""
    known = PLAYER_COLOURS.get(name.strip().lower())
    if known is not None:
        return known
    mark = seat_mark(name)
    return PlayerColour(mark.name, mark.rgb, mark.letter, ink=mark.ink)


@cache
def font(size: int, bold: bool = False,
         kind: type[pygame.font.Font] = pygame.font.Font) -> pygame.font.Font:
    """The shipped font at `size` pixels (cached: fonts are slow to open), opened as `kind`
    (a subclass of pygame's font, such as a test's font that records what it draws)."""
    if not pygame.font.get_init():
        pygame.font.init()
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    with as_file(files("ui").joinpath("fonts", name)) as path:
        return kind(str(path), size)


@cache
def _glyph_font() -> pygame.freetype.Font:
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    with as_file(files("ui").joinpath("fonts", "DejaVuSans.ttf")) as path:
        return pygame.freetype.Font(str(path), 24)


def missing_letters(text: str) -> str:
    """The characters of `text` the shipped font cannot draw (each once, in order)."""
    font = _glyph_font()
    missing = ""
    for char in dict.fromkeys(text):
        if not char.isprintable() or font.get_metrics(char)[0] is None:
            missing += char
    return missing


def name_problem(name: str) -> str:
    """Why the screens cannot show `name`, as a sentence; "" when they can."""
    missing = missing_letters(name)
    if not missing:
        return ""
    shown = " ".join(repr(char) if not char.isprintable() else char for char in missing[:5])
    return (f"The screen's font cannot draw {shown} in {name[:24]!r}: "
            "use letters it has (most alphabets do).")


@dataclass(frozen=True)
class Theme:
    """Sizes for one logical screen: 1.0 on 800x480, larger on bigger panels."""

    scale: float = 1.0
    keep_readable: bool = False
    """Words asked at `TEXT_MIN` or more never shrink below it to fit (they end with "…"
    instead): for screens whose every word is read from a metre (the UNO table)."""

    @classmethod
    def for_size(cls, size: tuple[int, int]) -> Theme:
        """The theme for a logical screen of `size` (landscape or portrait)."""
        short, long = sorted(size)
        return cls(max(1.0, min(short / 480, long / 800)))

    def px(self, pixels: float) -> int:
        """`pixels` on 800x480, scaled to this screen."""
        return round(pixels * self.scale)

    def smallest(self, size: int) -> float:
        """How small words asked at `size` may shrink to fit: 80% of it, but never below
        `TEXT_MIN` when `keep_readable` and they were asked at that size or more."""
        if self.keep_readable and size >= TEXT_MIN:
            return max(size * 0.8, TEXT_MIN)
        return size * 0.8

    def font(self, size: int = TEXT_MIN, bold: bool = False) -> pygame.font.Font:
        """The shipped font at `size` pixels on 800x480, scaled to this screen."""
        return font(self.px(size), bold)
