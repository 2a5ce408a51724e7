"""The chance outcomes every game shares: dice, a cocked roll, a shuffle, a spin.

Engines make them in `chance_action(outcome)` and put them in their
`ActionSet`; the table takes them only as chance (`Action.is_chance`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.action_codec import ChanceAction
from companion.games.dice import faces_text


@dataclass(frozen=True)
class DiceThrow(ChanceAction, tag="dice"):
    """Dice that chance supplied: two for a Backgammon turn, one per player in an
    opening roll or roll-off, the five dice of a Yahtzee roll."""

    values: tuple[int, ...]

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Dice 3 5"."""
        return f"Dice {faces_text(self.values)}"


@dataclass(frozen=True)
class InvalidRoll(ChanceAction, tag="invalid_roll"):
    """The dice tray saw a cocked roll (a die tilted, off the tray, on a checker): the same
    dice are thrown again and nothing else changes."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "Cocked roll: roll again"."""
        return "Cocked roll: roll again"


@dataclass(frozen=True)
class Shuffle(ChanceAction, tag="shuffle"):
    """The new order of the cards being shuffled: a permutation of their positions."""

    order: tuple[int, ...]

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "shuffle 108 cards"."""
        return f"shuffle {len(self.order)} cards"


@dataclass(frozen=True)
class SpinResult(ChanceAction, tag="spin_result"):
    """Where the spinner stopped: one seat, or the two neighbouring seats it stopped between."""

    seats: tuple[int, ...]

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "the spinner points at Ana", "the spinner stopped between Ana and Ben"."""
        names = [seat_name(seat) for seat in self.seats]
        if len(names) == 1:
            return f"the spinner points at {names[0]}"
        return f"the spinner stopped between {' and '.join(names)}"
