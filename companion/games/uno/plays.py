"""The ways to play a card, for the legal-action lists of every UNO game.

A wild is played naming each of the four colours; a play that leaves one
card may come with the UNO call. Play actions are immutable values, so each
card's variants are built once (`play_variants`).
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.uno import actions as act
from companion.games.uno.cards import Card, Colour


def distinct(cards: Iterable[Card | None]) -> list[Card]:
    """The distinct known cards of `cards`, in first-seen order."""
    return [card for card in dict.fromkeys(cards) if card is not None]


_PLAY_VARIANTS: dict[tuple[Card, bool, int], tuple[act.PlayCard, ...]] = {}
"""Every card's play variants, built once, by card, whether the play calls UNO and seat."""


def play_variants(card: Card, calls: bool, seat: int) -> tuple[act.PlayCard, ...]:
    """Every way for `seat` to play `card`: each colour for a wild, with and without UNO
    when `calls`.

    `calls` says whether the play leaves one card, so that it may call UNO.
    """
    key = (card, calls, seat)
    variants = _PLAY_VARIANTS.get(key)
    if variants is None:
        colours: list[Colour | None] = list(Colour) if card.is_wild else [None]
        flags = (False, True) if calls else (False,)
        variants = tuple(
            act.PlayCard(card, colour, flag, seat=seat) for colour in colours for flag in flags
        )
        _PLAY_VARIANTS[key] = variants
    return variants
