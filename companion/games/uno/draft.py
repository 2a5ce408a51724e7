"""UNO Duo's draft: how the two players build their opening hands.

Instead of a deal, the players draft. The first drafter (Player 1 of the
round) takes the top card of the draw pile and looks at it:

- **keep** it: the next card is turned face up onto the draft discard;
- **discard** it face up onto the draft discard: the next card is taken and
  must be kept.

Either way one card goes to the drafter's hand and one to the draft discard.
Player 2 then does the same, and they alternate until both hold seven cards:
the draft discard then holds fourteen, which are turned face down and put
under the draw pile. The first drafter alternates from round to round, and
Player 2 (the one who drafted second) plays first.

This module is the bookkeeping of whose pick it is and when the draft is over;
`duo.py` moves the cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import JSONValue, Note, RuleError
from companion.games.uno import refusals


@dataclass
class Draft:
    """Progress of one round's draft between seats 0 and 1."""

    first_drafter: int
    """Player 1 of the round: the seat that drafts first (and plays second)."""
    hand_size: int = 7
    picks: int = 0
    """Cards kept so far by both players together."""

    @property
    def second_drafter(self) -> int:
        """Player 2 of the round: drafts second and plays first."""
        return 1 - self.first_drafter

    @property
    def drafter(self) -> int | None:
        """The seat looking at the top card now, or None once the draft is over."""
        if self.is_complete:
            return None
        return self.first_drafter if self.picks % 2 == 0 else self.second_drafter

    @property
    def is_complete(self) -> bool:
        """True once both players hold their full opening hand."""
        return self.picks >= 2 * self.hand_size

    @staticmethod
    def cards_needed(hand_size: int = 7) -> int:
        """Cards a full draft takes from the draw pile (two per pick)."""
        return 4 * hand_size

    def record_pick(self, seat: int) -> None:
        """Count one finished pick by `seat`.

        Raises:
            RuleError: the draft is over, or it is the other player's pick.
        """
        drafter = self.drafter
        if drafter is None:
            raise RuleError(Note.of(refusals.DRAFT_OVER))
        if seat != drafter:
            raise RuleError(Note.of(refusals.NOT_YOUR_PICK, number=self.player_number(drafter)))
        self.picks += 1

    def player_number(self, seat: int) -> int:
        """1 for the round's first drafter, 2 for the other: the rulebook's names."""
        return 1 if seat == self.first_drafter else 2

    def to_json(self) -> dict[str, JSONValue]:
        """The draft as plain JSON."""
        return {
            "first_drafter": self.first_drafter,
            "hand_size": self.hand_size,
            "picks": self.picks,
        }

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Draft:
        """Read back a draft written by `to_json`.

        Raises:
            RuleError: the data is not a draft between seats 0 and 1.
        """
        try:
            first, size, picks = data["first_drafter"], data["hand_size"], data["picks"]
        except (KeyError, TypeError):
            raise RuleError("A saved UNO Duo draft is missing its fields.") from None
        if first not in (0, 1) or not isinstance(size, int) or not isinstance(picks, int):
            raise RuleError("A saved UNO Duo draft has a bad first drafter or count.")
        if size < 1 or not 0 <= picks <= 2 * size:
            raise RuleError("A saved UNO Duo draft has more picks than cards to keep.")
        return cls(first, size, picks)
