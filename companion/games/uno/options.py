"""Rule options of classic UNO: a typed object with the documented defaults.

Every decision the rulebook leaves open is a field here (the D-U labels of
``docs/rules/uno.md``), so a table can match its own house rules and its own
deck. Variants subclass `ClassicOptions` and add fields; `from_json` and
`to_json` work for every subclass because they read the dataclass fields.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from typing import Any, Literal, Self, get_args, get_origin

from companion.games.base import N_, JSONValue, OptionChoice, RuleError

Mode = Literal["simulation", "referee"]
ChallengeTest = Literal["colour_in_play", "playable_card"]
"""The Wild Draw Four challenge tests (`ClassicOptions.wild_draw_four_challenge`)."""

OPTIONS_ADDED_LATER: dict[str, JSONValue] = {"wild_draw_four_challenge": "colour_in_play"}
"""Options added after matches were first logged, each with the rule those matches had.

A match logged without one was played with that value (UNO Duo included:
before the option, every game tested the colour in play), and its state
hashes were taken from JSON without it.
"""


@dataclass(frozen=True)
class ClassicOptions:
    """Classic UNO rule options; every default is the rulebook or our decision."""

    mode: Mode = "simulation"
    """"simulation": every card known; "referee": physical cards, hands unknown."""
    deck: str = "classic108"
    """A built-in deck: "classic108" or "classic112"."""
    deck_cards: tuple[str, ...] = ()
    """A user's own deck, one card text per physical card; overrides `deck` when given."""
    blank_wild: Literal["wild", "wild_draw_four"] = "wild"
    """D-U1: what the 112-card deck's blank customisable Wilds do."""
    scoring: Literal["winner", "own_hand"] = "winner"
    """"winner": the round winner scores every card left in the other hands, the
    highest total wins; "own_hand": each player adds their own hand, the lowest wins."""
    target: int = 500
    """The match ends when a player's total reaches this."""
    hand_size: int = 7
    """Cards dealt to each player."""
    play_drawn_card: bool = True
    """A drawn card that is playable may be played at once (else the turn ends)."""
    wild_draw_four_bluff: bool = True
    """A Wild Draw Four may be played while holding the colour in play, at the risk
    of a challenge (the physical game); False refuses such plays outright."""
    wild_draw_four_challenge: ChallengeTest = "colour_in_play"
    """What a challenged Wild Draw Four player must not have held: "colour_in_play"
    (classic UNO, Tiki Twist) a card of the colour in play; "playable_card" (the UNO
    Duo rulebook, its default) any card they could have played instead, matching the
    colour in play or the number or symbol of the card in play. Wilds never count.
    Also what `wild_draw_four_bluff` = False refuses."""
    uno_penalty: int = 2
    """Cards drawn by a player caught not calling UNO."""
    last_card_effects: bool = True
    """A Draw Two or Wild Draw Four that goes out still makes the next player draw
    (those cards count in the round score)."""
    dealer_tie: Literal["redraw", "lowest_seat"] = "redraw"
    """Players tied for the highest cut draw again ("redraw"), or the first of them deals."""
    dealer_rotates: bool = True
    """After each round the deal passes to the left (else the first dealer keeps dealing)."""

    def to_json(self) -> dict[str, JSONValue]:
        """The options as plain JSON (tuples become lists)."""
        data: dict[str, JSONValue] = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_json(cls, data: dict[str, JSONValue] | None) -> Self:
        """Options from JSON; missing keys keep their defaults.

        Raises:
            RuleError: an unknown option or a value of the wrong kind, in a sentence.
        """
        data = dict(data or {})
        hints = _type_hints(cls)
        names = [field.name for field in dataclasses.fields(cls)]
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise RuleError(
                f"There is no UNO rule option called {unknown[0]!r}; "
                f"the options are: {', '.join(names)}."
            )
        values = {name: _checked(name, hints[name], value) for name, value in data.items()}
        options = cls(**values)
        options.validate()
        return options

    def validate(self) -> None:
        """Check values that need more than a type.

        Raises:
            RuleError: a value is out of range.
        """
        if self.target < 1:
            raise RuleError(f"The target score must be at least 1, not {self.target}.")
        if self.hand_size < 1:
            raise RuleError(f"Each player needs at least one card, not {self.hand_size}.")
        if self.uno_penalty < 0:
            raise RuleError(f"The UNO penalty cannot be negative ({self.uno_penalty}).")


_TYPE_HINTS: dict[type, dict[str, Any]] = {}


def _type_hints(options_type: type) -> dict[str, Any]:
    """The field types of an options class, worked out once per class.

    A saved match reads its options on every restore, and `typing.get_type_hints`
    takes longer than reading the rest of the match.
    """
    hints = _TYPE_HINTS.get(options_type)
    if hints is None:
        hints = _TYPE_HINTS[options_type] = typing.get_type_hints(options_type)
    return hints


def _checked(name: str, hint: Any, value: Any) -> Any:
    origin = get_origin(hint)
    if origin is Literal:
        allowed = get_args(hint)
        if value not in allowed:
            choices = ", ".join(repr(choice) for choice in allowed)
            raise RuleError(f"The option {name!r} must be one of {choices}, not {value!r}.")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise RuleError(f"The option {name!r} must be true or false, not {value!r}.")
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(f"The option {name!r} must be a whole number, not {value!r}.")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise RuleError(f"The option {name!r} must be text, not {value!r}.")
        return value
    if origin is tuple:
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise RuleError(f"The option {name!r} must be a list of card names.")
        return tuple(value)
    return value


UNO_COMMON_CHOICES = (
    OptionChoice("hand_size", N_("Cards dealt"), (7, 5, 10)),
    OptionChoice("uno_penalty", N_("Caught without UNO draws"), (2, 4)),
    OptionChoice("play_drawn_card", N_("Play a drawn card"), (True, False)),
)
"""The options every UNO game offers at the table, after its own."""

CLASSIC_CHOICES = (
    OptionChoice("target", N_("Target score"), (500, 250, 100, 1000)),
    OptionChoice("scoring", N_("Scoring"), ("winner", "own_hand")),
    OptionChoice("deck", N_("Deck"), ("classic108", "classic112")),
    *UNO_COMMON_CHOICES,
)
"""The classic UNO options the table offers."""

DUO_CHOICES = (
    OptionChoice("target", N_("Losing score"), (200, 100, 300, 500)),
    OptionChoice("guilty_loses_extra_turn", N_("Caught +4 loses the extra turn"), (True, False)),
    *UNO_COMMON_CHOICES,
)
"""The UNO Duo options the table offers (its target is the score that loses)."""

REFEREE_AT_THE_TABLE = {"mode": "referee"}
"""A match started at the physical table is played with real cards: the engine referees
(the hands are unknown, each play is entered); the command line's simulations and the scripted
driver's ``--option mode=...`` still choose."""
