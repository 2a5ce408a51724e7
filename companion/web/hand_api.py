"""A seat's own hand, on its own phone only (docs/web.md, "Phones as hands").

In a match "with phones as hands" (`companion.table.hands`) the engine holds every card;
`GET /api/seat/hand` gives a seat's session (its cookie, from the address it joined from,
and its CSRF token) that seat's cards, which of its actions are legal now (each card it
may play, the Wild once per colour, the UNO call, the draw, keep or play, the challenge,
Duo's draft, a Tiki face to the idol), the card a Duo drafter looks at, and the hand a
Wild Draw Four challenge it made showed it. The plays go through `POST /api/seat/actions`.
Nothing here is ever put in the snapshot's public view, a stream event, `/api/me` or the
history: each answer is built for one session, marked `no-store`, and another seat's
hand is a 403.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from flask import Response, jsonify, request

from companion.games.actions import Action, action_to_json
from companion.games.base import GameSpec
from companion.games.uno.actions import Challenge
from companion.games.uno.cards import Card
from companion.games.uno.duo import DuoUno
from companion.games.uno.match_state import MatchState
from companion.i18n import _
from companion.table import TableSnapshot
from companion.table.hands import ON_PHONES
from companion.web.requests import Refused


@dataclass(frozen=True)
class Shown:
    """A hand a Wild Draw Four challenge showed its challenger: whose, and its cards then."""

    match: int
    seq: int
    """The seq the challenge was made at (the hand as it was before the verdict's draw)."""
    seat: int
    cards: tuple[str, ...]
    round: int
    """The round it was shown in (rounds played before it): shown while that round lasts."""


class ShownHands:
    """The last hand each player's challenge showed them, by name; safe from any thread."""

    def __init__(self) -> None:
        self._shown: dict[str, Shown] = {}
        self._lock = threading.Lock()

    def keep(self, name: str, shown: Shown) -> None:
        with self._lock:
            self._shown[name] = shown

    def of(self, name: str, match: int) -> Shown | None:
        """What `name`'s last challenge in `match` showed them, or None."""
        with self._lock:
            shown = self._shown.get(name)
        return shown if shown is not None and shown.match == match else None


def engine_of(snapshot: TableSnapshot, spec: GameSpec) -> MatchState:
    """The UNO engine of a match with phones as hands (a fresh copy: changing it changes
    nothing at the table).

    Raises:
        Refused: 409 when the hands of the match on the table are real cards.
    """
    state = snapshot.game_state(spec) if snapshot.hands == ON_PHONES else None
    if not isinstance(state, MatchState):
        raise Refused(409, _("The hands of this match are real cards in the players' hands:"
                             " the companion holds none of them."))
    return state


def challenged_hand(action: Action, snapshot: TableSnapshot, spec: GameSpec) -> Shown | None:
    """The hand a challenge `action` shows its challenger, read before it is applied; None
    for any other action or a match whose hands are real cards."""
    if not isinstance(action, Challenge) or snapshot.hands != ON_PHONES:
        return None
    state = engine_of(snapshot, spec)
    pending = state.pending_challenge
    if pending is None:
        return None
    cards = tuple(str(card) for card in state.piles.hands[pending.offender] if card is not None)
    return Shown(snapshot.match_id, snapshot.seq, pending.offender, cards, len(state.rounds))


def seat_hand(
    snapshot: TableSnapshot, spec: GameSpec, seat: int, owned: list[Action],
    shown: Shown | None,
) -> dict[str, Any]:
    """The body of `GET /api/seat/hand` for `seat`: `owned` are the legal actions that are
    the seat's own now (`seat_api.owner_of`)."""
    state = engine_of(snapshot, spec)
    hand = [card for card in state.piles.hands[seat] if card is not None]
    legal = [action_to_json(action) for action in owned] if snapshot.chance is None else []
    playable = sorted({str(card) for action in owned for card in _cards(action)})
    looking_at = None
    if isinstance(state, DuoUno) and snapshot.to_move == seat and state.draft_card is not None:
        looking_at = str(state.draft_card)
    drawn = state.drawn_card if state.drawn and state.current == seat else None
    if shown is not None and shown.round != len(state.rounds):
        shown = None  # a hand shown in a round that is over
    return {
        "match": snapshot.match_id,
        "seq": snapshot.seq,
        "seat": seat,
        "cards": [str(card) for card in hand],
        "playable": playable,
        "legal_actions": legal,
        "drawn": None if drawn is None else str(drawn),
        "looking_at": looking_at,
        "shown": None if shown is None else {
            "seat": shown.seat, "seq": shown.seq, "cards": list(shown.cards),
        },
    }


def _cards(action: Action) -> list[Card]:
    """The cards of a hand an action plays (a card, Duo's cards of one colour)."""
    card = getattr(action, "card", None)
    cards = getattr(action, "cards", ())
    return [item for item in (card, *cards) if isinstance(item, Card)]


def no_store(body: dict[str, Any]) -> Response:
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response


def asked_seat() -> int | None:
    """The seat a hand request names (`?seat=2`), or None when it names none.

    Raises:
        Refused: 400 for a seat that is not a whole number.
    """
    given = request.args.get("seat")
    if given is None:
        return None
    if not given.isdigit() or len(given) > 3:
        raise Refused(400, _("seat is the number of a seat: /api/seat/hand?seat=2, or"
                             " nothing for your own."))
    return int(given)


__all__ = [
    "Shown",
    "ShownHands",
    "asked_seat",
    "challenged_hand",
    "engine_of",
    "no_store",
    "seat_hand",
]
