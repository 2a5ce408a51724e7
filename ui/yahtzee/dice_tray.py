"""The five dice of a Yahtzee turn as the table sees them, each in its place in the tray.

A held die stays where it lies (the finger that held it finds it there), ringed in
the accent colour with "Held" above it; the others lie beside it. While a throw is
awaited the places of the dice to throw are empty (or show the faces tapped in so
far), and the held dice wait in theirs. Each die is `hold:<n>` by its place, 1 to 5
from the left, before and after a hold and a throw.
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
from ui.yahtzee.dice_places import DicePlaces
from ui.yahtzee.view_model import YahtzeeView

HELD_BOX: theme.RGB = (52, 46, 30)


@dataclass(frozen=True)
class TrayDie:
    """One die: its number among the faces (None while it is still to throw), its value
    (None: not thrown yet), and whether it is held out of the tray."""

    index: int | None
    value: int | None
    held: bool = False


def dice_on_table(view: YahtzeeView, places: DicePlaces, entered: list[int]) -> list[TrayDie]:
    """The dice to draw now, in their places: the five dice with the player's holds, or the
    dice asked for (tapped faces first, empty places for the rest) among those kept."""
    dice = view.dice
    request = view.snapshot.chance
    if dice is not None and dice.faces and len(places.faces) == len(dice.faces):
        waiting = iter(entered[: dice.to_roll] if dice.awaiting_throw else ())
        shown = []
        for place, value in enumerate(places.faces):
            if dice.awaiting_throw and place not in places.held:
                shown.append(TrayDie(None, next(waiting, None)))
            else:
                shown.append(TrayDie(place, value, place in places.held))
        return shown
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
        y = rect.y + self.label_h + gap
        width = len(dice) * self.side + (len(dice) + 1) * gap
        self.tray_box = pygame.Rect(rect.x, y - gap, width, self.side + 2 * gap)
        self.places: list[tuple[TrayDie, pygame.Rect]] = [
            (die, pygame.Rect(rect.x + gap + number * (self.side + gap), y, self.side,
                              self.side))
            for number, die in enumerate(dice)]

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The tray's felt, the dice in their places, "Held" above each held one."""
        if not self.dice:
            return
        radius = look.px(10)
        pygame.draw.rect(surface, mix(FELT, (0, 0, 0), 0.25), self.tray_box,
                         border_radius=radius)
        pygame.draw.rect(surface, EDGE, self.tray_box, look.px(2), border_radius=radius)
        for die, place in self.places:
            if die.value is None:
                _draw_empty_place(surface, place, look)
                continue
            if die.held:
                pygame.draw.rect(surface, HELD_BOX, place.inflate(self.gap, self.gap),
                                 border_radius=radius)
            draw_die(surface, place, die.value, look, held=die.held)
        for run in self._held_runs():
            label = pygame.Rect(run.x, self.rect.y, run.w, self.label_h)
            draw_text(surface, _("Held"), label, look, theme.TEXT_MIN, False, theme.ACCENT,
                      centred=True)

    def _held_runs(self) -> list[pygame.Rect]:
        """The spans of neighbouring held dice: one "Held" over each span."""
        runs: list[pygame.Rect] = []
        last_held = False
        for die, place in self.places:
            held = die.held and die.value is not None
            if held and last_held:
                runs[-1].union_ip(place)
            elif held:
                runs.append(place.inflate(self.gap, 0))
            last_held = held
        return runs


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
