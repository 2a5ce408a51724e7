"""Where every part of a backgammon-family board goes inside a rectangle.

The board is planned in its own landscape coordinates, (u, v) with u to the
right and v down and the viewer (the seat whose side of the real board is
nearest the screen's bottom edge) at the bottom edge, then
placed on the screen by a `Frame`. On a portrait rectangle the frame turns
the board a quarter clockwise, so the points run down the screen, the
viewer's side becomes the left edge and their home board the bottom-left
corner; circles stay circles and words stay upright.

- Backgammon: four quadrants of six points with the bar between them, the
  viewer's points 13-24 along the top (left to right), 12-1 along the
  bottom, the borne-off trays in a column on the right (the viewer's at the
  bottom) with the pip counts between them, and the cube in the bar.
- Mini-Gam and Multi-Gam: one row of six points growing from the viewer's
  edge, entered from the left and borne off on the right as the viewer
  travels. Mini-Gam's ends hold the viewer's bar (left) and off (right) at
  the bottom and the opponent's off and bar above them; Multi-Gam's ends
  hold the four bars (left) and four offs (right) in seat order.

Where each point is drawn follows the viewer; the numbers written on the
points follow the mover (the seat on roll), who counts them in their own
notation. When the viewer is the mover the board is turned to the player.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.games.backgammon.geometry import Geometry
from ui.theme import TARGET_MIN, Theme

MAX_SHOWN = 5
"""Checkers drawn on a point before the top one shows the count instead."""


@dataclass(frozen=True)
class Frame:
    """Places the board's landscape coordinates on the screen, turned for portrait."""

    x: int
    y: int
    width: int
    """The board's landscape width W (the rectangle's height when turned)."""
    height: int
    """The board's landscape height H, the viewer's edge at v = H."""
    turned: bool

    @classmethod
    def inside(cls, rect: pygame.Rect) -> Frame:
        """The frame filling `rect`, turned when the rectangle stands upright."""
        turned = rect.h > rect.w
        width, height = (rect.h, rect.w) if turned else (rect.w, rect.h)
        return cls(rect.x, rect.y, width, height, turned)

    def point(self, u: float, v: float) -> tuple[int, int]:
        """The screen position of board position (u, v)."""
        if self.turned:
            return round(self.x + self.height - v), round(self.y + u)
        return round(self.x + u), round(self.y + v)

    def rect(self, area: pygame.Rect) -> pygame.Rect:
        """The screen rectangle of a board rectangle."""
        if self.turned:
            return pygame.Rect(self.x + self.height - area.bottom, self.y + area.x, area.h, area.w)
        return area.move(self.x, self.y)


@dataclass(frozen=True)
class Column:
    """One point as drawn: its strip of the board and the edge its triangle stands on."""

    cell: int
    """The shared cell 1..N of the geometry."""
    area: pygame.Rect
    base_top: bool
    """True when the triangle and its stack start at the top edge (v small)."""
    dark: bool
    number: int
    """The number the mover calls this point (its target is "point:<number>")."""
    label_at: tuple[float, float]


@dataclass(frozen=True)
class Pocket:
    """A seat's bar or borne-off tray as drawn."""

    seat: int
    kind: str
    """"bar" or "off"."""
    area: pygame.Rect
    outer_top: bool
    """True when the pocket fills from its top edge (the owner's side is up)."""


