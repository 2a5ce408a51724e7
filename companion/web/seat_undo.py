"""A seat's undo without the PIN: asked of the table's screen, answered there (docs/web.md).

`POST /api/seat/undo` with no PIN puts the ask on the table's desk
(`companion.table.undo_asks`) and answers `202` with a sentence; the touchscreen shows
"Ben asks to take back: ..." with Undo and Keep. The phone reads the answer in `GET
/api/me`'s `undo` (asked of every state, and again every second while it waits). Where no
screen answers (`companion web`), the answer is `403` saying to enter the PIN: the PIN
confirms the undo as before.
"""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from companion.i18n import _
from companion.table import TableSnapshot
from companion.table.undo_asks import AskState, UndoAsk, UndoAsks
from companion.web.requests import Against, Refused

UNDO_BY_SCREEN = "screen"
UNDO_BY_PIN = "pin"


def ask_undo(
    asks: UndoAsks | None, name: str, made_against: Against, snapshot: TableSnapshot
) -> tuple[Response, int]:
    """Put `name`'s undo to the table's screen: `202` with a sentence and the ask.

    Raises:
        Refused: 403 when no screen answers (the PIN confirms then); 409 when the table
            moved on from the state the phone saw, nothing is left to undo, or another
            player's ask of this move waits.
    """
    if asks is None or not asks.has_screen:
        raise Refused(403, _("This table has no screen to confirm an undo on: enter the table"
                             " PIN to confirm it."))
    match = made_against.match or snapshot.match_id
    seq = snapshot.seq if made_against.seq is None else made_against.seq
    if (match, seq) != (snapshot.match_id, snapshot.seq):
        raise Refused(409, _("The table has moved on since you looked: look at the table"
                             " again before asking for an undo."))
    if not snapshot.can_undo:
        raise Refused(409, _("There is nothing to undo yet."))
    ask = asks.ask(name, match, seq)
    if ask is None:
        waiting = asks.waiting
        other = waiting.name if waiting is not None else ""
        raise Refused(409, _("{name} has already asked the table to take this move back:"
                             " look at its screen.").format(name=other))
    response = jsonify(ok=True, asked=True, message=ask_sentence(ask), undo=ask_body(ask))
    return response, 202


def undo_news(
    asks: UndoAsks | None, name: str, snapshot: TableSnapshot | None
) -> dict[str, Any]:
    """What `GET /api/me` says of undos to `name`'s phone: how it confirms one (`undo_by`)
    and where its last ask stands (`undo`, null when it asked none)."""
    if asks is None or not asks.has_screen:
        return {"undo_by": UNDO_BY_PIN, "undo": None}
    if snapshot is not None:
        asks.moved_on(snapshot.match_id, snapshot.seq)  # a move made meanwhile cancels it
    ask = asks.last_of(name)
    return {"undo_by": UNDO_BY_SCREEN, "undo": None if ask is None else ask_body(ask)}


def ask_body(ask: UndoAsk) -> dict[str, Any]:
    """An ask as the phone reads it: its number, where it stands and that in a sentence."""
    return {"number": ask.number, "state": ask.state.value, "match": ask.match,
            "seq": ask.seq, "text": ask_sentence(ask)}


def ask_sentence(ask: UndoAsk) -> str:
    """Where `ask` stands, in a sentence for the phone that asked (in its language)."""
    if ask.state is AskState.WAITING:
        return _("Asked the table: confirm the undo on its screen.")
    if ask.state is AskState.DONE:
        return _("The table took the move back.")
    if ask.state is AskState.KEPT:
        return _("The table kept the move: nothing was undone.")
    return _("A move was made meanwhile, so nothing was undone: ask again to take back the"
             " newer move.")


__all__ = ["UNDO_BY_PIN", "UNDO_BY_SCREEN", "ask_body", "ask_sentence", "ask_undo", "undo_news"]
