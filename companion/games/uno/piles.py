"""The cards of an UNO round: the draw pile, the discard pile and the hands.

`Piles` is a part the match owns (``match.piles``): the three places every
UNO game has, with the moves between them (draw, deal, turn up, lay down,
rebuild the draw pile). Lists keep their top card last. In referee mode a
card nobody has seen is None, so hand sizes stay exact.

A variant's own places (the Tiki idol, the Duo draft discard) belong to the
variant; `locations()` names the piles' places for the match's census.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.base import JSONValue, RuleError
from companion.games.uno.cards import Card


def cards_to_json(cards: Iterable[Card | None]) -> list[str | None]:
    """Card texts; None (an unknown card in referee mode) stays None."""
    return [None if card is None else str(card) for card in cards]


def cards_from_json(texts: Any) -> list[Card | None]:
    """Cards from `cards_to_json` output.

    Raises:
        RuleError: an entry is neither a card name nor null.
    """
    if not isinstance(texts, list):
        raise RuleError("A saved list of cards must be a list.")
    return [None if text is None else Card.parse(text) for text in texts]


@dataclass
class Piles:
    """The draw pile, the discard pile and each seat's hand, top cards last."""

    hands: list[list[Card | None]]
    draw_pile: list[Card | None] = field(default_factory=list)
    """The draw pile, top card last (None: an unknown card in referee mode)."""
    discard: list[Card | None] = field(default_factory=list)
    """The discard pile, top card last."""

    @classmethod
    def empty_hands(cls, players: int, draw_pile: Iterable[Card | None] = ()) -> Piles:
        """Piles with no hands dealt yet and `draw_pile` waiting (top card last)."""
        return cls([[] for _ in range(players)], list(draw_pile))

    @property
    def top_card(self) -> Card | None:
        """The top card of the discard pile (None while it is empty or unknown)."""
        return self.discard[-1] if self.discard else None

    @property
    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds."""
        return [len(hand) for hand in self.hands]

    def draw(self, seat: int) -> Card | None:
        """Move the top card of the draw pile into `seat`'s hand and return it."""
        card = self.draw_pile.pop()
        self.hands[seat].append(card)
        return card

    def deal(self, order: Sequence[int], hand_size: int) -> None:
        """Deal `hand_size` cards to each seat of `order`, one card at a time."""
        for _ in range(hand_size):
            for seat in order:
                self.draw(seat)

    def turn_up(self) -> Card | None:
        """Turn the top card of the draw pile onto the discard pile and return it."""
        card = self.draw_pile.pop()
        self.discard.append(card)
        return card

    def take_from_hand(self, seat: int, card: Card, *, known: bool = True) -> None:
        """Take `card` out of `seat`'s hand (any one card of an unknown hand when not `known`)."""
        if known:
            self.hands[seat].remove(card)
        else:
            self.hands[seat].pop()

    def under_top(self) -> list[Card | None]:
        """The discard pile under its top card: what an empty draw pile is rebuilt from."""
        return self.discard[:-1]

    def take_under_top(self) -> list[Card | None]:
        """Remove and return the discard pile under its top card."""
        cards = self.discard[:-1]
        del self.discard[:-1]
        return cards

    def lay_under_top(self, cards: Iterable[Card | None]) -> None:
        """Slide `cards` under the top card of the discard pile, in order."""
        for card in cards:
            self.discard.insert(len(self.discard) - 1, card)

    def locations(self) -> dict[str, list[Card | None]]:
        """Each pile by name (hands as ``hand 0``, ``hand 1``...)."""
        places: dict[str, list[Card | None]] = {
            "draw pile": self.draw_pile,
            "discard": self.discard,
        }
        for seat, hand in enumerate(self.hands):
            places[f"hand {seat}"] = hand
        return places

    def to_json(self) -> dict[str, JSONValue]:
        """``draw_pile``, ``discard`` and ``hands`` as card texts."""
        return {
            "draw_pile": cards_to_json(self.draw_pile),
            "discard": cards_to_json(self.discard),
            "hands": [cards_to_json(hand) for hand in self.hands],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Piles:
        """Read the piles from `to_json` output (other keys are ignored).

        Raises:
            RuleError: an entry is not a card.
            KeyError: a pile is missing.
        """
        return cls(
            [cards_from_json(hand) for hand in data["hands"]],
            cards_from_json(data["draw_pile"]),
            cards_from_json(data["discard"]),
        )
