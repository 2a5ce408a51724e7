"""Where dice values come from: the touchscreen, a fair roll, or the dice reader.

`tray.dice_source` chooses one:

- `touch`: the players tap the faces on the touchscreen; `parse_dice_entry`
  checks what was entered ("3 5", or "3 x" for a cocked die);
- `fair`: the companion rolls with `secrets` (a seeded RNG only in tests);
- `serial`: the dice reader on the Pico link (`DiceReader`).

A cocked or invalid roll is reported as `TrayThrow(cocked=True)`; the rules
engine decides whether it means a re-roll.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from device.backend import DiceReader, TrayThrow
from device.errors import DeviceError
from device.results import system_rng

COCKED_MARKS = ("x", "c", "?")
"""What a player enters for a die that is cocked or off the tray."""


class DiceEntryError(DeviceError, ValueError):
    """Entered dice values that cannot be a roll; the message says what to enter."""


def parse_dice_entry(text: str, count: int, sides: int) -> TrayThrow:
    """Read dice entered as text: values separated by spaces or commas.

    A die marked `x`, `c` or `?` is cocked: the roll is reported cocked with
    the other values.

    Raises:
        DiceEntryError: wrong number of dice or a value off the die.
    """
    marks = [part for part in text.replace(",", " ").split() if part]
    if len(marks) != count:
        raise DiceEntryError(
            f"Enter {count} dice, one value each (got {len(marks)} in {text!r}); "
            "mark a cocked die with x."
        )
    values: list[int] = []
    cocked = False
    for mark in marks:
        if mark.lower() in COCKED_MARKS:
            cocked = True
            continue
        if not mark.isdigit() or not 1 <= int(mark) <= sides:
            raise DiceEntryError(
                f"{mark!r} is not a face of a {sides}-sided die; enter 1 to {sides}, "
                "or x for a cocked die."
            )
        values.append(int(mark))
    return TrayThrow(tuple(values), cocked=cocked, source="touch")


def fair_roll(count: int, sides: int, rng: random.Random | None = None) -> TrayThrow:
    """`count` fair dice from `secrets` (or the given RNG in tests)."""
    rng = rng or system_rng()
    return TrayThrow(tuple(rng.randint(1, sides) for _ in range(count)), source="fair")


@dataclass
class DiceSource:
    """The configured source of values for a settled throw.

    `roll()` returns the values, or None for `touch` (the touchscreen asks
    the players, then calls `enter()`).
    """

    kind: str
    count: int
    sides: int
    reader: DiceReader | None = None
    rng: random.Random = field(default_factory=system_rng)
    read_timeout_s: float = 2.0

    def roll(self) -> TrayThrow | None:
        """Values for the dice now in the tray.

        Raises:
            DeviceError: the dice reader failed or timed out.
        """
        if self.kind == "fair":
            return fair_roll(self.count, self.sides, self.rng)
        if self.kind == "serial":
            if self.reader is None:
                raise DeviceError(
                    'tray.dice_source = "serial" needs the dice reader, which is not open; '
                    "check the Pico link, or choose another dice_source."
                )
            return self.reader.read_dice(self.count, self.sides, self.read_timeout_s)
        return None

    def enter(self, text: str) -> TrayThrow:
        """Values entered on the touchscreen (or typed).

        Raises:
            DiceEntryError: the entry is not a roll of these dice.
        """
        return parse_dice_entry(text, self.count, self.sides)
