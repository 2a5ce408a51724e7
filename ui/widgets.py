"""The widgets screens are made of: each has a stable name, a rectangle and its words.

A widget is drawn by its scene and tapped through it. Its `name` is what the
scripted driver taps and lists (`tap confirm`, `widgets`), so names are a
public interface (docs/ui.md). Rectangles are in logical pixels: the
picture as a person sees it, after rotation.

A tap on a disabled widget is not ignored: its `refusal` (why it cannot be
used now) is shown, as a person would want to hear.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from ui import theme
from ui.theme import RGB, Theme

Action = Callable[[], None]


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
    """Draw `text` on one line inside `rect`, shrinking it to fit (never below 60% of `size`).

    What still does not fit ends with an ellipsis rather than spilling over.
    """
    if not text:
        return
    wanted = size
    font = look.font(wanted, bold)
    while font.size(text)[0] > rect.w and wanted > size * 0.6:
        wanted -= 1
        font = look.font(wanted, bold)
    shown = text
    while font.size(shown)[0] > rect.w and len(shown) > 1:
        shown = shown[:-2] + "…"
    image = font.render(shown, True, colour)
    place = image.get_rect()
    if centred:
        place.center = rect.center
    else:
        place.midleft = rect.midleft
    surface.blit(image, place)


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` at word boundaries."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}".strip()
            if line and font.size(candidate)[0] > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


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
        lines = wrap_text(self.text, font, self.rect.w - 2 * pad)
        # A long sentence shrinks a little (never below 80%) rather than lose its end.
        while len(lines) * font.get_linesize() > self.rect.h - pad and size > self.size * 0.8:
            size -= 1
            font = look.font(size)
            lines = wrap_text(self.text, font, self.rect.w - 2 * pad)
        y = self.rect.y + pad
        for line in lines:
            if y + font.get_linesize() > self.rect.bottom:
                break
            surface.blit(font.render(line, True, self.colour), (self.rect.x + pad, y))
            y += font.get_linesize()


__all__ = ["Button", "Label", "Panel", "TextBlock", "Widget", "draw_text", "wrap_text"]
