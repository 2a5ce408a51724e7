"""The actions of classic UNO: small immutable values with a JSON form.

Every action has a ``type`` (its JSON tag) and `to_json()`; `action_from_json`
reads them back through a table of types that variants extend:
``TIKI_ACTION_TYPES = {**ACTION_TYPES, "spin_result": SpinResult}``.
`str(action)` is how the table shows it ("Blue 7", "Wild (Red), UNO!").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, Self

from companion.games.base import JSONValue, RuleError
from companion.games.uno.cards import Card, Colour


class UnoAction(Protocol):
    """What every UNO action offers."""

    type: ClassVar[str]

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON."""
        ...


def _card(data: dict[str, JSONValue], key: str = "card") -> Card:
    value = data.get(key)
    if not isinstance(value, str):
        raise RuleError(f"The action needs {key!r}: the name of a card, such as \"Blue 7\".")
    return Card.parse(value)


def _colour(data: dict[str, JSONValue], key: str = "colour") -> Colour | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RuleError(f"{value!r} is not a colour: choose Red, Yellow, Green or Blue.")
    return Colour.parse(value)


def plain_seat(seat: int) -> str:
    """A seat named by its number, as action texts say it without the players' names."""
    return f"seat {seat}"


def _seat(data: dict[str, JSONValue]) -> int:
    value = data.get("seat")
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError("The action needs 'seat': a seat number.")
    return value


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the new order of the cards being shuffled (a permutation)."""

    order: tuple[int, ...]
    type: ClassVar[str] = "shuffle"
    chance_outcome: ClassVar[bool] = True

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "order": list(self.order)}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        order = data.get("order")
        if not isinstance(order, list) or not all(isinstance(i, int) for i in order):
            raise RuleError("A shuffle needs 'order': a list of card positions.")
        return cls(tuple(order))

    def __str__(self) -> str:
        return f"shuffle {len(self.order)} cards"


@dataclass(frozen=True, slots=True)
class ChooseDealer:
    """Referee mode: the seat that deals the first round (the players cut physically)."""

    seat: int
    type: ClassVar[str] = "choose_dealer"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "seat": self.seat}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        return cls(_seat(data))

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The choice, with the dealer named."""
        return f"{seat_name(self.seat)} deals"

    def __str__(self) -> str:
        return self.describe(plain_seat)


@dataclass(frozen=True, slots=True)
class TurnUp:
    """Referee mode: the card turned up from the draw pile to start the discard pile."""

    card: Card
    type: ClassVar[str] = "turn_up"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "card": str(self.card)}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        return cls(_card(data))

    def __str__(self) -> str:
        return f"turn up {self.card}"


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a card from hand; `colour` names the colour for a wild; `uno` is the UNO call."""

    card: Card
    colour: Colour | None = None
    uno: bool = False
    type: ClassVar[str] = "play"

    def to_json(self) -> dict[str, JSONValue]:
        colour = self.colour.value if self.colour is not None else None
        return {"type": self.type, "card": str(self.card), "colour": colour, "uno": self.uno}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        return cls(_card(data), _colour(data), bool(data.get("uno", False)))

    def __str__(self) -> str:
        text = str(self.card)
        if self.colour is not None:
            text += f" ({self.colour.value})"
        return text + (", UNO!" if self.uno else "")


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card instead of playing."""

    type: ClassVar[str] = "draw"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        return cls()

    def __str__(self) -> str:
        return "draw a card"


@dataclass(frozen=True, slots=True)
class KeepCard:
    """Keep the card just drawn and end the turn."""

    type: ClassVar[str] = "keep"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        return cls()

    def __str__(self) -> str:
        return "keep the drawn card"


@dataclass(frozen=True, slots=True)
class ChooseColour:
    """The first player names the colour when a Wild starts the discard pile."""

    colour: Colour
    type: ClassVar[str] = "choose_colour"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "colour": self.colour.value}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        colour = _colour(data)
        if colour is None:
            raise RuleError("Name a colour: Red, Yellow, Green or Blue.")
        return cls(colour)

    def __str__(self) -> str:
        return f"name {self.colour.value}"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge a Wild Draw Four. In referee mode `guilty` is what the shown hand proved."""

    guilty: bool | None = None
    type: ClassVar[str] = "challenge"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "guilty": self.guilty}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        guilty = data.get("guilty")
        if guilty is not None and not isinstance(guilty, bool):
            raise RuleError("A challenge's 'guilty' is true, false or absent.")
        return cls(guilty)

    def __str__(self) -> str:
        return "challenge the Wild Draw Four"


@dataclass(frozen=True, slots=True)
class AcceptDraw:
    """Take the Wild Draw Four's cards without challenging."""

    type: ClassVar[str] = "accept"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        return cls()

    def __str__(self) -> str:
        return "accept the Wild Draw Four"


@dataclass(frozen=True, slots=True)
class CatchUno:
    """Catch `seat`, who is down to one card and did not call UNO."""

    seat: int
    type: ClassVar[str] = "catch_uno"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "seat": self.seat}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        return cls(_seat(data))

    @property
    def about_seat(self) -> int:
        """Anyone may catch: the line names the seat that was caught."""
        return self.seat

    def __str__(self) -> str:
        return "caught without UNO"


@dataclass(frozen=True, slots=True)
class CallUno:
    """A late UNO call: `seat` went down to one card without calling and calls now,
    before anyone catches them; the call closes the catch."""

    seat: int
    type: ClassVar[str] = "call_uno"

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": self.type, "seat": self.seat}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        return cls(_seat(data))

    @property
    def about_seat(self) -> int:
        """Said out of turn: the line names the seat that calls."""
        return self.seat

    def __str__(self) -> str:
        return "call UNO"


@dataclass(frozen=True, slots=True)
class CountHand:
    """Referee mode, round end: the cards (or just the points) left in one seat's hand."""

    seat: int
    points: int | None = None
    cards: tuple[Card, ...] = ()
    type: ClassVar[str] = "count_hand"

    def to_json(self) -> dict[str, JSONValue]:
        cards = [str(card) for card in self.cards]
        return {"type": self.type, "seat": self.seat, "points": self.points, "cards": cards}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        points = data.get("points")
        if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
            raise RuleError("A hand's 'points' must be a whole number.")
        cards = data.get("cards") or []
        if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
            raise RuleError("A hand's 'cards' must be a list of card names.")
        return cls(_seat(data), points, tuple(Card.parse(card) for card in cards))

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The count, with the counted seat named."""
        if self.cards:
            return f"{seat_name(self.seat)} shows {', '.join(str(card) for card in self.cards)}"
        return f"{seat_name(self.seat)} holds {self.points} points"

    def __str__(self) -> str:
        return self.describe(plain_seat)


ACTION_TYPES: dict[str, Any] = {
    cls.type: cls
    for cls in (
        Shuffle,
        ChooseDealer,
        TurnUp,
        PlayCard,
        Draw,
        KeepCard,
        ChooseColour,
        Challenge,
        AcceptDraw,
        CatchUno,
        CallUno,
        CountHand,
    )
}
"""Classic action classes by JSON type; variants copy and extend it."""


def action_from_json(data: dict[str, JSONValue], types: Mapping[str, Any] = ACTION_TYPES) -> Any:
    """Read back an action written by its `to_json`.

    Raises:
        RuleError: the data names no known action or holds bad fields.
    """
    if not isinstance(data, dict) or data.get("type") not in types:
        known = ", ".join(sorted(types))
        raise RuleError(f"{data!r} is not an UNO action; the action types are: {known}.")
    return types[str(data["type"])].from_json(data)
