"""What an UNO match still owes: draws not yet paid, a Wild Draw Four not yet answered.

Small frozen values with the JSON form the saved matches have always used:
an owed draw is ``[seat, count, voluntary]`` (voluntary as 0 or 1), a pending
challenge ``{"offender": ..., "victim": ..., "guilty": ...}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.base import JSONValue


@dataclass(frozen=True, slots=True)
class OwedDraw:
    """`count` cards `seat` must draw, paid as soon as the draw pile allows.

    `voluntary` marks the draw a player chose instead of playing: its card is
    the drawn card, which may then be played.
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
