"""The actions of the three games: frozen `Action` values, their JSON derived from their fields.

Chance arrives as the shared `DiceThrow` (two dice for a turn, or one die per
player in an opening roll) and `InvalidRoll` (the tray saw a cocked die: roll
again). Players act with `TurnPlay` (a whole turn), `CheckerStep` (one
checker moved by one die, for the touchscreen) and `UndoStep`; in Backgammon
also `Roll` (roll rather than double), `Double`, `Take`, `Pass` and `Beaver`.
Mini-Gam and Multi-Gam have the `MOVING` ones; Backgammon adds the cube's.

Steps use the mover's track positions (see `geometry`: 0 = bar, N + 1 = off).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, overload

from companion.games.action_codec import NOT_IN_JSON, Action, ActionSet, register_value, written_as
from companion.games.backgammon.movement import Geometry, Step
from companion.games.backgammon.notation import format_steps
from companion.games.base import RuleError
from companion.games.chance_actions import DiceThrow, InvalidRoll
from companion.games.notes import N_, Note

# What each action did, as the screen's last-action line says it ({0}: the seat that took it).
# Translators: {play} is the play in notation, "8/5 6/5"; {step} one checker's move, "13/7".
PLAYED = N_("{0} played {play}")
HAD_NO_MOVE = N_("{0} had no move")
MOVED = N_("{0} moved {step}")


def _step_from_json(raw: Any) -> Step:
    """A step from ``[source, destination, die, hit]``.

    Raises:
        RuleError: it is not four whole numbers and a hit mark.
    """
    if not isinstance(raw, list | tuple) or len(raw) != 4:
        raise RuleError(f"A step is [source, destination, die, hit], not {raw!r:.40}.")
    *numbers, hit = raw
    if any(isinstance(value, bool) or not isinstance(value, int) for value in numbers):
        raise RuleError("A step's source, destination and die are whole numbers.")
    if not isinstance(hit, bool):
        raise RuleError("A step's hit mark is true or false.")
    return Step(numbers[0], numbers[1], numbers[2], hit)


register_value(Step, list, _step_from_json, "a step [source, destination, die, hit]")


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
class CheckerStep(Action, tag="step"):
    """One checker moved by one die.

    `text` (notation read back from the log) or `writer` (presentation only,
    set by the engine) are for people; equality is the step alone. The JSON
    keeps the notation as shown.
    """

    step: Step
    text: str = field(default="", compare=False, metadata=written_as(str))
    writer: Writer | None = field(default=None, compare=False, repr=False, metadata=NOT_IN_JSON)

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The step in notation ("13/7"), or in track positions without a writer."""
        if self.text:
            return self.text
        return self.writer.notation((self.step,)) if self.writer else _plain_text((self.step,))

    def narrate(self, actor: int) -> Note:
        """Reads "Ana moved 13/7"."""
        return Note.of(MOVED, (actor,), step=self.describe(str))


