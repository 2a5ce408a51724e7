"""The rule options a player can change on the home screen, and the values each may take.

The engines own the options and their defaults (docs/rules.md); this table
only says which of them the touchscreen offers and in what order, with words
for people. An option left out here keeps its default (the scripted driver's
`--option` can still set it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.base import JSONValue
from companion.i18n import _
from companion.table.commands import TABLE_DEFAULTS  # the table's own: the phones' too


@dataclass(frozen=True)
class Choice:
    """One option on the home screen: its key, its label, the values tapping cycles through."""

    key: str
    label: Callable[[], str]
    values: tuple[JSONValue, ...]
    shown: Callable[[JSONValue], str]
    applies: Callable[[dict[str, JSONValue]], bool] = lambda options: True
    """Whether the option means anything with the other options as they are."""


def _on_off(value: JSONValue) -> str:
    return _("on") if value else _("off")


def _match_length(value: JSONValue) -> str:
    return _("money game") if value == 0 else _("{points} points").format(points=value)


def _money(options: dict[str, JSONValue]) -> bool:
    return options.get("match_length") == 0


def _count(value: JSONValue) -> str:
    return str(value)


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


_UNO_COMMON = (
    Choice("hand_size", lambda: _("Cards dealt"), (7, 5, 10), _count),
    Choice("uno_penalty", lambda: _("Caught without UNO draws"), (2, 4), _count),
    Choice("play_drawn_card", lambda: _("Play a drawn card"), (True, False), _on_off),
)

CHOICES: dict[str, tuple[Choice, ...]] = {
    "backgammon": (
        Choice("match_length", lambda: _("Match"), (1, 3, 5, 7, 9, 11, 15, 0), _match_length),
        Choice("cube", lambda: _("Doubling cube"), (True, False), _on_off),
        Choice("crawford", lambda: _("Crawford rule"), (True, False), _on_off,
               lambda options: not _money(options) and options.get("cube", True) is True),
        Choice("jacoby", lambda: _("Jacoby rule"), (False, True), _on_off, _money),
        Choice("beavers", lambda: _("Beavers"), (False, True), _on_off, _money),
    ),
    "minigam": (
        Choice("wins_needed", lambda: _("Wins needed"), (1, 2, 3, 5, 7), _count),
        Choice("enter_first", lambda: _("Enter from the bar first"), (True, False), _on_off),
    ),
    "multigam": (
        Choice("games", lambda: _("Games"), (1, 2, 3, 5, 10), _count),
        Choice("target_score", lambda: _("Target score"), (0, 10, 15, 20, 30), _target),
        Choice("forced_moves", lambda: _("Forced moves"), (True, False), _on_off),
    ),
    "classic": (
        Choice("target", lambda: _("Target score"), (500, 250, 100, 1000), _count),
        Choice("scoring", lambda: _("Scoring"), ("winner", "own_hand"), _scoring),
        Choice("deck", lambda: _("Deck"), ("classic108", "classic112"), _deck),
        *_UNO_COMMON,
    ),
    "tiki": (
        Choice("target", lambda: _("Target score"), (500, 250, 100, 1000), _count),
        Choice("scoring", lambda: _("Scoring"), ("winner", "own_hand"), _scoring),
        Choice("tiki_discards", lambda: _("Tiki discards go"), ("under_top", "on_top"),
               _discards),
        Choice("spin_on_empty_idol", lambda: _("Spin card, empty idol"),
               ("nothing", "picks_next_player"), _empty_idol),
        *_UNO_COMMON,
    ),
    "duo": (
        Choice("target", lambda: _("Losing score"), (200, 100, 300, 500), _count),
        Choice("guilty_loses_extra_turn", lambda: _("Caught +4 loses the extra turn"),
               (True, False), _on_off),
        *_UNO_COMMON,
    ),
    "yahtzee": (
        Choice("new_tile_placement", lambda: _("A tile won on a wild square goes"),
               ("first_free_ahead", "player_chooses"), _placement),
        Choice("improve_needs_rise", lambda: _("Staying must raise the tile"), (True, False),
               _on_off),
        Choice("final_ties", lambda: _("Tied totals"), ("share", "most_tiles"), _ties),
    ),
}


def choices_for(game: str, options: dict[str, JSONValue]) -> list[Choice]:
    """The options of `game` that mean something with `options` as they are now."""
    return [choice for choice in CHOICES.get(game, ()) if choice.applies(options)]


def next_value(choice: Choice, current: JSONValue) -> JSONValue:
    """The value after `current` in the choice's cycle (the first if `current` is not in it)."""
    values = choice.values
    if current not in values:
        return values[0]
    return values[(values.index(current) + 1) % len(values)]


__all__ = ["CHOICES", "TABLE_DEFAULTS", "Choice", "choices_for", "next_value"]
