"""Who starts: every player rolls one die, the highest starts, ties for highest re-roll.

One rule serves the three games. With two players (Backgammon, Mini-Gam) a
tie means both roll again and the winner plays the two dice showing. With four
(Multi-Gam, the high/low split) only the players tied for highest re-roll, and
the starter's first roll is their winning die plus the lowest die showing
among the others (each other player's latest die); it can never be a double.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.backgammon.refusals import opening_note
from companion.games.base import N_, ChanceRequest, JSONValue, N_counted, Note, RuleError

DECIDED = N_("The opening roll is already decided.")
ONE_DIE_EACH = N_counted(
    "Give one die from 1 to 6 for each of {count} player.",
    "Give one die from 1 to 6 for each of {count} players.",
)
NOT_DECIDED = N_("The opening roll is not decided yet: keep rolling.")
SAVED_OBJECT = N_("An opening roll is saved as a JSON object.")
SAVED_PARTS = N_("An opening roll needs the dice showing and the seats still rolling.")
SAVED_VALUES = N_("An opening roll holds dice 0 to 6 and valid seats.")


@dataclass(frozen=True)
class OpeningRoll:
    """The opening roll in progress.

    `showing` holds each seat's latest die (0 before its first roll);
    `rolling` the seats that roll next (all at first, then those tied).
    """

    showing: tuple[int, ...]
    rolling: tuple[int, ...]

    @classmethod
    def start(cls, players: int) -> OpeningRoll:
        """Everyone is about to roll one die."""
        return cls(showing=(0,) * players, rolling=tuple(range(players)))

    @property
    def starter(self) -> int | None:
        """The seat that won the opening roll, or None while it goes on."""
        return self.rolling[0] if len(self.rolling) == 1 else None

    def request(self, names: Sequence[str] | None = None) -> ChanceRequest:
        """The chance request for the next throw: one die per seat in `rolling`, in seat order."""
        who = [names[seat] if names else f"seat {seat}" for seat in self.rolling]
        tied = " again to break the tie" if any(self.showing) else ""
        prompt = f"Roll one die each{tied}: {', '.join(who)}, in that order."
        note = opening_note(self.rolling, any(self.showing))
        return ChanceRequest(kind="dice", prompt=prompt, dice=len(self.rolling), note=note)

    def record(self, dice: Sequence[int]) -> OpeningRoll:
        """The opening after the seats in `rolling` threw `dice` (one each, in seat order).

        Raises:
            RuleError: the opening is already decided or the dice do not fit.
        """
        if self.starter is not None:
            raise RuleError(Note.of(DECIDED))
        if len(dice) != len(self.rolling) or not all(1 <= die <= 6 for die in dice):
            raise RuleError(Note.of(ONE_DIE_EACH, count=len(self.rolling)))
        showing = list(self.showing)
        for seat, die in zip(self.rolling, dice, strict=True):
            showing[seat] = die
        best = max(dice)
        rolling = tuple(seat for seat in self.rolling if showing[seat] == best)
        return OpeningRoll(showing=tuple(showing), rolling=rolling)

    def first_roll(self) -> tuple[int, int]:
        """The starter's first two dice: their winning die and the lowest die of the others.

        Raises:
            RuleError: the opening roll is not decided yet.
        """
        starter = self.starter
        if starter is None:
            raise RuleError(Note.of(NOT_DECIDED))
        lowest = min(die for seat, die in enumerate(self.showing) if seat != starter)
        return (self.showing[starter], lowest)

    def to_json(self) -> dict[str, JSONValue]:
        """The opening as JSON."""
        return {"showing": list(self.showing), "rolling": list(self.rolling)}

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> OpeningRoll:
        """Read an opening written by `to_json`.

        Raises:
            RuleError: the data is not a valid opening.
        """
        if not isinstance(data, dict):
            raise RuleError(Note.of(SAVED_OBJECT))
        showing, rolling = data.get("showing"), data.get("rolling")
        if not isinstance(showing, list) or not isinstance(rolling, list) or not rolling:
            raise RuleError(Note.of(SAVED_PARTS))
        if not all(isinstance(d, int) and 0 <= d <= 6 for d in showing) or not all(
            isinstance(s, int) and 0 <= s < len(showing) for s in rolling
        ):
            raise RuleError(Note.of(SAVED_VALUES))
        return cls(showing=tuple(showing), rolling=tuple(rolling))
