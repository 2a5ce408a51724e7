"""The doubling cube: who may double, take, pass or beaver, and what a game is worth.

The cube is a small immutable value; every decision returns a new cube.
Seats are 0 and 1; `owner` None means the cube sits in the middle.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from companion.games.backgammon.match_id import MAX_CUBE
from companion.games.backgammon.refusals import (
    ALREADY_OFFERED,
    CUBE_LIMIT,
    CUBE_LIMIT_BEAVER,
    NOTHING_TO_BEAVER,
    NOTHING_TO_TAKE,
    OPPONENT_OWNS,
)
from companion.games.base import N_, JSONValue, Note, RuleError

NOT_A_CUBE = N_("{data} does not describe a doubling cube.")
CUBE_VALUE = N_("A cube shows a power of two up to {cube}, not {value}.")
CUBE_OWNER = N_("The cube belongs to seat 0 or 1 or sits in the middle.")


class ResultKind(Enum):
    """How a game of backgammon was won, and its multiplier."""

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3
    PASSED = 0
    """The loser passed a double: the game is worth the cube before the double."""

    @property
    def label(self) -> str:
        """The word people use for it."""
        return {
            ResultKind.SINGLE: "single game",
            ResultKind.GAMMON: "gammon",
            ResultKind.BACKGAMMON: "backgammon",
            ResultKind.PASSED: "double passed",
        }[self]


@dataclass(frozen=True)
class Cube:
    """The doubling cube: its value, its owner and whether a double waits for an answer.

    While `offered_by` is set, the value shown is still the value before the
    double; the opponent of `offered_by` must take, pass (or beaver).
    """

    value: int = 1
    owner: int | None = None
    offered_by: int | None = None
    beavered: bool = False
    """True once this game's cube was beavered (money play): recorded for the log."""

    def may_double(self, player: int) -> bool:
        """True when `player` owns the cube (or it is centred) and it can still go up."""
        return (
            self.offered_by is None
            and self.owner in (None, player)
            and self.value * 2 <= MAX_CUBE
        )

    def double(self, player: int) -> Cube:
        """`player` offers a double.

        Raises:
            RuleError: the cube belongs to the opponent, or a double already waits.
        """
        if self.offered_by is not None:
            raise RuleError(Note.of(ALREADY_OFFERED))
        if self.owner not in (None, player):
            raise RuleError(Note.of(OPPONENT_OWNS))
        if self.value * 2 > MAX_CUBE:
            raise RuleError(Note.of(CUBE_LIMIT, cube=MAX_CUBE))
        return replace(self, offered_by=player)

    def take(self) -> Cube:
        """The opponent takes: the value doubles and the taker owns the cube.

        Raises:
            RuleError: no double is offered.
        """
        if self.offered_by is None:
            raise RuleError(Note.of(NOTHING_TO_TAKE))
        return replace(self, value=self.value * 2, owner=1 - self.offered_by, offered_by=None)

    def beaver(self) -> Cube:
        """The opponent takes and at once redoubles, keeping the cube (money play).

        Raises:
            RuleError: no double is offered, or the cube would go too high.
        """
        if self.offered_by is None:
            raise RuleError(Note.of(NOTHING_TO_BEAVER))
        if self.value * 4 > MAX_CUBE:
            raise RuleError(Note.of(CUBE_LIMIT_BEAVER, cube=MAX_CUBE))
        return replace(
            self, value=self.value * 4, owner=1 - self.offered_by, offered_by=None, beavered=True
        )

    def points(self, kind: ResultKind, jacoby: bool = False) -> int:
        """Points a game result is worth with this cube.

        With the Jacoby rule (money play), gammons and backgammons count single
        while the cube was never turned.
        """
        if kind is ResultKind.PASSED:
            return self.value
        multiplier = kind.value
        if jacoby and self.value == 1 and self.owner is None:
            multiplier = 1
        return self.value * multiplier

    def to_json(self) -> dict[str, JSONValue]:
        """The cube as JSON."""
        return {
            "value": self.value,
            "owner": self.owner,
            "offered_by": self.offered_by,
            "beavered": self.beavered,
        }

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Cube:
        """Read a cube written by `to_json`.

        Raises:
            RuleError: the data is not a valid cube.
        """
        try:
            value, owner = data["value"], data["owner"]
            offered_by, beavered = data["offered_by"], data["beavered"]
        except (KeyError, TypeError):
            raise RuleError(Note.of(NOT_A_CUBE, data=repr(data))) from None
        if not isinstance(value, int) or value < 1 or value > MAX_CUBE or value & (value - 1):
            raise RuleError(Note.of(CUBE_VALUE, cube=MAX_CUBE, value=repr(value)))
        if owner not in (None, 0, 1) or offered_by not in (None, 0, 1):
            raise RuleError(Note.of(CUBE_OWNER))
        return cls(value=value, owner=owner, offered_by=offered_by, beavered=bool(beavered))
