"""UNO cards drawn as cards: readable from a metre on 800x480, never by colour alone.

A card is a rounded rectangle in its colour with a white oval and its value
or symbol big and black in the middle (`CardFace.symbol`), the colour's
letter (R, Y, G, B; in Welsh C, M, Gw, Gl) in the top corner so no one needs to tell red from
green, and the card's word at the bottom ("Skip", "Draw Two") when the card
is large enough to show it at a readable size (`theme.TEXT_MIN`): no letter
is drawn smaller, so every card is told apart by its symbol and corner
marks alone. Wilds show the four colours, Tiki Faces are carved wood, a Spin
card carries the spin arrow in its other corner. The back of a card stands
for the draw pile; the idol of UNO Tiki Twist is drawn with its active Tiki
Face.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from companion.games.uno.card_words import TIKI_ACTIONS, card_words
from companion.games.uno.cards import COLOUR_NAMES, Card, Colour, Kind, TikiAction
from companion.i18n import N_, _, note_text, pgettext
from ui import theme
from ui.theme import RGB, Theme
from ui.widgets import Widget, draw_text


@dataclass(frozen=True)
class CardColour:
    """One UNO colour on screen: its fill, the letter drawn on it and the ink for words."""

    rgb: RGB
    letter: Callable[[], str]
    """The colour's letter in the table's language, looked up as it is drawn."""
    ink: RGB

    @property
    def mark(self) -> str:
        """The letter in the card's corner: the colour word's own initial in the table's
        language (R for Red; in Welsh C for Coch, Gw and Gl for Gwyrdd and Glas)."""
        return self.letter()


# Translators: the letter in the corner of a Red card, so that nobody needs to tell red from
# green: the first letter of the colour's word, one or two letters, all four different.
CARD_COLOURS: dict[Colour, CardColour] = {
    Colour.RED: CardColour((214, 38, 38), lambda: pgettext("card colour letter", "R"),
                           (255, 255, 255)),
    Colour.YELLOW: CardColour((246, 206, 24), lambda: pgettext("card colour letter", "Y"),
                              (0, 0, 0)),
    Colour.GREEN: CardColour((24, 146, 64), lambda: pgettext("card colour letter", "G"),
                             (255, 255, 255)),
    Colour.BLUE: CardColour((22, 92, 196), lambda: pgettext("card colour letter", "B"),
                            (255, 255, 255)),
}
"""The four card colours, each with its letter (the card's own colours, not the players')."""

BLACK: RGB = (24, 24, 24)
OVAL: RGB = (250, 250, 245)
WOOD: RGB = (122, 72, 34)
"""Tiki Faces and the idol: carved wood."""
SAND: RGB = (236, 206, 150)
BACK_RED: RGB = (200, 30, 30)
BACK_YELLOW: RGB = (250, 214, 40)
DIMMED: RGB = (70, 70, 76)
"""A card the rules do not allow now: greyed, still legible."""

_TIKI_SYMBOLS: dict[TikiAction, str] = {
    TikiAction.DRAW_1: "+1",
    TikiAction.DRAW_2: "+2",
    TikiAction.DRAW_4: "+4",
    TikiAction.DISCARD_2: "−2",
    # Translators: the big word on a Tiki Discard All face: keep it to three or four letters.
    TikiAction.DISCARD_ALL: N_("ALL"),
    TikiAction.GO_TO: "→",
}
_SYMBOLS: dict[Kind, str] = {
    Kind.SKIP: "⊘",
    Kind.REVERSE: "⇄",
    Kind.DRAW_TWO: "+2",
    Kind.WILD: "W",
    Kind.WILD_DRAW_FOUR: "+4",
    Kind.BLANK_WILD: "✎",
    Kind.WILD_TIKI: "W",
}
_WILD_WORDS: dict[Kind, str] = {
    Kind.WILD: N_("Wild"),
    Kind.WILD_DRAW_FOUR: N_("Draw Four"),
    Kind.BLANK_WILD: N_("Blank"),
    Kind.WILD_TIKI: N_("Wild Tiki"),
}
_KIND_WORDS: dict[Kind, str] = {
    Kind.SKIP: N_("Skip"),
    Kind.REVERSE: N_("Reverse"),
    Kind.DRAW_TWO: N_("Draw Two"),
}

SPIN_MARK = "↻"


def tiki_words(face: Card) -> str:
    """A Tiki Face's words short enough for a card: "Draw 4", "Go To", "All Red"."""
    if face.tiki is TikiAction.DISCARD_ALL and face.colour is not None:
        return _("All {colour}").format(colour=_(COLOUR_NAMES[face.colour]))
    return _(TIKI_ACTIONS[face.tiki]) if face.tiki is not None else _("Tiki")