@dataclass(frozen=True)
class Plan:
    """Everything a board drawing needs to know about where things go (board coordinates)."""

    geometry: Geometry
    viewer: int
    mover: int
    """The seat on roll, whose numbers the points carry."""
    frame: Frame
    field: pygame.Rect
    """The felt inside the wooden frame."""
    columns: tuple[Column, ...]
    pockets: tuple[Pocket, ...]
    bar: pygame.Rect | None
    """Backgammon's wooden bar between the halves of the board."""
    cube_slots: dict[int | None, pygame.Rect]
    """Where the cube sits: None = centred, else by its owner's seat."""
    pip_slots: dict[int, pygame.Rect]
    """Where each seat's pip count is written, in screen coordinates (words stay upright)."""
    checker: int
    """A checker's diameter on the points."""
    step: int
    """The distance between two checkers' centres in a stack."""
    number_size: int
    """The point numbers' font size in pixels."""

    def pocket(self, seat: int, kind: str) -> Pocket:
        """The bar or tray of `seat`.

        Raises:
            KeyError: the board has no such pocket.
        """
        for pocket in self.pockets:
            if pocket.seat == seat and pocket.kind == kind:
                return pocket
        raise KeyError(f"{kind} of seat {seat}")

    def slot(self, column: Column, index: int) -> tuple[float, float]:
        """The centre of the `index`-th checker (0 at the base) of a point's stack."""
        area, radius = column.area, self.checker / 2
        margin = max(2, self.checker // 16)
        if column.base_top:
            v = area.top + margin + radius + index * self.step
        else:
            v = area.bottom - margin - radius - index * self.step
        return area.centerx, v


def _edges(start: float, width: float, count: int) -> list[int]:
    """`count` + 1 whole-pixel edges splitting [start, start + width] evenly."""
    return [round(start + width * index / count) for index in range(count + 1)]


def _stack_sizes(width: float, height: float) -> tuple[int, int]:
    """(diameter, step) of checkers filling a point `width` wide and `height` long with five."""
    diameter = max(8, round(min(width * 0.92, height / 4.2)))
    step = max(1, min(diameter, round((height - diameter - diameter / 8) / (MAX_SHOWN - 1))))
    return diameter, step


def plan_board(
    geometry: Geometry, rect: pygame.Rect, viewer: int, look: Theme, mover: int | None = None
) -> Plan:
    """Where everything goes when `viewer` looks at `geometry`'s board in `rect`, the points
    numbered as `mover` counts them (the viewer when None).

    Raises:
        ValueError: the viewer or the mover is not a seat of the game.
    """
    mover = viewer if mover is None else mover
    for seat in (viewer, mover):
        if not 0 <= seat < geometry.players:
            raise ValueError(
                f"Seat {seat} does not play {geometry.title}: choose a seat from 0 to "
                f"{geometry.players - 1}."
            )
    frame = Frame.inside(rect)
    if geometry.points == 24:
        return _plan_backgammon(geometry, frame, viewer, mover, look)
    return _plan_six_points(geometry, frame, viewer, mover, look)


def _number(geometry: Geometry, mover: int, cell: int) -> int:
    """The number `mover` calls the shared `cell`."""
    return geometry.point_number(mover, geometry.position(mover, cell))


def _plan_backgammon(
    geometry: Geometry, frame: Frame, viewer: int, mover: int, look: Theme
) -> Plan:
    width, height = frame.width, frame.height
    # The wooden edge the point numbers sit on: wider when turned, as "24" then lies across it.
    strip = look.px(30) if frame.turned else look.px(22)
    side = max(look.px(6), width // 100)
    bar_w = max(look.px(TARGET_MIN), round(width * 0.065))
    tray_w = max(look.px(TARGET_MIN), round(width * 0.07))
    point_w = (width - 3 * side - bar_w - tray_w) / 12
    top, bottom = strip, height - strip
    gap = look.px(10)
    half = (bottom - top - gap) / 2
    left = _edges(side, point_w * 6, 6)
    right = _edges(side + point_w * 6 + bar_w, point_w * 6, 6)
    lefts, rights = left[:-1] + right[:-1], left[1:] + right[1:]
    columns = []
    for index in range(12):
        for number, base_top in ((13 + index, True), (12 - index, False)):
            v = top if base_top else round(bottom - half)
            area = pygame.Rect(lefts[index], v, rights[index] - lefts[index], round(half))
            label_v = strip / 2 if base_top else height - strip / 2
            cell = geometry.cell(viewer, geometry.position_of_number(viewer, number))
            columns.append(Column(
                cell, area, base_top, number % 2 == 1, _number(geometry, mover, cell),
                (area.centerx, label_v),
            ))
    bar = pygame.Rect(left[-1], 0, right[0] - left[-1], height)
    middle = height / 2
    cube = min(round(bar_w * 0.78), round(half / 3))
    inner = round(middle + cube / 2 + look.px(4))
    opponent = 1 - viewer
    pockets = [
        Pocket(viewer, "bar", pygame.Rect(bar.x, inner, bar.w, bottom - inner), False),
        Pocket(opponent, "bar", pygame.Rect(bar.x, top, bar.w, height - inner - top), True),
    ]
    tray_x = width - side - tray_w
    band = look.px(110) if frame.turned else look.px(64)
    tray_h = round((bottom - top - band) / 2)
    pockets += [
        Pocket(viewer, "off", pygame.Rect(tray_x, bottom - tray_h, tray_w, tray_h), False),
        Pocket(opponent, "off", pygame.Rect(tray_x, top, tray_w, tray_h), True),
    ]
    band_rect = frame.rect(pygame.Rect(tray_x, round(middle - band / 2), tray_w, band))
    pip_slots = _band_tags(band_rect, viewer, opponent, frame.turned, look)
    cube_x = bar.centerx - cube // 2
    pad = look.px(6)
    cube_slots: dict[int | None, pygame.Rect] = {
        None: pygame.Rect(cube_x, round(middle - cube / 2), cube, cube),
        viewer: pygame.Rect(cube_x, bottom - pad - cube, cube, cube),
        opponent: pygame.Rect(cube_x, top + pad, cube, cube),
    }
    checker, step = _stack_sizes(point_w, half)
    field = pygame.Rect(side, top, tray_x - 2 * side, bottom - top)
    return Plan(geometry, viewer, mover, frame, field, tuple(columns), tuple(pockets), bar,
                cube_slots, pip_slots, checker, step, look.px(17))


def _plan_six_points(
    geometry: Geometry, frame: Frame, viewer: int, mover: int, look: Theme
) -> Plan:
    width, height = frame.width, frame.height
    strip = look.px(30) if frame.turned else look.px(24)
    side = max(look.px(6), width // 100)
    # Multi-Gam's ends hold four pockets each: wider, so a checker and its count fit side by side.
    end_w = max(look.px(64), round(width * (0.12 if geometry.players == 2 else 0.16)))
    point_w = (width - 4 * side - 2 * end_w) / 6
    top, bottom = side, height - strip
    edges = _edges(2 * side + end_w, point_w * 6, 6)
    columns = []
    for index in range(geometry.points):
        position = index + 1
        area = pygame.Rect(edges[index], top, edges[index + 1] - edges[index], bottom - top)
        cell = geometry.cell(viewer, position)
        columns.append(Column(
            cell, area, False, index % 2 == 0, _number(geometry, mover, cell),
            (area.centerx, height - strip / 2),
        ))
    left = pygame.Rect(side, top, end_w, bottom - top)
    right = pygame.Rect(width - side - end_w, top, end_w, bottom - top)
    # Turned, the bars run across the top of the screen: seat 0 stays on the left.
    pockets = _end_pockets(geometry, viewer, left, right, look.px(8), frame.turned)
    pip_slots = {}
    for pocket in pockets:
        if pocket.kind == "bar":
            pip_slots[pocket.seat] = _pocket_tag(frame.rect(pocket.area), look)
    checker, step = _stack_sizes(point_w, bottom - top)
    field = pygame.Rect(side, top, width - 2 * side, bottom - top)
    return Plan(geometry, viewer, mover, frame, field, tuple(columns), tuple(pockets), None, {},
                pip_slots, checker, step, look.px(20))


def _pocket_tag(area: pygame.Rect, look: Theme) -> pygame.Rect:
    """A pip-count tag inside a bar pocket: along its bottom, or at its left end when wide."""
    tag_h = look.px(26)
    pad = look.px(4)
    if area.w > area.h * 1.6:
        tag_w = look.px(60)
        return pygame.Rect(area.x + pad, area.centery - tag_h // 2, tag_w, tag_h)
    tag_w = min(area.w - 2 * pad, look.px(72))
    return pygame.Rect(area.centerx - tag_w // 2, area.bottom - tag_h - pad, tag_w, tag_h)


def _band_tags(
    band: pygame.Rect, viewer: int, opponent: int, turned: bool, look: Theme
) -> dict[int, pygame.Rect]:
    """The two pip-count tags in the band between the trays (screen coordinates)."""
    gap = look.px(4)
    tag_h = min(band.h if turned else (band.h - gap) // 2, look.px(26))
    if turned:
        # The viewer's tray is on the left once turned.
        width = (band.w - gap) // 2
        y = band.centery - tag_h // 2
        return {viewer: pygame.Rect(band.x, y, width, tag_h),
                opponent: pygame.Rect(band.x + width + gap, y, width, tag_h)}
    return {opponent: pygame.Rect(band.x, band.centery - gap // 2 - tag_h, band.w, tag_h),
            viewer: pygame.Rect(band.x, band.centery + gap // 2, band.w, tag_h)}


def _end_pockets(
    geometry: Geometry, viewer: int, left: pygame.Rect, right: pygame.Rect, gap: int,
    turned: bool,
) -> list[Pocket]:
    """The bars (left end) and trays (right end) of a six-point board."""
    if geometry.players == 2:
        opponent = 1 - viewer
        upper, lower = _split(left, 2, gap)
        pockets = [Pocket(opponent, "off", upper, True), Pocket(viewer, "bar", lower, False)]
        upper, lower = _split(right, 2, gap)
        return [*pockets, Pocket(opponent, "bar", upper, True),
                Pocket(viewer, "off", lower, False)]
    bars = _split(left, geometry.players, gap)
    offs = _split(right, geometry.players, gap)
    if turned:
        bars.reverse()
        offs.reverse()
    return [Pocket(seat, "bar", bars[seat], False) for seat in range(geometry.players)] + [
        Pocket(seat, "off", offs[seat], False) for seat in range(geometry.players)
    ]


def _split(area: pygame.Rect, parts: int, gap: int) -> list[pygame.Rect]:
    """`area` cut into `parts` equal rectangles from top to bottom, `gap` apart."""
    edges = _edges(area.top, area.h + gap, parts)
    return [pygame.Rect(area.x, edges[i], area.w, edges[i + 1] - edges[i] - gap)
            for i in range(parts)]


__all__ = ["MAX_SHOWN", "Column", "Frame", "Plan", "Pocket", "plan_board"]
