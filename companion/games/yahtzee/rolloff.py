"""The 2d6 roll for the order of play, with tied players rolling again (D-Y4)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import Any

from companion.games.base import JSONValue, RuleError
from companion.games.yahtzee.options import RollOffTies


@dataclass(frozen=True)
class RollOff:
    """The roll-off so far: places in order, some still shared by tied players.

    `places` lists groups of seats from first place down; a group of more
    than one seat is still tied and rolls again. `totals` are the totals
    rolled so far by the group now rolling (the first tied group).
    """

    places: tuple[tuple[int, ...], ...]
    totals: tuple[tuple[int, int], ...] = ()
    ties: RollOffTies = RollOffTies.REROLL_TIED

    @classmethod
    def start(cls, players: int, ties: RollOffTies) -> RollOff:
        """Everybody tied for first place, nobody has rolled yet."""
        return cls((tuple(range(players)),), (), ties)

    @property
    def rolling_group(self) -> tuple[int, ...] | None:
        """The seats rolling now, or None once the order is settled."""
        return next((group for group in self.places if len(group) > 1), None)

    @property
    def next_seat(self) -> int | None:
        """The seat that rolls next, or None once the order is settled."""
        group = self.rolling_group
        if group is None:
            return None
        rolled = {seat for seat, _ in self.totals}
        return next(seat for seat in group if seat not in rolled)

    @property
    def order(self) -> tuple[int, ...] | None:
        """Seats in order of play once settled, else None."""
        if self.rolling_group is not None:
            return None
        return tuple(group[0] for group in self.places)

    def record(self, total: int) -> RollOff:
        """The roll-off after `next_seat` rolled `total`.

        Raises:
            RuleError: the order is already settled.
        """
        seat, group = self.next_seat, self.rolling_group
        if seat is None or group is None:
            raise RuleError("The order of play is already settled.")
        totals = (*self.totals, (seat, total))
        if len(totals) < len(group):
            return RollOff(self.places, totals, self.ties)
        ranked = sorted(totals, key=lambda pair: -pair[1])
        split = tuple(
            tuple(seat for seat, _ in tied) for _, tied in groupby(ranked, key=lambda pair: pair[1])
        )
        if self.ties is RollOffTies.REROLL_ALL and len(split) < len(group):
            return RollOff(self.places, (), self.ties)
        index = self.places.index(group)
        places = self.places[:index] + split + self.places[index + 1 :]
        return RollOff(places, (), self.ties)

    def to_json(self) -> dict[str, JSONValue]:
        """The roll-off as plain JSON."""
        return {
            "places": [list(group) for group in self.places],
            "totals": [list(pair) for pair in self.totals],
            "ties": self.ties.value,
        }

    @classmethod
    def from_json(cls, data: Any) -> RollOff:
        """Read back a roll-off written by `to_json`.

        Raises:
            RuleError: the data does not describe a roll-off.
        """
        try:
            places = tuple(tuple(int(seat) for seat in group) for group in data["places"])
            totals = tuple((int(seat), int(total)) for seat, total in data["totals"])
            return cls(places, totals, RollOffTies(data["ties"]))
        except (KeyError, TypeError, ValueError) as error:
            raise RuleError(f"That is not a saved roll for the order of play ({error}).") from None