@dataclass(frozen=True)
class TurnPlay(Action, tag="play"):
    """A whole turn: its steps in order, shown in notation (``24/18 13/11*``).

    `text` (read back from the log) or `writer` (presentation only) are for
    people; equality is the steps alone.
    """

    steps: tuple[Step, ...]
    text: str = field(default="", compare=False, metadata=written_as(str))
    writer: Writer | None = field(default=None, compare=False, repr=False, metadata=NOT_IN_JSON)

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The play in notation, or in track positions without a writer."""
        if self.text:
            return self.text
        return self.writer.notation(self.steps) if self.writer else _plain_text(self.steps)

    def narrate(self, actor: int) -> Note:
        """Reads "Ana played 8/5 6/5", or "Ana had no move"."""
        if not self.steps:
            return Note.of(HAD_NO_MOVE, (actor,))
        return Note.of(PLAYED, (actor,), play=self.describe(str))


_THROWS: dict[tuple[int, ...], DiceThrow] = {}


def dice_throw(values: tuple[int, ...]) -> DiceThrow:
    """`DiceThrow(values)` of dice already checked, one shared value per throw (it is immutable).

    Six faces a die and at most one die per player: a few hundred values at most.
    """
    throw = _THROWS.get(values)
    if throw is None:
        throw = _THROWS[values] = DiceThrow(values)
    return throw


class PlayActions(Sequence[TurnPlay]):
    """The `TurnPlay` of each legal play of a turn, each made when first read.

    A turn has dozens of legal plays and a random game reads one of them:
    listing them as actions made every `TurnPlay` up front cost more than
    finding the plays. Reads as the list of those actions would (equal to
    it and to nothing a list is not equal to, same length, order and repr);
    each action is made once and kept.
    """

    __slots__ = ("_made", "_steps", "seat", "writer")

    def __init__(self, steps: Sequence[tuple[Step, ...]], writer: Writer, seat: int) -> None:
        self._steps = steps
        self._made: list[TurnPlay | None] = [None] * len(steps)
        self.writer = writer
        """Who writes the plays (shared by every action of the list)."""
        self.seat = seat
        """The seat on roll, who takes every action of the list."""

    def __len__(self) -> int:
        return len(self._steps)

    @overload
    def __getitem__(self, index: int) -> TurnPlay: ...

    @overload
    def __getitem__(self, index: slice) -> list[TurnPlay]: ...

    def __getitem__(self, index: int | slice) -> TurnPlay | list[TurnPlay]:
        if isinstance(index, slice):
            return [self[at] for at in range(len(self))[index]]
        made = self._made[index]
        if made is None:
            made = self._made[index] = TurnPlay(
                self._steps[index], writer=self.writer, seat=self.seat
            )
        return made

    def __iter__(self) -> Iterator[TurnPlay]:
        return (self[index] for index in range(len(self)))

    def __eq__(self, other: object) -> bool:
        # As a list's: equal to a list or another PlayActions with equal items, not to a tuple.
        if isinstance(other, PlayActions):
            return list(self) == list(other)
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a list, which has no hash

    def __repr__(self) -> str:
        return repr(list(self))


@dataclass(frozen=True)
class _Word(Action):
    """An action that is just a word: roll, double, take, pass, beaver, undo."""

    label: ClassVar[str] = ""
    done: ClassVar[str] = ""
    """The action told as done, a `N_` sentence: "{0} doubled"."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The word ("Double")."""
        return self.label

    def narrate(self, actor: int) -> Note:
        """Reads "Ben took the cube"."""
        return Note.of(self.done, (actor,))


@dataclass(frozen=True)
class Roll(_Word, tag="roll"):
    """Roll the dice rather than double (Backgammon, while the player may double)."""

    label: ClassVar[str] = "Roll"
    done: ClassVar[str] = N_("{0} chose to roll")


@dataclass(frozen=True)
class Double(_Word, tag="double"):
    """Offer the doubling cube before rolling."""

    label: ClassVar[str] = "Double"
    done: ClassVar[str] = N_("{0} doubled")


@dataclass(frozen=True)
class Take(_Word, tag="take"):
    """Accept a double: the cube doubles and the taker owns it."""

    label: ClassVar[str] = "Take"
    done: ClassVar[str] = N_("{0} took the cube")


@dataclass(frozen=True)
class Pass(_Word, tag="pass"):
    """Refuse a double and lose the game at the cube's current value."""

    label: ClassVar[str] = "Pass"
    done: ClassVar[str] = N_("{0} refused the double")


@dataclass(frozen=True)
class Beaver(_Word, tag="beaver"):
    """Accept a double and redouble at once, keeping the cube (money play with beavers)."""

    label: ClassVar[str] = "Beaver"
    done: ClassVar[str] = N_("{0} took the cube and doubled again (beaver)")


@dataclass(frozen=True)
class UndoStep(_Word, tag="undo_step"):
    """Take back the last checker step of the turn in progress."""

    label: ClassVar[str] = "Undo step"
    done: ClassVar[str] = N_("{0} took back a step")


MOVING: tuple[type[Action], ...] = (DiceThrow, InvalidRoll, TurnPlay, CheckerStep, UndoStep)
"""The actions of every game of the family: dice, whole plays, single steps and their undo."""
MINIGAM_ACTIONS = ActionSet("Mini-Gam", MOVING)
MULTIGAM_ACTIONS = ActionSet("Multi-Gam", MOVING)
BACKGAMMON_ACTIONS = ActionSet("Backgammon", (*MOVING, Roll, Double, Take, Pass, Beaver))
"""Every Backgammon action: the moving ones and the doubling cube's."""

__all__ = [
    "BACKGAMMON_ACTIONS",
    "MINIGAM_ACTIONS",
    "MOVING",
    "MULTIGAM_ACTIONS",
    "Beaver",
    "CheckerStep",
    "DiceThrow",
    "Double",
    "InvalidRoll",
    "Pass",
    "PlayActions",
    "Roll",
    "Take",
    "TurnPlay",
    "UndoStep",
    "Writer",
    "dice_throw",
]