def card_name(card: Card) -> str:
    """`card`'s name in the table's language ("Red 5"), for the screen's words."""
    return note_text(card_words(card), str)


@dataclass(frozen=True)
class CardFace:
    """What a card shows: fill, the big symbol, the corner letter, the word at the bottom."""

    fill: RGB
    symbol: str
    mark: str
    words: str
    ink: RGB
    """The colour of the corner letter and the words, chosen for the fill."""
    wild: bool = False
    """Draw the four colours (a wild)."""
    band: RGB | None = None
    """A Tiki Discard All face: the colour band of the face's colour."""
    corner: str = ""
    """A mark in the top-right corner: the spin arrow of a Spin card."""


def card_face(card: Card) -> CardFace:
    """How `card` is drawn: every card has a symbol, a letter and words, never colour alone."""
    if card.kind is Kind.TIKI_FACE and card.tiki is not None:
        band = CARD_COLOURS[card.colour] if card.colour is not None else None
        mark = band.mark if band is not None else "T"
        words = tiki_words(card)
        symbol = _TIKI_SYMBOLS[card.tiki]
        symbol = _(symbol) if card.tiki is TikiAction.DISCARD_ALL else symbol
        return CardFace(WOOD, symbol, mark, words, (255, 255, 255),
                        band=None if band is None else band.rgb)
    if card.is_wild:
        return CardFace(BLACK, _SYMBOLS[card.kind], "W", _(_WILD_WORDS[card.kind]), (255, 255, 255),
                        wild=True)
    assert card.colour is not None
    colour = CARD_COLOURS[card.colour]
    if card.kind is Kind.NUMBER:
        words = (_("{mark} Spin").format(mark=SPIN_MARK) if card.spin
                 else _(COLOUR_NAMES[card.colour]))
        return CardFace(colour.rgb, str(card.value), colour.mark, words, colour.ink,
                        corner=SPIN_MARK if card.spin else "")
    return CardFace(colour.rgb, _SYMBOLS[card.kind], colour.mark, _(_KIND_WORDS[card.kind]),
                    colour.ink)


def card_rect(area: pygame.Rect, ratio: float = 1.45) -> pygame.Rect:
    """The largest card (height `ratio` times its width) centred in `area`."""
    width = min(area.w, round(area.h / ratio))
    height = min(area.h, round(width * ratio))
    rect = pygame.Rect(0, 0, width, height)
    rect.center = area.center
    return rect


