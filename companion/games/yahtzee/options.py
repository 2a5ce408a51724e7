"""Rule options of the Yahtzee board variant: every D-Y decision, with its default.

`YahtzeeOptions()` is the game as `docs/rules/yahtzee-board.md` describes it.
`YahtzeeOptions.from_json({...})` reads the options a table chose (any key may
be left out to keep its default) and checks them, so a bad option is refused
with a sentence before a game starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from companion.games.base import N_, JSONValue, OptionChoice, RuleError
from companion.games.yahtzee.tiles import (
    ALL_TILES,
    DEFAULT_TILE_POINTS,
    MAX_NUMBER_COUNT,
    NUMBER_TILES,
    Tile,
    parse_tile,
)

E = TypeVar("E", bound=StrEnum)


class RollOffTies(StrEnum):
    """D-Y4: what happens when players tie in the 2d6 roll for the order of play."""

    REROLL_TIED = "reroll_tied"
    """Only the tied players roll again, to order their places among themselves."""
    REROLL_ALL = "reroll_all"
    """Any tie makes everybody roll again."""


class NewTilePlacement(StrEnum):
    """D-Y5: where a new tile goes when it is not claimed on the blank square landed on."""

    FIRST_FREE_AHEAD = "first_free_ahead"
    """The first free non-wild square going forward from the player's square."""
    PLAYER_CHOOSES = "player_chooses"
    """The player picks any free non-wild square."""


class FinalTies(StrEnum):
    """D-Y6: who wins when the highest totals are equal."""

    SHARE = "share"
    """Tied players share the win."""
    MOST_TILES = "most_tiles"
    """The tied player holding more tiles wins; still tied, they share the win."""


