"""UNO cards as drawn: every card has its symbol, its colour's letter and its words."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

import pygame
import pytest

from companion.games.uno.cards import COLOUR_NAMES, Card, Colour
from companion.games.uno.deck_file import builtin_deck
from companion.i18n import _, use_language
from ui.theme import Theme, missing_letters
from ui.uno.card_drawing import (
    BLACK,
    CARD_COLOURS,
    DIMMED,
    WOOD,
    CardWidget,
    card_face,
    card_rect,
    draw_back,
    draw_card,
    draw_idol,
)
from ui.widgets import recording_fits

EVERY_CARD = sorted(
    {str(card) for deck in ("classic112", "tiki112") for card in builtin_deck(deck).cards})


def pixels_of(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> int:
    area = surface.subsurface(rect.clip(surface.get_rect()))
    return int(pygame.transform.threshold(None, area, colour, (0, 0, 0, 0), set_behavior=0))


def drawn(card: Card | None, size: tuple[int, int] = (100, 145), **kwargs: bool
          ) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    if card is None:
        draw_back(surface, surface.get_rect())
    else:
        draw_card(surface, surface.get_rect(), card, **kwargs)
    return surface


@pytest.mark.parametrize("text", EVERY_CARD)
def test_every_card_of_the_decks_has_a_symbol_a_letter_and_words_the_font_can_draw(
        text: str) -> None:
    face = card_face(Card.parse(text))
    assert face.symbol and face.mark and face.words
    assert missing_letters(face.symbol + face.mark + face.words) == ""


@pytest.mark.parametrize("colour", list(Colour))
def test_a_coloured_card_carries_its_colours_letter_so_colour_is_never_the_only_cue(
        colour: Colour) -> None:
    face = card_face(Card.parse(f"{colour.value} 5"))
    assert face.mark == colour.value[0]
    assert face.fill == CARD_COLOURS[colour].rgb
    surface = drawn(Card.parse(f"{colour.value} 5"))
    assert pixels_of(surface, surface.get_rect(), CARD_COLOURS[colour].rgb) > 2000


@pytest.mark.parametrize("language", ["en", "cy"])
def test_the_card_colours_letters_are_distinct_in_every_shipped_language(language: str) -> None:
    use_language(language)
    try:
        assert len({colour.mark for colour in CARD_COLOURS.values()}) == 4
    finally:
        use_language("en")


def test_in_welsh_a_card_carries_its_colour_words_own_letter_not_the_english_one() -> None:
    use_language("cy")
    try:
        marks = {colour: card_face(Card.parse(f"{colour.value} 5")).mark for colour in Colour}
        words = {colour: _(COLOUR_NAMES[colour]) for colour in Colour}
    finally:
        use_language("en")
    assert marks == {Colour.RED: "C", Colour.YELLOW: "M", Colour.GREEN: "Gw", Colour.BLUE: "Gl"}
    assert all(words[colour].startswith(mark) for colour, mark in marks.items())
    use_language("cy")
    try:
        with recording_fits() as fits:  # two letters still fit the card's corner
            drawn(Card.parse("Green 5"))
    finally:
        use_language("en")
    assert [(fit.text, fit.fitted) for fit in fits if fit.text == "Gw"] == [("Gw", True)] * 2


@pytest.mark.parametrize("text", ["Wild", "Wild Draw Four", "Wild Tiki", "Blank Wild"])
def test_a_wild_shows_all_four_colours(text: str) -> None:
    surface = drawn(Card.parse(text))
    for colour in CARD_COLOURS.values():
        assert pixels_of(surface, surface.get_rect(), colour.rgb) > 300


def test_a_number_shows_its_value_and_an_action_its_symbol() -> None:
    assert card_face(Card.parse("Blue 7")).symbol == "7"
    assert card_face(Card.parse("Red Draw Two")).symbol == "+2"
    assert card_face(Card.parse("Wild Draw Four")).symbol == "+4"
    assert card_face(Card.parse("Green 4 Spin")).words.endswith("Spin")


def test_tiki_faces_are_wood_and_discard_all_shows_its_colour_band() -> None:
    face = card_face(Card.parse("Tiki Discard All Red"))
    assert face.fill == WOOD and face.band == CARD_COLOURS[Colour.RED].rgb
    assert face.mark == "R" and face.words == "All Red"
    surface = drawn(Card.parse("Tiki Discard All Red"))
    assert pixels_of(surface, surface.get_rect(), CARD_COLOURS[Colour.RED].rgb) > 300
    assert card_face(Card.parse("Tiki Go To")).mark == "T"


def test_a_dimmed_card_loses_its_colour_but_keeps_its_symbol() -> None:
    red = CARD_COLOURS[Colour.RED].rgb
    plain, dimmed = drawn(Card.parse("Red 5")), drawn(Card.parse("Red 5"), dimmed=True)
    assert pixels_of(dimmed, dimmed.get_rect(), red) == 0
    assert pixels_of(dimmed, dimmed.get_rect(), DIMMED) > 1000
    assert pixels_of(plain, plain.get_rect(), BLACK) > 50
    assert pixels_of(dimmed, dimmed.get_rect(), (40, 40, 40)) > 50


def test_the_back_of_a_card_is_black_with_no_card_colour() -> None:
    surface = drawn(None)
    assert pixels_of(surface, surface.get_rect(), BLACK) > 2000
    for colour in CARD_COLOURS.values():
        assert pixels_of(surface, surface.get_rect(), colour.rgb) == 0


def test_the_idol_shows_its_active_face_colour_and_is_plain_wood_when_empty() -> None:
    blue = CARD_COLOURS[Colour.BLUE].rgb
    surface = pygame.Surface((160, 160))
    draw_idol(surface, surface.get_rect(), Card.parse("Tiki Discard All Blue"), 2)
    assert pixels_of(surface, surface.get_rect(), blue) > 200
    empty = pygame.Surface((160, 160))
    draw_idol(empty, empty.get_rect(), None, 0)
    assert pixels_of(empty, empty.get_rect(), WOOD) > 2000
    assert pixels_of(empty, empty.get_rect(), blue) == 0


def test_a_card_keeps_a_cards_shape_in_any_area() -> None:
    wide = card_rect(pygame.Rect(0, 0, 400, 145))
    assert wide.h == 145 and wide.w == 100 and wide.centerx == 200
    tall = card_rect(pygame.Rect(0, 0, 100, 400))
    assert tall.w == 100 and tall.h == 145


def test_a_card_widget_names_its_card_and_draws_grey_when_disabled() -> None:
    rect = pygame.Rect(0, 0, 100, 145)
    widget = CardWidget("card:Red 5", rect, Card.parse("Red 5"), enabled=False,
                        refusal="Red 5 does not match Blue 7.")
    assert widget.text == "Red 5" and widget.described()["enabled"] is False
    surface = pygame.Surface((100, 145))
    widget.draw(surface, Theme())
    assert pixels_of(surface, rect, CARD_COLOURS[Colour.RED].rgb) == 0
