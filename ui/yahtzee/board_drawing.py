"""The Yahtzee board drawn as a board: a ring of squares in a wooden frame, with the tiles inside.

The squares run clockwise round the edge of a square grid, square 1 at the
top left (on the default board the four wild squares are its corners). A
square shows its number, "WILD" on a wild square, a claimed tile filled with
its owner's colour and marked with the owner's letter (colour is never the
only cue), the tile's name and recorded value ("three 5s"), the Yahtzee
protection marker (a shield with a Y), and every player's token standing on
it, inside it along its bottom (its words shorten above them when they must).
The middle of the ring lists the tiles still to claim with their points,
or, in the end game, the challenge rounds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.games.yahtzee.tiles import Tile
from companion.i18n import _
from ui import layout, theme
from ui.board_parts import (
    EDGE,
    FELT,
    draw_checker,
    draw_outline,
    draw_wood,
    mix,
)
from ui.theme import PlayerColour, Theme
from ui.widgets import Widget, draw_text, fitted, wrap_text
from ui.yahtzee.tile_words import tile_words, value_words
from ui.yahtzee.view_model import TIGHTEST_LABELS, SquareView, short_label

BLANK: theme.RGB = (228, 210, 168)
"""A square without a tile: parchment, read with dark ink."""
WILD: theme.RGB = (96, 62, 140)
"""A wild square: violet, and it says WILD."""
INK: theme.RGB = (30, 24, 18)
SHIELD: theme.RGB = (255, 196, 0)


def ring_side(squares: int) -> int:
    """How many cells a side of the ring has, corners counted: 5 for 16 squares (3 at the
    least, so that the ring has a middle)."""
    return max(3, -(-squares // 4) + 1)


CORNER_SHARE = 0.22
"""The most of the board's side a corner square takes: on a small board (6 squares) the
squares between the corners stretch, so that the middle keeps room for its list."""


def _spans(start: int, length: int, side: int, gap: int) -> list[tuple[int, int]]:
    """Where each of `side` cells along one edge lies (start, size): two corners, and the
    cells between them sharing the rest."""
    uniform = (length - gap * (side - 1)) // side
    corner = min(uniform, int(length * CORNER_SHARE)) if side < 5 else uniform
    inner = (length - 2 * corner - gap * (side - 1)) // (side - 2)
    spans = [(start, corner)]
    x = start + corner + gap
    for _cell in range(side - 2):
        spans.append((x, inner))
        x += inner + gap
    spans.append((x, corner))
    return spans


def ring_cells(area: pygame.Rect, squares: int, gap: int) -> dict[int, pygame.Rect]:
    """Each square's cell in `area` (a square), clockwise from square 1 at the top left."""
    side = ring_side(squares)
    spans = _spans(0, min(area.w, area.h), side, gap)
    places: list[tuple[int, int]] = [(col, 0) for col in range(side)]
    places += [(side - 1, row) for row in range(1, side)]
    places += [(col, side - 1) for col in range(side - 2, -1, -1)]
    places += [(0, row) for row in range(side - 2, 0, -1)]
    cells = {}
    for number, (col, row) in enumerate(places[:squares], start=1):
        (x, w), (y, h) = spans[col], spans[row]
        cells[number] = pygame.Rect(area.x + x, area.y + y, w, h)
    return cells


def ring_middle(cells: dict[int, pygame.Rect], gap: int) -> pygame.Rect:
    """The space inside the ring."""
    first = cells[1]
    side = ring_side(len(cells))
    right = cells[side].x - gap if side in cells else first.right + gap
    inner = max(0, right - first.right - gap)
    return pygame.Rect(first.right + gap, first.bottom + gap, inner, inner)


@dataclass(frozen=True)
class Middle:
    """What the middle of the ring lists: the tiles still to claim, or the challenge rounds."""

    title: str
    numbers: tuple[tuple[Tile, str], ...] = ()
    """Number tiles still to claim with their points ("10 a die")."""
    others: tuple[tuple[Tile, str], ...] = ()
    """Other tiles still to claim with their points."""
    lines: tuple[str, ...] = ()
    """Lines of words instead of tiles (the challenge rounds)."""


