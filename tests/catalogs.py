"""Catalogs made at test time, as a translator makes them with `scripts/translations`."""

from __future__ import annotations

import importlib.machinery
import importlib.util
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

from babel.messages.pofile import read_po, write_po

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "translations"

Msgid = str | tuple[str, str]


def load_script() -> ModuleType:
    """`scripts/translations` as a module."""
    loader = importlib.machinery.SourceFileLoader("translations", str(SCRIPT))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def translated_catalog(
    folder: Path, language: str, words: Mapping[Msgid, str], template: Path | None = None
) -> Path:
    """A locale directory under `folder` with `language`'s catalog, started from `template`
    (the shipped one by default), `words` translated (a counted sentence takes the same
    words for every plural form), and compiled."""
    translations = load_script()
    locale = folder / "locale"
    po = translations.init(language, locale, template or translations.TEMPLATE)
    with po.open("rb") as file:
        catalog = read_po(file)
    for msgid, msgstr in words.items():
        message = catalog[msgid]
        assert message is not None, f"{msgid!r} is not in the template"
        message.string = msgstr if isinstance(msgid, str) else (msgstr,) * catalog.num_plurals
    with po.open("wb") as file:
        write_po(file, catalog)
    translations.compile_catalogs(locale)
    return locale
