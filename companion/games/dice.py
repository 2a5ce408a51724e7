"""Dice rolled with holds, the way every dice game at the table rolls them.

A `DiceRoll` is one Yahtzee-style roll of N dice: up to `max_rolls` throws,
holding any dice between throws. Held dice keep their values; only the others
are thrown again, so the chance request for a throw asks for exactly
`to_roll` dice. Values are input (from the dice tray, the touchscreen or a
seeded test RNG): nothing here is random.

The combinations a final roll satisfies are the standard Yahtzee ones:
`satisfied_combinations((3, 3, 3, 5, 5))` holds THREES, FIVES,
THREE_OF_A_KIND, FULL_HOUSE, CHANCE. Five of a kind is a YAHTZEE (and also
three and four of a kind); it is not a full house, because the joker rule
belongs to a game's scoring, not to the dice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations as choose
from typing import Any

from companion.games.base import JSONValue, RuleError

FACES = (1, 2, 3, 4, 5, 6)
MAX_DICE = 10
"""The most dice one roll may have: the hold choices of more would be too many to list."""


class Combination(StrEnum):
    """What a roll of five dice can show, named as on a Yahtzee score sheet."""

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
    YAHTZEE = "yahtzee"

    @property
    def label(self) -> str:
        """The name people read: "Three of a Kind", "Sixes"."""
        words = [word if word in {"of", "a"} else word.capitalize() for word in self.split("_")]
        return " ".join(words)


NUMBER_COMBINATIONS: dict[int, Combination] = dict(
    zip(
        FACES,
        (
            Combination.ONES,
            Combination.TWOS,
            Combination.THREES,
            Combination.FOURS,
            Combination.FIVES,
            Combination.SIXES,
        ),
        strict=True,
    )
)
"""The number combination of each face: 1 -> ONES ... 6 -> SIXES."""


def face_count(values: tuple[int, ...], face: int) -> int:
    """How many dice show `face`."""
    return sum(1 for value in values if value == face)


def _longest_run(values: tuple[int, ...]) -> int:
    faces = set(values)
    longest = run = 0
    for face in FACES:
        run = run + 1 if face in faces else 0
        longest = max(longest, run)
    return longest


def satisfied_combinations(values: tuple[int, ...]) -> frozenset[Combination]:
    """Every combination a final roll satisfies.

    A number combination is satisfied by at least one die of that number;
    CHANCE by any roll. Straights and kinds follow the usual score sheet: a
    large straight is also a small one, five of a kind is also four and three
    of a kind.
    """
    counts = sorted(Counter(values).values(), reverse=True)
    most = counts[0] if counts else 0
    found = {NUMBER_COMBINATIONS[face] for face in set(values)}
    found.add(Combination.CHANCE)
    if most >= 3:
        found.add(Combination.THREE_OF_A_KIND)
    if most >= 4:
        found.add(Combination.FOUR_OF_A_KIND)
    if len(values) >= 5 and most == len(values):
        found.add(Combination.YAHTZEE)
    if counts[:2] == [3, 2]:
        found.add(Combination.FULL_HOUSE)
    run = _longest_run(values)
    if run >= 4:
        found.add(Combination.SMALL_STRAIGHT)
    if run >= 5:
        found.add(Combination.LARGE_STRAIGHT)
    return frozenset(found)


def is_yahtzee(values: tuple[int, ...]) -> bool:
    """True when all five (or more) dice show the same number."""
    return Combination.YAHTZEE in satisfied_combinations(values)


def _check_faces(values: Any, count: int | None = None) -> tuple[int, ...]:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise RuleError(f"Dice values are a list of numbers from 1 to 6, not {values!r}.")
    faces = tuple(values)
    for value in faces:
        if isinstance(value, bool) or not isinstance(value, int) or value not in FACES:
            raise RuleError(f"A die shows a number from 1 to 6, not {value!r}.")
    if count is not None and len(faces) != count:
        raise RuleError(f"Give exactly {count} dice values, not {len(faces)}.")
    return faces


@dataclass(frozen=True)
class DiceRoll:
    """One roll of `dice` dice with up to `max_rolls` throws and holds between them.

    `faces` are the dice showing after the latest throw. `kept` is None while
    the player looks at the dice, and the held values (possibly none) while
    the next throw is awaited: a fresh roll awaits its first throw with
    nothing kept.
    """

    dice: int = 5
    max_rolls: int = 3
    faces: tuple[int, ...] = ()
    rolls: int = 0
    kept: tuple[int, ...] | None = ()

    def __post_init__(self) -> None:
        """Refuse a roll that could not happen at the table.

        Raises:
            RuleError: the number of dice or throws is out of range, or the faces,
                throws and held dice contradict each other.
        """
        if not 1 <= self.dice <= MAX_DICE or self.max_rolls < 1:
            raise RuleError(
                f"A roll has 1 to {MAX_DICE} dice and at least one throw, "
                f"not {self.dice} dice and {self.max_rolls} throws."
            )
        if not 0 <= self.rolls <= self.max_rolls or (self.rolls == 0) != (not self.faces):
            raise RuleError("That dice roll has an impossible number of throws.")
        if self.faces and len(self.faces) != self.dice:
            raise RuleError(
                f"A roll of {self.dice} dice shows {self.dice} faces, not {len(self.faces)}."
            )
        if self.kept is not None:
            if self.rolls >= self.max_rolls or len(self.kept) >= self.dice:
                raise RuleError("That dice roll holds dice when no throw is left to make.")
            if self.kept and Counter(self.kept) - Counter(self.faces):
                raise RuleError("That dice roll holds dice that are not showing.")

    @property
    def awaiting_throw(self) -> bool:
        """True when dice must be thrown before anyone can decide anything."""
        return self.kept is not None

    @property
    def to_roll(self) -> int:
        """How many dice the next throw needs (0 when no throw is awaited)."""
        return self.dice - len(self.kept) if self.kept is not None else 0

    @property
    def can_roll_again(self) -> bool:
        """True when the player may hold some dice and throw the rest."""
        return self.kept is None and 0 < self.rolls < self.max_rolls

    @property
    def is_complete(self) -> bool:
        """True when every throw has been used, so the faces are final."""
        return self.kept is None and self.rolls >= self.max_rolls

    def throw(self, values: Any) -> DiceRoll:
        """The roll after a throw of the not-held dice showing `values`.

        Raises:
            RuleError: no throw is awaited, or the values are not `to_roll` dice faces.
        """
        if self.kept is None:
            raise RuleError("The dice are not to be thrown now: hold some dice and roll again.")
        thrown = _check_faces(values, self.to_roll)
        return DiceRoll(self.dice, self.max_rolls, self.kept + thrown, self.rolls + 1, None)

    def hold(self, kept: Any) -> DiceRoll:
        """The roll with `kept` (dice values now showing) held for the next throw.

        Raises:
            RuleError: no throw is left, every die would be held, or a held value
                is not showing.
        """
        if not self.can_roll_again:
            raise RuleError(f"All {self.max_rolls} rolls are used: keep the dice as they are.")
        held = _check_faces(kept)
        if len(held) >= self.dice:
            raise RuleError("Leave at least one die to roll, or stop with the dice as they are.")
        showing = Counter(self.faces)
        missing = Counter(held) - showing
        if missing:
            raise RuleError(
                f"You can only hold dice that are showing ({faces_text(self.faces)}), "
                f"not {faces_text(tuple(sorted(missing.elements())))}."
            )
        return DiceRoll(self.dice, self.max_rolls, self.faces, self.rolls, tuple(sorted(held)))

    def hold_choices(self) -> list[tuple[int, ...]]:
        """Every distinct set of dice values that may be held for another throw."""
        if not self.can_roll_again:
            return []
        return list(hold_options(tuple(sorted(self.faces)), self.dice))

    def to_json(self) -> dict[str, JSONValue]:
        """The roll as plain JSON."""
        return {
            "dice": self.dice,
            "max_rolls": self.max_rolls,
            "faces": list(self.faces),
            "rolls": self.rolls,
            "kept": None if self.kept is None else list(self.kept),
        }

    @classmethod
    def from_json(cls, data: Any) -> DiceRoll:
        """Read back a roll written by `to_json`.

        Raises:
            RuleError: the data does not describe a roll.
        """
        try:
            dice, max_rolls, rolls = int(data["dice"]), int(data["max_rolls"]), int(data["rolls"])
            faces = _check_faces(data["faces"])
            kept = None if data["kept"] is None else _check_faces(data["kept"])
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, RuleError):
                raise RuleError(f"That is not a saved dice roll: {error}") from None
            raise RuleError(f"That is not a saved dice roll ({error}).") from None
        return cls(dice, max_rolls, faces, rolls, kept)


@cache
def hold_options(ordered: tuple[int, ...], dice: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct set of values that may be held from sorted faces, leaving one to roll."""
    choices = {kept for size in range(dice) for kept in choose(ordered, size)}
    return tuple(sorted(choices, key=lambda kept: (len(kept), kept)))


def faces_text(faces: tuple[int, ...]) -> str:
    """Dice for people: "3 3 5 6 6", or "no dice"."""
    return " ".join(str(face) for face in faces) or "no dice"
