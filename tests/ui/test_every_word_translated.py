"""Every word the touchscreen draws goes through the translation layer.

Every gallery script (scripts/gallery.d) is played at 800x480 in a pseudo-language
built from the template, in which every letter is accented and every message
bracketed (`scripts/translations pseudo`). Whatever the fonts draw is recorded;
a word still written in plain letters never went through a catalog.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import ClassVar

import pygame
import pytest

from companion import i18n
from companion.app.cli import main
from tests.catalogs import load_script
from ui import theme

GALLERY = Path(__file__).resolve().parents[2] / "scripts" / "gallery.d"
SCRIPTS = sorted(GALLERY.glob("*.script"))
PLAIN_WORD = re.compile(r"[A-Za-z]{2,}")
PLAYERS = {"Ana", "Ben", "Cleo", "Dev"}
"""The gallery's players: names are the players' own, never translated."""
NOT_WORDS = {"ID", "PIN", "UNO", "QR"}
"""Names of things, the same in every language (the game, the phone's code)."""
KNOWN_ENGLISH: dict[str, str] = {}
"""Sentences still English on purpose, each with the reason (remove them when it is gone)."""


class RecordingFont(pygame.font.Font):
    """A font that remembers every text it draws."""

    drawn: ClassVar[list[str]] = []

    def render(self, text: str | bytes | None, *arguments: object, **named: object
               ) -> pygame.Surface:  # type: ignore[override]
        if isinstance(text, str):
            RecordingFont.drawn.append(text)
        return super().render(text, *arguments, **named)  # type: ignore[arg-type]


@cache
def recording_font(size: int, bold: bool = False) -> pygame.font.Font:
    from importlib.resources import as_file, files

    if not pygame.font.get_init():
        pygame.font.init()
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    with as_file(files("ui").joinpath("fonts", name)) as path:
        return RecordingFont(str(path), size)


@pytest.fixture(scope="module")
def pseudo_locale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    translations: ModuleType = load_script()
    folder = tmp_path_factory.mktemp("pseudo")
    translations.pseudo(folder)
    return folder


@pytest.fixture
def drawn_text(monkeypatch: pytest.MonkeyPatch, pseudo_locale: Path) -> Iterator[list[str]]:
    RecordingFont.drawn = []
    monkeypatch.setattr(theme, "font", recording_font)
    monkeypatch.setattr(i18n, "LOCALE_DIR", pseudo_locale)
    i18n.translation.cache_clear()
    yield RecordingFont.drawn
    i18n.translation.cache_clear()
    i18n.use_language("en")


def untranslated(texts: list[str]) -> list[str]:
    """The drawn texts that hold a word in plain letters (not a name, not in the
    known-English list)."""
    found = []
    for text in dict.fromkeys(texts):
        if any(known in text for known in KNOWN_ENGLISH):
            continue
        words = set(PLAIN_WORD.findall(text)) - PLAYERS - NOT_WORDS
        if words:
            found.append(text)
    return found


def play_in_pseudo_language(script: Path, run: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """`script` played as scripts/gallery plays it, with the pseudo-language chosen (its
    `expect` lines left out: they look for English words)."""
    run.mkdir()
    lines = [line for line in script.read_text(encoding="utf-8").splitlines()
             if not line.startswith("expect ")]
    (run / "script").write_text("\n".join(lines).replace("OUT/", f"{run}/") + "\n",
                                encoding="utf-8")
    monkeypatch.chdir(run)
    monkeypatch.setenv("STATE_DIRECTORY", str(run))
    monkeypatch.setenv("TZ", "UTC")
    monkeypatch.setenv("COMPANION_CONFIG", "")
    import contextlib
    import io

    default = io.StringIO()
    with contextlib.redirect_stdout(default):
        assert main(["config", "default"]) == 0
    config = default.getvalue().replace('language = "en"', 'language = "xa"')
    if script.stem == "yahtzee-board":  # as scripts/gallery: a tray that reads the dice
        config = config.replace('dice_source = "fair"', 'dice_source = "serial"')
    (run / "config.toml").write_text(config, encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()):
        return main(["ui", "--headless", "--size", "800x480", "--seed", "1",
                     "--config", "config.toml", "--db", "log.db", "--script", "script"])


@pytest.mark.parametrize("script", SCRIPTS, ids=[path.stem for path in SCRIPTS])
def test_every_word_a_gallery_screen_draws_is_translated(
    script: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawn_text: list[str]
) -> None:
    play_in_pseudo_language(script, tmp_path / "run", monkeypatch)
    assert drawn_text, "the fonts drew nothing: the recorder is not in the way of the drawing"
    found = untranslated(drawn_text)
    assert found == [], "\n".join(found)


def test_a_word_left_in_english_is_found() -> None:
    assert untranslated(["[Ţŕéš]", "Ana: 3", "Roll", "UNO!"]) == ["Roll"]
