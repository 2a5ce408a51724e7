"""The table's own sentences, as `Note`s, and how one event's sentences make its log line.

An event's line is the command's own sentence ("Ana: 24/18 13/11", "The dice
tray rolls 3 5"), then what the engine says it caused, then who won the
match when it ended. The log keeps the line in English; the table's
snapshot keeps the sentences, so a screen can say them in its own language
(`companion.i18n.note_text`) and join them with `event_line` as the log does.

A player's action is said two ways. The log (and `companion history`, and the
phone page's `last_event`) keeps the scoresheet's words, the seat then the
action's own (`play_note`: "Ana: draw a card", "Ben: 24/18 13/11"), which
stay the same from release to release. The snapshot's sentences tell it as
done, the action's `narrate` ("Ana drew a card", "Ben played 24/18 13/11"),
so the screen's last-action line never reads like an order; an action with no
sentence of its own is said there as the log says it.

Seats are ``{0}`` placeholders as in the engines' sentences; a subject
("The dice tray") is a phrase of its own, translated apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.games.base import INVALID_ROLL, N_, ChanceRequest, N_counted, Note

SOFTWARE_PICK = "software pick"
"""The source of a spin the companion picked because the spinner could not show it."""
SUBJECTS = {
    "table": N_("The companion"),
    "dice tray": N_("The dice tray"),
    "spinner": N_("The spinner"),
    "touch": N_("The touchscreen"),
    SOFTWARE_PICK: N_("The companion"),
}
"""Who supplied a chance outcome, by its source."""

# Translators: a player's action on the log: "Ana: 24/18 13/11", "Ben: double the cube".
PLAYED = N_("{0}: {action}")
PLAYED_BY_THE_TABLE = N_("The table: {action}")
UNDONE = N_("Undo #{seq} ({event})")
NEW_MATCH = N_("New match of {title} for {names}")
# Translators: {dice} is the dice as they were read, "3 5".
ROLLED = N_("{subject} rolls {dice}")
COCKED = N_("{subject} reports a cocked roll")
DECLARED = N_("{subject} enters what the dice made")
SHUFFLED = N_counted("{subject} shuffles {count} card", "{subject} shuffles {count} cards")
PICKED = N_("{subject} picks {0}: the spinner is unavailable")
PICKED_BETWEEN = N_("{subject} picks between {0} and {1}: the spinner is unavailable")
POINTS_AT = N_("{subject} points at {0}")
STOPS_BETWEEN = N_("{subject} stops between {0} and {1}")
NOBODY_WON = N_("Nobody won the match")
WON_THE_MATCH = {
    1: N_("{0} won the match"),
    2: N_("{0} and {1} won the match"),
    3: N_("{0} and {1} and {2} won the match"),
    4: N_("{0} and {1} and {2} and {3} won the match"),
}


_TABLE_SENTENCES = frozenset(
    {
        PLAYED_BY_THE_TABLE, UNDONE, NEW_MATCH, ROLLED, COCKED, DECLARED, SHUFFLED[0], PICKED,
        PICKED_BETWEEN, POINTS_AT, STOPS_BETWEEN, NOBODY_WON, *WON_THE_MATCH.values(),
    }
)  # fmt: skip


def is_players_own(note: Note) -> bool:
    """Whether `note`, the first sentence of an event, is a player's own action ("Ana drew a
    card", "Ana: Red 7"), not the table's (a roll, a spin, an undo, a new match)."""
    return note.text not in _TABLE_SENTENCES


def event_line(sentences: Iterable[str]) -> str:
    """One event's sentences as one line, a full stop added between where one has none."""
    line = ""
    for sentence in sentences:
        if line:
            line += " " if line.endswith((".", "!", "?")) else ". "
        line += sentence
    return line


def play_note(seat: int | None, description: str) -> Note:
    """A player's action as the log says it: the seat, then the action's own words."""
    if seat is None:
        return Note.of(PLAYED_BY_THE_TABLE, action=description)
    return Note.of(PLAYED, (seat,), action=description)


def undo_note(seq: int, undone: str) -> Note:
    """An undo, with the log line of the event it takes back."""
    return Note.of(UNDONE, seq=seq, event=undone)


def new_match_note(title: str, names: Sequence[str]) -> Note:
    """A new match, with the game's title and the players' names as given."""
    return Note.of(NEW_MATCH, title=Note.of(title), names=", ".join(names))


def subject(source: str) -> Note | str:
    """Who supplied a chance outcome: a phrase to translate, or a source named by a person."""
    known = SUBJECTS.get(source)
    return Note.of(known) if known is not None else source[:1].upper() + source[1:]


def chance_note(request: ChanceRequest, outcome: Any, source: str) -> Note:
    """What chance supplied, and from where: "The dice tray rolls 3 5"."""
    said = subject(source)
    if request.kind == "dice":
        if outcome == INVALID_ROLL:
            return Note.of(COCKED, subject=said)
        if isinstance(outcome, Mapping):  # a declared result: the engine narrates it
            return Note.of(DECLARED, subject=said)
        return Note.of(ROLLED, subject=said, dice=" ".join(str(value) for value in outcome))
    if request.kind == "shuffle":
        return Note.of(SHUFFLED, subject=said, count=request.size)
    seats = (outcome,) if isinstance(outcome, int) else tuple(outcome)
    if source == SOFTWARE_PICK:
        return Note.of(PICKED if len(seats) == 1 else PICKED_BETWEEN, seats, subject=said)
    return Note.of(POINTS_AT if len(seats) == 1 else STOPS_BETWEEN, seats, subject=said)


def winners_note(winners: Sequence[int]) -> Note:
    """Who won the match, as the last sentence of the line that ended it."""
    if not winners:
        return Note.of(NOBODY_WON)
    if len(winners) in WON_THE_MATCH:
        return Note.of(WON_THE_MATCH[len(winners)], winners)
    # A shared win of more than four has no sentence in the catalog: it stays in English.
    names = " and ".join(f"{{{place}}}" for place in range(len(winners)))
    return Note(f"{names} won the match", tuple(winners))
