"""What an UNO match still owes: draws not yet paid, a Wild Draw Four not yet answered,
a Tiki action not yet finished.

Small values (frozen, but for the owed draw) with the JSON form the saved matches have always used:
an owed draw is ``[seat, count, voluntary]`` (voluntary as 0 or 1), a pending
challenge ``{"offender": ..., "victim": ..., "guilty": ...}``, a Tiki action
in progress ``{"spinner": ..., "seats": ..., "target": ..., "left": ...}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.base import JSONValue


@dataclass(frozen=True, slots=True)
class OwedDraw:
    """`count` cards `seat` must draw, paid as soon as the draw pile allows.

    `voluntary` marks the draw a player chose instead of playing: its card is
    the drawn card, which may then be played. The match replaces a partly
    paid entry with a new one.
    """

    seat: int
    count: int
    voluntary: bool = False

    def to_json(self) -> list[JSONValue]:
        """``[seat, count, voluntary]`` with voluntary as 0 or 1."""
        return [self.seat, self.count, int(self.voluntary)]

    @classmethod
    def from_json(cls, data: Any) -> OwedDraw:
        """Read `to_json` output.

        Raises:
            ValueError: the entry is not three whole numbers.
        """
        seat, count, voluntary = (int(value) for value in data)
        return cls(seat, count, bool(voluntary))


@dataclass(frozen=True, slots=True)
class PendingChallenge:
    """A Wild Draw Four waiting for its victim to challenge it or draw.

    `victim` is None until the card's effect names the next player; `guilty`
    is the engine's verdict in simulation (the offender held a card the
    match's challenge test counts, `ClassicOptions.wild_draw_four_challenge`)
    and None in referee mode, where the shown hand decides.
    """

    offender: int
    victim: int | None = None
    guilty: bool | None = None

    def to_json(self) -> dict[str, JSONValue]:
        """``{"offender", "victim", "guilty"}``."""
        return {"offender": self.offender, "victim": self.victim, "guilty": self.guilty}

    @classmethod
    def from_json(cls, data: Any) -> PendingChallenge:
        """Read `to_json` output.

        Raises:
            KeyError: a key is missing.
        """
        victim, guilty = data["victim"], data["guilty"]
        return cls(
            int(data["offender"]),
            None if victim is None else int(victim),
            None if guilty is None else bool(guilty),
        )


@dataclass(frozen=True, slots=True)
class TikiSpin:
    """UNO Tiki Twist: the Tiki action in progress after a spin of the idol.

    `spinner` spun the idol; `seats` are the two seats it stopped between while
    the spinner picks one (else None); `target` is the chosen player once
    known; `left` counts the cards a Discard 2 may still discard.
    """

    spinner: int
    seats: tuple[int, ...] | None = None
    target: int | None = None
    left: int = 0

    @property
    def chosen(self) -> int:
        """The chosen player (only once the idol's stop is resolved)."""
        assert self.target is not None
        return self.target

    def to_json(self) -> dict[str, JSONValue]:
        """``{"spinner", "seats", "target", "left"}``, the seats as a list."""
        seats: JSONValue = None if self.seats is None else list(self.seats)
        return {"spinner": self.spinner, "seats": seats, "target": self.target, "left": self.left}

    @classmethod
    def from_json(cls, data: Any) -> TikiSpin:
        """Read `to_json` output.

        Raises:
            KeyError: a key is missing.
        """
        seats, target = data["seats"], data["target"]
        return cls(
            int(data["spinner"]),
            None if seats is None else tuple(int(seat) for seat in seats),
            None if target is None else int(target),
            int(data["left"]),
        )
