"""End game: the challenge rounds after the last available tile is claimed.

Play passes to the player after the one who claimed the last tile. Each
player in turn keeps taking turns while they win tiles and is out after their
first failure; the player who claimed the last tile plays last.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.base import JSONValue, RuleError


@dataclass(frozen=True)
class ChallengeRounds:
    """Who is still to play in the challenge rounds; the first of them is playing."""

    remaining: tuple[int, ...]
    last_claimer: int

    @classmethod
    def start(cls, order: tuple[int, ...], last_claimer: int) -> ChallengeRounds:
        """Challenge order: everyone after `last_claimer` in the order of play, then them."""
        index = order.index(last_claimer)
        return cls(order[index + 1 :] + order[: index + 1], last_claimer)

    @property
    def challenger(self) -> int | None:
        """The seat now playing, or None once everyone is out."""
        return self.remaining[0] if self.remaining else None

    def after_failure(self) -> ChallengeRounds:
        """The rounds once the challenger failed and is out."""
        return ChallengeRounds(self.remaining[1:], self.last_claimer)

    def to_json(self) -> dict[str, JSONValue]:
        """The challenge rounds as plain JSON."""
        return {"remaining": list(self.remaining), "last_claimer": self.last_claimer}

    @classmethod
    def from_json(cls, data: Any) -> ChallengeRounds:
        """Read back challenge rounds written by `to_json`.

        Raises:
            RuleError: the data does not describe challenge rounds.
        """
        try:
            remaining = tuple(int(seat) for seat in data["remaining"])
            return cls(remaining, int(data["last_claimer"]))
        except (KeyError, TypeError, ValueError) as error:
            raise RuleError(f"Those are not saved challenge rounds ({error}).") from None
