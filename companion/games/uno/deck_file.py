"""Decks as data: the built-in decks and the parser of a user's own deck file.

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
problem, and no game starts with it. This module only parses: the file's
bytes come from `companion.decks.load_deck_file`, outside the pure games
package; engines only ever receive the cards.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from companion.games.base import RuleError
from companion.games.uno.cards import Card, CardError
from companion.games.uno.deck_lines import KeyPath, first_repeated, key_lines, last_line, line_of

BUILTIN_DECKS = ("classic108", "classic112", "tiki112")
"""Names of the decks shipped in ``decks/`` (a name not yet shipped fails clearly)."""
MAX_COPIES = 100
"""Copies of one card a deck may hold: real decks hold a few; a typo must not build millions."""
MAX_FILE_BYTES = 256 * 1024
"""A deck file of every card spelled out with comments is a few kilobytes."""


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


@cache
def builtin_deck(name: str) -> Deck:
    """One of the decks shipped with the companion (see `BUILTIN_DECKS`).

    The built-in decks are package data, read once like the code itself.

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


def parse_deck_file(data: bytes, name: str) -> Deck:
    """Read a deck from the bytes of a deck file called `name` (JSON if it ends in ``.json``).

    Raises:
        DeckFileError: the bytes are not UTF-8 text or describe no valid deck
            (the message names `name`, the line and the problem).
    """
    if len(data) > MAX_FILE_BYTES:
        raise DeckFileError(
            f"{name}, line 1: the file holds {len(data)} bytes, too many for a deck file"
            f" (at most {MAX_FILE_BYTES}); give the file listing the deck's cards."
        )
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark (Windows editors) is no card
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise DeckFileError(
            f"{name}, line {line}: this is not UTF-8 text (byte {data[error.start]:#04x} "
            f"at position {error.start}); save the file as UTF-8."
        ) from None
    return parse_deck_text(text, name, json_format=name.lower().endswith(".json"))


def parse_deck_text(text: str, name: str, *, json_format: bool = False) -> Deck:
    """Read a deck from the text of a deck file called `name`.

    Raises:
        DeckFileError: the text describes no valid deck (the message names
            `name`, the line and the problem).
    """
    file = _DeckText(text, name, json_format)
    data = file.decode()
    unknown = sorted(set(data) - {"title", "cards"})
    if unknown:
        raise file.error(
            (unknown[0],),
            f"unknown setting {unknown[0]!r}; a deck file holds a title and a [cards] table.",
        )
    title = data.get("title", name)
    if not isinstance(title, str):
        raise file.error(("title",), "the title must be text.")
    cards_table = data.get("cards")
    if not isinstance(cards_table, dict):
        problem = (
            'the file needs a [cards] table listing each card and how many copies, such as '
            '"Blue 7" = 2.'
        )
        if "cards" not in data:
            raise DeckFileError(f"{name}, line {last_line(text)}: {problem}")
        raise file.error(("cards",), problem)
    cards = _read_cards(cards_table, file)
    if not cards:
        raise file.error(("cards",), "the deck has no cards.")
    return Deck(title, tuple(cards))


@dataclass(frozen=True)
class _DeckText:
    """The text of one deck file, and how to word an error about one of its keys."""

    text: str
    name: str
    json_format: bool

    def error(self, path: KeyPath, problem: str, occurrence: int = 1) -> DeckFileError:
        line = line_of(self.text, self.json_format, path, occurrence)
        return DeckFileError(f"{self.name}, line {line}: {problem}")

    def decode(self) -> dict[str, Any]:
        try:
            if self.json_format:
                data = json.loads(self.text, object_pairs_hook=_refuse_repeated_keys)
            else:
                data = tomllib.loads(self.text)
        except _RepeatedKey as repeated:
            raise self._repeated(repeated.key, None) from None
        except tomllib.TOMLDecodeError as error:
            raise self._toml_error(str(error)) from None
        except json.JSONDecodeError as error:
            raise DeckFileError(
                f"{self.name}, line {error.lineno}: this is not valid JSON ({error.msg})."
            ) from None
        except RecursionError:
            raise DeckFileError(
                f"{self.name}, line 1: tables are nested too deeply; a deck file holds a title"
                " and a [cards] table."
            ) from None
        if not isinstance(data, dict):
            raise DeckFileError(f"{self.name}, line 1: a deck file must hold a table, not a list.")
        return data

    def _toml_error(self, message: str) -> DeckFileError:
        found = re.search(r"line (\d+)", message)
        line = int(found.group(1)) if found else last_line(self.text)
        if message.startswith("Cannot overwrite a value"):
            keys = [key for key, at in key_lines(self.text, False) if at == line and key]
            if keys:
                return self._repeated(keys[-1][-1], line)
        problem = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
        return DeckFileError(f"{self.name}, line {line}: this is not valid TOML ({problem}).")

    def _repeated(self, key: str, line: int | None) -> DeckFileError:
        """A key written twice: name both lines."""
        found = first_repeated(self.text, self.json_format, key)
        if found is None:
            return DeckFileError(f"{self.name}, line {line or 1}: {key!r} is listed twice.")
        _, first, second = found
        return DeckFileError(
            f"{self.name}, line {second}: {key!r} is listed twice (first on line {first}); "
            "list each card once with its count."
        )


class _RepeatedKey(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _refuse_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key written twice (json.loads would keep the last)."""
    table: dict[str, Any] = {}
    for key, value in pairs:
        if key in table:
            raise _RepeatedKey(key)
        table[key] = value
    return table


def _read_cards(table: dict[str, Any], file: _DeckText) -> list[Card]:
    cards: list[Card] = []
    seen: dict[Card, str] = {}
    for text, count in table.items():
        path = ("cards", text)
        try:
            card = Card.parse(text)
        except CardError as error:
            raise file.error(path, str(error)) from None
        if card in seen:
            raise file.error(
                path,
                f"{text!r} is {card} again (already listed as {seen[card]!r}); "
                "list each card once with its count.",
            )
        seen[card] = text
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COPIES:
            raise file.error(
                path,
                f"the count of {card} must be a whole number of copies from 0 to"
                f" {MAX_COPIES}, not {count!r}.",
            )
        cards.extend([card] * count)
    return cards
