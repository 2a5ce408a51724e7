"""The widgets screens are made of: each has a stable name, a rectangle and its words.

A widget is drawn by its scene and tapped through it. Its `name` is what the
scripted driver taps and lists (`tap confirm`, `widgets`), so names are a
public interface (docs/ui.md). Rectangles are in logical pixels: the
picture as a person sees it, after rotation.

A tap on a disabled widget is not ignored: its `refusal` (why it cannot be
used now) is shown, as a person would want to hear.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from ui import theme
from ui.theme import RGB, Theme

Action = Callable[[], None]
MAX_SHOWN = 2000
"""No sentence on screen is longer; what is longer (a hostile name) is cut before drawing."""


@dataclass(frozen=True)
class TextFit:
    """One text as drawn in its box: the words meant, the box, and whether they all showed."""

    text: str
    box: tuple[int, int, int, int]
    """x, y, width, height of the box the words were drawn in."""
    shown: str
    """What was drawn: `text`, or its start with an ellipsis, or its lines joined by "\n"."""
    fitted: bool
    """False when words were cut, ended with an ellipsis, or broken inside a word."""


_FIT_RECORDS: list[list[TextFit]] = []
"""The open `recording_fits` lists; empty (nothing is measured twice) when nobody records."""


@contextmanager
def recording_fits() -> Iterator[list[TextFit]]:
    """While open, every label, button and paragraph drawn notes how its words fitted."""
    record: list[TextFit] = []
    _FIT_RECORDS.append(record)
    try:
        yield record
    finally:
        _FIT_RECORDS.remove(record)


def _note_fit(text: str, rect: pygame.Rect, shown: str, fitted: bool) -> None:
    fit = TextFit(text, (rect.x, rect.y, rect.w, rect.h), shown, fitted)
    for record in _FIT_RECORDS:
        record.append(fit)


@dataclass(eq=False)
class Widget:
    """Something on screen with a name, a place and maybe words.

    Subclasses draw themselves in `draw`; the base draws nothing, which makes
    it a hotspot (a point of a board drawn by the board itself).
    """

    name: str
    rect: pygame.Rect
    text: str = ""
    enabled: bool = True
    visible: bool = True
    on_tap: Action | None = None
    refusal: str = ""
    """Why a disabled widget cannot be used now (said when it is tapped anyway)."""

    def contains(self, pos: tuple[int, int]) -> bool:
        """True when a tap at `pos` lands on this widget."""
        return self.visible and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """Draw the widget (hotspots draw nothing)."""

    def described(self) -> dict[str, object]:
        """The widget as the scripted driver's `widgets` line prints it."""
        return {
            "name": self.name,
            "text": self.text,
            "rect": [self.rect.x, self.rect.y, self.rect.w, self.rect.h],
            "enabled": self.enabled,
        }


@dataclass(eq=False)
class Label(Widget):
    """Words on screen, left-aligned or centred in the rectangle, shrunk to fit."""

    size: int = theme.TEXT_MIN
    bold: bool = False
    colour: RGB = theme.TEXT
    centred: bool = False

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """Draw the words, shrinking the font (never below 60%) until they fit the width."""
        draw_text(surface, self.text, self.rect, look, self.size, self.bold, self.colour,
                  centred=self.centred)


@dataclass(eq=False)
class Button(Widget):
    """A rounded button with its words centred; grey and answering with `refusal` when disabled."""

    size: int = theme.TEXT_MIN
    colour: RGB = theme.BUTTON
    selected: bool = False

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """Draw the button, ringed in the accent colour when selected."""
        fill = self.colour if self.enabled else theme.BUTTON_DISABLED
        radius = look.px(10)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if self.selected:
            pygame.draw.rect(surface, theme.ACCENT, self.rect, look.px(4), border_radius=radius)
        ink = theme.TEXT if self.enabled else theme.MUTED
        draw_text(surface, self.text, self.rect.inflate(-look.px(12), 0), look, self.size,
                  True, ink, centred=True)


