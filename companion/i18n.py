"""Every word the touchscreen and the phone page show goes through here.

The standard library's gettext does the work; catalogs live in
`companion/locale/<language>/LC_MESSAGES/companion.mo` (kept with Babel by
`scripts/translations`, see docs/translating.md; the compiled `.mo` files are
committed, so a Pi needs no Babel; Welsh, `cy`, is shipped). English is the source language: with no
catalog the words stay as written. The table's language is set once with
`use_language` (the `[screen] language` of the config); a language without a
catalog falls back to English, word by word where a catalog is incomplete.

The engines' sentences keep their seats as placeholders and what varies as
named values (`Note`: "{0} cannot move with {dice}"), so a catalog translates
the sentence with its placeholders and may reorder them; `note_text`
translates first and fills in the seats and values afterwards. Engines mark
their sentences with `companion.games.base.N_` and `N_counted` (they import
nothing from here).

Marking words for the catalog: `_("Undo")` where the words are shown;
`N_("Match length")` where they are defined long before (a module constant),
translated later with `_(MATCH_LENGTH)`; `ngettext` for counted phrases.
"""

from __future__ import annotations

import contextlib
import gettext
import re
import threading
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.games.base import Note

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE_LANGUAGE = "en"
LANGUAGE_CODE = re.compile(r"[a-z]{2}(_[A-Z]{2})?")
"""A language ("cy") or a language and its region ("pt_BR"), as catalogs are named."""

LANGUAGE_NAMES = {"cy": "Cymraeg", "en": "English"}
"""Each language by its own name, as a person who reads it looks for it in a list of
languages (never translated: a Welsh speaker looks for "Cymraeg" on an English screen)."""

_active: gettext.NullTranslations = gettext.NullTranslations()
_active_code = SOURCE_LANGUAGE
_lock = threading.Lock()
_here: ContextVar[tuple[gettext.NullTranslations, str] | None] = ContextVar(
    "companion_language_here", default=None)
"""A language for one thread's work alone (a phone's request), over the table's."""


def _is_source(language: str) -> bool:
    return language.split("_")[0] == SOURCE_LANGUAGE


@cache
def translation(language: str, locale_dir: Path | None = None) -> gettext.NullTranslations:
    """The catalog of `language` ("cy", "de_CH"), or the English words when there is none.

    A regional code falls back to its language ("cy_GB" to "cy"). `locale_dir`
    is where to look instead of the shipped catalogs (a translator's work in
    progress, a test). Catalogs are read once and kept: `translation.cache_clear()`
    forgets them.
    """
    if _is_source(language):
        return gettext.NullTranslations()
    return gettext.translation(
        DOMAIN, locale_dir or LOCALE_DIR, languages=[language], fallback=True
    )


def has_catalog(language: str, locale_dir: Path | None = None) -> bool:
    """Whether `language` is shown in its own words (English, or a catalog is there for it)."""
    if _is_source(language):
        return True
    return gettext.find(DOMAIN, locale_dir or LOCALE_DIR, languages=[language]) is not None


def available_languages(locale_dir: Path | None = None) -> list[str]:
    """The languages the companion can show: English and every catalog found."""
    found = {
        path.parent.parent.name
        for path in (locale_dir or LOCALE_DIR).glob(f"*/LC_MESSAGES/{DOMAIN}.mo")
    }
    return sorted(found | {SOURCE_LANGUAGE})


def language_name(language: str) -> str:
    """`language` ("cy", "cy_GB") by its own name ("Cymraeg"); its code when it has none here."""
    return LANGUAGE_NAMES.get(language, LANGUAGE_NAMES.get(language.split("_")[0], language))


def use_language(language: str, locale_dir: Path | None = None) -> None:
    """Show every word from now on in `language` (English where it has no catalog).

    `locale_dir` looks for the catalog there instead of among the shipped ones.
    """
    global _active, _active_code
    with _lock:
        _active, _active_code = translation(language, locale_dir), language


@contextlib.contextmanager
def speaking(language: str, locale_dir: Path | None = None) -> Iterator[None]:
    """Inside the block, the words said on this thread (and its context) are in `language`,
    a phone's own; every other thread keeps the table's language (`use_language`)."""
    token = _here.set((translation(language, locale_dir), language))
    try:
        yield
    finally:
        _here.reset(token)


def _catalog() -> gettext.NullTranslations:
    here = _here.get()
    return _active if here is None else here[0]


def language() -> str:
    """The language words are shown in now (here: a phone's, inside `speaking`)."""
    here = _here.get()
    return _active_code if here is None else here[1]


def _(message: str) -> str:
    """`message` in the table's language (a phone's, inside `speaking`)."""
    return _catalog().gettext(message)


def N_(message: str) -> str:
    """`message` unchanged, marked for the catalog: translate it with `_` when shown."""
    return message


def pgettext(context: str, message: str) -> str:
    """`message` in the table's language, as meant in `context` (a letter, "R", that stands
    for a card's colour and for nothing else)."""
    return _catalog().pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted phrase for `count` in the table's language."""
    return _catalog().ngettext(singular, plural, count)


def note_text(note: Note, seat_name: Callable[[int], str]) -> str:
    """An engine's sentence in the table's language, its seats named and its values put in.

    The sentence is translated first (its counted form for its `count`), then
    filled: values that are numbers or notation ("6-3") go in as they are, a
    value that is words (a `Note` itself, "match to 5") is translated the
    same way. A translation whose placeholders do not fit the sentence (a
    catalog's mistake, "{2}" for a sentence of two seats, a misspelt
    "{dcie}") is not shown: the English sentence is, so a bad catalog never
    stops the table.
    """
    translated = ngettext(note.text, note.plural, note.count) if note.plural else _(note.text)
    try:
        return note.fill(translated, seat_name, lambda value: note_text(value, seat_name))
    except (IndexError, KeyError, ValueError):
        return note.render(seat_name)


__all__ = [
    "DOMAIN",
    "LANGUAGE_CODE",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "N_",
    "SOURCE_LANGUAGE",
    "_",
    "available_languages",
    "has_catalog",
    "language",
    "language_name",
    "ngettext",
    "note_text",
    "speaking",
    "translation",
    "use_language",
]
