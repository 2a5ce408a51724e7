"""Every word a player must read on every gallery picture fits its box, at every supported size.

`scripts/gallery` plays its scripts with each `shot` measured (`GALLERY_FITS`,
tests/ui/gallery_fits.py): every label, button and paragraph drawn notes whether its words
showed whole, or were cut with an ellipsis or broken inside a word.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from ui.theme import Theme
from ui.widgets import Button, TextBlock, recording_fits

ROOT = Path(__file__).resolve().parents[2]
SIZES = ("800x480", "1024x600", "1280x720", "1920x1080", "720x1280")
"""The sizes the screen is laid out for (docs/ui.md)."""
LANGUAGES = ("en", "cy")
"""English, and Welsh (the shipped catalogue, whose words are often longer)."""
PICTURES = sorted({
    match.group(1)
    for script in (ROOT / "scripts" / "gallery.d").glob("*.script")
    for match in re.finditer(r"^shot OUT/(\S+)$", script.read_text(encoding="utf-8"), re.M)
})



@dataclass
class Played:
    """One size's gallery in one language, as measured: by picture, the texts that did not
    fit, the language each was drawn in, and every text drawn."""

    cut: dict[str, list[dict[str, object]]] = field(default_factory=dict)
    language: dict[str, str] = field(default_factory=dict)
    words: dict[str, list[str]] = field(default_factory=dict)


def test_the_recorder_notes_a_button_cut_short_and_a_word_broken_in_a_paragraph() -> None:
    look = Theme.for_size((800, 480))
    surface = pygame.Surface((800, 480))
    with recording_fits() as fits:
        Button("double", pygame.Rect(0, 0, 72, 51), "Double").draw(surface, look)
        Button("roll", pygame.Rect(0, 60, 160, 51), "Roll").draw(surface, look)
        TextBlock("url", pygame.Rect(0, 120, 200, 200), "http://192.168.1.20:8080/").draw(
            surface, look)
    assert [(fit.text, fit.fitted) for fit in fits] == [
        ("Double", False), ("Roll", True), ("http://192.168.1.20:8080/", False)]
    assert fits[0].shown.endswith("…")


@pytest.fixture(scope="module")
def measured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Played]]:
    """Each size's gallery, played once: what did not fit, by picture."""
    yield {}


def _play_gallery(size: str, language: str, work: Path) -> Played:
    reports = work / "fits"
    reports.mkdir(parents=True)
    env = {**os.environ, "GALLERY_FITS": str(reports), "GALLERY_SIZES": size,
           "GALLERY_LANGUAGE": language,
           "COMPANION_CONFIG": "", "PYTHONDONTWRITEBYTECODE": "1",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env.pop("DISPLAY", None)
    done = subprocess.run([str(ROOT / "scripts" / "gallery"), str(work / "images")], env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    found = Played()
    for report in reports.glob("*.jsonl"):
        for line in report.read_text(encoding="utf-8").splitlines():
            shot = json.loads(line)
            found.cut.setdefault(shot["picture"], []).extend(shot["cut"])
            found.language[shot["picture"]] = shot["language"]
            found.words.setdefault(shot["picture"], []).extend(shot["words"])
    return found


def _played(measured: dict[str, Played], tmp_path_factory: pytest.TempPathFactory,
            size: str, language: str) -> Played:
    played = f"{size}-{language}"
    if played not in measured:
        measured[played] = _play_gallery(size, language,
                                         tmp_path_factory.mktemp(f"gallery-{played}"))
    return measured[played]


@pytest.mark.slow  # each size and language plays the whole gallery once (about 10 s quiet)
@pytest.mark.parametrize("picture", PICTURES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_word_on_a_gallery_picture_is_cut_or_ellipsised(
    measured: dict[str, Played], tmp_path_factory: pytest.TempPathFactory, language: str,
    size: str, picture: str,
) -> None:
    played = _played(measured, tmp_path_factory, size, language)
    assert played.language.get(picture) == language, (
        f"{picture} was not drawn at {size} in {language}")
    cut = [f"{fit['text']!r} shown as {fit['shown']!r} in a box {fit['box']}"
           for fit in played.cut[picture]]
    assert cut == []


@pytest.mark.slow  # plays the gallery once at 800x480 in Welsh (shared with the test above)
def test_the_welsh_gallery_draws_the_welsh_words(
    measured: dict[str, Played], tmp_path_factory: pytest.TempPathFactory,
) -> None:
    played = _played(measured, tmp_path_factory, "800x480", "cy")
    board = played.words["backgammon-moving.png"]
    assert {"Dadwneud", "Yn ôl", "Cadarnhau"} <= set(board)
    assert not {"Undo", "Back", "Confirm"} & set(board)
