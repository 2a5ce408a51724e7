"""What a match looks up about its deck, worked out once per deck.

`DeckFacts.of(cards)` is shared by every match played with the same cards (a
simulation plays thousands, a computer player's search thousands a move): the
different cards, their copies, and which of them may be played on each top
card and colour in play, a rule table filled as top cards come up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from companion.games.uno.cards import Card, Colour


class DeckFacts:
    """One deck's cards, its different cards and their copies, and its matching table."""

    __slots__ = ("cards", "counts", "distinct", "kinds", "matching")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.cards = cards
        """The deck, one entry per physical card."""
        counts = Counter(cards)
        self.counts: Mapping[Card, int] = counts
        """The copies of each different card."""
        self.distinct: tuple[Card, ...] = tuple(counts)
        """Each different card once, in deck order."""
        self.kinds: frozenset[Card] = frozenset(counts)
        """The different cards, for membership tests."""
        self.matching: dict[tuple[Card, Colour | None], frozenset[Card]] = {}
        """The cards that may be played on each top card and colour in play, as worked out
        (`companion.games.uno.classic.ClassicUno.matching_cards`)."""

    @classmethod
    def of(cls, cards: tuple[Card, ...]) -> DeckFacts:
        """The facts of the deck `cards`, shared by every match played with the same cards."""
        facts = _KNOWN.get(cards)
        if facts is None:
            facts = _KNOWN[cards] = cls(cards)
        return facts


_KNOWN: dict[tuple[Card, ...], DeckFacts] = {}
"""Every deck met so far, by its cards in order."""
