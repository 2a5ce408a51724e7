"""The actions UNO Duo adds to classic UNO: drafting and playing a colour.

`DUO_ACTIONS` extends classic UNO's set; `ChooseFirstDrafter` takes the
place of `ChooseDealer` under its tag.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.action_codec import Action
from companion.games.uno.actions import CLASSIC_ACTIONS, CallUno, ChooseDealer
from companion.games.uno.cards import Card


@dataclass(frozen=True)
class ChooseFirstDrafter(ChooseDealer):
    """Referee mode: the seat that cut the highest card and drafts first (Player 1)."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The choice, with the first drafter named."""
        return f"{seat_name(self.dealer)} drafts first"


@dataclass(frozen=True)
class DraftPick(Action, tag="draft"):
    """The drafter keeps the card they looked at, or discards it and keeps the next."""

    keep: bool

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "draft: keep the card"."""
        return "draft: keep the card" if self.keep else "draft: discard the card, keep the next"


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


DUO_ACTIONS = CLASSIC_ACTIONS.extended("UNO Duo", ChooseFirstDrafter, DraftPick, PlayColour)
"""Every action of an UNO Duo match."""

__all__ = ["DUO_ACTIONS", "CallUno", "ChooseFirstDrafter", "DraftPick", "PlayColour"]
