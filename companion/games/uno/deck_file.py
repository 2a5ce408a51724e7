"""Decks as data files: the built-in decks and a user's own deck file.

A deck file is TOML (or JSON with the same keys). It holds an optional
``title`` and a ``[cards]`` table mapping each card's text (see
`companion.games.uno.cards`) to how many copies the deck has:

    # My worn-out family deck: two Blue 7s went missing.
    title = "Family deck"

    [cards]
    "Red 0" = 1
    "Red 1" = 2
    "Blue 7" = 0          # zero is allowed: the card is listed but absent
    "Wild Draw Four" = 4
    "Tiki Discard All Red" = 1
    "Green 4 Spin" = 1

Each card is listed once; the order of the file is the deck's canonical
order (the order a shuffle permutes). The built-in decks live next to this
module in ``decks/``: ``classic108``, ``classic112`` and ``tiki112``.

A broken file raises `DeckFileError` naming the file, the line and the
problem, and no game starts with it. Reading a user's file is the one piece
of I/O in this package; engines only ever receive the parsed `Deck`.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from companion.games.base import RuleError
from companion.games.uno.cards import Card, CardError

BUILTIN_DECKS = ("classic108", "classic112", "tiki112")
"""Names of the decks shipped in ``decks/`` (a name not yet shipped fails clearly)."""


class DeckFileError(RuleError):
    """A deck file that cannot be read or does not describe a deck."""


@dataclass(frozen=True)
class Deck:
    """A deck: its title and every card, one entry per physical card."""

    title: str
    cards: tuple[Card, ...]

    def count(self, card: Card) -> int:
        """How many copies of `card` the deck holds."""
        return self.cards.count(card)


def load_deck_file(path: str | Path) -> Deck:
    """Read a user's deck file (``.toml`` or ``.json``).

    Raises:
        DeckFileError: the file cannot be read or describes no valid deck;
            the message names the file, the line and the problem.
    """
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise DeckFileError(f"Cannot read the deck file {name}: {reason}.") from None
    return parse_deck_text(text, name, json_format=name.lower().endswith(".json"))


@cache
def builtin_deck(name: str) -> Deck:
    """One of the decks shipped with the companion (see `BUILTIN_DECKS`).

    Raises:
        DeckFileError: no built-in deck has that name.
    """
    try:
        text = resources.files("companion.games.uno").joinpath(f"decks/{name}.toml").read_text(
            encoding="utf-8"
        )
    except (OSError, ValueError):
        known = ", ".join(BUILTIN_DECKS)
        raise DeckFileError(f"There is no built-in deck called {name!r}; choose {known}.") from None
    return parse_deck_text(text, f"{name}.toml")


def parse_deck_text(text: str, name: str, *, json_format: bool = False) -> Deck:
    """Read a deck from the text of a deck file called `name`.

    Raises:
        DeckFileError: the text describes no valid deck (the message names
            `name`, the line and the problem).
    """
    data = _decode(text, name, json_format)
    lines = text.splitlines()
    unknown = sorted(set(data) - {"title", "cards"})
    if unknown:
        line = _line_of(lines, unknown[0])
        raise DeckFileError(
            f"{name}, line {line}: unknown setting {unknown[0]!r}; "
            "a deck file holds a title and a [cards] table."
        )
    title = data.get("title", name)
    if not isinstance(title, str):
        raise DeckFileError(f"{name}, line {_line_of(lines, 'title')}: the title must be text.")
    cards_table = data.get("cards")
    if not isinstance(cards_table, dict):
        raise DeckFileError(
            f"{name}, line {_line_of(lines, 'cards')}: the file needs a [cards] table listing "
            'each card and how many copies, such as "Blue 7" = 2.'
        )
    cards = _read_cards(cards_table, lines, name)
    if not cards:
        raise DeckFileError(f"{name}, line {_line_of(lines, 'cards')}: the deck has no cards.")
    return Deck(title, tuple(cards))


def _decode(text: str, name: str, json_format: bool) -> dict[str, Any]:
    try:
        data = json.loads(text) if json_format else tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"line (\d+)", str(error))
        line = found.group(1) if found else "?"
        problem = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        raise DeckFileError(f"{name}, line {line}: this is not valid TOML ({problem}).") from None
    except json.JSONDecodeError as error:
        raise DeckFileError(
            f"{name}, line {error.lineno}: this is not valid JSON ({error.msg})."
        ) from None
    if not isinstance(data, dict):
        raise DeckFileError(f"{name}, line 1: a deck file must hold a table, not a list.")
    return data


def _read_cards(table: dict[str, Any], lines: list[str], name: str) -> list[Card]:
    cards: list[Card] = []
    seen: dict[Card, str] = {}
    for text, count in table.items():
        line = _line_of(lines, text)
        try:
            card = Card.parse(text)
        except CardError as error:
            raise DeckFileError(f"{name}, line {line}: {error}") from None
        if card in seen:
            raise DeckFileError(
                f"{name}, line {line}: {text!r} is {card} again (already listed as "
                f"{seen[card]!r}); list each card once with its count."
            )
        seen[card] = text
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DeckFileError(
                f"{name}, line {line}: the count of {card} must be a whole number "
                f"of copies (0 or more), not {count!r}."
            )
        cards.extend([card] * count)
    return cards


def _line_of(lines: list[str], key: str) -> int | str:
    """The first line that starts with `key` (quoted or bare), for error messages."""
    patterns = (f'"{key}"', f"'{key}'", f"[{key}]", key)
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if any(stripped.startswith(pattern) for pattern in patterns):
            return number
        if f'"{key}"' in stripped:  # JSON puts keys anywhere on a line
            return number
    return "?"
