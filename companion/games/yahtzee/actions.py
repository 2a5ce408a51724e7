"""What players (and the dice) do in the Yahtzee board variant.

Every action is a frozen `Action` whose JSON form the one codec derives from
its fields (``{"action": "claim", "tile": "fives"}``). The dice arrive as the
shared chance actions `DiceThrow` and `InvalidRoll`; `YAHTZEE_ACTIONS` reads
any of them back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.action_codec import Action, ActionSet, ChanceAction, register_value
from companion.games.base import RuleError
from companion.games.chance_actions import DiceThrow, InvalidRoll
from companion.games.dice import faces_text
from companion.games.notes import N_, Note
from companion.games.yahtzee.narration import tile_note
from companion.games.yahtzee.tiles import Tile, parse_tile, value_text


def _tile_from_json(raw: Any) -> Tile:
    """The tile named in JSON ("full_house").

    Raises:
        RuleError: that is not the name of a tile.
    """
    if not isinstance(raw, str) or len(raw) > 40:
        raise RuleError('A tile is named by its name, such as "full_house".')
    return parse_tile(raw)


register_value(Tile, lambda tile: tile.value, _tile_from_json, "the name of a tile")

# What each action did, as the screen's last-action line says it ({0}: the seat that took it).
# Translators: {dice} is the dice held, "4 4"; {tile} a tile's name, "Full House".
KEPT_DICE = N_("{0} kept {dice} to roll the rest")
ROLLS_ALL_AGAIN = N_("{0} chose to roll all the dice again")
STOPPED = N_("{0} stopped rolling")
WENT_FOR = N_("{0} went for {tile}")
CLAIMED = N_("{0} claimed {tile}")
STAYED = N_("{0} stayed to improve their tile")
MOVED_ON = N_("{0} moved on")
PLACED = N_("{0} put the tile on square {square}")


@dataclass(frozen=True)
class RollAgain(Action, tag="roll_again"):
    """Hold the dice showing `kept` (sorted values; none to roll all) and throw the rest.

    Raises:
        RuleError: `kept` is not a list of whole numbers.
    """

    kept: tuple[int, ...]

    def __post_init__(self) -> None:
        # Held dice are a set of values: (4, 4, 1) and (1, 4, 4) are the same choice.
        object.__setattr__(self, "kept", tuple(sorted(_whole_numbers("kept", self.kept))))

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Keep 4 4 and roll the rest"."""
        if not self.kept:
            return "Roll all the dice again"
        return f"Keep {faces_text(self.kept)} and roll the rest"

    def narrate(self, actor: int) -> Note:
        """Reads "Ana kept 4 4 to roll the rest"."""
        if not self.kept:
            return Note.of(ROLLS_ALL_AGAIN, (actor,))
        return Note.of(KEPT_DICE, (actor,), dice=faces_text(self.kept))


@dataclass(frozen=True)
class Stop(Action, tag="stop"):
    """Keep the dice as they are: they are the final roll."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Stop rolling"."""
        return "Stop rolling"

    def narrate(self, actor: int) -> Note:
        """Reads "Ana stopped rolling"."""
        return Note.of(STOPPED, (actor,))


@dataclass(frozen=True)
class _TileChoice(Action):
    """An action that names one tile, `tile` (given as a `Tile` or its name).

    Raises:
        RuleError: no tile has that name.
    """

    tile: Tile

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", parse_tile(self.tile))


@dataclass(frozen=True)
class ChooseTarget(_TileChoice, tag="choose_target"):
    """On a wild square, after the first roll: go for `tile`.

    Raises:
        RuleError: no tile has that name.
    """

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Go for Fives"."""
        return f"Go for {self.tile.label}"

    def narrate(self, actor: int) -> Note:
        """Reads "Ana went for Fives"."""
        return Note.of(WENT_FOR, (actor,), tile=tile_note(self.tile))


@dataclass(frozen=True)
class Claim(_TileChoice, tag="claim"):
    """Take `tile` with the final dice (one of several the dice satisfy, or after a Yahtzee).

    Raises:
        RuleError: no tile has that name.
    """

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Claim Full House"."""
        return f"Claim {self.tile.label}"

    def narrate(self, actor: int) -> Note:
        """Reads "Ana claimed Full House"."""
        return Note.of(CLAIMED, (actor,), tile=tile_note(self.tile))


