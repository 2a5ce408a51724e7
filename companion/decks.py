"""A user's own UNO deck file, read from disk for the command line and the table.

The games package is pure (no I/O): it parses a deck file's bytes
(`companion.games.uno.deck_file.parse_deck_file`) and its engines take the
cards as the ``deck_cards`` rule option. This module is the one place that
opens a user's deck file, for ``companion uno simulate --deck FILE``,
``companion demo --deck FILE`` and whoever starts a match at the table
(`deck_options`).
"""

from __future__ import annotations

from pathlib import Path

from companion.games.base import GameSpec, JSONValue
from companion.games.uno import GAME_SPECS
from companion.games.uno.deck_file import MAX_FILE_BYTES, Deck, DeckFileError, parse_deck_file
from companion.games.uno.match_state import UnfitDeckError
from companion.user_files import UnusableFile, read_limited

DECK_GAMES = tuple(spec.name for spec in GAME_SPECS)
"""The games a deck file can be played with (the UNO family), by registry name."""


def load_deck_file(path: str | Path) -> Deck:
    """Read and parse a user's deck file (``.toml``, or ``.json``).

    At most `MAX_FILE_BYTES` (and one more) are read, and only from a regular file:
    ``/dev/zero`` or a FIFO is refused with a sentence, not read without end.

    Raises:
        DeckFileError: the file cannot be read, is not a regular file, is too large or
            describes no valid deck; the message names the file, the line and the problem.
    """
    try:
        data = read_limited(path, "deck file", MAX_FILE_BYTES)
    except UnusableFile as error:
        raise DeckFileError(str(error)) from None
    return parse_deck_file(data, str(path))


def deck_options(path: str | Path) -> dict[str, JSONValue]:
    """The rule options that make a match use the deck in the file at `path`.

    Raises:
        DeckFileError: as `load_deck_file`.
    """
    deck = load_deck_file(path)
    return {"deck_cards": [str(card) for card in deck.cards]}


def fitting_deck_options(spec: GameSpec, players: int, path: str | Path) -> dict[str, JSONValue]:
    """`deck_options` for a match of `spec` for `players`, checked to fit before anything starts.

    Raises:
        DeckFileError: the game takes no deck, the file is broken, or the game cannot be
            played with its cards (too few to deal, Tiki Faces without the idol).
        RuleError: the game refuses that many players.
    """
    if spec.name not in DECK_GAMES:
        raise DeckFileError(
            f"--deck is for the UNO games ({', '.join(DECK_GAMES)}), not {spec.title}."
        )
    options = deck_options(path)
    try:
        spec.new(players, options)
    except UnfitDeckError as error:
        raise DeckFileError(f"The deck file {path} cannot be used: {error}") from None
    return options
