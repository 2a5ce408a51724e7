"""Every word the touchscreen draws goes through the translation layer.

Every gallery script (scripts/gallery.d) is played at 800x480 in a pseudo-language
built from the template, in which every letter is accented and every message
bracketed (`scripts/translations pseudo`). Whatever the fonts draw is recorded;
a word still written in plain letters never went through a catalog.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import ClassVar

import pygame
import pytest

from companion import i18n
from companion.app.cli import main
from tests.catalogs import load_script
from ui import theme, widgets

GALLERY = Path(__file__).resolve().parents[2] / "scripts" / "gallery.d"
SCRIPTS = sorted(GALLERY.glob("*.script"))
PLAIN_WORD = re.compile(r"[A-Za-z]{2,}")
PLAYERS = {"Ana", "Ben", "Cleo", "Dev"}
"""The gallery's players: names are the players' own, never translated."""
NOT_WORDS = {"ID", "PIN", "UNO", "QR", "English", "Cymraeg", "xa"}
"""Names of things, the same in every language: the game, the phone's code, the languages
by their own names (and the pseudo-language's code, which has none)."""
PATH = re.compile(r"\S*/\S*|\S+\.toml\b")
"""A file's path or an address ("config.toml" in a path, "http://..."): not words."""
SPINNER_AND_DEVICES = "spinner and device notes become data on main"
KNOWN_ENGLISH: dict[str, str] = {
    r"^pointer at [\d.]+ degrees": SPINNER_AND_DEVICES,
    r"^seat \d+ saved at [\d.]+ degrees": SPINNER_AND_DEVICES,
    r"^a seat is already saved at": SPINNER_AND_DEVICES,
    r"^wrote \d+ seats \(": SPINNER_AND_DEVICES,
}
"""Sentences still English, each with its reason: remove a line when its reason is gone."""


class RecordingFont(pygame.font.Font):
    """A font that remembers every text it draws."""

    drawn: ClassVar[list[str]] = []

    def render(self, text: str | bytes | None, *arguments: object, **named: object
               ) -> pygame.Surface:  # type: ignore[override]
        if isinstance(text, str):
            RecordingFont.drawn.append(text)
        return super().render(text, *arguments, **named)  # type: ignore[arg-type]


SHIPPED_FONT = theme.font
"""The screens' one font factory, kept before the test puts its recorder in its place."""


def recording_font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped font, opened as a `RecordingFont`."""
    return SHIPPED_FONT(size, bold, RecordingFont)


@dataclass
class Drawn:
    """What the screens drew: each line as the font drew it, and each paragraph whole (a
    line of a wrapped paragraph is judged with its paragraph)."""

    lines: list[str] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def pseudo_locale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    translations: ModuleType = load_script()
    folder = tmp_path_factory.mktemp("pseudo")
    translations.pseudo(folder)
    return folder


@pytest.fixture
def drawn_text(monkeypatch: pytest.MonkeyPatch, pseudo_locale: Path) -> Iterator[Drawn]:
    drawn = Drawn()
    RecordingFont.drawn = drawn.lines
    wrap = widgets._wrapped  # what every wrapped text goes through (`wrap_text` too)

    def recording_wrap(text: str, font: pygame.font.Font, width: int
                       ) -> tuple[list[str], bool]:
        drawn.paragraphs.append(text)
        return wrap(text, font, width)

    monkeypatch.setattr(theme, "font", recording_font)
    monkeypatch.setattr(widgets, "_wrapped", recording_wrap)
    monkeypatch.setattr(i18n, "LOCALE_DIR", pseudo_locale)
    i18n.translation.cache_clear()
    yield drawn
    i18n.translation.cache_clear()
    i18n.use_language("en")


def _words(text: str) -> set[str]:
    return {word for word in PLAIN_WORD.findall(text) if "/" not in word} - PLAYERS - NOT_WORDS


def untranslated(drawn: Drawn) -> list[str]:
    """The drawn texts that hold a word in plain letters (not a name, not in the
    known-English list), each once and whole (its paragraph, when it was wrapped)."""
    found: dict[str, None] = {}
    paragraphs = [(" ".join(text.split()), text) for text in drawn.paragraphs]
    for line in dict.fromkeys(drawn.lines):
        if not _words(PATH.sub("", line)):
            continue
        owners = [text for flat, text in paragraphs if " ".join(line.split()) in flat]
        text = owners[0] if owners else line
        if not any(re.search(pattern, text) for pattern in KNOWN_ENGLISH):
            found[text] = None
    return list(found)


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
    script: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawn_text: Drawn
) -> None:
    play_in_pseudo_language(script, tmp_path / "run", monkeypatch)
    assert drawn_text.lines, "the fonts drew nothing: the recorder is not in the way"
    found = untranslated(drawn_text)
    assert found == [], "\n".join(found)


def test_a_word_left_in_english_is_found_with_its_paragraph() -> None:
    drawn = Drawn(lines=["[Ţŕéš]", "Ana: 3", "Roll", "[ÚÑÓ!]", "the tray", "[Ana þĺáýéď Red 6]"],
                  paragraphs=["Throw the dice: the tray"])
    assert untranslated(drawn) == ["Roll", "Throw the dice: the tray", "[Ana þĺáýéď Red 6]"]
