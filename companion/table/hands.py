"""Where a match's cards are held: at the table (real cards, refereed) or on the phones.

A game of the UNO family is played at the table with its own deck, the engine refereeing
what is entered (its table default, `GameSpec.table_defaults`, is the refereed mode). Played
"with phones as hands", the companion holds the deck: the same engine runs in its
full-information mode (`"mode": "simulation"`), every shuffle is the table's chance
(`DrawChance`, logged with its order as every shuffle is), and each hand is sent only to its
seat's phone (`companion.web.hand_api`). Nothing of the rules is written here. The plan is
the table's own option, `"hands": "phones"`, logged with the engine's options (and never
given to the engine), so a replay and a rematch play the same way, and a match the engine
simulates for another reason (the demo, a test) is not taken for one with phones as hands.
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
HANDS: Final = "hands"
"""The table's option that says where the hands are, logged beside the engine's options."""

NO_HANDS_TO_HOLD = N_(
    "{title} has no hands of cards for the companion to hold: start it without phones as hands."
)
HANDS_AS_WORD = N_('Where the hands are is "table" or "phones", not {hands}.')
HANDS_AMONG_RULES = N_(
    'Where the hands are is said by "hands" beside the rule options, not among them.'
)


def can_hold_hands(spec: GameSpec) -> bool:
    """True when the companion can hold `spec`'s deck: the game is refereed at the table with
    real cards (its table default is the refereed mode), so it has a mode that knows them all."""
    return spec.table_defaults.get(MODE) == REFEREE


def options_with_hands(
    spec: GameSpec, options: Mapping[str, JSONValue], hands: object
) -> dict[str, JSONValue]:
    """`options` for a match of `spec` with its hands held as `hands` says: with "phones",
    the engine's full-information mode and the table's own `"hands": "phones"`.

    Raises:
        RuleError: `hands` is neither "table" nor "phones", the game has no hands to hold,
            or `options` say where the hands are otherwise than `hands` (only `hands` may).
    """
    if options.get(HANDS, hands) != hands:
        raise refused(HANDS_AMONG_RULES)
    rules = engine_options(options)
    if hands == AT_THE_TABLE:
        return rules
    if hands != ON_PHONES:
        raise refused(HANDS_AS_WORD, hands=repr(hands))
    if not can_hold_hands(spec):
        raise refused(NO_HANDS_TO_HOLD, title=Note.of(spec.title))
    return {**rules, MODE: FULL_INFORMATION, HANDS: ON_PHONES}


def engine_options(options: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
    """The options the engine is given: the logged ones but the table's own."""
    return {name: value for name, value in options.items() if name != HANDS}


def hands_option(options: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
    """The table's own options among the logged ones (`"hands": "phones"`), to log again."""
    return {HANDS: ON_PHONES} if options.get(HANDS) == ON_PHONES else {}


def hands_of(spec: GameSpec, options: Mapping[str, JSONValue]) -> Hands:
    """Where the hands of a match of `spec` with the logged `options` are held: on the
    phones only when the plan was logged, and the engine holds every card."""
    on_phones = options.get(HANDS) == ON_PHONES and options.get(MODE) == FULL_INFORMATION
    return ON_PHONES if on_phones and can_hold_hands(spec) else AT_THE_TABLE


__all__ = [
    "AT_THE_TABLE",
    "FULL_INFORMATION",
    "HANDS",
    "ON_PHONES",
    "Hands",
    "can_hold_hands",
    "engine_options",
    "hands_of",
    "hands_option",
    "options_with_hands",
]
