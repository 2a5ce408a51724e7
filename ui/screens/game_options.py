"""How the home screen words the rule options each game offers, and the values they cycle.

The engines own the options: which of them the table offers, in what order,
with which values and when each means something (`GameSpec.choices`,
`companion.games.base.OptionChoice`), and each option's label in English
marked for the catalog. This module says the values in words for people, by
the option's name. An option no game offers keeps its default (the scripted
driver's `--option` can still set it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.games.base import GameSpec, JSONValue, OptionChoice
from companion.i18n import _


def _on_off(value: JSONValue) -> str:
    return _("on") if value else _("off")


def _match_length(value: JSONValue) -> str:
    return _("money game") if value == 0 else _("{points} points").format(points=value)


def _target(value: JSONValue) -> str:
    return _("off") if value == 0 else str(value)


def _scoring(value: JSONValue) -> str:
    return _("winner scores the hands") if value == "winner" else _("own hand, lowest wins")


def _deck(value: JSONValue) -> str:
    return {"classic108": _("108 cards"), "classic112": _("112 cards (Blank Wilds)")}.get(
        str(value), str(value))


def _discards(value: JSONValue) -> str:
    return _("under the top card") if value == "under_top" else _("on top")


def _empty_idol(value: JSONValue) -> str:
    return _("nothing") if value == "nothing" else _("spins for the next player")


def _placement(value: JSONValue) -> str:
    return _("first free square ahead") if value == "first_free_ahead" else _("player chooses")


def _ties(value: JSONValue) -> str:
    return _("share the win") if value == "share" else _("most tiles wins")


def _board_view(value: JSONValue) -> str:
    return _("turned to the player") if value else _("as on the table")


VALUE_WORDS: Mapping[str, Callable[[JSONValue], str]] = {
    "match_length": _match_length,
    "target_score": _target,
    "scoring": _scoring,
    "deck": _deck,
    "tiki_discards": _discards,
    "spin_on_empty_idol": _empty_idol,
    "new_tile_placement": _placement,
    "final_ties": _ties,
    "turn_to_player": _board_view,
}
"""An option's values in words, by the option's name; any other says on or off (a yes-or-no
option) or its number."""


def value_words(choice: OptionChoice, value: JSONValue) -> str:
    """The value of `choice` as the option's button shows it: "money game", "on", "7"."""
    words = VALUE_WORDS.get(choice.name)
    if words is not None:
        return words(value)
    return _on_off(value) if isinstance(value, bool) else str(value)


def label_words(choice: OptionChoice) -> str:
    """The option's label in the screen's language: "Doubling cube"."""
    return _(choice.label)


def choices_for(spec: GameSpec, options: Mapping[str, JSONValue]) -> list[OptionChoice]:
    """The options of the game that mean something with `options` as they are now."""
    return spec.offered_choices(options)


def next_value(choice: OptionChoice, current: JSONValue) -> JSONValue:
    """The value after `current` in the choice's cycle (the first if `current` is not in it)."""
    values = choice.values
    if current not in values:
        return values[0]
    return values[(values.index(current) + 1) % len(values)]


__all__ = ["VALUE_WORDS", "choices_for", "label_words", "next_value", "value_words"]
