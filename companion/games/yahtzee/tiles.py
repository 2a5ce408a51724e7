"""The twelve Yahtzee tiles, what a roll is worth to each, and the points table.

A tile's *recorded value* is what a challenger must equal or beat: the number
of matching dice for a number tile (1 to 4), the five-dice total for Chance,
and 1 for the pattern tiles (Three of a Kind, Four of a Kind, Full House,
Small and Large Straight), which a roll either shows or does not.
"""

from __future__ import annotations

from enum import StrEnum

from companion.games.base import RuleError
from companion.games.dice import (
    NUMBER_COMBINATIONS,
    Combination,
    face_count,
    satisfied_combinations,
)


class Tile(StrEnum):
    """One of the tiles raced for on the board (D-Y2: Yahtzee is a roll, not a tile)."""

    ONES = "ones"
    TWOS = "twos"
    THREES = "threes"
    FOURS = "fours"
    FIVES = "fives"
    SIXES = "sixes"
    THREE_OF_A_KIND = "three_of_a_kind"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    SMALL_STRAIGHT = "small_straight"
    LARGE_STRAIGHT = "large_straight"
    CHANCE = "chance"

    @property
    def combination(self) -> Combination:
        """The dice combination this tile asks for."""
        return Combination(self.value)

    @property
    def label(self) -> str:
        """The tile's name for people: "Full House"."""
        return self.combination.label

    @property
    def face(self) -> int | None:
        """The number a number tile counts (Sixes -> 6), None for other tiles."""
        return _FACES.get(self.value)


_FACES = {combination.value: face for face, combination in NUMBER_COMBINATIONS.items()}

ALL_TILES: tuple[Tile, ...] = tuple(Tile)
NUMBER_TILES: tuple[Tile, ...] = tuple(tile for tile in Tile if tile.face is not None)
MAX_NUMBER_COUNT = 4
"""Five of one number is a Yahtzee, so a number tile records at most four."""

DEFAULT_TILE_POINTS: dict[Tile, int] = {
    Tile.CHANCE: 20,
    Tile.THREE_OF_A_KIND: 25,
    Tile.FULL_HOUSE: 30,
    Tile.SMALL_STRAIGHT: 35,
    Tile.FOUR_OF_A_KIND: 40,
    Tile.LARGE_STRAIGHT: 50,
}
"""D-Y3: points of the tiles that are not number tiles (the source's table was lost)."""


def tile_value(tile: Tile, faces: tuple[int, ...], chance_minimum: int) -> int:
    """What final dice are worth toward `tile`; 0 when they do not satisfy it.

    Number tiles count the matching dice (at most four), Chance is the total
    when it reaches `chance_minimum`, pattern tiles are 1 when shown.
    """
    face = tile.face
    if face is not None:
        return min(face_count(faces, face), MAX_NUMBER_COUNT)
    if tile is Tile.CHANCE:
        total = sum(faces)
        return total if total >= chance_minimum else 0
    return 1 if tile.combination in satisfied_combinations(faces) else 0


def best_value(tile: Tile, dice: int = 5) -> int:
    """The highest value a tile can record: what a Yahtzee claims it at."""
    if tile.face is not None:
        return MAX_NUMBER_COUNT
    if tile is Tile.CHANCE:
        return 6 * dice
    return 1


_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def value_text(tile: Tile, value: int) -> str:
    """A recorded value for people: "three 6s", "total 27", "made"."""
    face = tile.face
    if face is not None:
        return f"{_COUNT_WORDS.get(value, str(value))} {face}{'s' if value != 1 else ''}"
    if tile is Tile.CHANCE:
        return f"total {value}"
    return "made"


def tile_text(tile: Tile, value: int) -> str:
    """A tile with its recorded value for people: "Fives (two 5s)", "Chance (total 27)",
    "Full House" (a pattern tile has nothing more to say)."""
    if tile.face is None and tile is not Tile.CHANCE:
        return tile.label
    return f"{tile.label} ({value_text(tile, value)})"


def needed_text(tile: Tile, value: int) -> str:
    """What final dice must show to equal or beat `value` on `tile`: "at least two 5s",
    "a total of 27 or more", "a full house", "four of a kind"."""
    face = tile.face
    if face is not None:
        return f"at least {value_text(tile, value)}"
    if tile is Tile.CHANCE:
        return f"a total of {value} or more"
    name = tile.label.lower()
    return name if "of a kind" in name else f"a {name}"


def parse_tile(name: object) -> Tile:
    """The tile called `name` ("full_house", "Full House", "full house").

    Raises:
        RuleError: no tile has that name (the message lists them).
    """
    key = str(name).strip().lower().replace(" ", "_").replace("-", "_")
    try:
        return Tile(key)
    except ValueError:
        names = ", ".join(tile.value for tile in Tile)
        raise RuleError(f"There is no tile called {name!r}; the tiles are: {names}.") from None