@dataclass(eq=False)
class Panel(Widget):
    """A filled rectangle behind other widgets (a dialog's card, a side bar)."""

    colour: RGB = theme.PANEL
    border: RGB | None = None

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """Fill the rectangle."""
        pygame.draw.rect(surface, self.colour, self.rect, border_radius=look.px(12))
        if self.border is not None:
            pygame.draw.rect(surface, self.border, self.rect, look.px(3),
                             border_radius=look.px(12))


@dataclass(eq=False)
class Shade(Widget):
    """What lies behind a dialog, dimmed: a dark veil over the whole screen, drawn just before
    the dialog's card. It takes no taps and hides nothing from them (the card does)."""

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """Darken everything drawn so far."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill(SHADE)
        surface.blit(veil, (0, 0))


SHADE = (0, 0, 0, 140)
"""The veil behind a dialog: black, a little over half opaque."""


def shade() -> Shade:
    """The veil to put before a dialog's card."""
    return Shade("shade", pygame.Rect(0, 0, 0, 0))


def shown_text(text: str) -> str:
    """`text` as a screen can draw it: characters that are not printable become "�"."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else "\ufffd" for char in text)


def fitted(text: str, font: pygame.font.Font, width: int) -> str:
    """`text`, or its longest start that fits `width` with an ellipsis after it."""
    if font.size(text)[0] <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with "…", found by halving
        middle = (low + high + 1) // 2
        if font.size(text[:middle] + "…")[0] <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low] + "…"


def draw_text(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    look: Theme,
    size: int = theme.TEXT_MIN,
    bold: bool = False,
    colour: RGB = theme.TEXT,
    *,
    centred: bool = False,
) -> None:
    """Draw `text` on one line inside `rect`, shrinking it to fit (never below
    `look.smallest(size)`: 80% of it, or the readable size on a screen read at a metre).

    Words that do not fit one line even so go on two or more, at spaces, when `rect` is
    tall enough (a longer language's "Wynebu chwaraewr" on a button sized for "Face the
    player"); what still does not fit ends with an ellipsis rather than spilling over.
    """
    if not text:
        return
    text = shown_text(text[:MAX_SHOWN])
    wanted = size
    font = look.font(wanted, bold)
    least = look.smallest(size)
    while font.size(text)[0] > rect.w and wanted > least:
        wanted -= 1
        font = look.font(wanted, bold)
    if font.size(text)[0] > rect.w and _draw_on_lines(surface, text, rect, look, size, bold,
                                                      colour, centred):
        return
    shown = fitted(text, font, rect.w)
    if _FIT_RECORDS:
        _note_fit(text, rect, shown, shown == text and font.get_ascent() <= rect.h)
    image = font.render(shown, True, colour)
    place = image.get_rect()
    if centred:
        place.center = rect.center
    else:
        place.midleft = rect.midleft
    surface.blit(image, place)


def _draw_on_lines(surface: pygame.Surface, text: str, rect: pygame.Rect, look: Theme,
                   size: int, bold: bool, colour: RGB, centred: bool) -> bool:
    """Draw `text` broken at its spaces into lines that fit `rect`, at the largest size from
    `size` down to `look.smallest(size)`; False (nothing drawn) when no size fits."""
    wanted = size
    while wanted >= look.smallest(size):
        font = look.font(wanted, bold)
        lines = _at_spaces(text, font, rect.w)
        if lines is not None and len(lines) * font.get_linesize() <= rect.h:
            if _FIT_RECORDS:
                _note_fit(text, rect, "\n".join(lines), True)
            top = rect.centery - len(lines) * font.get_linesize() // 2
            for line in lines:
                image = font.render(line, True, colour)
                place = image.get_rect(top=top)
                if centred:
                    place.centerx = rect.centerx
                else:
                    place.left = rect.left
                surface.blit(image, place)
                top += font.get_linesize()
            return True
        wanted -= 1
    return False


def _at_spaces(text: str, font: pygame.font.Font, width: int) -> list[str] | None:
    """`text` in lines no wider than `width`, broken only at spaces (None: a word is wider)."""
    lines: list[str] = []
    for word in text.split():
        if font.size(word)[0] > width:
            return None
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or None


def button_width(look: Theme, *texts: str, size: int = theme.TEXT_MIN) -> int:
    """The width a `Button` needs to show the widest of `texts` whole on one line at `size`
    (it need not shrink them, on any screen): for a layout that gives a longer language
    room."""
    font = look.font(size, True)
    return max(font.size(shown_text(text))[0] for text in texts) + look.px(12) + 2


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` broken into lines no wider than `width`: at spaces, and inside a word too long
    for a line."""
    return _wrapped(text, font, width)[0]


def _wrapped(text: str, font: pygame.font.Font, width: int) -> tuple[list[str], bool]:
    """`wrap_text`'s lines, and whether a word had to be broken inside."""
    broken = False
    lines: list[str] = []
    for raw in text[:MAX_SHOWN].split("\n"):
        paragraph = shown_text(raw)
        line = ""
        for word in paragraph.split():
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(fitted(word, font, width)) - 1 or 1
                broken = True
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cut])
                word = word[cut:]
            candidate = f"{line} {word}".strip()
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines, broken


