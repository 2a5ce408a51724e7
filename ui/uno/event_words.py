"""The UNO screens' lines about what just happened, in the table's language: one place for
the refereed screen (`UnoView`) and the screen of a match with phones as hands (`PhonesView`)."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.uno.card_words import naming_cards
from companion.i18n import note_text
from companion.table import TableSnapshot, event_line
from companion.table.lines import is_players_own


def event_words(snapshot: TableSnapshot, name: Callable[[int], str]) -> str:
    """The last event's line in the table's language (in English for a match rebuilt from
    the log, whose sentences are not kept); nothing after an undo, which says its own."""
    notes = snapshot.last_notes
    if snapshot.took_back is not None:
        return ""  # an undo: the screen says what it took back ("Took back: ...")
    if not notes:
        return snapshot.last_event
    return event_line(note_text(naming_cards(note), name) for note in notes)


def effect_words(snapshot: TableSnapshot, name: Callable[[int], str]) -> str:
    """What the last action made someone do at the table, in the log's words: "Ben draws 2
    cards and misses the turn." A player's own action ("Ana played Red Draw Two", shown by
    the card in play) is left out when more follows; the spinner's landing and a verdict
    are kept."""
    notes = snapshot.last_notes
    if snapshot.took_back is not None:
        return ""  # an undo: the screen says what it took back ("Took back: ...")
    if notes:
        if len(notes) > 1 and is_players_own(notes[0]):
            notes = notes[1:]
        return event_line(note_text(naming_cards(note), name) for note in notes)
    text = snapshot.last_event.strip()
    players = tuple(f"{player.name}: " for player in snapshot.players)
    first, sep, rest = text.partition(". ")
    if sep and rest and first.startswith(players):
        return rest
    return text