@dataclass(frozen=True)
class YahtzeeOptions:
    """How a table plays the Yahtzee board variant; the defaults are the digest's."""

    squares: int = 16
    """D-Y1: squares in the loop, numbered from 1."""
    wild_squares: tuple[int, ...] = (1, 5, 9, 13)
    """D-Y1: the wild squares, which are also the starting squares in order of play."""
    tiles: tuple[Tile, ...] = ALL_TILES
    """D-Y2: the tiles raced for (all twelve by default)."""
    tile_points: Mapping[Tile, int] = field(default_factory=lambda: dict(DEFAULT_TILE_POINTS))
    """D-Y3: points of the tiles that are not number tiles."""
    points_per_die: int = 10
    """Number tiles score this much per matching die recorded (the source: 1 = 10 ... 4 = 40)."""
    chance_minimum: int = 25
    """Chance is claimed only with a five-dice total of at least this much (the source: 25)."""
    roll_off_ties: RollOffTies = RollOffTies.REROLL_TIED
    """D-Y4."""
    new_tile_placement: NewTilePlacement = NewTilePlacement.FIRST_FREE_AHEAD
    """D-Y5."""
    final_ties: FinalTies = FinalTies.SHARE
    """D-Y6."""
    improve_needs_rise: bool = True
    """D-Y7: staying to improve your own tile is a success only if its recorded value rises
    (False: equalling it is enough)."""

    def __post_init__(self) -> None:
        self.check()

    def points(self, tile: Tile, value: int) -> int:
        """Points a tile scores at the end with `value` recorded."""
        if tile.face is not None:
            return value * self.points_per_die
        return self.tile_points[tile]

    def check(self) -> None:
        """Check that the options make a playable game.

        Raises:
            RuleError: an option is out of range or the options contradict each other.
        """
        if not 4 <= self.squares <= 64:
            raise RuleError(f"The board needs 4 to 64 squares, not {self.squares}.")
        wilds = self.wild_squares
        if not wilds or len(set(wilds)) != len(wilds):
            raise RuleError("List at least one wild square, each only once.")
        if any(not 1 <= square <= self.squares for square in wilds):
            raise RuleError(f"Wild squares are numbered 1 to {self.squares}: {list(wilds)}.")
        if not self.tiles or len(set(self.tiles)) != len(self.tiles):
            raise RuleError("List at least one tile to play for, each only once.")
        if len(self.tiles) > self.squares - len(wilds):
            raise RuleError(
                f"{len(self.tiles)} tiles need as many non-wild squares; the board has "
                f"{self.squares - len(wilds)}."
            )
        missing = [
            tile.value
            for tile in self.tiles
            if tile not in NUMBER_TILES and tile not in self.tile_points
        ]
        if missing:
            raise RuleError(f"Give points for every tile in play: {', '.join(missing)} have none.")
        if any(points < 0 for points in self.tile_points.values()) or self.points_per_die < 0:
            raise RuleError("Tile points cannot be negative.")
        if not 5 <= self.chance_minimum <= 30:
            raise RuleError(f"Chance needs a total from 5 to 30, not {self.chance_minimum}.")
        self._check_large_straight_is_highest()

    def _check_large_straight_is_highest(self) -> None:
        if Tile.LARGE_STRAIGHT not in self.tiles:
            return
        large = self.tile_points[Tile.LARGE_STRAIGHT]
        others = [
            self.points(tile, MAX_NUMBER_COUNT)
            for tile in self.tiles
            if tile is not Tile.LARGE_STRAIGHT
        ]
        if others and large <= max(others):
            raise RuleError(
                f"Large Straight must stay the highest-scoring tile: give it more than "
                f"{max(others)} points (it has {large})."
            )

    def to_json(self) -> dict[str, JSONValue]:
        """The options as plain JSON (every key, defaults included)."""
        return {
            "squares": self.squares,
            "wild_squares": list(self.wild_squares),
            "tiles": [tile.value for tile in self.tiles],
            "tile_points": {tile.value: points for tile, points in self.tile_points.items()},
            "points_per_die": self.points_per_die,
            "chance_minimum": self.chance_minimum,
            "roll_off_ties": self.roll_off_ties.value,
            "new_tile_placement": self.new_tile_placement.value,
            "final_ties": self.final_ties.value,
            "improve_needs_rise": self.improve_needs_rise,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> YahtzeeOptions:
        """Options from JSON; a key left out keeps its default.

        `tile_points` may name only the tiles it changes.

        Raises:
            RuleError: an unknown key, a value of the wrong kind, or options that
                do not make a playable game.
        """
        if data is not None and not isinstance(data, Mapping):
            raise RuleError(f"Yahtzee options are a JSON object such as {{}}, not {data!r}.")
        data = dict(data or {})
        unknown = sorted(set(data) - set(cls().to_json()))
        if unknown:
            raise RuleError(f"Unknown Yahtzee option {unknown[0]!r}; check its spelling.")
        values: dict[str, Any] = {}
        for key in ("squares", "points_per_die", "chance_minimum"):
            if key in data:
                values[key] = _whole_number(key, data[key])
        if "wild_squares" in data:
            values["wild_squares"] = tuple(
                _whole_number("wild_squares", square) for square in _list("wild_squares", data)
            )
        if "tiles" in data:
            values["tiles"] = tuple(parse_tile(name) for name in _list("tiles", data))
        if "tile_points" in data:
            values["tile_points"] = _tile_points(data["tile_points"])
        for key, kind in (
            ("roll_off_ties", RollOffTies),
            ("new_tile_placement", NewTilePlacement),
            ("final_ties", FinalTies),
        ):
            if key in data:
                values[key] = _choice(key, kind, data[key])
        if "improve_needs_rise" in data:
            if not isinstance(data["improve_needs_rise"], bool):
                raise RuleError("Option 'improve_needs_rise' is true or false.")
            values["improve_needs_rise"] = data["improve_needs_rise"]
        return cls(**values)


def _whole_number(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"Option {key!r} is a whole number, not {value!r}.")
    return value


def _list(key: str, data: Mapping[str, Any]) -> list[Any]:
    value = data[key]
    if not isinstance(value, list | tuple):
        raise RuleError(f"Option {key!r} is a list, not {value!r}.")
    return list(value)


def _tile_points(value: Any) -> dict[Tile, int]:
    if not isinstance(value, Mapping):
        raise RuleError(f"Option 'tile_points' maps tile names to points, not {value!r}.")
    points = dict(DEFAULT_TILE_POINTS)
    for name, amount in value.items():
        tile = parse_tile(name)
        if tile.face is not None:
            raise RuleError(
                f"{tile.label} is a number tile: it scores per die (set 'points_per_die')."
            )
        points[tile] = _whole_number(f"tile_points.{tile.value}", amount)
    return points


def _choice(key: str, kind: type[E], value: Any) -> E:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise RuleError(f"Option {key!r} is one of {allowed}, not {value!r}.") from None


YAHTZEE_CHOICES = (
    OptionChoice("new_tile_placement", N_("A tile won on a wild square goes"),
                 ("first_free_ahead", "player_chooses")),
    OptionChoice("improve_needs_rise", N_("Staying must raise the tile"), (True, False)),
    OptionChoice("final_ties", N_("Tied totals"), ("share", "most_tiles")),
)
"""The Yahtzee board game's options the table offers."""
