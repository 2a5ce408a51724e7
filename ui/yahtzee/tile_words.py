"""The Yahtzee tiles in the table's language: names, recorded values, what beats them.

The engine's phrases (`companion.games.yahtzee.narration`) said through the catalog, for
the board, the panel and the hints.
"""

from __future__ import annotations

from companion.games.yahtzee.narration import held_note, needed_note, tile_note, value_note
from companion.games.yahtzee.tiles import Tile
from companion.i18n import note_text


def tile_words(tile: Tile) -> str:
    """The tile's name: "Full House"."""
    return note_text(tile_note(tile), str)


def value_words(tile: Tile, value: int) -> str:
    """A recorded value: "three 6s", "total 27", "made"."""
    said = value_note(tile, value)
    return said if isinstance(said, str) else note_text(said, str)


def held_words(tile: Tile, value: int) -> str:
    """A tile with its recorded value: "Fives (two 5s)"."""
    return note_text(held_note(tile, value), str)


def needed_words(tile: Tile, value: int) -> str:
    """What beats `value` on `tile`: "at least two 5s", "a full house"."""
    return note_text(needed_note(tile, value), str)


__all__ = ["held_words", "needed_words", "tile_words", "value_words"]
