"""The table's spinner as the screen hears it: each spin's motion and each status change.

The spinner tells both on its own thread. The motion is stamped there with the app's
clock (a `SpinMotion`) and handed to the loop through a `Mailbox`, as is the news of a
status change (with the sentence to say when a game's seats are not the calibrated
ones); the loop animates and tells its scene.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.hardware.spin_status import status_sentence
from companion.i18n import note_text
from ui.mailbox import Mailbox
from ui.spin_view import SpinMotion, SpinnerFeed

if TYPE_CHECKING:
    from companion.games.notes import Note
    from companion.hardware.spin_status import SpinnerStatus
    from companion.ports import SpinPlan

log = logging.getLogger("ui.app")  # the log lines stay where people read them

MOTIONS_KEPT = 16
"""At most this many spins wait for the loop (a spin takes seconds; the loop takes them at
its next turn)."""
NEWS_KEPT = 16
"""At most this many status changes wait for the loop."""


class SpinnerWatch:
    """Listens to the table's spinner (None: the table has none) for the loop.

    `problem` says why there is no spinner when there should be one; `clock` is the
    app's, `wake` wakes its loop. Call `close()` to stop listening (safe twice).
    """

    def __init__(self, spinner: SpinnerFeed | None, problem: str,
                 clock: Callable[[], float], wake: Callable[[], None]) -> None:
        self.spinner = spinner
        self.problem = problem
        self._clock = clock
        self.motions: Mailbox[SpinMotion] = Mailbox(MOTIONS_KEPT, on_put=wake)
        """Each spin the spinner started, stamped with the app's clock."""
        self.news: Mailbox[str] = Mailbox(NEWS_KEPT, on_put=wake)
        """One item per status change: the seats' sentence to say, or "" for none."""
        self._status_said = (True, "")
        self._seats_note_said: Note | None = None
        if spinner is not None:
            spinner.add_motion_listener(self._motion_heard)
            spinner.add_status_listener(self._status_heard)
            self._status_heard(spinner.status)  # it may have failed to home already

    @property
    def status(self) -> SpinnerStatus | None:
        """The spinner's status; None when the table has no spinner and none was expected."""
        if self.spinner is not None:
            return self.spinner.status
        if self.problem:
            from companion.hardware.spin_status import SpinnerStatus

            return SpinnerStatus(available=False, reason=self.problem)
        return None

    def wait_idle(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds for a spin being told to have been told; True when
        there is no spinner."""
        return self.spinner is None or self.spinner.wait_idle(timeout)

    def close(self) -> None:
        """Stop listening to the spinner. Safe to call twice."""
        if self.spinner is not None:
            self.spinner.remove_motion_listener(self._motion_heard)
            self.spinner.remove_status_listener(self._status_heard)

    def _motion_heard(self, plan: SpinPlan) -> None:
        """On the spinner's thread: stamp the motion with the app's clock for the loop."""
        self.motions.put(SpinMotion(plan, self._clock()))

    def _status_heard(self, status: SpinnerStatus) -> None:
        """On the spinner's thread: the status changed (the loop reads it when woken).

        The log says when the spinner becomes unavailable (why) and when it is back; the
        screen and the log say once why a game's seats are not the calibrated ones.
        """
        said = (status.available, status.reason)
        if said != self._status_said:
            self._status_said = said
            if status.available:
                log.info("The spinner is working again.")
            else:
                log.warning("%s", status_sentence(status, detail=True))  # the journal's
        note = ""
        if status.seats_note != self._seats_note_said:
            self._seats_note_said = status.seats_note
            if status.seats_note is not None:
                log.warning("%s", status.seats_note.render(str))  # the journal's English
                note = note_text(status.seats_note, _seat_number)  # the table's language
        self.news.put(note)


def _seat_number(seat: int) -> str:
    return str(seat + 1)  # a seats note names no seat; counts only


__all__ = ["MOTIONS_KEPT", "NEWS_KEPT", "SpinnerWatch"]
