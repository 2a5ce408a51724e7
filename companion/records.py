"""The records the table and the event log both hold: players and logged events.

They live here, apart from both, so that `companion.event_log` and
`companion.table` each import this module and never each other: the table
writes these records to the store, and the store reads them back for the
table to replay.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.base import JSONValue, Note


@dataclass(frozen=True)
class Player:
    """One person at the table; their seat is their place in the match's player list."""

    name: str
    colour: str

    def to_json(self) -> dict[str, JSONValue]:
        """The player as plain JSON, as stored with the match."""
        return {"name": self.name, "colour": self.colour}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Player:
        """Read back a player written by `to_json`."""
        return cls(name=str(data["name"]), colour=str(data["colour"]))


@dataclass(frozen=True)
class Event:
    """One row of the event log: an applied play, a chance outcome or an undo."""

    seq: int
    kind: str
    """"play", "chance" or "undo"."""
    seat: int | None
    action: dict[str, JSONValue] | None
    """The action as the engine wrote it (play and chance); None for an undo."""
    detail: dict[str, JSONValue]
    """Chance: source, outcome, request, reused. Undo: the seq it undoes."""
    text: str
    state_sha: str
    """SHA-256 of the state after this event, to check that replay agrees."""
    at: str


@dataclass(frozen=True)
class AppliedEvent:
    """What one applied command changed, for the log and the subscribers."""

    event: Event
    state_json: str
    round_scores: list[int] | None
    """The new match scores when this event changed them, else None."""
    notes: tuple[Note, ...] = ()
    """The sentences of the event's line, seats unnamed (see `companion.table.lines`)."""