def block_fits(look: Theme, text: str, rect: pygame.Rect, size: int = theme.TEXT_MIN) -> bool:
    """True when a `TextBlock` of `text` in `rect` shows it whole: no word broken inside and
    no line cut, at `size` or shrunk as far as `look.smallest(size)`."""
    pad = look.px(5)
    least = look.smallest(size)
    while True:  # the sizes `TextBlock.draw` tries, largest first
        font = look.font(size)
        lines, broken = _wrapped(text, font, rect.w - 2 * pad)
        if len(lines) * font.get_linesize() <= rect.h - pad or size <= least:
            return not broken and len(lines) * font.get_linesize() <= rect.h - pad
        size -= 1


@dataclass(eq=False)
class TextBlock(Widget):
    """A paragraph wrapped to its rectangle (a rejected move's sentence, a rule's hint)."""

    size: int = theme.TEXT_MIN
    colour: RGB = theme.TEXT
    background: RGB | None = None
    lines_shown: list[str] = field(default_factory=list)

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """Draw the wrapped lines from the top of the rectangle, on the background if any."""
        if self.background is not None:
            pygame.draw.rect(surface, self.background, self.rect, border_radius=look.px(10))
        pad = look.px(5)
        size = self.size
        font = look.font(size)
        lines, broken = _wrapped(self.text, font, self.rect.w - 2 * pad)
        # A long sentence shrinks a little (never below `look.smallest`) rather than lose its
        # end.
        least = look.smallest(self.size)
        while len(lines) * font.get_linesize() > self.rect.h - pad and size > least:
            size -= 1
            font = look.font(size)
            lines, broken = _wrapped(self.text, font, self.rect.w - 2 * pad)
        room = max(1, (self.rect.h - pad) // font.get_linesize())
        cut = len(lines) > room
        if cut:  # the last line that fits says that more was cut
            lines = [*lines[: room - 1], fitted(lines[room - 1] + " …", font,
                                                 self.rect.w - 2 * pad)]
        if _FIT_RECORDS and self.text.strip():
            _note_fit(self.text, self.rect, "\n".join(lines), not (cut or broken))
        y = self.rect.y + pad
        for line in lines:
            surface.blit(font.render(line, True, self.colour), (self.rect.x + pad, y))
            y += font.get_linesize()


__all__ = [
    "Button",
    "Label",
    "Panel",
    "Shade",
    "TextBlock",
    "TextFit",
    "Widget",
    "block_fits",
    "button_width",
    "draw_text",
    "fitted",
    "recording_fits",
    "shade",
    "shown_text",
    "wrap_text",
]
