"""The actions UNO Tiki Twist adds to classic UNO: the spin and the Tiki Face actions.

`TIKI_ACTION_TYPES` extends the classic table, so `action_from_json` reads
every action of a Tiki Twist match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from companion.games.base import JSONValue, RuleError
from companion.games.uno.actions import ACTION_TYPES, plain_seat
from companion.games.uno.cards import Card


def _whole_number(data: dict[str, JSONValue], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"The action needs {key!r}: a whole number.")
    return value


@dataclass(frozen=True, slots=True)
class SpinResult:
    """Chance: where the idol stopped, one seat or two neighbouring seats."""

    seats: tuple[int, ...]
    type: ClassVar[str] = "spin_result"
    chance_outcome: ClassVar[bool] = True

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "seats": list(self.seats)}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(
            isinstance(seat, int) and not isinstance(seat, bool) for seat in seats
        ):
            raise RuleError("A spin result needs 'seats': one seat number or two.")
        return cls(tuple(seats))

    def __str__(self) -> str:
        if len(self.seats) == 1:
            return f"the idol points at seat {self.seats[0]}"
        return f"the idol stopped between seats {self.seats[0]} and {self.seats[1]}"


@dataclass(frozen=True, slots=True)
class PickSeat:
    """The spinning player picks one of the two seats the idol stopped between."""

    seat: int
    type: ClassVar[str] = "pick_seat"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "seat": self.seat}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        return cls(_whole_number(data, "seat"))

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The pick, with the picked seat named."""
        return f"pick {seat_name(self.seat)}"

    def __str__(self) -> str:
        return self.describe(plain_seat)


@dataclass(frozen=True, slots=True)
class TikiDiscard:
    """Discard 2: the chosen player discards one card (under the top discard, or on it: D-U6)."""

    card: Card
    type: ClassVar[str] = "tiki_discard"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "card": str(self.card)}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        text = data.get("card")
        if not isinstance(text, str):
            raise RuleError("The action needs 'card': the name of a card, such as \"Blue 7\".")
        return cls(Card.parse(text))

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class DiscardAll:
    """Discard All: the chosen player discards every card of the face's colour.

    `count` is how many cards go (the engine checks it in simulation; at a
    physical table it is what the player put down). `last` is the card laid
    down last when the discards go on top of the pile (D-U6 ``on_top``): it
    becomes the card in play; None when they go under the top card.
    """

    count: int
    last: Card | None = None
    type: ClassVar[str] = "discard_all"

    def to_json(self) -> dict[str, JSONValue]:
        data: dict[str, JSONValue] = {"type": self.type, "count": self.count}
        if self.last is not None:
            data["last"] = str(self.last)
        return data

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        last = data.get("last")
        if last is not None and not isinstance(last, str):
            raise RuleError("The action's 'last' must be the name of a card, such as \"Red 7\".")
        return cls(_whole_number(data, "count"), None if last is None else Card.parse(last))

    def __str__(self) -> str:
        on_top = "" if self.last is None else f", {self.last} on top"
        return f"discard all {self.count} cards of the colour{on_top}"


@dataclass(frozen=True, slots=True)
class EndTikiAction:
    """Decline an optional Tiki action, or stop discarding."""

    type: ClassVar[str] = "end_tiki_action"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        return cls()

    def __str__(self) -> str:
        return "discard nothing more"


TIKI_ACTION_TYPES: dict[str, Any] = {
    **ACTION_TYPES,
    **{cls.type: cls for cls in (SpinResult, PickSeat, TikiDiscard, DiscardAll, EndTikiAction)},
}
"""Every action of a UNO Tiki Twist match, by JSON type."""
