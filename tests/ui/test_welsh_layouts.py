"""Screens laid out for a longer language: in Welsh (the shipped catalogue) the words a
player must read show whole, on two lines or in a box sized by its words, never cut; the
UNO picker's colour tabs say their colour in the table's language, not by an English letter.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.event_log.store import Store
from companion.i18n import _, use_language
from tests.ui.test_system_screens import logged_match, system_screen
from ui.system import SystemSetup
from ui.widgets import recording_fits


@pytest.fixture
def welsh() -> Iterator[None]:
    """The table's language is Welsh, from the shipped catalogue."""
    use_language("cy")
    yield
    use_language("en")


def _cut(screen) -> list[str]:
    """Every text of the screen now that is not shown whole, with what was shown."""
    with recording_fits() as fits:
        screen.app.scene.draw(pygame.Surface(screen.app.size))
    return [f"{fit.text!r} shown as {fit.shown!r}" for fit in fits if not fit.fitted]


def _tabs(screen) -> dict[str, str]:
    return {name: screen.widget(f"tab:{name}").text
            for name in ("red", "yellow", "green", "blue", "wild")}


def test_the_start_cards_tabs_name_each_colour_in_welsh_beside_the_others(
    make_screen, welsh: None
) -> None:
    screen = make_screen((800, 480))
    screen.run("new tiki --players 4 --names Ana,Ben,Cleo,Dev", "tap dealer:3")
    tabs = _tabs(screen)
    assert tabs["green"] == f"{_('Green')} 16" == "Gwyrdd 16"
    assert tabs["red"] == "Coch 16"
    assert _cut(screen) == []


def test_a_narrow_welsh_tab_puts_its_colour_over_its_count_not_an_english_letter(
    make_screen, welsh: None
) -> None:
    screen = make_screen((720, 1280))
    screen.run("new tiki --players 4 --names Ana,Ben,Cleo,Dev", "tap dealer:3")
    tabs = _tabs(screen)
    assert tabs["green"].startswith("Gwyrdd"), tabs
    assert tabs["blue"].startswith("Glas"), tabs
    assert tabs["green"].removeprefix("Gwyrdd").strip() == "16"
    assert _cut(screen) == []


def test_in_english_a_narrow_tab_keeps_its_colours_letter(make_screen) -> None:
    screen = make_screen((720, 1280))
    screen.run("new tiki --players 4 --names Ana,Ben,Cleo,Dev", "tap dealer:3")
    assert _tabs(screen) == {"red": "R 16", "yellow": "Y 16", "green": "G 16", "blue": "B 16",
                             "wild": "W 10"}


def test_before_a_card_is_in_play_the_welsh_sentence_shows_whole_in_portrait(
    make_screen, welsh: None
) -> None:
    screen = make_screen((720, 1280))
    screen.run("new tiki --players 4 --names Ana,Ben,Cleo,Dev")
    assert screen.widget("top").text == "Dim cerdyn ar waith eto"
    assert _cut(screen) == []


@pytest.mark.parametrize("panel", [(800, 480), (1920, 1080)])
def test_the_welsh_opening_roll_and_a_refused_point_show_whole_beside_confirm(
    make_screen, welsh: None, panel: tuple[int, int]
) -> None:
    screen = make_screen(panel)
    screen.run("new backgammon --names Ana,Ben --option match_length=5", "roll 3 1",
               "tap point:8")
    assert "Ana a enillodd y rhol agoriadol" in screen.widget("prompt").text
    assert _cut(screen) == []
    screen.run("tap point:5", "tap point:6", "tap point:5", "tap confirm", "tap double",
               "tap take", "roll 6 4", "tap point:24", "tap point:20")
    assert screen.widget("message").text.startswith("✗ Mae pwynt 20")
    assert _cut(screen) == []
    assert screen.widget("confirm").text == "Cadarnhau"


def test_an_abandoned_match_is_said_whole_in_the_welsh_history(tmp_path: Path, welsh: None
                                                               ) -> None:
    log = tmp_path / "log.db"
    with Store.open(log) as store:
        logged_match(store, "backgammon", ["Cleo", "Dev"], [[0, 0]], winner=None)
        logged_match(store, "classic", ["Ana", "Ben"], [[50, 0]], winner=0)
    with system_screen(tmp_path, SystemSetup(log_path=log)) as screen:
        screen.run("tap setup", "tap history")
        row = screen.widget("match:1")
        assert row.text.startswith("#1 Backgammon") and "wedi'i gadael" in row.text
        assert _cut(screen) == []
        assert screen.widget("match:2").rect.bottom <= screen.app.size[1]
