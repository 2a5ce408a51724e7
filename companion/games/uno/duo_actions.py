"""The actions UNO Duo adds to classic UNO: drafting and playing a colour.

`DUO_ACTION_TYPES` extends the classic table, so `action_from_json` reads
every action of an UNO Duo match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from companion.games.base import JSONValue, RuleError
from companion.games.uno.actions import ACTION_TYPES, CallUno, ChooseDealer, plain_seat
from companion.games.uno.cards import Card


@dataclass(frozen=True, slots=True)
class ChooseFirstDrafter(ChooseDealer):
    """Referee mode: the seat that cut the highest card and drafts first (Player 1)."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The choice, with the first drafter named."""
        return f"{seat_name(self.seat)} drafts first"

    def __str__(self) -> str:
        return self.describe(plain_seat)


@dataclass(frozen=True, slots=True)
class DraftPick:
    """The drafter keeps the card they looked at, or discards it and keeps the next."""

    keep: bool
    type: ClassVar[str] = "draft"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "keep": self.keep}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        keep = data.get("keep")
        if not isinstance(keep, bool):
            raise RuleError("A draft pick needs 'keep': true keeps the card, false discards it.")
        return cls(keep)

    def __str__(self) -> str:
        return "draft: keep the card" if self.keep else "draft: discard the card, keep the next"


@dataclass(frozen=True, slots=True)
class PlayColour:
    """Play every card of one colour, in this order (a Reverse first, or after a Reverse start).

    `uno` is the UNO call when the run leaves one card.
    """

    cards: tuple[Card, ...]
    uno: bool = False
    type: ClassVar[str] = "play_colour"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "cards": [str(card) for card in self.cards], "uno": self.uno}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        cards = data.get("cards")
        if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
            raise RuleError("Playing a colour needs 'cards': the names of the cards, in order.")
        return cls(tuple(Card.parse(card) for card in cards), bool(data.get("uno", False)))

    def __str__(self) -> str:
        return ", ".join(str(card) for card in self.cards) + (", UNO!" if self.uno else "")


DUO_ACTION_TYPES: dict[str, Any] = {
    **ACTION_TYPES,
    **{cls.type: cls for cls in (ChooseFirstDrafter, DraftPick, PlayColour)},
}
"""Every action of an UNO Duo match, by JSON type."""

__all__ = ["DUO_ACTION_TYPES", "CallUno", "ChooseFirstDrafter", "DraftPick", "PlayColour"]
