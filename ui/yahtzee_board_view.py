"""The Yahtzee board drawn as a board: a ring of squares in a wooden frame, with the tiles inside.

The squares run clockwise round the edge of a square grid, square 1 at the
top left (on the default board the four wild squares are its corners). A
square shows its number, "WILD" on a wild square, a claimed tile filled with
its owner's colour and marked with the owner's letter (colour is never the
only cue), the tile's name and recorded value ("three 5s"), the Yahtzee
protection marker (a shield with a Y), and every player's token standing on
it. The middle of the ring lists the tiles still to claim with their points,
or, in the end game, the challenge rounds.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.games.yahtzee.tiles import Tile, value_text
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
from ui.yahtzee_view import SquareView, short_label

BLANK: theme.RGB = (228, 210, 168)
"""A square without a tile: parchment, read with dark ink."""
WILD: theme.RGB = (96, 62, 140)
"""A wild square: violet, and it says WILD."""
INK: theme.RGB = (30, 24, 18)
SHIELD: theme.RGB = (255, 196, 0)


def ring_side(squares: int) -> int:
    """How many cells a side of the ring has, corners counted: 5 for 16 squares."""
    return max(2, -(-squares // 4) + 1)


def ring_cells(area: pygame.Rect, squares: int, gap: int) -> dict[int, pygame.Rect]:
    """Each square's cell in `area` (a square), clockwise from square 1 at the top left."""
    side = ring_side(squares)
    cell = (min(area.w, area.h) - gap * (side - 1)) // side
    step = cell + gap
    places: list[tuple[int, int]] = [(col, 0) for col in range(side)]
    places += [(side - 1, row) for row in range(1, side)]
    places += [(col, side - 1) for col in range(side - 2, -1, -1)]
    places += [(0, row) for row in range(side - 2, 0, -1)]
    return {number: pygame.Rect(area.x + col * step, area.y + row * step, cell, cell)
            for number, (col, row) in enumerate(places[:squares], start=1)}


