"""The table's answers to a phone, in the phone's language (`companion.web.languages`).

The table refuses with a sentence whose seats are placeholders (`Outcome.note`); a phone
is told it as the touchscreen says it, translated first and its players named after, so
that a Welsh phone reads the rules' refusals in Welsh while the log keeps them in English.
"""

from __future__ import annotations

from concurrent.futures import TimeoutError as FutureTimeout

from companion.i18n import _, note_text
from companion.table import Command, Outcome, Table, TableSnapshot
from companion.table.refusals import NO_MATCH
from companion.web.api import ANSWER_TIMEOUT_S
from companion.web.requests import Refused


def no_match_sentence() -> str:
    """The table's own sentence for "there is no match", in the phone's language."""
    return _(NO_MATCH)


def said_answer(table: Table, command: Command, snapshot: TableSnapshot | None) -> Outcome:
    """Post `command` and wait for the table's answer (the web thread waits, never the table).

    `snapshot` is the state the command was read against: its players name the seats of a
    refusal.

    Raises:
        Refused: 409 with the table's sentence in the phone's language when it refused; 503
            when it did not answer in time.
    """
    try:
        outcome = table.post(command).result(timeout=ANSWER_TIMEOUT_S)
    except FutureTimeout:
        raise Refused(
            503, _("The table did not answer in time; look at its screen and try again.")
        ) from None
    if outcome.applied:
        return outcome
    if outcome.note is None:
        raise Refused(409, outcome.text)
    names = [player.name for player in snapshot.players] if snapshot is not None else []
    raise Refused(409, note_text(outcome.note, lambda seat: _seat_name(names, seat)))


def _seat_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else _("seat {seat}").format(seat=seat)


__all__ = ["no_match_sentence", "said_answer"]
