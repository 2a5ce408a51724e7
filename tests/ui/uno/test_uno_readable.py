"""Everything the UNO screens write is readable at a metre: never below the theme's `TEXT_MIN`,
never cut where a sentence matters, on the landscape panel and on portrait ones."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from companion.games.uno.classic import ClassicUno
from companion.games.uno.duo import DuoUno
from companion.games.uno.tiki import TikiTwist
from tests.ui.readable import written
from tests.ui.uno.uno_players import uno_scene
from ui import theme
from ui.uno.card_drawing import card_face
from ui.uno.scene import UnoScene
from ui.widgets import recording_fits

GALLERY = Path(__file__).resolve().parents[3] / "scripts" / "gallery.d" / "uno.script"
SIZES = [(800, 480), (480, 800), (720, 1280)]


def _too_small(screen) -> list[str]:
    """Each text on the screen now written below the readable size, with its widget."""
    app = screen.app
    look = uno_scene(screen).look()
    least = look.px(theme.TEXT_MIN)
    return [f"{text.widget}: {text.text!r} at {text.pixels} px (least {least})"
            for text in written(app.scene.visible_widgets(), look, app.scene.stage.size)
            if text.pixels < least]


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_no_text_of_any_uno_screen_of_the_gallery_is_below_the_readable_size(
        make_screen, size: tuple[int, int]) -> None:
    screen = make_screen(size)
    small: dict[str, list[str]] = {}
    walked = 0
    for line in GALLERY.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("shot "):
            if isinstance(screen.app.scene, UnoScene):
                walked += 1
                small[line.rsplit("/", 1)[-1]] = _too_small(screen)
            continue
        screen.run(line)
    assert walked >= 20
    assert {shot: texts for shot, texts in small.items() if texts} == {}


@pytest.mark.parametrize("size", [(480, 800), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_dials_landing_between_two_seats_shows_its_whole_sentence_in_portrait(
        make_screen, size: tuple[int, int]) -> None:
    screen = make_screen(size)
    screen.run("new tiki --players 4 --names Ana,Ben,Cleo,Dev --option hand_size=3",
               "tap dealer:3", "tap tab:red", 'tap "card:Red 5"', "tap play", "tap tab:wild",
               'tap "card:Tiki Draw 2"', "spin 1 2", "wait")
    dial = screen.widget("dial")
    assert dial.text == "Between Ben and Cleo"
    look = uno_scene(screen).look()
    shown = [text.text for text in written([dial], look, screen.app.scene.stage.size)]
    assert not any("…" in text for text in shown), shown
    lines = dial.landing_lines(look)
    assert " ".join(lines) == "Between Ben and Cleo" and set(lines) <= set(shown)
    font = look.font(theme.TEXT_MIN, True)
    assert all(font.size(line)[0] <= dial.rect.w for line in lines)


def test_a_short_name_beside_no_uno_keeps_the_normal_size_on_the_landscape_panel(
        screen) -> None:
    screen.run("new classic --names Ana,Ben --option hand_size=2", "tap dealer:1",
               "tap tab:red", 'tap "card:Red 5"', "tap play", "tap tab:red", 'tap "card:Red 7"',
               "expect no UNO!")
    look = uno_scene(screen).look()
    texts = written([screen.widget("seat:0")], look, screen.app.scene.stage.size)
    sizes = {text.text: text.pixels for text in texts}
    assert sizes["Ana"] == sizes["no UNO!"] == look.px(theme.TEXT_MIN)


@pytest.mark.parametrize("game", [ClassicUno(2), TikiTwist(2), DuoUno(2)],
                         ids=["classic", "tiki", "duo"])
def test_every_card_of_a_deck_is_told_apart_without_its_words(game: ClassicUno) -> None:
    """A card too small for its words at the readable size shows its symbol and corner marks
    alone: no two cards of a deck may then look the same."""
    looks: dict[tuple[object, ...], str] = {}
    for card in game.deck_distinct:
        face = card_face(card)
        seen = (face.fill, face.wild, face.band, face.symbol, face.mark, face.corner)
        assert seen not in looks, f"{card} looks like {looks[seen]} without its words"
        looks[seen] = str(card)


@pytest.mark.parametrize("size", [(800, 480), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_uno_duos_header_says_the_first_to_the_target_loses_whole(
        make_screen, size: tuple[int, int]) -> None:
    screen = make_screen(size)
    screen.run("new duo --names Ana,Ben --option hand_size=3", "tap dealer:0")
    app = screen.app
    with recording_fits() as fits:
        app.scene.draw(pygame.Surface(app.size))
    target = [fit for fit in fits if fit.text.endswith("loses")]
    assert [(fit.text, fit.fitted) for fit in target] == [("First to 200 loses", True)]