class YahtzeeBoard(Widget):
    """The whole board; its squares are hotspots of their own (`square:<n>`)."""

    def __init__(self, rect: pygame.Rect, squares: list[SquareView],
                 colours: tuple[PlayerColour, ...], middle: Middle, look: Theme,
                 highlighted: frozenset[int] = frozenset()) -> None:
        super().__init__("board", rect)
        self.squares = squares
        self.colours = colours
        self.middle = middle
        self.highlighted = highlighted
        self.gap = look.px(4)
        frame = look.px(8)
        self.cells = ring_cells(rect.inflate(-2 * frame, -2 * frame), len(squares), self.gap)
        self.look = look
        self.token = look.px(28)
        self.lines = {square.number: square_lines(square, self._body(square, look), look)
                      for square in squares}
        """The words each square shows: the longest that fit it."""

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The frame, the felt, each square, the middle's list, then the tokens (along the
        bottom of their squares, inside them)."""
        draw_wood(surface, self.rect, look.px(10))
        middle = ring_middle(self.cells, self.gap)
        pygame.draw.rect(surface, FELT, middle.inflate(self.gap, self.gap),
                         border_radius=look.px(8))
        # One size for every tile's words (the wild squares' WILD on its own), as printed;
        # a square with tokens on it may need its words smaller (or shorter) above them.
        size = min((lines_size(self._body(square, look, False), square_forms(square)[0], look)
                    or LEAST for square in self.squares if not square.wild),
                   default=theme.TEXT_MIN)
        for square in self.squares:
            self._draw_square(surface, square, look, size)
        # The middle's margin, as when the tokens stood astride the squares' inner edges.
        inset = self.token // 2 + look.px(4) + look.px(2)
        draw_middle(surface, middle.inflate(-2 * inset, -2 * inset), self.middle, look)
        for square in self.squares:
            self._draw_tokens(surface, square, look)

    def _body(self, square: SquareView, look: Theme, tokens: bool = True) -> pygame.Rect:
        """Where a square's words go: below its number, above its tokens (`tokens`: the
        tokens standing there now; else as if none did)."""
        cell = self.cells[square.number]
        strip = look.font(SMALL, True).get_linesize()
        body = pygame.Rect(cell.x + look.px(2), cell.y + strip, cell.w - look.px(4),
                           cell.h - strip - look.px(2))
        if tokens and square.tokens:
            body.h -= self.token
        return body

    def _draw_square(self, surface: pygame.Surface, square: SquareView, look: Theme,
                     size: int) -> None:
        cell = self.cells[square.number]
        owner = self.colours[square.owner] if square.owner is not None else None
        fill = owner.rgb if owner is not None else (WILD if square.wild else BLANK)
        ink = owner.ink if owner is not None else (theme.TEXT if square.wild else INK)
        radius = look.px(6)
        pygame.draw.rect(surface, fill, cell, border_radius=radius)
        pygame.draw.rect(surface, EDGE, cell, max(1, look.px(1)), border_radius=radius)
        strip = look.font(SMALL, True).get_linesize()
        top = pygame.Rect(cell.x + look.px(4), cell.y, cell.w - look.px(8), strip)
        _corner_text(surface, str(square.number), top, look,
                     ink if owner is not None else mix(ink, fill, 0.25), "midleft")
        if owner is not None:
            _corner_text(surface, owner.mark, top, look, ink, "midright")
        if square.protected:
            shield = pygame.Rect(0, 0, look.px(20), look.px(22))
            shield.midtop = (cell.centerx, cell.y + look.px(1))
            draw_shield(surface, shield)
        lines = self.lines[square.number]
        body = self._body(square, look)
        fits = lines_size(body, lines, look) or LEAST
        draw_lines(surface, body, lines, look, ink, fits if square.wild else min(size, fits))
        if square.number in self.highlighted:
            draw_outline(surface, cell.inflate(look.px(2), look.px(2)), look.px(4))

    def _corner(self, number: int) -> bool:
        """True for a square in a corner of the ring (no edge faces the middle)."""
        side = ring_side(len(self.cells))
        return (number - 1) % (side - 1) == 0

    def _draw_tokens(self, surface: pygame.Surface, square: SquareView, look: Theme) -> None:
        """The players on a square (see `token_centres`)."""
        for seat, centre in zip(square.tokens, self.token_centres(square, look), strict=True):
            draw_checker(surface, centre, self.token, self.colours[seat])

    def token_rects(self) -> dict[int, pygame.Rect]:
        """Where each player's token is drawn, by seat."""
        look = self.look
        rects = {}
        for square in self.squares:
            for seat, centre in zip(square.tokens, self.token_centres(square, look),
                                    strict=True):
                rect = pygame.Rect(0, 0, self.token, self.token)
                rect.center = centre
                rects[seat] = rect
        return rects

    def token_centres(self, square: SquareView, look: Theme) -> list[tuple[int, int]]:
        """Where the players on a square stand: side by side along its bottom, inside it
        (overlapping a little when many share a narrow square), under its words."""
        if not square.tokens:
            return []
        cell = self.cells[square.number]
        inside = cell.inflate(-2 * look.px(2), -2 * look.px(2))
        size, count = self.token, len(square.tokens)
        step = min(size + look.px(2), (inside.w - size) // max(1, count - 1))
        spread = [step * index - step * (count - 1) // 2 for index in range(count)]
        y = inside.bottom - (size + 1) // 2
        return [(cell.centerx + offset, y) for offset in spread]


SMALL = 20
"""The square's number and its owner's letter: the smallest text on the board."""
LEAST = theme.TEXT_MIN * 4 // 5
"""The smallest size words on the board shrink to (80% of the readable size, rounded
down: 19 px on 800x480)."""


def square_forms(square: SquareView) -> list[list[str]]:
    """The words a square can show, longest first: "Sixes" over "three 6s", then "×3"
    (a number tile's count of dice), "28" for Chance; the straights' shorter names."""
    if square.wild:
        return [[_("WILD")]]
    tile = square.tile
    if tile is None:
        return [[]]
    if tile.face is None and tile is not Tile.CHANCE:
        names = [short_label(tile), short_label(tile, shortest=True),
                 _(TIGHTEST_LABELS[tile]) if tile in TIGHTEST_LABELS else short_label(tile)]
        return [[name] for name in dict.fromkeys(names)]
    short = f"×{square.value}" if tile.face is not None else str(square.value)
    name = tile_words(tile)
    # On one line above the tokens standing there: "Fives ×2", then the name alone (the
    # square's words, tapped, say the rest).
    return [[name, value_words(tile, square.value)], [name, short], [f"{name} {short}"],
            [name]]


def square_lines(square: SquareView, body: pygame.Rect, look: Theme) -> list[str]:
    """The longest words of the square that fit `body` at 80% of the readable size or
    more (the shortest when none do)."""
    forms = square_forms(square)
    return next((form for form in forms if lines_size(body, form, look) is not None),
                forms[-1])


def _corner_text(surface: pygame.Surface, text: str, rect: pygame.Rect, look: Theme,
                 colour: theme.RGB, anchor: str) -> None:
    """Small bold `text` at one end of `rect` ("midleft" or "midright")."""
    image = look.font(SMALL, True).render(text, True, colour)
    place = image.get_rect()
    setattr(place, anchor, getattr(rect, anchor))
    surface.blit(image, place)


def lines_size(rect: pygame.Rect, lines: list[str], look: Theme) -> int | None:
    """The largest text size (on 800x480, from the readable size down to `LEAST`) at which
    `lines`, wrapped at spaces, fit `rect`; None when they do not fit even at `LEAST`."""
    for size in range(theme.TEXT_MIN, LEAST - 1, -1):
        font = look.font(size)
        wrapped = [part for line in lines for part in _wrap_words(line, font, rect.w)]
        if (all(font.size(part)[0] <= rect.w for part in wrapped)
                and len(wrapped) * _line_step(font) <= rect.h):
            return size
    return None


def _line_step(font: pygame.font.Font) -> int:
    return min(font.get_linesize(), font.get_height())


def draw_lines(surface: pygame.Surface, rect: pygame.Rect, lines: list[str], look: Theme,
               colour: theme.RGB, size: int) -> None:
    """Short lines centred in `rect` at `size`, wrapped at spaces (never inside a word); a
    word too wide is cut with an ellipsis, lines that do not fit are left out."""
    if not lines:
        return
    font = look.font(size)
    wrapped = [part for line in lines for part in _wrap_words(line, font, rect.w)]
    step = _line_step(font)
    wrapped = wrapped[:max(1, rect.h // step)]
    y = rect.centery - len(wrapped) * step // 2
    for line in wrapped:
        image = font.render(fitted(line, font, rect.w), True, colour)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        y += step


def _wrap_words(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` in lines no wider than `width`, broken only at spaces."""
    lines: list[str] = []
    for word in text.split():
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and font.size(candidate)[0] <= width:
            lines[-1] = candidate
        else:
            lines.append(word)
    return lines


def draw_shield(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The Yahtzee protection marker: a gold shield with a dark edge and a Y on it."""
    x, y, w, h = rect
    corners = [(x, y), (x + w, y), (x + w, y + h * 3 // 5), (x + w // 2, y + h),
               (x, y + h * 3 // 5)]
    pygame.draw.polygon(surface, SHIELD, corners)
    pygame.draw.polygon(surface, EDGE, corners, max(1, w // 10))
    font = theme.font(max(8, h * 3 // 4), True)
    image = font.render("Y", True, EDGE)
    surface.blit(image, image.get_rect(center=(x + w // 2, y + h * 2 // 5)))


@dataclass(frozen=True)
class MiddleLayout:
    """How the list of tiles still to claim fits the middle: its text size, whether the
    title is shown, each tile's name, the width of the number tiles' column, and the
    note's lines."""

    size: int
    title: bool
    names: dict[Tile, str]
    left_w: int
    note: list[str]
    step: int


def _names(middle: Middle, shortness: int) -> dict[Tile, str]:
    """The other tiles' names: as the squares show them (0), shorter (1), shortest (2)."""
    forms = (lambda tile: short_label(tile), lambda tile: short_label(tile, True),
             lambda tile: _(TIGHTEST_LABELS[tile]) if tile in TIGHTEST_LABELS
             else short_label(tile, True))
    return {tile: forms[shortness](tile) for tile, _points in middle.others}


def middle_layout(rect: pygame.Rect, middle: Middle, look: Theme) -> MiddleLayout | None:
    """The largest layout of the tiles still to claim that fits `rect` whole: the number
    tiles in a column on the left, the others with their points on the right, the number
    tiles' points in a note below; shorter names before smaller text (never below
    `LEAST`), and in the tightest middle no title. None when nothing fits."""
    tries = [(size, True, shortness) for size in range(theme.TEXT_MIN, LEAST - 1, -1)
             for shortness in range(3)]
    tries += [(size, False, 2) for size in range(theme.TEXT_MIN, LEAST - 1, -1)]
    for size, title, shortness in tries:
        found = _try_middle(rect, middle, look, size, title, _names(middle, shortness))
        if found is not None:
            return found
    return None


def _try_middle(rect: pygame.Rect, middle: Middle, look: Theme, size: int, title: bool,
                names: dict[Tile, str]) -> MiddleLayout | None:
    font, bold = look.font(size), look.font(size, True)
    if title and bold.size(middle.title)[0] > rect.w:
        return None
    names = {**names, **{tile: tile_words(tile) for tile, _points in middle.numbers}}
    left_w = max([font.size(tile_words(tile))[0] for tile, _points in middle.numbers] or [0])
    points_w = max([bold.size(points)[0] for _tile, points in middle.others] or [0])
    widest = max([font.size(names[tile])[0] for tile, _points in middle.others] or [0])
    # A space's width between the columns where it fits ("Threes" and "Chance" apart).
    gaps = [gap for gap in (font.size(" ")[0] * 2, font.size(" ")[0] + look.px(4), look.px(6))
            if left_w + gap + widest + look.px(4) + points_w <= rect.w]
    if not gaps:
        return None
    left_w += gaps[0] if left_w else 0
    note: list[str] = []
    if middle.numbers:
        points = middle.numbers[0][1]
        note = [_("Number tiles: {points}").format(points=points)]
        if bold.size(note[0])[0] > rect.w:
            # Broken after the colon, never inside "10 a die".
            note = [_("Number tiles:"), points]
        if any(bold.size(line)[0] > rect.w for line in note):
            return None
    step = _line_step(font)
    rows = max(len(middle.numbers), len(middle.others))
    height = (bold.get_linesize() + look.px(4) if title else 0) + (rows + len(note)) * step
    if height > rect.h:
        return None
    return MiddleLayout(size, title, names, left_w, note, step)


def draw_middle(surface: pygame.Surface, rect: pygame.Rect, middle: Middle, look: Theme) -> None:
    """The title, then the tiles still to claim in two columns (number tiles on the left,
    the others with their points on the right, the number tiles' points below), or the
    lines of the challenge rounds."""
    if middle.lines:
        title, rest = layout.take_top(rect, look.font(24, True).get_linesize(), look.px(4))
        draw_text(surface, middle.title, title, look, 24, True, theme.ACCENT, centred=True)
        draw_lines_left(surface, rest, list(middle.lines), look)
        return
    fit = middle_layout(rect, middle, look)
    if fit is None:  # a middle too small for any list: its title, and the squares say more
        draw_text(surface, middle.title, rect, look, LEAST, True, theme.ACCENT, centred=True)
        return
    size, rest = fit.size, rect
    if fit.title:
        title, rest = layout.take_top(rect, look.font(size, True).get_linesize(), look.px(4))
        draw_text(surface, middle.title, title, look, size, True, theme.ACCENT, centred=True)
    font, bold, step = look.font(size), look.font(size, True), fit.step
    for index, (tile, _points) in enumerate(middle.numbers):
        surface.blit(font.render(tile_words(tile), True, theme.TEXT),
                     (rest.x, rest.y + index * step))
    right = rest.x + fit.left_w
    for index, (tile, points) in enumerate(middle.others):
        y = rest.y + index * step
        surface.blit(font.render(fit.names[tile], True, theme.TEXT), (right, y))
        image = bold.render(points, True, theme.ACCENT)
        surface.blit(image, image.get_rect(topright=(rest.right, y)))
    y = rest.y + max(len(middle.numbers), len(middle.others)) * step
    for line in fit.note:
        surface.blit(bold.render(line, True, theme.ACCENT), (rest.x, y))
        y += step


def draw_lines_left(surface: pygame.Surface, rect: pygame.Rect, lines: list[str],
                    look: Theme) -> None:
    """Paragraphs from the top of `rect`, wrapped, left-aligned, at the largest size (down
    to `LEAST`) at which they all fit."""
    size, wrapped = LEAST, [wrap_text(line, look.font(LEAST), rect.w) for line in lines]
    for wanted in range(theme.TEXT_MIN, LEAST - 1, -1):
        font = look.font(wanted)
        parts = [wrap_text(line, font, rect.w) for line in lines]
        height = sum(len(part) for part in parts) * font.get_linesize()
        if height + look.px(6) * (len(lines) - 1) <= rect.h:
            size, wrapped = wanted, parts
            break
    font = look.font(size)
    y = rect.y
    for paragraph in wrapped:
        for part in paragraph:
            surface.blit(font.render(part, True, theme.TEXT), (rect.x, y))
            y += font.get_linesize()
        y += look.px(6)


__all__ = [
    "LEAST",
    "Middle",
    "MiddleLayout",
    "YahtzeeBoard",
    "draw_lines",
    "draw_shield",
    "lines_size",
    "middle_layout",
    "ring_cells",
    "ring_middle",
    "ring_side",
    "square_forms",
    "square_lines",
]
