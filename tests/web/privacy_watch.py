"""The privacy test's watch: every byte each phone (and the journal) received, searched for
every card nobody let it see.

A card's name is found as a whole name ("Red 2" is not found inside "Red 2 Spin", nor
"Wild" inside "Wild Draw Four" or "Blank Wild"). What a client may see of the cards at a
moment: the cards made public (played onto the discard pile this round, faces on the Tiki
idol, Duo's face-up draft discard, the hands counted at a round's end until the next deal),
its own hand, the card it drafts, the hand its
challenge showed it. Every other card's name, in another hand or in the draw pile, is a
leak wherever it appears in what that client was sent at that moment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from flask.testing import FlaskClient

from companion.games.uno.duo import DuoUno
from companion.games.uno.match_state import MatchState
from companion.games.uno.tiki import TikiTwist

LIVE = "live"
HISTORY = "history"


class CardNames:
    """Finds the card names of a deck in text, each as a whole name: one pass, the longest
    name first at each place ("Red 2 Spin" before "Red 2", "Blank Wild" before "Wild")."""

    def __init__(self, names: set[str]) -> None:
        self.names = names
        longest_first = sorted(names, key=len, reverse=True)
        self._pattern = re.compile(
            r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, longest_first)) + r")(?![A-Za-z0-9])"
        )

    def found_in(self, text: str, among: set[str]) -> set[str]:
        """The names of `among` that `text` holds as names of their own."""
        return {hit.group(1) for hit in self._pattern.finditer(text)} & among


@dataclass
class Watched:
    """One client of the page (a seat's phone, or a spectator with `seat` None), keeping
    every answer it is given, headers and body, as (channel, text) since the last check."""

    label: str
    client: FlaskClient
    seat: int | None = None
    csrf: str | None = None
    fresh: list[tuple[str, str]] = field(default_factory=list)
    shown: set[str] = field(default_factory=set)
    """The cards its challenges showed it."""
    received: int = 0
    stream: Any = None

    def keep(self, channel: str, answer: Any) -> Any:
        text = f"{answer.status}\n{answer.headers}\n{answer.get_data(as_text=True)}"
        self.fresh.append((channel, text))
        self.received += len(text)
        return answer

    def get(self, path: str, channel: str = LIVE, **kw: Any) -> Any:
        headers = {} if self.csrf is None else {"X-CSRF-Token": self.csrf}
        return self.keep(channel, self.client.get(path, headers=headers, **kw))

    def post(self, path: str, body: dict[str, Any]) -> Any:
        headers = {} if self.csrf is None else {"X-CSRF-Token": self.csrf}
        return self.keep(LIVE, self.client.post(path, json=body, headers=headers))

    def follow(self) -> None:
        """Open the live stream (`GET /api/events`), read as it comes by `read_stream`."""
        answer = self.client.get("/api/events", buffered=False)
        assert answer.status_code == 200
        self.stream = iter(answer.response)
        self.fresh.append((LIVE, str(answer.headers)))

    def read_stream(self, seq: int) -> None:
        """Every frame of the stream up to the one of `seq` (or a later one)."""
        while True:
            frame = next(self.stream)
            text = frame.decode() if isinstance(frame, bytes) else frame
            self.fresh.append((LIVE, text))
            self.received += len(text)
            said = re.match(r"id: (\d+)\n", text)
            if said is not None and int(said.group(1)) >= seq:
                return

    def take(self) -> list[tuple[str, str]]:
        fresh, self.fresh = self.fresh, []
        return fresh


def public_cards(state: MatchState) -> set[str]:
    """The cards everyone at the table sees now: the discard pile, the idol's faces, Duo's
    face-up draft discard."""
    cards = [*state.piles.discard]
    if isinstance(state, TikiTwist):
        cards += state.idol.faces
    if isinstance(state, DuoUno):
        cards += state.draft_discard
    return {str(card) for card in cards if card is not None}


def hidden_from(state: MatchState, seat: int | None, public: set[str], shown: set[str]) -> set[str]:
    """The card names `seat` (None: a spectator, the journal) must not be sent now."""
    secret = {str(card) for other, hand in enumerate(state.piles.hands) if other != seat
              for card in hand if card is not None}
    secret |= {str(card) for card in state.piles.draw_pile if card is not None}
    own: set[str] = set()
    if seat is not None:
        own = {str(card) for card in state.piles.hands[seat] if card is not None}
        if isinstance(state, DuoUno) and state.to_move == seat and state.draft_card:
            own.add(str(state.draft_card))
    # From a round's end to the next deal the hands it counted are face up, for everyone
    # (only then: the next round's cards are secret again).
    counted = {str(card) for hand in state.hands_left() or () for card in hand}
    return secret - public - own - shown - counted


__all__ = ["HISTORY", "LIVE", "CardNames", "Watched", "hidden_from", "public_cards"]
