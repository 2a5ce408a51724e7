"""The table's own refusals, as sentences a catalog translates.

Each is a `N_` constant with its seats as placeholders and what varies as named values, as
the engines' sentences are (docs/translating.md): `refused` raises it as a `RuleError` whose
`str()` is the English sentence with the players named (the log, the command line, the
phone's JSON) and whose `note` the touchscreen says in the table's language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.base import N_, Note, NoteValue, RuleError

CLOSED = N_("The table is closed: start the companion again.")
NO_MATCH = N_("No match is on the table: start a new match first.")
UNKNOWN_COMMAND = N_("The table does not know the command {command}.")
STILL_PLAYED = N_(
    "Match {match} ({title}: {names}) is still being played: finish it, or start the new match"
    " saying to abandon match {match}."
)
NO_LONGER_ON_TABLE = N_(
    "Match {old} is no longer on the table (match {match} is): look at the table again."
)
MOVED_ON_SINCE_CHOSEN = N_(
    "The table has moved on since that was chosen (at #{then}; it is at #{now} now): look at"
    " the table again and choose."
)
NO_SUCH_GAME = N_("There is no game called {game}; choose one of: {known}.")
OPTIONS_AS_JSON = N_("The options are written as a JSON object, {{}} for the defaults.")
NO_MATCH_TO_REPLAY = N_("There is no match to play again: start a new match.")
STILL_BEING_PLAYED = N_("This match is still being played: finish it, or start a new match.")
NAME_NEEDED = N_("Every player needs a name.")
NAME_ON_ONE_LINE = N_("{name} is not a name on one line: use letters, digits and spaces.")
NAME_TOO_LONG = N_("{name}... is too long: use at most {letters} letters.")
SAME_NAME = N_("Two players are called {name}: give each a different name.")
COLOUR_NEEDED = N_("Every player needs a colour.")
MATCH_OVER = N_("The match is over: start a rematch or a new match.")
NO_SUCH_SEAT = N_("There is no seat {seat} at this table.")
ACTION_AS_JSON = N_("An action is written as a JSON object; use one from the legal plays.")
NOT_YOUR_TURN = N_("It is {0}'s turn, not {1}'s.")
ACTION_OF_ANOTHER = N_(
    "That action is {0}'s, but it is {1}'s to take; use one from the legal plays."
)
NO_CHANCE = N_("No roll, shuffle or spin is needed now.")
MOVED_ON = N_("The table has moved on since this was asked for: roll or spin again.")
CHANCE_AS_PLAY = N_(
    "Dice, shuffles and spins are not a player's move: throw the dice in the tray, enter them"
    " on the dice screen or let the companion roll, shuffle or spin."
)
DEVICE_FAILED = N_(
    "{subject} could not give a result ({error}); try again, or enter what happened by hand."
)
NOTHING_TO_UNDO = N_("There is nothing to undo yet.")
NOTHING_TO_REDO = N_("There is nothing to redo: only what was just undone can be redone.")
TABLE_AS_SOURCE = N_(
    "Only the companion draws as the table: a roll or spin from outside names its device, such"
    " as the dice tray, the spinner or touch."
)
NOT_A_DEVICE = N_(
    "{source} is not the name of a device: use a short name on one line, such as dice tray,"
    " spinner or touch."
)
NOT_A_LEGAL_PLAY = N_("{refusal} Use one of the legal plays.")
ENGINE_FAILED = N_(
    "The game's rules engine failed on that ({error}); nothing changed, so try another move."
)


def refused(
    text: str,
    seats: Sequence[int] = (),
    seat_name: Callable[[int], str] | None = None,
    **values: NoteValue,
) -> RuleError:
    """The refusal `text` (one of this module's sentences) with its seats and values."""
    return RuleError(Note.of(text, seats, **values), seat_name)


__all__ = [name for name, value in dict(globals()).items()
           if name.isupper() and isinstance(value, str)] + ["refused"]
