"""Where each die of a Yahtzee turn lies on screen: held dice stay where they were tapped.

The engine keeps the dice as values, the held ones first after a throw. A player
sees five dice in a row and taps the one under the finger: that die must not
move when it is held, nor when the others are thrown. `DicePlaces` is the row
as the screen shows it (a face for each place, the places held), carried from
one snapshot to the next; nothing here draws.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.games.dice import DiceRoll


@dataclass(frozen=True)
class DicePlaces:
    """The faces in their places on screen (`hold:1` first) and the places held."""

    faces: tuple[int, ...] = ()
    held: frozenset[int] = frozenset()

    @property
    def kept(self) -> tuple[int, ...]:
        """The values held, as the engine's `RollAgain` takes them."""
        return tuple(sorted(self.faces[place] for place in self.held))

    def toggled(self, place: int) -> DicePlaces:
        """The row with the die at `place` held, or put back."""
        return DicePlaces(self.faces, self.held ^ {place})

    def after(self, before: DiceRoll | None, dice: DiceRoll | None) -> DicePlaces:
        """The row once the dice go from `before` (what this row showed) to `dice`.

        The same dice keep their places and holds (a refusal, a throw asked for, a
        cocked throw, an undo of the hold). A throw's new values fill the places not
        held, in the order they came, and the held dice stay held where they lie.
        Anything else (a new roll, another turn) lays the dice out in the engine's order,
        none held.
        """
        if dice is None or not dice.faces:
            return DicePlaces()
        fresh = DicePlaces(dice.faces)
        if before is None or not self.faces or not self._shows(before.faces):
            return fresh
        if dice.rolls == before.rolls and dice.faces == before.faces:
            if dice.kept is not None and tuple(dice.kept) != self.kept:
                return DicePlaces(self.faces, self._places_of(dice.kept))
            return self
        if before.kept is not None and dice.rolls == before.rolls + 1:
            if tuple(before.kept) != self.kept:
                return fresh
            thrown = iter(dice.faces[len(before.kept):])
            faces = tuple(face if place in self.held else next(thrown)
                          for place, face in enumerate(self.faces))
            return DicePlaces(faces, self.held)
        return fresh

    def _shows(self, faces: tuple[int, ...]) -> bool:
        return len(self.faces) == len(faces) and Counter(self.faces) == Counter(faces)

    def _places_of(self, kept: tuple[int, ...]) -> frozenset[int]:
        """Places holding `kept` (held ones first): the table's holds, if not this row's."""
        wanted = Counter(kept)
        order = sorted(range(len(self.faces)), key=lambda place: place not in self.held)
        chosen = set()
        for place in order:
            if wanted[self.faces[place]] > 0:
                wanted[self.faces[place]] -= 1
                chosen.add(place)
        return frozenset(chosen)


__all__ = ["DicePlaces"]
