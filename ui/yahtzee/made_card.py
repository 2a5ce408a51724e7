"""The made card over the Yahtzee board: "What did Ana make?", for dice thrown at the table.

The players throw real dice (up to three throws, holding between them) and tap only what
counts, before any throw is entered: a number tile's count (`made:fives:4`, one tap), a
pattern tile (`made:full_house:1`), Chance and then its total on a small pad
(`made:chance`, then `made:chance:27`), a Yahtzee and then its face (`made:yahtzee`, then
`made:yahtzee:6`), or nothing (`made:nothing`); `made:back` leaves a pad. The card lists
what the engine says wins something on this square (`YahtzeeState.declarations`). The
dice can still be tapped in one by one: the panel's faces stay in sight beside the card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from typing import Protocol

import pygame

from companion.games.yahtzee import DeclaredResult, Tile
from companion.i18n import _
from ui import layout, theme
from ui.board_parts import mix
from ui.dice_drawing import FaceButton
from ui.theme import Theme, player_colour
from ui.widgets import Button, TextBlock, Widget
from ui.widgets import Panel as Card
from ui.yahtzee.board_drawing import LEAST, draw_lines, lines_size
from ui.yahtzee.cards import GO, block_height
from ui.yahtzee.view_model import YahtzeeView

NOTHING: theme.RGB = (110, 60, 60)
"""The colour of "Nothing": the turn ends."""
COUNTS = 4
"""A number tile's counts, one column each (five of a number is a Yahtzee)."""
OTHERS_A_ROW = 4
TOTALS_A_ROW = 6


class MadeStep(StrEnum):
    """Which part of the made card is up."""

    TILES = "tiles"
    """The tiles with their counts, Chance, Yahtzee and Nothing."""
    CHANCE = "chance"
    """The totals Chance may be made with."""
    YAHTZEE = "yahtzee"
    """The face of the Yahtzee."""


class MadeActions(Protocol):
    """What the made card asks its scene to do."""

    @property
    def made_card_up(self) -> bool:
        """True while the card is offered (the players throw at the table)."""

    @property
    def made_step(self) -> MadeStep:
        """The part of the card that is up."""

    def declare(self, declared: DeclaredResult) -> None:
        """Tell the table what the dice made."""

    def show_made_step(self, step: MadeStep) -> None:
        """Show another part of the card."""


@dataclass(frozen=True)
class Tap:
    """One button of the card: its name, words, colour and what a tap does."""

    name: str
    words: tuple[str, ...]
    """Its words, longest first: the button shows the longest that fits."""
    colour: theme.RGB
    on_tap: partial[None]
    face: bool = False


Row = tuple[str | None, list[Tap | None], int]
"""A row of the card: a label on its left (or none), its buttons (None: an empty place), and
how many columns it has (a number tile's counts line up)."""


def made_card(scene: MadeActions, view: YahtzeeView, area: pygame.Rect, look: Theme
              ) -> list[Widget]:
    """The card over the board (`area`) while the players say what the dice made."""
    declared = view.declarations()
    if not declared or not scene.made_card_up:
        return []
    step = scene.made_step
    if step is MadeStep.CHANCE:
        question = _("{name}'s Chance: the five dice's total").format(
            name=view.name(view.game.current))
        rows = _pad_rows(scene, [d for d in declared if d.tile is Tile.CHANCE], TOTALS_A_ROW)
    elif step is MadeStep.YAHTZEE:
        question = _("A Yahtzee of which face?")
        rows = _pad_rows(scene, [d for d in declared if d.is_yahtzee], TOTALS_A_ROW)
    else:
        question = view.made_question()
        rows = _tile_rows(scene, view, declared)
    if step is MadeStep.YAHTZEE:
        return _laid_out(question, rows, area, look)
    return _laid_out((f"{question}\n{view.made_goal()}", question), rows, area, look)


def _tile_rows(scene: MadeActions, view: YahtzeeView, declared: list[DeclaredResult]
               ) -> list[Row]:
    """A row for each number tile (its counts in columns), then the others four a row."""
    rows: list[Row] = []
    numbers: dict[Tile, list[Tap | None]] = {}
    others: list[Tap | None] = []
    chance = False
    for made in declared:
        tile = made.tile
        if tile is None:
            continue
        if tile.face is not None:
            places = numbers.setdefault(tile, [None] * COUNTS)
            places[made.value - 1] = Tap(f"made:{tile.value}:{made.value}", (f"×{made.value}",),
                                         _colour(view, tile), partial(scene.declare, made))
        elif tile is Tile.CHANCE:
            chance = True
        else:
            others.append(Tap(f"made:{tile.value}:1", view.made_labels(tile),
                              _colour(view, tile), partial(scene.declare, made)))
    rows += [(view.made_labels(tile)[0], places, COUNTS) for tile, places in numbers.items()]
    if chance:
        others.append(Tap("made:chance", view.made_labels(Tile.CHANCE), _colour(view, Tile.CHANCE),
                          partial(scene.show_made_step, MadeStep.CHANCE)))
    others.append(Tap("made:yahtzee", (_("Yahtzee!"),), GO,
                      partial(scene.show_made_step, MadeStep.YAHTZEE)))
    nothing = declared[-1]
    others.append(Tap("made:nothing", (_("Nothing"),), NOTHING, partial(scene.declare, nothing)))
    for start in range(0, len(others), OTHERS_A_ROW):
        rows.append((None, others[start:start + OTHERS_A_ROW], OTHERS_A_ROW))
    return rows


