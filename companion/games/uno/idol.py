"""The Tiki idol of UNO Tiki Twist: its stack of Tiki Faces and the one showing.

A Tiki Face played from a hand (or turned up as the start card) goes into the
idol on top of the ones already there and becomes the active face; it stays
there after its spin. Every later Spin card resolves the active face again,
until someone plays a different Tiki Face into the idol. When the draw pile
runs out, every face in the idol except the one showing is shuffled back into
the new draw pile.

The idol holds any card value (the card model lives in `cards.py`); it only
keeps them in order, newest last.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from companion.games.base import Note, RuleError
from companion.games.uno import refusals

Face = TypeVar("Face")


@dataclass
class Idol(Generic[Face]):
    """The Tiki Faces inside the idol, oldest first; the last one is showing."""

    faces: list[Face] = field(default_factory=list)

    @property
    def active_tiki_face(self) -> Face | None:
        """The face showing (the newest), or None while the idol is empty."""
        return self.faces[-1] if self.faces else None

    @property
    def is_empty(self) -> bool:
        """True while no Tiki Face has gone into the idol this round."""
        return not self.faces

    def put(self, face: Face) -> None:
        """Put a Tiki Face into the idol; it becomes the active face."""
        self.faces.append(face)

    def take_hidden_faces(self) -> list[Face]:
        """Remove and return every face except the one showing (for a reshuffle)."""
        hidden, self.faces = self.faces[:-1], self.faces[-1:]
        return hidden


def check_stop(seats: tuple[int, ...], players: int, seat_name: Callable[[int], str]) -> None:
    """Check where the idol stopped: one seat, or between two seats side by side.

    Raises:
        RuleError: no seat, more than two, a seat off the table, or two seats
            that are not neighbours.
    """
    if not 1 <= len(seats) <= 2 or any(not 0 <= seat < players for seat in seats):
        raise RuleError(Note.of(refusals.STOPS_AT_SEATS, last=players - 1))
    if len(seats) == 2 and (seats[0] - seats[1]) % players not in (1, players - 1):
        raise RuleError(Note.of(refusals.NOT_NEIGHBOURS, seats), seat_name)
