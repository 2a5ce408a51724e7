"""Card points at the end of a round, one table per game.

A number card scores its face value; every other card scores by its kind.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.base import JSONValue
from companion.games.uno.cards import Card, Kind

PointsTable = Mapping[Kind, int]

CLASSIC_POINTS: PointsTable = {
    Kind.SKIP: 20,
    Kind.REVERSE: 20,
    Kind.DRAW_TWO: 20,
    Kind.WILD: 50,
    Kind.WILD_DRAW_FOUR: 50,
    Kind.BLANK_WILD: 50,
    Kind.WILD_TIKI: 50,
    Kind.TIKI_FACE: 20,
}
"""Classic UNO: Skip, Reverse, Draw Two 20; every wild 50."""

TIKI_POINTS: PointsTable = {**CLASSIC_POINTS, Kind.TIKI_FACE: 20, Kind.WILD_TIKI: 50}
"""UNO Tiki Twist: Skip, Reverse, Tiki Face 20; Wild Tiki 50."""

DUO_POINTS: PointsTable = {
    Kind.SKIP: 10,
    Kind.REVERSE: 10,
    Kind.DRAW_TWO: 10,
    Kind.WILD: 15,
    Kind.BLANK_WILD: 15,
    Kind.WILD_DRAW_FOUR: 20,
    Kind.WILD_TIKI: 15,
}
"""UNO Duo: Draw Two, Reverse, Skip 10; Wild 15 (a user deck's Wild Tiki too); Wild Draw Four 20."""


def card_points(card: Card, table: PointsTable = CLASSIC_POINTS) -> int:
    """What `card` counts at the end of a round under `table`."""
    if card.kind is Kind.NUMBER:
        return card.value or 0
    return table.get(card.kind, 0)


def hand_points(cards: Iterable[Card], table: PointsTable = CLASSIC_POINTS) -> int:
    """The points of every card in a hand."""
    return sum(card_points(card, table) for card in cards)


def possible_hand_points(deck: Iterable[Card], size: int, table: PointsTable) -> list[int]:
    """Every total a hand of `size` cards taken from `deck` can be worth, lowest first.

    What a referee may enter as a hand's points: a subset-sum over the deck's
    card points, kept as one bit mask of reachable totals per number of cards.
    """
    copies = Counter(card_points(card, table) for card in deck)
    reachable = [1] + [0] * size  # reachable[k]: bit t set if k cards can be worth t
    for value, count in copies.items():
        grown = list(reachable)
        for taken, totals in enumerate(reachable[:size]):
            if totals:
                for more in range(1, min(count, size - taken) + 1):
                    grown[taken + more] |= totals << (more * value)
        reachable = grown
    totals = reachable[size]
    return [total for total in range(totals.bit_length()) if totals >> total & 1]


@dataclass(frozen=True)
class RoundResult:
    """One scored round: who went out, the points left in each seat's hand, the totals after."""

    winner: int
    points: tuple[int, ...]
    """The points of the cards left in each seat's hand (the winner's 0)."""
    totals: tuple[int, ...]
    """Every seat's match total once the round was scored."""

    def to_json(self) -> dict[str, JSONValue]:
        """``{"winner", "points", "totals"}``, as the match's JSON has always kept a round."""
        return {"winner": self.winner, "points": list(self.points), "totals": list(self.totals)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundResult:
        """A round written by `to_json`."""
        return cls(int(data["winner"]), tuple(int(points) for points in data["points"]),
                   tuple(int(total) for total in data["totals"]))