def fitting_size(text: str, width: int, wanted: int) -> int:
    """The largest bold size up to `wanted` pixels at which `text` fits `width`."""
    measured = theme.font(wanted, True).size(text)[0]
    if measured <= width:
        return wanted
    size = max(1, wanted * width // max(1, measured))
    while size > 1 and theme.font(size, True).size(text)[0] > width:
        size -= 1
    return size


def draw_card(surface: pygame.Surface, rect: pygame.Rect, card: Card, *,
              dimmed: bool = False, selected: bool = False, least: int = theme.TEXT_MIN
              ) -> None:
    """Draw `card` filling `rect` (a card's shape: taller than wide).

    `dimmed` greys it (a card the rules do not allow now) while its symbol
    stays readable; `selected` rings it in the accent colour. `least` is the
    smallest readable text in pixels: the corner marks are drawn at least
    that big, and the words only when they fit at that size.
    """
    face = card_face(card)
    radius = max(4, rect.w // 9)
    pygame.draw.rect(surface, OVAL, rect, border_radius=radius)
    inner = rect.inflate(-max(2, rect.w // 14), -max(2, rect.w // 14))
    inner_radius = max(3, radius - 2)
    if dimmed:
        pygame.draw.rect(surface, DIMMED, inner, border_radius=inner_radius)
    elif face.wild:
        _draw_quarters(surface, inner, inner_radius)
    else:
        pygame.draw.rect(surface, face.fill, inner, border_radius=inner_radius)
    if face.band is not None and not dimmed:
        band = pygame.Rect(inner.x, inner.y + inner.h // 3, inner.w, inner.h // 3)
        pygame.draw.rect(surface, face.band, band)
    oval = pygame.Rect(0, 0, inner.w * 4 // 5, inner.h * 11 // 20)
    oval.center = inner.center
    pygame.draw.ellipse(surface, SAND if face.fill is WOOD else OVAL, oval)
    ink = theme.MUTED if dimmed else face.ink
    symbol_ink = (40, 40, 40) if dimmed else BLACK
    symbol_size = fitting_size(face.symbol, oval.w * 17 // 20, max(least, oval.h * 2 // 3))
    draw_text(surface, face.symbol, oval, Theme(), symbol_size, True, symbol_ink, centred=True)
    _draw_marks(surface, inner, face, ink, dimmed, least)
    if selected:
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 4, border_radius=radius + 3)


def _draw_marks(surface: pygame.Surface, inner: pygame.Rect, face: CardFace, ink: RGB,
                dimmed: bool, least: int) -> None:
    """The corner marks (the colour's letter, a Spin's arrow) and the words at the bottom,
    none smaller than `least`: a card too small for them shows its symbol alone."""
    corner = max(inner.h // 7, least)
    if corner > inner.h // 4:
        return
    edge = inner.w // 14
    mark = pygame.Rect(inner.x + edge, inner.y + 1, corner * 3 // 2, corner + 2)
    _draw_shadowed(surface, face.mark, mark, corner, ink, dimmed)
    if face.corner:  # the spin arrow is a thin glyph: half as big again to be seen
        arrow = min(corner * 3 // 2, inner.w * 2 // 5)
        other = pygame.Rect(inner.right - edge - arrow, inner.y + 1, arrow, arrow)
        _draw_shadowed(surface, face.corner, other, arrow, ink, dimmed)
    size = max(corner * 4 // 5, least)
    margin = max(2, inner.w // 16)
    words = pygame.Rect(inner.x + margin, inner.bottom - size - 4, inner.w - 2 * margin, size)
    fits = theme.font(size, True).size(face.words)[0] <= words.w
    if fits and words.y >= inner.y + inner.h * 3 // 4:  # under the oval, not over its symbol
        draw_text(surface, face.words, words, Theme(), size, True, ink, centred=True)


def _draw_quarters(surface: pygame.Surface, inner: pygame.Rect, radius: int) -> None:
    """A wild's four colours, one in each quarter, on black."""
    pygame.draw.rect(surface, BLACK, inner, border_radius=radius)
    half_w, half_h = inner.w // 2, inner.h // 2
    quarters = (
        (Colour.RED, inner.x, inner.y),
        (Colour.BLUE, inner.x + half_w, inner.y),
        (Colour.YELLOW, inner.x, inner.y + half_h),
        (Colour.GREEN, inner.x + half_w, inner.y + half_h),
    )
    pad = max(2, inner.w // 12)
    for colour, x, y in quarters:
        cell = pygame.Rect(x, y, half_w, half_h).inflate(-pad, -pad)
        pygame.draw.rect(surface, CARD_COLOURS[colour].rgb, cell, border_radius=max(2, pad))


def _draw_shadowed(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                   ink: RGB, dimmed: bool) -> None:
    """The corner letter, with a dark edge so it stands out on yellow as on blue."""
    if not dimmed:
        shade = BLACK if ink != BLACK else OVAL
        draw_text(surface, text, rect.move(1, 1), Theme(), size, True, shade)
    draw_text(surface, text, rect, Theme(), size, True, ink)


def draw_back(surface: pygame.Surface, rect: pygame.Rect, least: int = theme.TEXT_MIN) -> None:
    """The back of an UNO card: black, a red oval, UNO in yellow (the draw pile); the word
    is left out when it does not fit the oval at `least` pixels."""
    radius = max(4, rect.w // 9)
    pygame.draw.rect(surface, OVAL, rect, border_radius=radius)
    inner = rect.inflate(-max(2, rect.w // 14), -max(2, rect.w // 14))
    pygame.draw.rect(surface, BLACK, inner, border_radius=max(3, radius - 2))
    oval = pygame.Rect(0, 0, inner.w * 4 // 5, inner.h * 11 // 20)
    oval.center = inner.center
    pygame.draw.ellipse(surface, BACK_RED, oval)
    size = fitting_size("UNO", oval.w * 4 // 5, max(least, oval.w // 3))
    if size >= least:
        draw_text(surface, "UNO", oval, Theme(), size, True, BACK_YELLOW, centred=True)


def draw_idol(surface: pygame.Surface, rect: pygame.Rect, face: Card | None, faces: int,
              least: int = theme.TEXT_MIN) -> None:
    """The Tiki idol: a carved head showing its active Tiki Face, or empty.

    `faces` is how many Tiki Faces the idol holds this round. No words are
    drawn smaller than `least` pixels: what does not fit is left to the
    symbol in the mouth (and the screen's label under the idol).
    """
    head = pygame.Rect(0, 0, min(rect.w, rect.h * 3 // 4), rect.h)
    head.center = rect.center
    radius = max(4, head.w // 6)
    pygame.draw.rect(surface, WOOD, head, border_radius=radius)
    pygame.draw.rect(surface, SAND, head, max(2, head.w // 30), border_radius=radius)
    eye_w, eye_h = head.w // 5, head.h // 10
    for x in (head.x + head.w // 5, head.right - head.w // 5 - eye_w):
        pygame.draw.rect(surface, SAND, (x, head.y + head.h // 8, eye_w, eye_h),
                         border_radius=eye_h // 2)
    mouth = pygame.Rect(head.x + head.w // 8, head.y + head.h // 3, head.w * 3 // 4,
                        head.h * 5 // 12)
    pygame.draw.rect(surface, SAND, mouth, border_radius=max(3, mouth.h // 6))
    if face is None:
        draw_text(surface, "—", mouth, Theme(), max(8, mouth.h // 2), True, WOOD, centred=True)
        words = _("empty")
    else:
        symbol = card_face(face).symbol
        if face.colour is not None:
            pygame.draw.rect(surface, CARD_COLOURS[face.colour].rgb,
                             mouth.inflate(-mouth.w // 6, -mouth.h * 2 // 3))
        draw_text(surface, symbol, mouth, Theme(), max(8, mouth.h * 3 // 5), True, BLACK,
                  centred=True)
        words = tiki_words(face)
    size = max(least, min(head.h // 6 * 4 // 5, head.w // 6))
    label = pygame.Rect(head.x + 2, mouth.bottom + 2, head.w - 4, head.bottom - mouth.bottom - 4)
    if label.h >= size and theme.font(size, True).size(words)[0] <= label.w:
        draw_text(surface, words, label, Theme(), size, True, (255, 255, 255), centred=True)
    badge_w = max(head.w // 4, least * 3 // 2)
    if faces > 1 and badge_w <= head.w // 2:
        badge = pygame.Rect(head.right - badge_w, head.y, badge_w, badge_w)
        pygame.draw.ellipse(surface, BLACK, badge)
        draw_text(surface, str(faces), badge, Theme(), max(least, badge.h * 3 // 5), True,
                  (255, 255, 255), centred=True)


class CardWidget(Widget):
    """A card on screen: `card`, or its back when `card` is None; tappable when given `on_tap`."""

    def __init__(self, name: str, rect: pygame.Rect, card: Card | None, text: str = "", *,
                 dimmed: bool = False, selected: bool = False, enabled: bool = True,
                 on_tap: Callable[[], None] | None = None, refusal: str = "") -> None:
        super().__init__(name, rect, text or ("" if card is None else card_name(card)),
                         enabled=enabled, on_tap=on_tap, refusal=refusal)
        self.card = card
        self.dimmed = dimmed
        self.selected = selected

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The card (or its back) as large as fits the rectangle."""
        place = card_rect(self.rect)
        least = look.px(theme.TEXT_MIN)
        if self.card is None:
            draw_back(surface, place, least)
        else:
            draw_card(surface, place, self.card, dimmed=self.dimmed or not self.enabled,
                      selected=self.selected, least=least)


class IdolWidget(Widget):
    """The Tiki idol with its active face (UNO Tiki Twist)."""

    def __init__(self, rect: pygame.Rect, face: Card | None, faces: int) -> None:
        words = _("Idol: empty") if face is None else _("Idol: {card}").format(
            card=card_name(face))
        super().__init__("idol", rect, words)
        self.face = face
        self.faces = faces

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The idol's head with the active face in its mouth."""
        draw_idol(surface, self.rect, self.face, self.faces, look.px(theme.TEXT_MIN))


__all__ = [
    "CARD_COLOURS",
    "CardColour",
    "CardFace",
    "CardWidget",
    "IdolWidget",
    "card_face",
    "card_name",
    "card_rect",
    "draw_back",
    "draw_card",
    "draw_idol",
    "fitting_size",
    "tiki_words",
]
