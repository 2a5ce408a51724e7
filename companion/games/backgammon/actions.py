"""The actions of the three games: small immutable values with JSON and a readable text.

Chance arrives as `DiceThrow` (a roll of two dice, or one die per player in
an opening roll) and `InvalidRoll` (the tray saw a cocked die: roll again).
Players act with `TurnPlay` (a whole turn), `CheckerStep` (one checker moved
by one die, for the touchscreen) and `UndoStep`; in Backgammon also `Roll`
(roll rather than double), `Double`, `Take`, `Pass` and `Beaver`.

Steps use the mover's track positions (see `geometry`: 0 = bar, N + 1 = off).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.games.backgammon.movement import Geometry, Step
from companion.games.backgammon.notation import format_steps
from companion.games.base import JSONValue, RuleError


def _whole_number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be a whole number, not {value!r}.")
    return value


@dataclass(frozen=True)
class DiceThrow:
    """Dice that chance supplied: two dice for a turn, or one die per player in an opening roll."""

    values: tuple[int, ...]
    kind: ClassVar[str] = "dice"
    chance_outcome: ClassVar[bool] = True

    def to_json(self) -> dict[str, JSONValue]:
        """The action as JSON."""
        return {"action": self.kind, "values": list(self.values)}

    def __str__(self) -> str:
        return "Dice " + "-".join(str(value) for value in self.values)


@dataclass(frozen=True)
class InvalidRoll:
    """The dice tray saw an invalid roll (cocked, off the board, on a checker): roll again."""

    kind: ClassVar[str] = "invalid_roll"
    chance_outcome: ClassVar[bool] = True

    def to_json(self) -> dict[str, JSONValue]:
        """The action as JSON."""
        return {"action": self.kind}

    def __str__(self) -> str:
        return "Invalid roll: roll both dice again"


@dataclass(frozen=True)
class Writer:
    """Who writes a play and on which board: what notation needs to name the points."""

    geometry: Geometry
    mover: int

    def notation(self, steps: tuple[Step, ...]) -> str:
        """Standard notation of `steps`, or "no move" for none."""
        return format_steps(self.geometry, self.mover, steps) if steps else "no move"


def _plain_text(steps: tuple[Step, ...]) -> str:
    return " ".join(f"{step.source}/{step.destination}" for step in steps) or "no move"


@dataclass(frozen=True)
class CheckerStep:
    """One checker moved by one die.

    `text` (notation read back from the log) or `writer` (written when shown)
    are for people only; equality is the step alone.
    """

    step: Step
    text: str = field(default="", compare=False)
    writer: Writer | None = field(default=None, compare=False, repr=False)
    kind: ClassVar[str] = "step"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as JSON."""
        source, destination, die, hit = self.step
        return {
            "action": self.kind,
            "source": source,
            "destination": destination,
            "die": die,
            "hit": hit,
            "text": str(self),
        }

    def __str__(self) -> str:
        if self.text:
            return self.text
        return self.writer.notation((self.step,)) if self.writer else _plain_text((self.step,))


@dataclass(frozen=True)
class TurnPlay:
    """A whole turn: its steps in order, shown in notation (``24/18 13/11*``).

    `text` (read back from the log) or `writer` (written when shown) are for
    people only; equality is the steps alone.
    """

    steps: tuple[Step, ...]
    text: str = field(default="", compare=False)
    writer: Writer | None = field(default=None, compare=False, repr=False)
    kind: ClassVar[str] = "play"

    def to_json(self) -> dict[str, JSONValue]:
        """The action as JSON."""
        return {
            "action": self.kind,
            "steps": [list(step) for step in self.steps],
            "text": str(self),
        }

    def __str__(self) -> str:
        if self.text:
            return self.text
        return self.writer.notation(self.steps) if self.writer else _plain_text(self.steps)


@dataclass(frozen=True)
class _Word:
    """An action that is just a word: roll, double, take, pass, beaver, undo."""

    kind: ClassVar[str] = ""
    label: ClassVar[str] = ""

    def to_json(self) -> dict[str, JSONValue]:
        """The action as JSON."""
        return {"action": self.kind}

    def __str__(self) -> str:
        return self.label


@dataclass(frozen=True)
class Roll(_Word):
    """Roll the dice rather than double (Backgammon, while the player may double)."""

    kind: ClassVar[str] = "roll"
    label: ClassVar[str] = "Roll"


@dataclass(frozen=True)
class Double(_Word):
    """Offer the doubling cube before rolling."""

    kind: ClassVar[str] = "double"
    label: ClassVar[str] = "Double"


@dataclass(frozen=True)
class Take(_Word):
    """Accept a double: the cube doubles and the taker owns it."""

    kind: ClassVar[str] = "take"
    label: ClassVar[str] = "Take"


@dataclass(frozen=True)
class Pass(_Word):
    """Refuse a double and lose the game at the cube's current value."""

    kind: ClassVar[str] = "pass"
    label: ClassVar[str] = "Pass"


@dataclass(frozen=True)
class Beaver(_Word):
    """Accept a double and redouble at once, keeping the cube (money play with beavers)."""

    kind: ClassVar[str] = "beaver"
    label: ClassVar[str] = "Beaver"


@dataclass(frozen=True)
class UndoStep(_Word):
    """Take back the last checker step of the turn in progress."""

    kind: ClassVar[str] = "undo_step"
    label: ClassVar[str] = "Undo step"


Action = (
    DiceThrow | InvalidRoll | CheckerStep | TurnPlay | Roll | Double | Take | Pass | Beaver
    | UndoStep
)

_WORDS: dict[str, type[Roll | Double | Take | Pass | Beaver | UndoStep]] = {
    cls.kind: cls for cls in (Roll, Double, Take, Pass, Beaver, UndoStep)
}


def _step_from_json(raw: Any) -> Step:
    if isinstance(raw, dict):
        raw = [raw.get("source"), raw.get("destination"), raw.get("die"), raw.get("hit")]
    if not isinstance(raw, list | tuple) or len(raw) != 4:
        raise RuleError(f"A step is [source, destination, die, hit], not {raw!r}.")
    source = _whole_number(raw[0], "A step's source")
    destination = _whole_number(raw[1], "A step's destination")
    die = _whole_number(raw[2], "A step's die")
    return Step(source, destination, die, bool(raw[3]))


def action_from_json(data: dict[str, JSONValue]) -> Action:
    """Read back an action written by its `to_json`.

    Raises:
        RuleError: the data is not an action of these games.
    """
    if not isinstance(data, dict):
        raise RuleError(f"An action is a JSON object, not {data!r}.")
    kind = data.get("action")
    if kind == DiceThrow.kind:
        values = data.get("values")
        if not isinstance(values, list):
            raise RuleError("A dice action lists its values.")
        return DiceThrow(tuple(_whole_number(v, "A die") for v in values))
    if kind == InvalidRoll.kind:
        return InvalidRoll()
    if kind == CheckerStep.kind:
        return CheckerStep(_step_from_json(data), str(data.get("text", "")))
    if kind == TurnPlay.kind:
        steps = data.get("steps")
        if not isinstance(steps, list):
            raise RuleError("A play lists its steps.")
        return TurnPlay(tuple(_step_from_json(s) for s in steps), str(data.get("text", "")))
    word = _WORDS.get(str(kind))
    if word is None:
        raise RuleError(f"There is no backgammon-family action called {kind!r}.")
    return word()
