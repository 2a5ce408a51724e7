"""What a source of spins tells the screen: its status, and who hears of each spin.

`SpinnerStatus` is what the screen shows about the spinner (available or why
not, the last result and whether the pointer showed it); `SpinListeners` the
listener methods every source of spins for the table offers, so the screen
turns its dial along each spin's `PointerMotion` and hears status changes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from device.pointer_motion import PointerMotion


@dataclass(frozen=True)
class SpinnerStatus:
    """What the screen shows about the spinner.

    Attributes:
        available: False when the spinner cannot home or move (see `reason`).
        reason: why it is unavailable, a sentence (empty when available).
        software_pick: the last result was not shown by the pointer.
        last_result: the last result, in player seats (None before the first).
        moving: a motion (or a homing) is running or waiting.
        seats_note: why the last spin did not use the calibrated seats as they
            are (spaced evenly, or picked in software), a sentence; empty when it did.
    """

    available: bool = True
    reason: str = ""
    software_pick: bool = False
    last_result: tuple[int, ...] | None = None
    moving: bool = False
    seats_note: str = ""

    def sentence(self, names: Sequence[str] = ()) -> str:
        """The status as a line for the screen; `names` are the players by seat.

        "Spinner unavailable: <reason> The companion picked Dev." after a
        software pick; "Spinner unavailable: <reason>" before any; the seats
        note and the pick when the spinner works but cannot point at this
        game's seats; empty when the pointer showed the last result.
        """
        if not self.available:
            text = f"Spinner unavailable: {self.reason or 'the pointer did not move.'}"
        elif self.software_pick:
            text = self.seats_note or "The pointer did not show the spin."
        else:
            return ""
        if self.software_pick and self.last_result is not None:
            named = " or ".join(_seat_name(names, seat) for seat in self.last_result)
            text += f" The companion picked {named}."
        return text


def _seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


StatusListener = Callable[[SpinnerStatus], None]
MotionListener = Callable[[PointerMotion], None]


class SpinListeners:
    """Who hears of each spin's motion and of status changes: the listener methods every
    source of spins for the table offers (`TableSpinner`, and the screen's software spins).

    The class using it sets `_listeners_lock`, `_motion_listeners` and `_status_listeners`.
    """

    _listeners_lock: threading.Lock | threading.RLock
    _motion_listeners: list[MotionListener]
    _status_listeners: list[StatusListener]

    def add_motion_listener(self, listener: MotionListener) -> None:
        """Call `listener(motion)` as each spin starts (on another thread).

        It must return at once (queue the motion and wake a loop): the motor
        starts only after every listener returned. A listener that raises is
        logged and the spin goes on.
        """
        with self._listeners_lock:
            self._motion_listeners.append(listener)

    def remove_motion_listener(self, listener: MotionListener) -> None:
        """Stop telling `listener` (nothing happens if it was not listening)."""
        with self._listeners_lock:
            if listener in self._motion_listeners:
                self._motion_listeners.remove(listener)

    def add_status_listener(self, listener: StatusListener) -> None:
        """Call `listener(status)` whenever the status changes."""
        with self._listeners_lock:
            self._status_listeners.append(listener)

    def remove_status_listener(self, listener: StatusListener) -> None:
        """Stop telling `listener` (nothing happens if it was not listening)."""
        with self._listeners_lock:
            if listener in self._status_listeners:
                self._status_listeners.remove(listener)


__all__ = ["MotionListener", "SpinListeners", "SpinnerStatus", "StatusListener"]
