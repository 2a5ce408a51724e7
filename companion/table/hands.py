"""Where a match's cards are held: at the table (real cards, refereed) or on the phones.

A game of the UNO family is played at the table with its own deck, the engine refereeing
what is entered (its table default, `GameSpec.table_defaults`, is the refereed mode). Played
"with phones as hands", the companion holds the deck: the same engine runs in its
full-information mode (`"mode": "simulation"`), every shuffle is the table's chance
(`DrawChance`, logged with its order as every shuffle is), and each hand is sent only to its
seat's phone (`companion.web.hand_api`). Nothing of the rules is written here: the plan is one
option of the engine's own, logged with the match's options, so a replay and a rematch play
the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal

from companion.games.base import N_, GameSpec, JSONValue, Note
from companion.table.refusals import refused

Hands = Literal["table", "phones"]
"""Where the hands are: "table" (real cards, or a game without hands), "phones"."""
ON_PHONES: Final = "phones"
AT_THE_TABLE: Final = "table"
MODE: Final = "mode"
REFEREE: Final = "referee"
FULL_INFORMATION: Final = "simulation"
"""The engine's mode in which it holds every card (`companion.games.uno.options.Mode`)."""

NO_HANDS_TO_HOLD = N_(
    "{title} has no hands of cards for the companion to hold: start it without phones as hands."
)
HANDS_AS_WORD = N_('Where the hands are is "table" or "phones", not {hands}.')


def can_hold_hands(spec: GameSpec) -> bool:
    """True when the companion can hold `spec`'s deck: the game is refereed at the table with
    real cards (its table default is the refereed mode), so it has a mode that knows them all."""
    return spec.table_defaults.get(MODE) == REFEREE


def options_with_hands(
    spec: GameSpec, options: Mapping[str, JSONValue], hands: object
) -> dict[str, JSONValue]:
    """`options` for a match of `spec` with its hands held as `hands` says.

    Raises:
        RuleError: `hands` is neither "table" nor "phones", or the game has no hands to hold.
    """
    if hands == AT_THE_TABLE:
        return dict(options)
    if hands != ON_PHONES:
        raise refused(HANDS_AS_WORD, hands=repr(hands))
    if not can_hold_hands(spec):
        raise refused(NO_HANDS_TO_HOLD, title=Note.of(spec.title))
    return {**options, MODE: FULL_INFORMATION}


def hands_of(spec: GameSpec, options: Mapping[str, JSONValue]) -> Hands:
    """Where the hands of a match of `spec` with the logged `options` are held."""
    if can_hold_hands(spec) and options.get(MODE) == FULL_INFORMATION:
        return ON_PHONES
    return AT_THE_TABLE


__all__ = [
    "AT_THE_TABLE",
    "FULL_INFORMATION",
    "ON_PHONES",
    "Hands",
    "can_hold_hands",
    "hands_of",
    "options_with_hands",
]
