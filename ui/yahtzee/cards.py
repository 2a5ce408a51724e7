"""The cards over the Yahtzee board: the tiles to go for or claim, and the game's end.

A card is as tall as what it holds, over the middle of the board, which stays
in sight round it; it takes the taps that land on it (nothing behind it moves).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

import pygame

from companion.games.yahtzee.tiles import Tile
from companion.i18n import _
from ui import layout, theme
from ui.board_parts import mix
from ui.theme import Theme, player_colour
from ui.widgets import Button, TextBlock, Widget, shade, wrap_text
from ui.widgets import Panel as Card
from ui.yahtzee.board_drawing import LEAST, draw_lines, lines_size
from ui.yahtzee.view_model import YahtzeeView

GO: theme.RGB = (0, 120, 80)
"""The colour of the button that moves the game on."""


class CardActions(Protocol):
    """What a card over the board asks its scene to do."""

    def choose_tile(self, tile: Tile) -> None:
        """The tile to go for, or to claim."""

    def next_game(self) -> None:
        """A rematch."""


def block_height(text: str, size: int, width: int, look: Theme) -> int:
    """The height a `TextBlock` of `text` at `size` needs `width` wide."""
    font = look.font(size)
    pad = look.px(5)
    return len(wrap_text(text, font, width - 2 * pad)) * font.get_linesize() + 2 * pad


def choice_card(scene: CardActions, view: YahtzeeView, area: pygame.Rect, look: Theme
                ) -> list[Widget]:
    """Over the board: the tiles to go for on a wild square, or to claim (`tile:<name>`),
    each in its owner's colour with the owner's name, two a row (three when two a row would
    leave them less than a finger high); the dice stay in sight beside it."""
    choices = view.choice_actions()
    if not choices or view.snapshot.is_over:
        return []
    gap = look.px(6)
    card = area.inflate(-look.px(4), -look.px(4))
    inner = card.inflate(-2 * gap, -2 * gap)
    question = view.prompt()
    title, rest = layout.take_top(inner, block_height(question, theme.TEXT_MIN, inner.w, look),
                                  gap)
    cols = 2
    rows = -(-len(choices) // cols)
    if (rest.h - gap * (rows - 1)) // rows < look.px(theme.TARGET_MIN):
        cols = 3
        rows = -(-len(choices) // cols)
    height = min(look.px(64), (rest.h - gap * (rows - 1)) // rows)
    # The card is as tall as its tiles need, over the middle of the board (which stays in
    # sight round it).
    card.h = min(card.h, title.h + rows * height + (rows + 2) * gap + 2 * gap)
    card.centery = area.centery
    inner = card.inflate(-2 * gap, -2 * gap)
    title, rest = layout.take_top(inner, title.h, gap)
    cells = layout.grid(rest, cols, len(choices), height, gap)
    widgets: list[Widget] = [
        shade(),
        Card("dialog", card, border=theme.ACCENT, on_tap=_nothing),
        TextBlock("question", title, question),
    ]
    players = view.snapshot.players
    for action, cell in zip(choices, cells, strict=True):
        owner = view.game.holdings[action.tile].owner
        colour = theme.BUTTON if owner is None else mix(
            player_colour(players[owner].colour).rgb, (0, 0, 0), 0.45)
        widgets.append(TileButton(f"tile:{action.tile.value}", cell, view.choice_words(action),
                                  colour=colour,
                                  on_tap=partial(scene.choose_tile, action.tile)))
    return widgets


@dataclass(eq=False)
class TileButton(Button):
    """A tile on the choice card: its words wrapped on as many lines as the button holds,
    as large as they fit (down to 80% of the readable size)."""

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The button and its words."""
        pygame.draw.rect(surface, self.colour, self.rect, border_radius=look.px(10))
        body = self.rect.inflate(-look.px(10), -look.px(4))
        lines = [self.text]
        draw_lines(surface, body, lines, look, theme.TEXT, lines_size(body, lines, look) or LEAST)


def result_card(scene: CardActions, view: YahtzeeView, area: pygame.Rect, look: Theme
                ) -> list[Widget]:
    """The game's end over the board: the scores and the winners; `next` is a rematch."""
    if not view.snapshot.is_over:
        return []
    text = view.result_words()
    lines = text.count("\n") + 1
    height = lines * look.font(28).get_linesize() + look.px(56 + 2 * 10 + 20)
    card = area.inflate(-area.w // 6, 0)
    card.h = min(area.h - look.px(20), height)
    card.centery = area.centery
    inner = card.inflate(-look.px(20), -look.px(20))
    button, words = layout.take_bottom(inner, look.px(56), look.px(10))
    return [
        Card("notice", card, border=theme.ACCENT, on_tap=_nothing),
        TextBlock("result", words, text, size=28),
        Button("next", button, _("Rematch"), colour=GO, on_tap=scene.next_game),
    ]


def _nothing() -> None:
    """A card over the board takes the taps that land on it (nothing behind it moves)."""


__all__ = ["GO", "CardActions", "TileButton", "block_height", "choice_card", "result_card"]