def ring_middle(cells: dict[int, pygame.Rect], gap: int) -> pygame.Rect:
    """The space inside the ring."""
    first = cells[1]
    side = ring_side(len(cells))
    inner = (side - 2) * first.w + (side - 3) * gap
    return pygame.Rect(first.right + gap, first.bottom + gap, max(0, inner), max(0, inner))


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
        self.token = look.px(28)
        self.outside = look.px(4)
        """How far a token's centre stands outside its square's inner edge."""

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The frame, the felt, each square, the middle's list, then the tokens (standing at
        the inner edge of their squares, over the felt)."""
        draw_wood(surface, self.rect, look.px(10))
        middle = ring_middle(self.cells, self.gap)
        pygame.draw.rect(surface, FELT, middle.inflate(self.gap, self.gap),
                         border_radius=look.px(8))
        size = min((lines_size(self._body(square, look), _square_lines(square), look)
                    for square in self.squares if not square.wild), default=theme.TEXT_MIN)
        for square in self.squares:
            self._draw_square(surface, square, look, size)
        inset = self.token // 2 + self.outside + look.px(6)
        draw_middle(surface, middle.inflate(-2 * inset, -2 * inset), self.middle, look)
        for square in self.squares:
            self._draw_tokens(surface, square, look)

    def _body(self, square: SquareView, look: Theme) -> pygame.Rect:
        """Where a square's words go: below its number, above a corner's tokens."""
        cell = self.cells[square.number]
        strip = look.font(SMALL, True).get_linesize()
        body = pygame.Rect(cell.x + look.px(3), cell.y + strip, cell.w - look.px(6),
                           cell.h - strip - look.px(3))
        if self._corner(square.number) and square.tokens:
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
        lines = _square_lines(square)
        body = self._body(square, look)
        draw_lines(surface, body, lines, look, ink,
                   lines_size(body, lines, look) if square.wild else size)
        if square.number in self.highlighted:
            draw_outline(surface, cell.inflate(look.px(2), look.px(2)), look.px(4))

    def _corner(self, number: int) -> bool:
        """True for a square in a corner of the ring (no edge faces the middle)."""
        side = ring_side(len(self.cells))
        return (number - 1) % (side - 1) == 0

    def _draw_tokens(self, surface: pygame.Surface, square: SquareView, look: Theme) -> None:
        """The players on a square: in a corner along its bottom, elsewhere astride the
        square's inner edge, as pawns stand at the front of a square."""
        if not square.tokens:
            return
        cell = self.cells[square.number]
        size, count = self.token, len(square.tokens)
        middle = ring_middle(self.cells, self.gap)
        step = min(size + look.px(2), (cell.w - size) // max(1, count - 1))
        spread = [step * index - step * (count - 1) // 2 for index in range(count)]
        out = self.outside
        if self._corner(square.number):
            y = cell.bottom - size // 2 - look.px(3)
            centres = [(cell.centerx + offset, y) for offset in spread]
        elif cell.bottom <= middle.top:
            centres = [(cell.centerx + offset, cell.bottom + out) for offset in spread]
        elif cell.top >= middle.bottom:
            centres = [(cell.centerx + offset, cell.top - out) for offset in spread]
        elif cell.right <= middle.left:
            centres = [(cell.right + out, cell.centery + offset) for offset in spread]
        else:
            centres = [(cell.left - out, cell.centery + offset) for offset in spread]
        for seat, centre in zip(square.tokens, centres, strict=True):
            draw_checker(surface, centre, size, self.colours[seat])


SMALL = 20
"""The square's number and its owner's letter: the smallest text on the board."""


def _square_lines(square: SquareView) -> list[str]:
    """The words on a square: "WILD", or the tile's name and its recorded value."""
    if square.wild:
        return [_("WILD")]
    tile = square.tile
    if tile is None:
        return []
    if tile.face is None and tile is not Tile.CHANCE:
        return [short_label(tile)]
    return [tile.label, value_text(tile, square.value)]


def _corner_text(surface: pygame.Surface, text: str, rect: pygame.Rect, look: Theme,
                 colour: theme.RGB, anchor: str) -> None:
    """Small bold `text` at one end of `rect` ("midleft" or "midright")."""
    image = look.font(SMALL, True).render(text, True, colour)
    place = image.get_rect()
    setattr(place, anchor, getattr(rect, anchor))
    surface.blit(image, place)


def lines_size(rect: pygame.Rect, lines: list[str], look: Theme) -> int:
    """The largest text size (on 800x480, down to 80% of the readable size) at which
    `lines`, wrapped at spaces, fit `rect`."""
    size = theme.TEXT_MIN
    while size > theme.TEXT_MIN * 0.8:
        font = look.font(size)
        wrapped = [part for line in lines for part in _wrap_words(line, font, rect.w)]
        if (all(font.size(part)[0] <= rect.w for part in wrapped)
                and len(wrapped) * _line_step(font) <= rect.h):
            break
        size -= 1
    return size


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


def draw_middle(surface: pygame.Surface, rect: pygame.Rect, middle: Middle, look: Theme) -> None:
    """The title, then the tiles still to claim in two columns (number tiles on the left,
    the others with their points on the right, the number tiles' points below), or the
    lines of the challenge rounds."""
    title, rest = layout.take_top(rect, look.font(24, True).get_linesize(), look.px(4))
    draw_text(surface, middle.title, title, look, 24, True, theme.ACCENT, centred=True)
    if middle.lines:
        draw_lines_left(surface, rest, list(middle.lines), look)
        return
    rows = max(len(middle.numbers) + 1, len(middle.others), 1)
    height = min(look.px(32), rest.h // rows)
    font = look.font(20)
    left_w = max([font.size(tile.label)[0] for tile, _points in middle.numbers] or [0])
    left_w += look.px(10) if left_w else 0
    for index, (tile, _points) in enumerate(middle.numbers):
        cell = pygame.Rect(rest.x, rest.y + index * height, left_w, height)
        draw_text(surface, tile.label, cell, look, 20, False, theme.TEXT)
    right = pygame.Rect(rest.x + left_w, rest.y, rest.w - left_w, rest.h)
    points_w = look.font(20, True).size("50")[0] + look.px(2)
    for index, (tile, points) in enumerate(middle.others):
        cell = pygame.Rect(right.x, right.y + index * height, right.w, height)
        name, score = cell.copy(), cell.copy()
        name.w -= points_w + look.px(4)
        score.x, score.w = cell.right - points_w, points_w
        label = tile.label if font.size(tile.label)[0] <= name.w else short_label(tile, True)
        draw_text(surface, label, name, look, 20, False, theme.TEXT)
        draw_text(surface, points, score, look, 20, True, theme.ACCENT)
    if middle.numbers:
        note = pygame.Rect(rest.x, rest.y + (rows - 1) * height, rest.w, height)
        words = _("Number tiles: {points}").format(points=middle.numbers[0][1])
        draw_text(surface, words, note, look, 20, True, theme.ACCENT)


def draw_lines_left(surface: pygame.Surface, rect: pygame.Rect, lines: list[str],
                    look: Theme) -> None:
    """Paragraphs from the top of `rect`, wrapped, left-aligned."""
    font = look.font(20)
    y = rect.y
    for paragraph in lines:
        for part in wrap_text(paragraph, font, rect.w):
            if y + font.get_linesize() > rect.bottom:
                return
            surface.blit(font.render(part, True, theme.TEXT), (rect.x, y))
            y += font.get_linesize()
        y += look.px(6)


__all__ = [
    "Middle",
    "YahtzeeBoard",
    "draw_lines",
    "draw_shield",
    "lines_size",
    "ring_cells",
    "ring_middle",
    "ring_side",
]