def _pad_rows(scene: MadeActions, declared: list[DeclaredResult], per_row: int) -> list[Row]:
    """The values of one kind of result (Chance's totals, a Yahtzee's faces), then Back."""
    taps: list[Tap | None] = [
        Tap(f"made:{made.made}:{made.value}", (str(made.value),), theme.BUTTON,
            partial(scene.declare, made), face=made.is_yahtzee) for made in declared]
    rows: list[Row] = [(None, taps[start:start + per_row], per_row)
                       for start in range(0, len(taps), per_row)]
    back = Tap("made:back", (_("Back"),), (80, 80, 96),
               partial(scene.show_made_step, MadeStep.TILES))
    return [*rows, (None, [back], OTHERS_A_ROW)]


def _colour(view: YahtzeeView, tile: Tile) -> theme.RGB:
    """A tile's button: the owner's colour, darkened, when another player holds it."""
    owner = view.game.holdings[tile].owner
    if owner is None or owner == view.game.current:
        return theme.BUTTON
    return mix(player_colour(view.snapshot.players[owner].colour).rgb, (0, 0, 0), 0.45)


def _laid_out(questions: str | tuple[str, ...], rows: list[Row], area: pygame.Rect,
              look: Theme) -> list[Widget]:
    """The card as tall as its rows need (a finger high each at least), over the middle of
    `area`: the question on top (the longest of `questions` that leaves the rows room),
    then each row's label and buttons."""
    gap = look.px(4)
    card = area.inflate(-look.px(4), -look.px(4))
    inner = card.inflate(-2 * gap, -2 * gap)
    finger = look.px(theme.TARGET_MIN)
    # The question gives way (down to 80% of the readable size, then without its second
    # line, what the dice are thrown for) to rows a finger high.
    tries = [(words, size) for words in ((questions,) if isinstance(questions, str)
                                         else questions) for size in (theme.TEXT_MIN, LEAST)]
    question, title_size = next(
        ((words, size) for words, size in tries
         if block_height(words, size, inner.w, look) + len(rows) * (finger + gap) <= inner.h),
        tries[-1])
    title_h = block_height(question, title_size, inner.w, look)
    room = inner.h - title_h - gap * len(rows)
    row_h = max(finger, min(look.px(60), room // max(1, len(rows))))
    card.h = min(card.h, title_h + len(rows) * (row_h + gap) + 2 * gap)
    card.centery = area.centery
    inner = card.inflate(-2 * gap, -2 * gap)
    title, rest = layout.take_top(inner, title_h, gap)
    widgets: list[Widget] = [Card("made_card", card, border=theme.ACCENT, on_tap=_nothing),
                             TextBlock("made_question", title, question, size=title_size)]
    labelled = any(label is not None for label, _taps, _columns in rows)
    label_w = inner.w * 3 // 11 if labelled else 0
    labels: list[TileLabel] = []
    buttons: list[MadeButton] = []
    for index, (label, taps, count) in enumerate(rows):
        row = pygame.Rect(rest.x, rest.y + index * (row_h + gap), rest.w, row_h)
        if label is not None:
            label_rect, row = layout.take_left(row, label_w, gap)
            labels.append(TileLabel(f"made_row:{index + 1}", label_rect, label))
        for tap, cell in zip(taps, layout.columns(row, count, gap), strict=False):
            if tap is not None and tap.face:
                widgets.append(FaceButton(tap.name, cell, tap.words[0], on_tap=tap.on_tap))
            elif tap is not None:
                buttons.append(MadeButton(tap.name, cell, tap.words[0], colour=tap.colour,
                                          on_tap=tap.on_tap, forms=tap.words))
    # One size for every button's words, and one for the tiles' names, as on a printed card.
    size = min((button.fit(look)[1] for button in buttons), default=theme.TEXT_MIN)
    for button in buttons:
        button.size = size
    size = min((lines_size(name.body(look), [name.text], look) or LEAST for name in labels),
               default=theme.TEXT_MIN)
    for name in labels:
        name.size = size
    return [*widgets, *labels, *buttons]


@dataclass(eq=False)
class MadeButton(Button):
    """A result on the made card: the longest of its `forms` that fits, wrapped at spaces
    on as many lines as it holds, at the card's one size (`size`, set by the card)."""

    forms: tuple[str, ...] = ()

    def body(self, look: Theme) -> pygame.Rect:
        """Where the words go."""
        return self.rect.inflate(-look.px(6), 0)

    def fit(self, look: Theme) -> tuple[str, int]:
        """The longest form that fits and the largest size it fits at (the shortest at the
        least size when none does)."""
        body = self.body(look)
        for form in self.forms or (self.text,):
            size = lines_size(body, [form], look)
            if size is not None:
                return form, size
        return (self.forms or (self.text,))[-1], LEAST

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The button and its words."""
        pygame.draw.rect(surface, self.colour, self.rect, border_radius=look.px(10))
        form, _size = self.fit(look)
        draw_lines(surface, self.body(look), [form], look, theme.TEXT, self.size)


@dataclass(eq=False)
class TileLabel(Widget):
    """A number tile's name at the start of its row of counts, wrapped, at the card's one
    size for the names (`size`, set by the card)."""

    size: int = theme.TEXT_MIN

    def body(self, look: Theme) -> pygame.Rect:
        """Where the words go."""
        return self.rect.inflate(-look.px(4), 0)

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The words, left of the counts."""
        draw_lines(surface, self.body(look), [self.text], look, theme.TEXT, self.size)


def _nothing() -> None:
    """The card takes the taps that land on it (nothing behind it moves)."""


__all__ = ["MadeActions", "MadeStep", "made_card"]
