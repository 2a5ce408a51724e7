"""What many scenes build the same way: the sentence on screen and the back-and-title header."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from companion.i18n import _
from ui import layout, theme
from ui.theme import Theme
from ui.widgets import Action, Button, Label, TextBlock, Widget

if TYPE_CHECKING:
    from ui.scene import Message

HEADER_HEIGHT = 52
"""The header row's height (before the theme's scale)."""
BACK_WIDTH = 110
"""The `back` button's width (before the theme's scale)."""


def message_widgets(stage: ShowsMessage, area: pygame.Rect) -> list[Widget]:
    """The sentence the app is showing (a refusal, a hint), as a widget named `message`."""
    message = stage.message
    if message is None:
        return []
    colour = theme.REFUSAL if message.refusal else theme.PANEL
    return [TextBlock("message", area, message.text, background=colour)]


def redo_button(rect: pygame.Rect, on_tap: Action, colour: theme.RGB = (80, 80, 96)) -> Button:
    """`redo`: play again what the last undo took back (shown while it can be)."""
    return Button("redo", rect, _("Redo"), colour=colour, on_tap=on_tap)


@dataclass(eq=False)
class ScoresCard(Button):
    """A card framed like a button behind a match's scores: a tap opens the scoresheet. The
    scores' own labels are drawn over it, so it has no words of its own."""

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The card and its frame."""
        radius = look.px(10)
        pygame.draw.rect(surface, self.colour, self.rect, border_radius=radius)
        pygame.draw.rect(surface, SCORES_FRAME, self.rect, look.px(2), border_radius=radius)


SCORES_FRAME: theme.RGB = (96, 96, 120)
"""The frame of the scores' card: the same family as the buttons' grey."""


def scores_button(rect: pygame.Rect, on_tap: Action) -> Button:
    """`scores`: the framed card behind a match's scores, which opens its scoresheet."""
    return ScoresCard("scores", rect, "", colour=theme.PANEL, on_tap=on_tap)


class ShowsMessage(Protocol):
    """Anything with the sentence on screen (the app: `Stage.message`)."""

    @property
    def message(self) -> Message | None:
        """The sentence on screen now, if any."""


@dataclass
class Header:
    """A screen's header: `back`, its title beside it, and the rest of the screen below.

    A screen that puts more in the header takes it from `title.rect`.
    """

    back: Button
    title: Label
    body: pygame.Rect
    area: pygame.Rect
    """The whole screen less its margin (the header and the body)."""

    @property
    def widgets(self) -> list[Widget]:
        """The header's widgets, `back` first."""
        return [self.back, self.title]


def header_row(look: Theme, top: pygame.Rect, gap: int, title: str, on_back: Action, *,
               size: int = 30, name: str = "title") -> tuple[Button, Label]:
    """`back` at the left of `top`, then the title, bold, in the rest of it: smaller, down to
    the readable size, when a long title (a game's) needs it."""
    back, rest = layout.take_left(top, look.px(BACK_WIDTH), gap)
    while size > theme.TEXT_MIN and look.font(size, True).size(title)[0] > rest.w:
        size -= 1
    return (Button("back", back, _("Back"), on_tap=on_back),
            Label(name, rest, title, size=size, bold=True))


def screen_header(look: Theme, screen: tuple[int, int], gap: int, title: str,
                  on_back: Action, *, size: int = 30, name: str = "title") -> Header:
    """The header of a screen of size `screen` with a margin of `gap`: `back`, then the
    title (a `Label` called `name`, `size` points, bold); `body` is what is left below."""
    width, height = screen
    area = pygame.Rect(gap, gap, width - 2 * gap, height - 2 * gap)
    top, body = layout.take_top(area, look.px(HEADER_HEIGHT), gap)
    back, label = header_row(look, top, gap, title, on_back, size=size, name=name)
    return Header(back, label, body, area)


__all__ = ["Header", "ShowsMessage", "header_row", "message_widgets", "screen_header"]
