"""What a source of spins tells the screen: its status, and who hears of each spin.

`SpinnerStatus` is what the screen shows about the spinner (available or why
not, as a `SpinnerProblem` code and the device's reason; the last result and
whether the pointer showed it), and `status_notes` its sentences as data, said
in the table's language where they are shown; `SpinListeners` the
listener methods every source of spins for the table offers, so the screen
turns its dial along each spin's `PointerMotion` and hears status changes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from companion.games.notes import N_, Note
from device.pointer_motion import PointerMotion


class SpinnerProblem(Enum):
    """Why the spinner cannot show the spins, as data: where it is shown, it is said in the
    table's language (`status_notes`)."""

    NONE = "none"
    NOT_OPENED = "not opened"
    """The configured spinner could not be opened: the companion's own picks stand in."""
    NOT_HOMED = "not homed"
    """It did not find home (a dead sensor, a stalled motor)."""
    LINK_LOST = "link lost"
    """The table controller's serial link is lost."""
    STOPPED = "stopped"
    """A move stopped on the way: the pointer does not show the result."""


@dataclass(frozen=True)
class SpinnerStatus:
    """What the screen shows about the spinner.

    Attributes:
        available: False when the spinner cannot home or move (see `reason`).
        reason: why it is unavailable: the device's own sentence (empty when available).
        software_pick: the last result was not shown by the pointer.
        last_result: the last result, in player seats (None before the first).
        moving: a motion (or a homing) is running or waiting.
        seats_note: why the last spin did not use the calibrated seats as they
            are (spaced evenly, or picked in software), a sentence; empty when it did.
        problem: why it is unavailable, as a code (`SpinnerProblem.NONE` when available).
    """

    available: bool = True
    reason: str = ""
    software_pick: bool = False
    last_result: tuple[int, ...] | None = None
    moving: bool = False
    seats_note: str = ""
    problem: SpinnerProblem = SpinnerProblem.NONE


UNAVAILABLE = N_("Spinner unavailable: {reason}")
DID_NOT_MOVE = N_("the pointer did not move.")
NOT_SHOWN = N_("The pointer did not show the spin.")
PICKED_ONE = N_("The companion picked {0}.")
PICKED_TWO = N_("The companion picked {0} or {1}.")


def status_notes(status: SpinnerStatus) -> tuple[Note, ...]:
    """The status as sentences for a person, their seats left to name (`Note`), to be said in
    the table's language where they are shown (`companion.i18n.note_text`).

    "Spinner unavailable: <reason>" and, after a software pick, "The companion
    picked Dev."; the seats note and the pick when the spinner works but cannot
    point at this game's seats; nothing when the pointer showed the last result.
    The reason and the seats note are the devices' own sentences, put in as
    they are.
    """
    if not status.available:
        reason: Note | str = status.reason or Note(DID_NOT_MOVE)
        notes = [Note.of(UNAVAILABLE, reason=reason)]
    elif status.software_pick:
        notes = [Note(status.seats_note) if status.seats_note else Note(NOT_SHOWN)]
    else:
        return ()
    if status.software_pick and status.last_result:
        picked = PICKED_ONE if len(status.last_result) == 1 else PICKED_TWO
        notes.append(Note.of(picked, status.last_result[:2]))
    return tuple(notes)


StatusListener = Callable[[SpinnerStatus], None]
MotionListener = Callable[[PointerMotion], None]


Say = Callable[[Note, Callable[[int], str]], str]
"""Says a sentence with its seats named: `companion.i18n.note_text` in the table's language
(the screen, the command line), `Note.render` in English (the journal)."""


def status_sentence(
    status: SpinnerStatus,
    names: Sequence[str] = (),
    say: Say = Note.render,
    seat_name: Callable[[int], str] | None = None,
) -> str:
    """The status as one line (`status_notes`, each said by `say`); `names` are the players
    by seat, and a seat without one is called by `seat_name` ("seat 3" when None)."""

    def named(seat: int) -> str:
        if 0 <= seat < len(names):
            return names[seat]
        return seat_name(seat) if seat_name is not None else f"seat {seat + 1}"

    return " ".join(say(note, named) for note in status_notes(status))




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


__all__ = [
    "MotionListener", "SpinListeners", "SpinnerProblem", "SpinnerStatus", "StatusListener",
    "status_notes", "status_sentence",
]
