"""Cards entered one by one with the picker: a hand counted by its cards, an UNO Duo colour run.

The cards entered so far show as a row of chips over the picker
(`entered:<n>`, the first is 0): tapping one takes that card back, and
`remove` takes back the last, so a mistapped card costs one tap, not the
whole entry. A hand's count is sent with `done` once all its cards are in;
a colour run with `done` ("Play these"). A colour run offers only what the
rules allow next: first a Reverse that can be played now (or any card of a
Reverse start card's colour), then cards of its colour; a colour tab or a
card that cannot come next says why.
"""

from __future__ import annotations

from functools import partial

import pygame

from companion.games.uno.cards import COLOUR_NAMES, Card, Kind
from companion.i18n import _
from ui import theme
from ui.theme import Theme
from ui.uno.actions import GO, EnteredRow, EntryActions, Press
from ui.uno.card_drawing import CARD_COLOURS, card_name
from ui.uno.panel import InkButton
from ui.uno.view_model import UnoView
from ui.widgets import Label, Widget

ENTRIES = ("count", "run")
"""The picker's purposes whose cards are entered one by one and sent together."""


class CardEntry:
    """The cards entered for a hand's count or a colour run (kept in the scene's `Entry`)."""

    def __init__(self, scene: EntryActions) -> None:
        self.scene = scene

    @property
    def cards(self) -> list[Card]:
        """The cards entered so far, in order."""
        return self.scene.entry.entered

    def holder(self) -> int | None:
        """The seat whose cards are entered: the hand counted, or the player on turn."""
        scene = self.scene
        if scene.entry.picking == "count":
            return scene.entry.counting
        return scene.view.snapshot.to_move if scene.view is not None else None

    def room(self) -> int:
        """How many more cards the holder's hand has than are entered."""
        view, seat = self.scene.view, self.holder()
        if view is None or seat is None or seat >= len(view.hand_sizes()):
            return 0
        return view.hand_sizes()[seat] - len(self.cards)

    def allowed(self) -> set[Card]:
        """The cards that may be entered next."""
        view = self.scene.view
        if view is None or self.room() <= 0:
            return set()
        if self.scene.entry.picking == "run":
            return view.run_cards(self.cards)
        return set(view.copies_left(self.cards))

    def refusal(self, card: Card) -> str:
        """Why `card` cannot be entered next, in a sentence."""
        view, seat = self.scene.view, self.holder()
        if view is None:
            return ""
        if self.room() <= 0:
            name, held = view.name(seat), len(self.cards)
            if self.scene.entry.picking == "count":
                return _("All {n} of {name}'s cards are in: tap Count these, or take one "
                         "back.").format(n=held, name=name)
            return _("{name} holds only {n} cards: tap Play these, or take one back.").format(
                n=held, name=name)
        if self.scene.entry.picking == "run":
            return view.run_refusal(card, self.cards)
        return view.all_showing(card)

    def tab_refusal(self, tab: str, cards: list[Card]) -> str:
        """Why a colour run offers no card of the picker's `tab` (whose deck cards are
        `cards`), or "" when it offers some (or the entry is a hand's count)."""
        allowed = self.allowed()
        if self.scene.entry.picking != "run" or not cards or any(
                card in allowed for card in cards):
            return ""
        view = self.scene.view
        reverses = [card for card in cards
                    if view is not None and view.game.effective_kind(card) is Kind.REVERSE]
        if self.cards or not reverses or tab == "wild":
            return self.refusal(cards[0])
        # The sentence of the card a person would try first: the colour's Reverse.
        return _("No {colour} card can start a run now: {reason}").format(
            colour=_(COLOUR_NAMES[reverses[0].colour]) if reverses[0].colour else tab,
            reason=self.refusal(reverses[0]))

    def add(self, card: Card) -> None:
        """One more card entered."""
        self.cards.append(card)
        self.scene.rebuild()

    def take_back(self, index: int | None = None) -> None:
        """Take back the card entered at `index` (the last one when None)."""
        if not self.cards:
            self.scene.stage.say(_("No card is entered yet: tap the cards in the picker."))
            return
        self.cards.pop(len(self.cards) - 1 if index is None else index)
        self.scene.rebuild()

    def title(self, view: UnoView) -> str:
        """What is being entered, with how many cards are in."""
        seat, count = self.holder(), len(self.cards)
        if self.scene.entry.picking == "count":
            size = view.hand_sizes()[seat] if seat is not None else 0
            return _("{name}'s cards ({k} of {n}): tap each card.").format(
                name=view.name(seat), k=count, n=size)
        return _("{name} plays all of a colour, the Reverse first ({k} in):").format(
            name=view.name(seat), k=count)


def entered_row(scene: EnteredRow, area: pygame.Rect, look: Theme) -> list[Widget]:
    """The cards entered so far as chips (`entered:<n>`, tapped to take back), the latest
    on the right; the earliest give way to "+n" when they do not all fit."""
    cards = scene.entry.entered
    if not cards:
        return [Label("entered", area, _("No card entered yet."), colour=theme.MUTED)]
    pad = look.px(6)
    font = look.font(theme.TEXT_MIN, True)
    widths = [font.size(f"{card_name(card)} ✕")[0] + look.px(20) for card in cards]
    more_w = look.px(64)
    first, used = len(cards), 0
    while first > 0 and used + widths[first - 1] + (more_w if first > 1 else 0) <= area.w:
        used += widths[first - 1] + pad
        first -= 1
    widgets: list[Widget] = []
    x = area.x
    if first:
        widgets.append(Label("entered_more", pygame.Rect(x, area.y, more_w, area.h),
                             f"+{first}", bold=True, colour=theme.MUTED))
        x += more_w
    for index in range(first, len(cards)):
        card = cards[index]
        shown = CARD_COLOURS.get(card.colour) if card.colour is not None else None
        fill, ink = (shown.rgb, shown.ink) if shown is not None else ((24, 24, 24), theme.TEXT)
        cell = pygame.Rect(x, area.y, min(widths[index], area.right - x), area.h)
        widgets.append(InkButton(f"entered:{index}", cell, f"{card_name(card)} ✕", colour=fill,
                                 ink=ink, on_tap=partial(scene.cards.take_back, index)))
        x = cell.right + pad
    return widgets


def entry_presses(scene: EntryActions) -> list[Press]:
    """`remove` (the last card back) and, for a hand's count, `done` once all are in."""
    presses = [Press("remove", _("⌫ Take back"), scene.cards.take_back, (90, 90, 90))]
    if scene.entry.picking == "count":
        presses.append(Press("done", _("Count these"), scene.count.count_cards, GO))
    return presses


__all__ = ["ENTRIES", "CardEntry", "entered_row", "entry_presses"]
