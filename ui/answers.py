"""The screen's commands to the table and its work on other threads, answered in the loop.

The table answers a posted command on its worker's thread, and a device answers
`follow`ed work on its own; both answers are handed to the loop through a `Mailbox`
and heard there (`take_outcomes`, `take_results`), so scenes only ever run on the
loop's thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar

from companion.i18n import _, note_text
from ui.mailbox import Mailbox

if TYPE_CHECKING:
    from companion.table import Command, Outcome, Table, TableSnapshot

log = logging.getLogger("ui.app")  # the log line stays where people read it
T = TypeVar("T")

ANSWERS_KEPT = 1024
"""At most this many answers wait for the loop; the screen's own commands, posted one tap
at a time and taken at every turn of the loop, never come near it."""


class Answers:
    """Commands posted and work followed, until their answers are heard in the loop.

    `wake` wakes the loop; it is called from the answering thread.
    """

    def __init__(self, wake: Callable[[], None]) -> None:
        self.pending: set[Future[Outcome]] = set()
        """Commands the table has not answered, or whose answer the loop has not heard."""
        self.background: set[Future[Any]] = set()
        """Work on other threads whose end the loop has not heard."""
        self._outcomes: Mailbox[tuple[Outcome, Callable[[Outcome], None] | None]] = Mailbox(
            ANSWERS_KEPT, on_put=wake)
        self._results: Mailbox[tuple[Future[Any], Callable[[Any], None]]] = Mailbox(
            ANSWERS_KEPT, on_put=wake)

    def post(
        self, table: Table, command: Command, then: Callable[[Outcome], None] | None
    ) -> Future[Outcome]:
        """Post `command` to `table`; its outcome (and `then`) is heard in `take_outcomes`."""
        ticket = table.post(command)
        self.pending.add(ticket)

        def answered(done: Future[Outcome]) -> None:
            self._outcomes.put((done.result(), then))

        ticket.add_done_callback(answered)
        return ticket

    def follow(self, work: Future[T], then: Callable[[T], None]) -> None:
        """Hear the end of `work` in `take_results`."""
        self.background.add(work)

        def finished(done: Future[T]) -> None:
            self._results.put((done, then))

        work.add_done_callback(finished)

    @property
    def waiting(self) -> bool:
        """True while a command or followed work is not yet answered."""
        return bool(self.pending or self.background)

    def next_waiting(self) -> Future[Any]:
        """One command or work not yet answered (the commands first).

        Raises:
            StopIteration: nothing is waiting.
        """
        return next(iter(self.pending or self.background))

    def take_outcomes(self, refused: Callable[[Outcome], None]) -> None:
        """Hear the table's answers: `refused` hears each refusal, then each `then` its
        outcome."""
        for outcome, then in self._outcomes.take_all():
            if not outcome.applied:
                refused(outcome)
            if then is not None:
                then(outcome)
        self.pending = {ticket for ticket in self.pending if not ticket.done()}

    def take_results(self, say: Callable[[str], None]) -> None:
        """Hear the ends of followed work: `then(result)`; work that failed is logged and its
        error said (`say`); cancelled work is dropped."""
        for done, then in self._results.take_all():
            self.background.discard(done)
            if done.cancelled():
                continue
            error = done.exception()
            if error is not None:
                log.error("Work for the screen failed", exc_info=error)
                say(_("That did not work: {error}").format(error=error))
                continue
            then(done.result())


def refusal_words(outcome: Outcome, snapshot: TableSnapshot | None) -> str:
    """Why the table refused, in the table's language when the engine gave its sentence
    (its seats named after the players of `snapshot`, the match on screen)."""
    if outcome.note is None:
        return outcome.text
    players = snapshot.players if snapshot is not None else ()
    try:
        return note_text(outcome.note, lambda seat: players[seat].name)
    except IndexError:  # a seat of another match than the one shown
        return outcome.text


__all__ = ["ANSWERS_KEPT", "Answers", "refusal_words"]
