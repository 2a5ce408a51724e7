"""Every word the touchscreen and the phone page show goes through here.

The standard library's gettext does the work; catalogs live in
`companion/locale/<language>/LC_MESSAGES/companion.mo` (kept with Babel, see
docs/translating.md). English is the source language: with no catalog the
words stay as written. The table's language is set once with `use_language`
(the `[screen] language` of the config); a language without a catalog falls
back to English, word by word where a catalog is incomplete.

The engines' sentences keep their seats as placeholders (`Note`: "{0} draws 2
cards"), so a catalog translates the sentence with its placeholders and may
reorder them; `note_text` translates first and names the seats afterwards.
"""

from __future__ import annotations

import gettext
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path

from companion.games.base import Note

DOMAIN = "companion"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE_LANGUAGE = "en"

_active: gettext.NullTranslations = gettext.NullTranslations()
_active_code = SOURCE_LANGUAGE
_lock = threading.Lock()


@cache
def translation(language: str) -> gettext.NullTranslations:
    """The catalog of `language` ("cy", "de_CH"), or the English words when there is none."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def available_languages() -> list[str]:
    """The languages the companion can show: English and every shipped catalog."""
    found = {
        path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")
    }
    return sorted(found | {SOURCE_LANGUAGE})


def use_language(language: str) -> None:
    """Show every word from now on in `language` (English where it has no catalog)."""
    global _active, _active_code
    with _lock:
        _active, _active_code = translation(language), language


def language() -> str:
    """The language words are shown in now."""
    return _active_code


def _(message: str) -> str:
    """`message` in the table's language."""
    return _active.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted phrase for `count` in the table's language."""
    return _active.ngettext(singular, plural, count)


def note_text(note: Note, seat_name: Callable[[int], str]) -> str:
    """An engine's sentence in the table's language, its seats named afterwards."""
    return _(note.text).format(*(seat_name(seat) for seat in note.seats))


__all__ = [
    "DOMAIN",
    "LOCALE_DIR",
    "_",
    "available_languages",
    "language",
    "ngettext",
    "note_text",
    "translation",
    "use_language",
]