@dataclass(frozen=True)
class Stay(Action, tag="stay"):
    """On your own number tile: stay and roll to improve it."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Stay and roll to improve your tile"."""
        return "Stay and roll to improve your tile"

    def narrate(self, actor: int) -> Note:
        """Reads "Ana stayed to improve their tile"."""
        return Note.of(STAYED, (actor,))


@dataclass(frozen=True)
class MoveOn(Action, tag="move_on"):
    """On your own tile: roll the movement die again and move on."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Move on"."""
        return "Move on"

    def narrate(self, actor: int) -> Note:
        """Reads "Ana moved on"."""
        return Note.of(MOVED_ON, (actor,))


@dataclass(frozen=True)
class PlaceTile(Action, tag="place_tile"):
    """D-Y5 `player_chooses`: put the new tile on free square `square`.

    Raises:
        RuleError: `square` is not a whole number.
    """

    square: int

    def __post_init__(self) -> None:
        if isinstance(self.square, bool) or not isinstance(self.square, int):
            raise RuleError(f"A square is a whole number, not {self.square!r}.")

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Put the tile on square 7"."""
        return f"Put the tile on square {self.square}"

    def narrate(self, actor: int) -> Note:
        """Reads "Ana put the tile on square 7"."""
        return Note.of(PLACED, (actor,), square=self.square)


YAHTZEE_MADE = "yahtzee"
NOTHING_MADE = "nothing"


@dataclass(frozen=True)
class DeclaredResult(ChanceAction, tag="declared"):
    """What the five dice made, said at the table instead of their values: the players threw
    real dice (up to three throws, holding between them) and tell the referee only what
    counts. `made` is a tile's name with its `value` (the count of a number tile's face, the
    total for Chance, 1 for the other tiles), "yahtzee" with the face of the five of a kind,
    or "nothing". No dice values: the log keeps what was said.

    Raises:
        RuleError: `made` is not a tile's name, "yahtzee" or "nothing", or `value` is not a
            whole number.
    """

    made: str
    value: int = 0

    def __post_init__(self) -> None:
        if self.made not in (YAHTZEE_MADE, NOTHING_MADE):
            object.__setattr__(self, "made", _tile_from_json(self.made).value)
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise RuleError(f"What the dice made has a whole number as its value, not"
                            f" {self.value!r:.40}.")

    @classmethod
    def from_outcome(cls, outcome: Any) -> DeclaredResult:
        """The result declared by a chance outcome ``{"made": "fives", "value": 4}``.

        Raises:
            RuleError: the outcome is not such an object.
        """
        if not isinstance(outcome, dict) or set(outcome) - {"made", "value"} or (
                "made" not in outcome or not isinstance(outcome["made"], str)):
            raise RuleError('Say what the dice made as {"made": "fives", "value": 4},'
                            ' {"made": "yahtzee", "value": 6} or {"made": "nothing"}.')
        return cls(outcome["made"], outcome.get("value", 0))

    def outcome(self) -> dict[str, str | int]:
        """The chance outcome that declares this result (what `from_outcome` reads)."""
        return {"made": self.made, "value": self.value}

    @property
    def tile(self) -> Tile | None:
        """The tile made (None for a Yahtzee or nothing)."""
        return None if self.made in (YAHTZEE_MADE, NOTHING_MADE) else Tile(self.made)

    @property
    def is_yahtzee(self) -> bool:
        """True when the dice made a Yahtzee (five of `value`)."""
        return self.made == YAHTZEE_MADE

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Made Fives: four 5s", "Made a Yahtzee of 6s", "Made nothing"."""
        tile = self.tile
        if tile is not None:
            return f"Made {tile.label}: {value_text(tile, self.value)}"
        if self.is_yahtzee:
            return f"Made a Yahtzee of {self.value}s"
        return "Made nothing"


YahtzeeAction = (
    DiceThrow | InvalidRoll | DeclaredResult | RollAgain | Stop | ChooseTarget | Claim | Stay
    | MoveOn | PlaceTile
)

YAHTZEE_ACTIONS = ActionSet(
    "the Yahtzee board game",
    (DiceThrow, InvalidRoll, DeclaredResult, RollAgain, Stop, ChooseTarget, Claim, Stay, MoveOn,
     PlaceTile),
)
"""Every action of the Yahtzee board game."""


def _whole_numbers(key: str, values: Any) -> tuple[int, ...]:
    if not isinstance(values, list | tuple) or any(
        isinstance(value, bool) or not isinstance(value, int) for value in values
    ):
        raise RuleError(f"{key!r} must be a list of whole numbers, not {values!r:.40}.")
    return tuple(values)
