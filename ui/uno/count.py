"""The end of an UNO round on screen: each hand left counted, as its points or its cards.

`count:<seat>` opens the count of one hand: its points typed on a keypad
(`digit:<0-9>`, `delete`, `done`; the engine refuses a total the hand cannot
be worth and says the range), or `cards` to enter the cards themselves with
the picker (`ui.uno.entry`: each taken back with one tap, the whole
hand sent with `done` once all are in). The engine's `CountHand` scores it.
"""

from __future__ import annotations

from functools import partial

import pygame

from companion.games.uno import actions as act
from companion.i18n import _, ngettext
from companion.table import PlayAction
from ui import layout
from ui.theme import Theme
from ui.uno.actions import GO, CountActions, Press
from ui.uno.panel import InkButton, message_over
from ui.uno.picker import frame, stacked
from ui.uno.view_model import UnoView
from ui.widgets import Label, TextBlock, Widget


class HandCount:
    """The count of one hand in progress: the seat, the points typed, the cards entered
    (the scene's `Entry` holds them, so that a dialog closing forgets them)."""

    def __init__(self, scene: CountActions) -> None:
        self.scene = scene

    def goes_on(self) -> bool:
        """True when the hand being counted can still be counted in the new state: a phone
        counting another hand, or a late call, does not wipe the points half typed here."""
        scene = self.scene
        seat = scene.entry.counting
        view = scene.view
        return (seat is not None and view is not None
                and any(action.counted == seat for action in view.actions_of(act.CountHand)))

    def open(self, seat: int) -> None:
        """Count one hand at the round's end."""
        self.scene.fresh_entry(counting=seat)

    def type_digit(self, digit: str) -> None:
        """One digit of the hand's points."""
        entry = self.scene.entry
        if len(entry.typed) < 4:
            entry.typed = (entry.typed + digit).lstrip("0") or "0"
        self.scene.rebuild()

    def delete_digit(self) -> None:
        """Take back the last digit typed."""
        entry = self.scene.entry
        entry.typed = entry.typed[:-1]
        self.scene.rebuild()

    def count_points(self) -> None:
        """Send the hand's points as typed (the engine says which totals are possible)."""
        scene = self.scene
        view, seat = scene.view, scene.entry.counting
        if view is None or seat is None:
            return
        action = view.count_action(seat, points=int(scene.entry.typed or "0"))
        scene.stage.post(PlayAction(action))
        scene.entry.typed = ""
        scene.rebuild()

    def count_cards(self) -> None:
        """Send the hand's cards as entered, once they are all in."""
        scene = self.scene
        view, seat = scene.view, scene.entry.counting
        if view is None or seat is None:
            return
        left = scene.cards.room()
        if left > 0:
            scene.stage.say(ngettext("Enter {n} more card of {name}'s hand first.",
                                     "Enter {n} more cards of {name}'s hand first.", left
                                     ).format(n=left, name=view.name(seat)))
            return
        scene.send(view.count_action(seat, cards=tuple(scene.entry.entered)))


def hand_count(scene: CountActions, view: UnoView, area: pygame.Rect, look: Theme) -> list[Widget]:
    """A hand counted at the round's end: its points typed (`digit:<0-9>`, `delete`, `done`),
    or `cards` to enter the cards themselves."""
    seat = scene.entry.counting
    assert seat is not None
    count = scene.count
    widgets, inner = frame(area, look)
    pad = look.px(6)
    head, rest = layout.take_top(inner, look.px(64), pad)
    size = view.hand_sizes()[seat]
    widgets.append(TextBlock("question", head, _(
        "{name} holds {n} cards: type their points, or enter the cards.").format(
            name=view.name(seat), n=size), size=24))
    widgets += message_over(scene.stage, head, look)
    left, keys = layout.take_left(rest, rest.w * 2 // 5, pad)
    shown, commands = layout.take_top(left, look.px(80), pad)
    widgets.append(Label("points", shown, scene.entry.typed or "0", size=48, bold=True,
                         centred=True))
    widgets += stacked([
        Press("done", _("Done"), count.count_points, GO),
        Press("cards", _("Enter cards"), lambda: scene.open_picker("count")),
        Press("cancel", _("Cancel"), scene.close_dialog, (90, 90, 90)),
    ], commands, look)
    digits = [Press(f"digit:{n}", str(n), partial(count.type_digit, str(n)))
              for n in (7, 8, 9, 4, 5, 6, 1, 2, 3)]
    digits += [Press("digit:0", "0", lambda: count.type_digit("0")),
               Press("delete", "⌫", count.delete_digit, (90, 90, 90))]
    cells = layout.grid(keys, 3, len(digits), (keys.h - pad * 3) // 4, pad)
    widgets += [InkButton(press.name, cell, press.text, colour=press.colour, size=30,
                          on_tap=press.on_tap) for press, cell in zip(digits, cells, strict=True)]
    return widgets


__all__ = ["HandCount", "hand_count"]
