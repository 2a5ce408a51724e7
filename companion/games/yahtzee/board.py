"""The loop of squares: wild squares, starting squares and moving forward."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from companion.games.yahtzee.options import YahtzeeOptions


@dataclass(frozen=True)
class Board:
    """A loop of `squares` squares numbered from 1; `wilds` never hold a tile.

    The wild squares are also the starting squares: the first player in the
    order of play starts on the first of them, and so on (D-Y1).
    """

    squares: int = 16
    wilds: tuple[int, ...] = (1, 5, 9, 13)

    @classmethod
    def from_options(cls, options: YahtzeeOptions) -> Board:
        """The board a set of rule options describes."""
        return cls(options.squares, options.wild_squares)

    def is_wild(self, square: int) -> bool:
        """True for a wild square."""
        return square in self.wilds

    def start_square(self, place: int) -> int:
        """Where the player at `place` (0 = first) in the order of play starts."""
        return self.wilds[place]

    def advance(self, square: int, steps: int) -> int:
        """The square `steps` squares forward, wrapping from the last square to 1."""
        return (square - 1 + steps) % self.squares + 1

    def ahead(self, square: int) -> list[int]:
        """Every square going forward from `square`, starting with `square` itself."""
        return [self.advance(square, steps) for steps in range(self.squares)]

    def free_squares(self, occupied: Collection[int]) -> list[int]:
        """Non-wild squares that hold no tile, in board order."""
        return [
            square
            for square in range(1, self.squares + 1)
            if not self.is_wild(square) and square not in occupied
        ]

    def first_free_from(self, square: int, occupied: Collection[int]) -> int | None:
        """The first free non-wild square going forward, counting `square` itself (D-Y5)."""
        for candidate in self.ahead(square):
            if not self.is_wild(candidate) and candidate not in occupied:
                return candidate
        return None


@dataclass(frozen=True)
class TileHolding:
    """Where a tile is: its owner, recorded value and square (None while unclaimed)."""

    owner: int | None = None
    value: int = 0
    square: int | None = None

    def with_value(self, value: int) -> TileHolding:
        """The same tile with a new recorded value."""
        return replace(self, value=value)

    def with_owner(self, owner: int, value: int) -> TileHolding:
        """The tile won by `owner` with `value` recorded; it stays on its square."""
        return replace(self, owner=owner, value=value)

    def placed(self, owner: int, value: int, square: int) -> TileHolding:
        """A newly claimed tile on `square`."""
        return TileHolding(owner, value, square)
