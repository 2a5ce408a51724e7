"""What a source of spins tells the screen: its status, and who hears of each spin.

`SpinnerStatus` is what the screen shows about the spinner (available or why
not, as a `SpinnerProblem` code and the device's reason; the last result and
whether the pointer showed it), and `status_notes` its sentences as data, said
in the table's language where they are shown; `SpinSource` what
every source of spins for the table shares: its listeners (the screen turns
its dial along each spin's `PointerMotion` and hears status changes), the
stop a script forces next, and where the pointer was left.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from companion.games.notes import N_, Note
from device.pointer_motion import PointerMotion
from device.seat_fit import SeatFit, SeatShortfall

log = logging.getLogger(__name__)


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
            are (spaced evenly, or picked in software), to be said in the table's
            language (`seats_note`); None when it did.
        problem: why it is unavailable, as a code (`SpinnerProblem.NONE` when available).
    """

    available: bool = True
    reason: str = ""
    software_pick: bool = False
    last_result: tuple[int, ...] | None = None
    moving: bool = False
    seats_note: Note | None = None
    problem: SpinnerProblem = SpinnerProblem.NONE


SPACED_EVENLY = N_("The spinner knows {known} seats and this game has {players} players:"
                   " the simulated spinner spaces them evenly.")
CALIBRATE = N_("The spinner knows {known} seats and this game has {players} players: the"
               " companion picks the seat instead; calibrate {players} seats with"
               " `companion hw calibrate`.")


def seats_note(fit: SeatFit) -> Note | None:
    """Why a game's spins do not use the calibrated seats as they are (`device.seat_fit`), as a
    sentence to say in the table's language; None when they do."""
    if fit.shortfall is SeatShortfall.NONE:
        return None
    text = SPACED_EVENLY if fit.shortfall is SeatShortfall.SPACED_EVENLY else CALIBRATE
    return Note.of(text, known=fit.known, players=fit.players)


UNAVAILABLE = N_("Spinner unavailable: {reason}")
PROBLEM_WORDS = {
    SpinnerProblem.NOT_OPENED: N_("The spinner is not connected."),
    SpinnerProblem.NOT_HOMED: N_("The spinner could not find its starting point."),
    SpinnerProblem.LINK_LOST: N_("The spinner's controller stopped answering."),
    SpinnerProblem.STOPPED: N_("The spinner stopped on the way."),
}
"""What the table is told of each problem, in its own words (the device's sentence, for
whoever mends it, goes to the journal: `status_notes(..., detail=True)`)."""
DID_NOT_MOVE = N_("the pointer did not move.")
NOT_SHOWN = N_("The pointer did not show the spin.")
PICKED_ONE = N_("The companion picked {0}.")
PICKED_TWO = N_("The companion picked {0} or {1}.")


def problem_words(status: SpinnerStatus) -> Note:
    """What is wrong with the spinner, in the table's words by its code (`PROBLEM_WORDS`; "the
    pointer did not move." when it has none)."""
    words = PROBLEM_WORDS.get(status.problem)
    return Note(words if words is not None else DID_NOT_MOVE)


def status_notes(status: SpinnerStatus, detail: bool = False) -> tuple[Note, ...]:
    """The status as sentences for a person, their seats left to name (`Note`), to be said in
    the table's language where they are shown (`companion.i18n.note_text`).

    "Spinner unavailable: <what is wrong>" and, after a software pick, "The
    companion picked Dev."; the seats note and the pick when the spinner works but
    cannot point at this game's seats; nothing when the pointer showed the last
    result. What is wrong is said in the table's words by the problem's code
    (`PROBLEM_WORDS`); with `detail` (the journal, the command line) it is the
    device's own sentence, for whoever mends it.
    """
    if not status.available:
        reason: Note | str = (status.reason if detail and status.reason
                              else problem_words(status))
        notes = [Note.of(UNAVAILABLE, reason=reason)]
    elif status.software_pick:
        notes = [status.seats_note or Note(NOT_SHOWN)]
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
    detail: bool = False,
) -> str:
    """The status as one line (`status_notes`, each said by `say`); `names` are the players
    by seat, and a seat without one is called by `seat_name` ("seat 3" when None); `detail`
    gives the device's own sentence for what is wrong (the journal's)."""

    def named(seat: int) -> str:
        if 0 <= seat < len(names):
            return names[seat]
        return seat_name(seat) if seat_name is not None else f"seat {seat + 1}"

    return " ".join(say(note, named) for note in status_notes(status, detail))




class SpinSource:
    """What every source of the table's spins shares (the motor's `TableSpinner`, and
    `SoftwareSpins`, its fallback when no spinner could be opened): who hears of each spin
    and of status changes, the stop a script forces next, and where the last motion left
    the pointer, from which a software pick is turned.

    The class using it calls `_start_source(lock, listeners_lock)` first: `lock` guards
    its state (the forced stop with it), `listeners_lock` the listeners and the pointer.
    """

    _lock: threading.Lock
    _listeners_lock: threading.Lock | threading.RLock
    _motion_listeners: list[MotionListener]
    _status_listeners: list[StatusListener]
    _stop_next: tuple[int, ...] | None
    _shown_deg: float
    _status: SpinnerStatus
    """Set by the class using it, and changed only under `_lock`."""

    def _start_source(
        self, lock: threading.Lock, listeners_lock: threading.Lock | threading.RLock,
        listener: StatusListener | None = None,
    ) -> None:
        self._lock = lock
        self._listeners_lock = listeners_lock
        self._motion_listeners = []
        self._status_listeners = [] if listener is None else [listener]
        self._stop_next = None
        self._shown_deg = 0.0  # where the last motion left the pointer (or the screen's idol)

    @property
    def status(self) -> SpinnerStatus:
        """The spinner's status now (the software fallback's: unavailable, and why)."""
        with self._lock:
            return self._status

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

    def stop_next_at(self, seats: tuple[int, ...]) -> None:
        """Make the next spin stop at `seats`: one seat, or the boundary between two.

        For scripted tables (the touchscreen's `spin SEAT` line) and demonstrations:
        the pointer still turns its full plan and stops where a real spin there would.

        Raises:
            ValueError: not one seat or two.
        """
        if len(seats) not in (1, 2):
            raise ValueError(f"A spin stops at one seat or between two, not {list(seats)}.")
        with self._lock:
            self._stop_next = tuple(seats)

    def _take_forced_stop(self) -> tuple[int, ...] | None:
        """The stop `stop_next_at` asked for the spin now drawn, once (called under `_lock`)."""
        forced, self._stop_next = self._stop_next, None
        return forced

    def _tell(self, motion: PointerMotion) -> None:
        """Tell every motion listener `motion`; the pointer is then where it stops."""
        with self._listeners_lock:
            self._shown_deg = motion.stop_angle_deg
            listeners = list(self._motion_listeners)
        for listener in listeners:
            try:
                listener(motion)
            except Exception:  # the screen's bug must not stop the spinner
                log.exception("A spinner motion listener failed")

    def _tell_status(self, status: SpinnerStatus) -> None:
        """Tell every status listener `status` (the caller keeps the notices in order)."""
        with self._listeners_lock:
            listeners = list(self._status_listeners)
        for listener in listeners:
            try:
                listener(status)
            except Exception:  # the screen's bug must not stop the spinner
                log.exception("A spinner status listener failed")


__all__ = [
    "MotionListener", "SpinSource", "SpinnerProblem", "SpinnerStatus", "StatusListener",
    "problem_words", "seats_note", "status_notes", "status_sentence",
]
