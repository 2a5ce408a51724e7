"""The actions UNO Duo adds to classic UNO: drafting and playing a colour.

`DUO_ACTIONS` extends classic UNO's set; `ChooseFirstDrafter` takes the
place of `ChooseDealer` under its tag.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.action_codec import Action
from companion.games.notes import N_, Note
from companion.games.uno.actions import CLASSIC_ACTIONS, CallUno, ChooseDealer
from companion.games.uno.cards import Card

# What each action did, as the screen's last-action line says it ({0}: the seat that took it).
CHOSEN_TO_DRAFT = N_("{0} was chosen to draft first")
DRAFTED = N_("{0} kept the card to draft")
DRAFTED_NEXT = N_("{0} discarded the card and kept the next")
# Translators: {cards} is the run of one colour, "Red 3, Red 5".
PLAYED_RUN = N_("{0} played {cards}")
PLAYED_RUN_UNO = N_("{0} played {cards} and called UNO")


@dataclass(frozen=True)
class ChooseFirstDrafter(ChooseDealer):
    """Referee mode: the seat that cut the highest card and drafts first (Player 1)."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The choice, with the first drafter named."""
        return f"{seat_name(self.dealer)} drafts first"

    def narrate(self, actor: int) -> Note:
        """Reads "Ben was chosen to draft first"."""
        return Note.of(CHOSEN_TO_DRAFT, (self.dealer,))


@dataclass(frozen=True)
class DraftPick(Action, tag="draft"):
    """The drafter keeps the card they looked at, or discards it and keeps the next."""

    keep: bool

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "draft: keep the card"."""
        return "draft: keep the card" if self.keep else "draft: discard the card, keep the next"

    def narrate(self, actor: int) -> Note:
        """Reads "Ana kept the card to draft"."""
        return Note.of(DRAFTED if self.keep else DRAFTED_NEXT, (actor,))


@dataclass(frozen=True)
class PlayColour(Action, tag="play_colour"):
    """Play every card of one colour, in this order (a Reverse first, or after a Reverse start).

    `uno` is the UNO call when the run leaves one card.
    """

    cards: tuple[Card, ...]
    uno: bool = False

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Red 3, Red 5, UNO!"."""
        return ", ".join(str(card) for card in self.cards) + (", UNO!" if self.uno else "")

    def narrate(self, actor: int) -> Note:
        """Reads "Ana played Red 3, Red 5"."""
        cards = ", ".join(str(card) for card in self.cards)
        return Note.of(PLAYED_RUN_UNO if self.uno else PLAYED_RUN, (actor,), cards=cards)


DUO_ACTIONS = CLASSIC_ACTIONS.extended("UNO Duo", ChooseFirstDrafter, DraftPick, PlayColour)
"""Every action of an UNO Duo match."""

__all__ = ["DUO_ACTIONS", "CallUno", "ChooseFirstDrafter", "DraftPick", "PlayColour"]
