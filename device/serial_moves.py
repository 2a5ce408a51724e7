"""A planned move as the table controller runs it: uploaded gaps and one cruise.

The Pico holds the gaps of one move in a buffer of `MOVE_BUFFER_STEPS`
words taken at boot. A spin's long run at top speed is not uploaded gap by
gap: it goes as one gap and a count, which the Pico's DMA repeats between
the uploaded speed-up and slow-down (docs/protocol.md, "Moves"). So only
the speed-up and slow-down take room, whatever the number of turns, and a
reference spin uploads less than half the bytes it would gap by gap.

A cruise is the longest run of gaps within 1 us of each other (the planned
speed is steady; rounding to whole microseconds makes its gaps alternate
between two values). It is played at the run's longest gap, so no step of it
comes sooner than planned: the move is at most 1 us a step slower there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from device.backend import StepSchedule
from device.errors import DeviceError
from firmware import protocol

LOAD_CHUNK = 180
"""Gaps per LOAD frame: 180 eight-digit numbers stay under the frame limit."""
MIN_CRUISE_STEPS = 16
"""A steady run shorter than this is uploaded gap by gap (not worth a chained transfer)."""


@dataclass(frozen=True)
class ControllerMove:
    """One move for the firmware.

    Attributes:
        gaps_us: the uploaded gaps (the gap before each step but the cruise's).
        cruise_after: the cruise's steps follow the uploaded step of this
            number (1 = the first); 0 when there is no cruise.
        cruise_gap_us: the gap before each cruise step.
        cruise_steps: how many steps the cruise inserts.
    """

    gaps_us: tuple[int, ...]
    cruise_after: int = 0
    cruise_gap_us: int = 0
    cruise_steps: int = 0

    @property
    def steps(self) -> int:
        """Steps of the whole move."""
        return len(self.gaps_us) + self.cruise_steps

    def load_fields(self, move_id: int) -> list[dict[str, Any]]:
        """The LOAD commands' bodies that upload the gaps, in order."""
        gaps = list(self.gaps_us)
        return [
            {"move": move_id, "offset": offset, "intervals": gaps[offset : offset + LOAD_CHUNK]}
            for offset in range(0, len(gaps), LOAD_CHUNK)
        ]

    def move_fields(self, move_id: int, direction: int) -> dict[str, Any]:
        """The MOVE command's body that runs the uploaded move."""
        fields: dict[str, Any] = {"move": move_id, "dir": 1 if direction >= 0 else -1}
        if not self.gaps_us:
            fields["segments"] = []
            return fields
        fields["steps"] = self.steps
        if self.cruise_steps:
            fields["cruise"] = [self.cruise_after, self.cruise_gap_us, self.cruise_steps]
        return fields


def schedule_intervals_us(schedule: StepSchedule) -> list[int]:
    """The schedule as whole-microsecond gaps, rounding the times (so no drift builds up)."""
    intervals = []
    previous = 0
    for when in schedule.times_s:
        now = round(when * 1e6)
        intervals.append(now - previous)
        previous = now
    return intervals


def steady_run(gaps: list[int]) -> tuple[int, int]:
    """`(start, end)` of the longest run `gaps[start:end]` within 1 us, never from gap 0.

    The first gap stays uploaded, so a cruise always follows an uploaded step.
    """
    best_start = best_end = start = 1
    counts: dict[int, int] = {}
    for end in range(1, len(gaps)):
        counts[gaps[end]] = counts.get(gaps[end], 0) + 1
        while max(counts) - min(counts) > 1:
            left = gaps[start]
            counts[left] -= 1
            if not counts[left]:
                del counts[left]
            start += 1
        if end + 1 - start > best_end - best_start:
            best_start, best_end = start, end + 1
    return best_start, best_end


def controller_move(schedule: StepSchedule) -> ControllerMove:
    """The schedule as the firmware takes it: uploaded gaps and the cruise.

    Raises:
        DeviceError: a gap the firmware cannot time, a speed-up and
            slow-down longer than its buffer, or a cruise longer than
            MAX_CRUISE_STEPS (`companion config check` refuses settings that
            plan any of these for a spin, naming the key).
    """
    gaps = schedule_intervals_us(schedule)
    if gaps and not protocol.MIN_GAP_US <= min(gaps) <= max(gaps) <= protocol.MAX_GAP_US:
        raise DeviceError(
            f"A planned step gap is outside {protocol.MIN_GAP_US} us to "
            f"{protocol.MAX_GAP_US // 1_000_000} s, which the table controller cannot time; "
            "check max_speed_rps and the acceleration limits with `companion config check`."
        )
    start, end = steady_run(gaps)
    if end - start >= MIN_CRUISE_STEPS:
        move = ControllerMove(tuple(gaps[:start] + gaps[end:]), start, max(gaps[start:end]),
                              end - start)
    else:
        move = ControllerMove(tuple(gaps))
    if move.cruise_steps > protocol.MAX_CRUISE_STEPS:
        raise DeviceError(
            f"A move of {move.steps:,} steps would run {move.cruise_steps:,} of them at one "
            f"speed, more than the table controller runs in one move "
            f"({protocol.MAX_CRUISE_STEPS:,}); move in shorter parts."
        )
    if len(move.gaps_us) > protocol.MOVE_BUFFER_STEPS:
        raise DeviceError(
            f"The speed-up and slow-down of a move take {len(move.gaps_us):,} steps, more than "
            f"the table controller holds ({protocol.MOVE_BUFFER_STEPS:,}); lower max_speed_rps "
            "or the microstepping, or raise max_accel_rps2 (`companion config check` says "
            "how far)."
        )
    return move
