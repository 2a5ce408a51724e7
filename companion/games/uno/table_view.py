"""What everyone at an UNO table may see: the card in play, the piles' sizes, each hand's size.

An UNO state in simulation holds every hand and the order of the draw pile;
a phone or an onlooker is given only this view of it (`MatchState.public_view`,
from `MatchState.table_fields`) and the legal actions that name no card hidden
in a hand, the draw pile or the card just drawn (`MatchState.public_actions`,
by `cards_named`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from typing import Any

from companion.games.action_codec import Action
from companion.games.base import JSONValue
from companion.games.uno.cards import Card, Colour
from companion.games.uno.phases import Phase


@dataclass(frozen=True)
class UnoTableView:
    """An UNO match as the table sees it."""

    game: str
    players: int
    phase: Phase
    colour: Colour | None
    current: int
    turn_seat: int | None
    """The seat whose turn the round is at (ringed on the phones); None while it is nobody's
    (`phases.NO_TURN`: before a round's first turn, and from a player going out to the next
    deal)."""
    dealer: int | None
    direction: int
    drawn: bool
    """The player to move has drawn a card this turn."""
    uno_exposed: int | None
    round_winner: int | None
    totals: tuple[int, ...]
    rounds: tuple[dict[str, Any], ...]
    top_card: Card | None
    discard_count: int
    draw_count: int
    hand_counts: tuple[int, ...]
    hands_left: tuple[tuple[Card, ...], ...] | None
    """The cards each hand held when the last round ended, counted face up (`rounds[-1]`
    scores them), from then to the next deal and at the match's end; None otherwise and
    always in a refereed match (`MatchState.hands_left`)."""
    challenge_pending: bool
    """A Wild Draw Four waits to be challenged or accepted."""
    mode: str
    """"referee" (real cards, entered) or "simulation" (the companion holds the deck)."""
    target: int
    target_loses: bool
    """Reaching the target loses (UNO Duo's own-hand scoring) instead of winning."""

    def to_json(self) -> dict[str, JSONValue]:
        """The view as the phone page reads it (docs/web.md): every field by its name, a
        phase or colour by its value, a card by its name."""
        return {item.name: _plain(getattr(self, item.name)) for item in dataclasses.fields(self)}


def _plain(value: Any) -> JSONValue:
    if isinstance(value, Enum):
        return _plain(value.value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    result: JSONValue = value
    return result


@dataclass(frozen=True)
class TikiTableView(UnoTableView):
    """UNO Tiki Twist as the table sees it: the classic view and the idol's faces."""

    idol: tuple[Card | None, ...] = ()


@dataclass(frozen=True)
class DuoTableView(UnoTableView):
    """UNO Duo as the table sees it: the classic view and the Draw Two volley."""

    volley: int = 0
    """Cards a Draw Two volley has stacked up so far (0: no volley)."""


def cards_named(action: Action) -> Iterator[Card]:
    """The cards an action names (a card played, the cards of a hand shown)."""
    for item in dataclasses.fields(action):
        value = getattr(action, item.name)
        if isinstance(value, Card):
            yield value
        elif isinstance(value, tuple):
            yield from (card for card in value if isinstance(card, Card))


__all__ = ["DuoTableView", "TikiTableView", "UnoTableView", "cards_named"]
