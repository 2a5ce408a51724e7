"""The time and the self-test's dice of a seeded script run: the same script, the same pictures.

`companion ui --headless --seed N --script FILE` (and `companion run` with a
script) is how the gallery draws every screen. On the wall clock its pictures
would differ from run to run: the match times in the history, a spin caught
wherever it happened to be when the picture was taken, the hardware test's
fair roll from `secrets`. A seeded script run therefore gets `ScriptTime`: a
virtual clock that moves only when the script lets time pass (`wait`, which
lets a spin finish, and `wait SECONDS`), the log's times counted on it from a
fixed evening (`SCRIPT_START`), and a self-test roll from a generator seeded
with the run's seed. Every other run keeps the wall clock and `secrets`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from device.clock import VirtualClock

SCRIPT_START = datetime(2026, 6, 13, 19, 30, tzinfo=UTC)
"""When a seeded script run starts, as the log writes it: a games evening."""


@dataclass
class ScriptTime:
    """One seeded script run's time and self-test dice.

    `clock` is the screen's (the app's animations, sentences and gestures);
    `wall` the table's, for the log: `SCRIPT_START` plus the seconds the
    script let pass. `self_test_rng` is the hardware test's fair roll.
    """

    seed: int
    clock: VirtualClock = field(default_factory=VirtualClock)
    start: datetime = SCRIPT_START

    def wall(self) -> datetime:
        """The time the log writes now: the start plus the virtual seconds gone by."""
        return self.start + timedelta(seconds=self.clock.now())

    @property
    def self_test_rng(self) -> random.Random:
        """A new generator for the hardware test's fair rolls, seeded from the run's seed."""
        return random.Random(f"selftest-{self.seed}")


def script_time(script: object | None, seed: int | None) -> ScriptTime | None:
    """The `ScriptTime` of a run that plays a script with a seed; None for any other run
    (the product's real one: the wall clock and `secrets`)."""
    if script is None or seed is None:
        return None
    return ScriptTime(seed)


__all__ = ["SCRIPT_START", "ScriptTime", "script_time"]
