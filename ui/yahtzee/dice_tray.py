"""The five dice of a Yahtzee turn as the table sees them: in the tray, or held out of it.

Dice the player holds are drawn apart, in their own box ringed in the accent
colour ("Held"), as they lie out of the tray at the table; the others lie in
the tray. While a throw is awaited the tray shows an empty place for each die
to throw (or the faces tapped in so far), and the held dice wait beside it.
Each die keeps its number (`hold:<n>`, 1 to 5, the engine's order of the
faces) wherever it lies, so a script taps the same die before and after.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.i18n import _
from ui import theme
from ui.board_parts import EDGE, FELT, mix
from ui.dice_drawing import draw_die
from ui.theme import Theme
from ui.widgets import Widget, draw_text
from ui.yahtzee.view_model import YahtzeeView

HELD_BOX: theme.RGB = (52, 46, 30)


@dataclass(frozen=True)
class TrayDie:
    """One die: its number among the faces (None while it is still to throw), its value
    (None: not thrown yet), and whether it is held out of the tray."""

    index: int | None
    value: int | None
    held: bool = False


def dice_on_table(view: YahtzeeView, held: frozenset[int], entered: list[int]) -> list[TrayDie]:
    """The dice to draw now: the five dice with the player's holds, or the dice asked for
    (tapped faces first, empty places for the rest) beside those kept."""
    dice = view.dice
    request = view.snapshot.chance
    if dice is not None and dice.awaiting_throw:
        kept = [TrayDie(index, value, True) for index, value in enumerate(dice.kept or ())]
        return kept + _to_throw(dice.to_roll, entered)
    if dice is not None and dice.faces:
        return [TrayDie(index, value, index in held) for index, value in enumerate(dice.faces)]
    if request is not None and request.kind == "dice":
        return _to_throw(request.dice, entered)
    return []


def _to_throw(count: int, entered: list[int]) -> list[TrayDie]:
    shown = [TrayDie(None, value) for value in entered[:count]]
    return shown + [TrayDie(None, None)] * (count - len(shown))


class DiceTray(Widget):
    """The tray and the held dice beside it; the dice are tapped through `hold:<n>` hotspots."""

    def __init__(self, rect: pygame.Rect, dice: list[TrayDie], look: Theme) -> None:
        words = " ".join(_die_word(die) for die in dice)
        super().__init__("dice", rect, words)
        self.dice = dice
        self.label_h = look.font(theme.TEXT_MIN).get_linesize()
        gap = look.px(6)
        self.gap = gap
        slots = max(5, len(dice))
        side = min(rect.h - self.label_h - 2 * gap,
                   (rect.w - 4 * gap - (slots - 1) * gap) // slots)
        self.side = max(8, side)
        loose = [die for die in dice if not die.held]
        kept = [die for die in dice if die.held]
        y = rect.y + self.label_h + gap
        self.tray_box = self._box(rect.x, y, len(loose))
        x = self.tray_box.right + 2 * gap if loose else rect.x
        self.held_box = self._box(x, y, len(kept)) if kept else None
        self.places: list[tuple[TrayDie, pygame.Rect]] = []
        for box, group in ((self.tray_box, loose), (self.held_box, kept)):
            if box is None:
                continue
            for number, die in enumerate(group):
                place = pygame.Rect(box.x + gap + number * (self.side + gap), box.y + gap,
                                    self.side, self.side)
                self.places.append((die, place))

    def _box(self, x: int, y: int, count: int) -> pygame.Rect:
        width = count * self.side + (count + 1) * self.gap
        return pygame.Rect(x, y - self.gap, width if count else 0, self.side + 2 * self.gap)

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The tray's felt, the held box ringed in the accent colour, their labels, the dice."""
        if not self.dice:
            return
        radius = look.px(10)
        label = pygame.Rect(self.rect.x, self.rect.y, 0, self.label_h)
        if self.tray_box.w:
            pygame.draw.rect(surface, mix(FELT, (0, 0, 0), 0.25), self.tray_box,
                             border_radius=radius)
            pygame.draw.rect(surface, EDGE, self.tray_box, look.px(2), border_radius=radius)
            label.x, label.w = self.tray_box.x, self.tray_box.w
            words = _("In the tray")
            if look.font(theme.TEXT_MIN).size(words)[0] > label.w:
                words = _("Tray")
            draw_text(surface, words, label, look, theme.TEXT_MIN, False, theme.MUTED)
        if self.held_box is not None:
            pygame.draw.rect(surface, HELD_BOX, self.held_box, border_radius=radius)
            pygame.draw.rect(surface, theme.ACCENT, self.held_box, look.px(3),
                             border_radius=radius)
            label = pygame.Rect(self.held_box.x, self.rect.y,
                                max(self.held_box.w, look.px(64)), self.label_h)
            draw_text(surface, _("Held"), label, look, theme.TEXT_MIN, True, theme.ACCENT)
        for die, place in self.places:
            if die.value is None:
                _draw_empty_place(surface, place, look)
            else:
                draw_die(surface, place, die.value, look)


def _draw_empty_place(surface: pygame.Surface, place: pygame.Rect, look: Theme) -> None:
    """A place for a die still to be thrown: an outline with a question mark."""
    pygame.draw.rect(surface, theme.MUTED, place.inflate(-look.px(4), -look.px(4)),
                     look.px(2), border_radius=max(3, place.w // 6))
    draw_text(surface, "?", place, look, 24, True, theme.MUTED, centred=True)


def _die_word(die: TrayDie) -> str:
    if die.value is None:
        return "?"
    return _("{value} held").format(value=die.value) if die.held else str(die.value)


__all__ = ["DiceTray", "TrayDie", "dice_on_table"]
