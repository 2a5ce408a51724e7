"""What players (and the dice) do in the Yahtzee board variant.

Every action is a small frozen value with `to_json()` (the event-log form,
tagged by ``"action"``) and a readable `str()`. `action_from_json` reads any
of them back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.games.base import JSONValue, RuleError
from companion.games.dice import faces_text
from companion.games.yahtzee.tiles import Tile, parse_tile


@dataclass(frozen=True)
class Roll:
    """Chance: the dice thrown show `values` (roll-off, movement or the five dice)."""

    values: tuple[int, ...]
    tag: ClassVar[str] = "roll"
    chance_outcome: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"Roll {faces_text(self.values)}"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON."""
        return {"action": self.tag, "values": list(self.values)}


@dataclass(frozen=True)
class InvalidRoll:
    """Chance: a die landed cocked or off the tray; the same dice are rolled again.

    It changes nothing but the notes: the throw does not count as one of the
    three rolls, and held dice stay held.
    """

    tag: ClassVar[str] = "invalid_roll"
    chance_outcome: ClassVar[bool] = True

    def __str__(self) -> str:
        return "Cocked roll"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON."""
        return {"action": self.tag}


@dataclass(frozen=True)
class RollAgain:
    """Hold the dice showing `kept` (sorted values; none to roll all) and throw the rest.

    Raises:
        RuleError: `kept` is not a list of whole numbers.
    """

    kept: tuple[int, ...]
    tag: ClassVar[str] = "roll_again"

    def __post_init__(self) -> None:
        # Held dice are a set of values: (4, 4, 1) and (1, 4, 4) are the same choice.
        object.__setattr__(self, "kept", tuple(sorted(_whole_numbers("kept", self.kept))))

    def __str__(self) -> str:
        if not self.kept:
            return "Roll all the dice again"
        return f"Keep {faces_text(self.kept)} and roll the rest"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON."""
        return {"action": self.tag, "kept": list(self.kept)}


@dataclass(frozen=True)
class Stop:
    """Keep the dice as they are: they are the final roll."""

    tag: ClassVar[str] = "stop"

    def __str__(self) -> str:
        return "Stop rolling"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON."""
        return {"action": self.tag}


@dataclass(frozen=True)
class ChooseTarget:
    """On a wild square, after the first roll: go for `tile`.

    Raises:
        RuleError: no tile has that name.
    """

    tile: Tile
    tag: ClassVar[str] = "choose_target"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", parse_tile(self.tile))

    def __str__(self) -> str:
        return f"Go for {self.tile.label}"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON."""
        return {"action": self.tag, "tile": self.tile.value}


@dataclass(frozen=True)
class Claim:
    """Take `tile` with the final dice (one of several the dice satisfy, or after a Yahtzee).

    Raises:
        RuleError: no tile has that name.
    """

    tile: Tile
    tag: ClassVar[str] = "claim"

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", parse_tile(self.tile))

    def __str__(self) -> str:
        return f"Claim {self.tile.label}"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON."""
        return {"action": self.tag, "tile": self.tile.value}


@dataclass(frozen=True)
class Stay:
    """On your own number tile: stay and roll to improve it."""

    tag: ClassVar[str] = "stay"

    def __str__(self) -> str:
        return "Stay and roll to improve your tile"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON."""
        return {"action": self.tag}


@dataclass(frozen=True)
class MoveOn:
    """On your own tile: roll the movement die again and move on."""

    tag: ClassVar[str] = "move_on"

    def __str__(self) -> str:
        return "Move on"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON."""
        return {"action": self.tag}


@dataclass(frozen=True)
class PlaceTile:
    """D-Y5 `player_chooses`: put the new tile on free square `square`.

    Raises:
        RuleError: `square` is not a whole number.
    """

    square: int
    tag: ClassVar[str] = "place_tile"

    def __post_init__(self) -> None:
        if isinstance(self.square, bool) or not isinstance(self.square, int):
            raise RuleError(f"A square is a whole number, not {self.square!r}.")

    def __str__(self) -> str:
        return f"Put the tile on square {self.square}"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON."""
        return {"action": self.tag, "square": self.square}


YahtzeeAction = (
    Roll | InvalidRoll | RollAgain | Stop | ChooseTarget | Claim | Stay | MoveOn | PlaceTile
)


def _whole_numbers(key: str, values: Any) -> tuple[int, ...]:
    if not isinstance(values, list | tuple) or any(
        isinstance(value, bool) or not isinstance(value, int) for value in values
    ):
        raise RuleError(f"{key!r} must be a list of whole numbers, not {values!r}.")
    return tuple(values)


def _numbers(data: dict[str, Any], key: str) -> tuple[int, ...]:
    return _whole_numbers(key, data[key])


def action_from_json(data: dict[str, JSONValue]) -> YahtzeeAction:
    """Read back an action written by its `to_json`.

    Raises:
        RuleError: the data is not a Yahtzee board action.
    """
    if not isinstance(data, dict):
        raise RuleError(f"An action is a JSON object, not {data!r}.")
    tag = data.get("action")
    if not isinstance(tag, str):
        raise RuleError(f"An action names what it does in its 'action' field, not {tag!r}.")
    try:
        if tag == Roll.tag:
            return Roll(_numbers(data, "values"))
        if tag == RollAgain.tag:
            return RollAgain(_numbers(data, "kept"))
        if tag in (ChooseTarget.tag, Claim.tag):
            tile = parse_tile(data["tile"])
            return ChooseTarget(tile) if tag == ChooseTarget.tag else Claim(tile)
        if tag == PlaceTile.tag:
            return PlaceTile(data["square"])
    except KeyError as missing:
        raise RuleError(f"The {tag} action needs its {missing} field.") from None
    simple: dict[str, YahtzeeAction] = {
        Stop.tag: Stop(),
        Stay.tag: Stay(),
        MoveOn.tag: MoveOn(),
        InvalidRoll.tag: InvalidRoll(),
    }
    if tag in simple:
        return simple[tag]
    raise RuleError(f"{tag!r} is not a Yahtzee board action.")
