"""The board of Backgammon, Mini-Gam and Multi-Gam as drawn on the touchscreen.

`BoardPicture` is what to show (checkers, highlights, the cube, pip counts);
`BoardLayout` knows where everything goes in a rectangle, which rectangle
each touch target ("point:13", "bar", "off") covers, and draws a picture.
The board is drawn from one seat's side (the viewer: the real board as the
table sees it, or the seat on roll when the board turns to the player):
the viewer's bar and tray nearest the screen's bottom edge. The points carry
the numbers the seat on roll (the mover) counts them by, and the touch
targets are named by them: in Backgammon 24 where the mover starts, 1 where
they bear off; "bar" and "off" are the mover's. Mini-Gam and Multi-Gam use
the printed cell numbers (docs/rules/backgammon.md).
Where the pieces go is planned in `ui.backgammon.board_layout`; the pieces themselves
are drawn by `ui.board_parts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from companion.games.backgammon.geometry import Geometry, make_board
from companion.games.backgammon.movement import pip_count
from ui import board_parts as parts
from ui import theme
from ui.backgammon.board_layout import MAX_SHOWN, Column, Plan, Pocket, plan_board
from ui.backgammon.board_pockets import draw_pocket, pocket_spot
from ui.theme import PlayerColour, Theme


@dataclass(frozen=True)
class Cube:
    """The doubling cube as shown: its value and owner (None = in the middle)."""

    value: int
    owner: int | None


@dataclass(frozen=True)
class BoardPicture:
    """Everything a board shows at one moment."""

    geometry: Geometry
    tracks: tuple[tuple[int, ...], ...]
    """`Board.tracks`: per seat, counts by track position (bar, points..., off)."""
    colours: tuple[PlayerColour, ...]
    """Each seat's colour and letter."""
    viewer: int
    """The seat the board is drawn from (their side at the bottom)."""
    highlighted: frozenset[str] = frozenset()
    """Target names marked as legal destinations or movable checkers."""
    selected: str | None = None
    """The target whose top checker is picked up."""
    cube: Cube | None = None
    """Backgammon's doubling cube; None when the match plays without one."""
    pips: tuple[int, ...] | None = None
    """Each seat's pip count, written by their tray (or bar)."""
    mover: int | None = None
    """The seat on roll (or the last to move), whose numbers the points carry; None: the
    viewer."""

    @property
    def numbered_by(self) -> int:
        """The seat whose numbers the points carry."""
        return self.viewer if self.mover is None else self.mover


def point_label(geometry: Geometry, viewer: int, position: int) -> int:
    """The number `viewer` calls their track `position` (Backgammon: 25 - position)."""
    return geometry.point_number(viewer, position)


def pip_counts(geometry: Geometry, tracks: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each seat's pip count: the pips its checkers must still travel to bear off."""
    board = make_board(geometry, tuple(tuple(track) for track in tracks))
    return tuple(pip_count(board, seat) for seat in range(geometry.players))


class BoardLayout:
    """The board of `geometry` in `rect`, drawn from `viewer`'s side, its points and its
    "bar" and "off" targets those of `mover` (the seat on roll; the viewer when None).

    A rectangle taller than wide gets the board turned a quarter (points run
    down the screen). Targets reach 48 px (`look.px(48)`) across when the
    board's long side allows: Backgammon's 24 points need about 690 px of it
    at 800x480 scale (12 points, the bar and the trays), the six-point boards
    far less; below that the points share what there is.

    Raises:
        ValueError: the viewer is not a seat of the game.
    """

    def __init__(
        self, geometry: Geometry, rect: pygame.Rect, viewer: int, look: Theme,
        mover: int | None = None,
    ) -> None:
        self.geometry = geometry
        self.rect = pygame.Rect(rect)
        self.viewer = viewer
        self.mover = viewer if mover is None else mover
        self.plan: Plan = plan_board(geometry, self.rect, viewer, look, self.mover)
        frame = self.plan.frame
        self._targets = {f"point:{column.number}": frame.rect(column.area)
                         for column in self.plan.columns}
        self._targets["bar"] = frame.rect(self.plan.pocket(self.mover, "bar").area)
        self._targets["off"] = frame.rect(self.plan.pocket(self.mover, "off").area)

    def targets(self) -> dict[str, pygame.Rect]:
        """Every touch target by name: "point:N" for each point, "bar" and "off" (the mover's)."""
        return {name: pygame.Rect(rect) for name, rect in self._targets.items()}

    def point_name(self, position: int) -> str:
        """The target name of the mover's track `position` ("point:13", "bar", "off").

        Raises:
            ValueError: the position is not on the mover's track.
        """
        if position == self.geometry.bar:
            return "bar"
        if position == self.geometry.off:
            return "off"
        if not 0 < position < self.geometry.off:
            raise ValueError(f"Track position {position} is not on a {self.geometry.title} board.")
        return f"point:{point_label(self.geometry, self.mover, position)}"

    def position_of(self, name: str) -> int | None:
        """The mover's track position of a target name, or None if no target has that name."""
        if name == "bar":
            return self.geometry.bar
        if name == "off":
            return self.geometry.off
        prefix, _, number = name.partition(":")
        if prefix != "point" or not number.isdigit():
            return None
        position = self.geometry.position_of_number(self.mover, int(number))
        return position if 0 < position < self.geometry.off else None

    def draw(self, surface: pygame.Surface, picture: BoardPicture, look: Theme) -> None:
        """Draw `picture` (which must show this layout's game from its viewer's side, numbered
        by its mover).

        Raises:
            ValueError: the picture is of another game or seen from another seat.
        """
        if (picture.geometry.name != self.geometry.name or picture.viewer != self.viewer
                or picture.numbered_by != self.mover):
            raise ValueError(
                "This board layout was made for another game or seat: make a new BoardLayout "
                "for the picture's game and viewer."
            )
        plan = self.plan
        _draw_frame(surface, plan, look)
        for name in picture.highlighted & self._targets.keys():
            parts.draw_glow(surface, self._targets[name].inflate(-look.px(2), -look.px(2)))
        for column in plan.columns:
            _draw_column(surface, plan, column, picture)
        for pocket in plan.pockets:
            draw_pocket(surface, plan, pocket, picture.tracks, picture.colours[pocket.seat], look)
        if picture.cube is not None and picture.cube.owner in plan.cube_slots:
            cube = picture.cube
            shown = 64 if cube.owner is None and cube.value == 1 else cube.value
            parts.draw_cube(surface, plan.frame.rect(plan.cube_slots[cube.owner]), shown)
        if picture.pips is not None:
            for seat, rect in plan.pip_slots.items():
                colour = picture.colours[seat]
                parts.draw_tag(surface, rect, f"{colour.mark} {picture.pips[seat]}", colour)
        for name in sorted(picture.highlighted):
            if name in self._targets:
                self._draw_highlight(surface, name, picture, look)
        if picture.selected in self._targets:
            self._draw_selection(surface, picture.selected, picture, look)

    def _draw_highlight(
        self, surface: pygame.Surface, name: str, picture: BoardPicture, look: Theme
    ) -> None:
        """An accent outline round the target and a diamond where the checker lands."""
        plan = self.plan
        rect = self._targets[name]
        parts.draw_outline(surface, rect.inflate(-look.px(2), -look.px(2)), look.px(4))
        size = max(look.px(22), round(plan.checker * 0.5))
        column = self._column(name)
        if column is None:
            parts.draw_marker(surface, pocket_spot(plan, self._pocket(name)).marker, size)
            return
        stacks = _stacks(plan, column, picture)
        shown = max((min(count, MAX_SHOWN) for _, count in stacks), default=0)
        u, v = plan.slot(column, min(shown, MAX_SHOWN - 1))
        parts.draw_marker(surface, plan.frame.point(u, v), size)

    def _draw_selection(
        self, surface: pygame.Surface, name: str, picture: BoardPicture, look: Theme
    ) -> None:
        """A thick accent ring round the selected target's top checker."""
        plan = self.plan
        column = self._column(name)
        if column is None:
            spot = pocket_spot(plan, self._pocket(name))
            centre, diameter = spot.checker, spot.diameter
        else:
            stacks = _stacks(plan, column, picture)
            mine = [count for seat, count in stacks if seat == self.mover]
            if not mine:
                return
            u, v = plan.slot(column, min(mine[0], MAX_SHOWN) - 1)
            centre, diameter = plan.frame.point(u, v), plan.checker
        radius = diameter // 2 + look.px(4)
        parts.ring(surface, centre, radius + look.px(2), look.px(2), parts.EDGE)
        parts.ring(surface, centre, radius, look.px(5), theme.ACCENT)

    def _column(self, name: str) -> Column | None:
        return next((c for c in self.plan.columns if f"point:{c.number}" == name), None)

    def _pocket(self, name: str) -> Pocket:
        return self.plan.pocket(self.mover, name)


def _draw_frame(surface: pygame.Surface, plan: Plan, look: Theme) -> None:
    """The wooden frame, the felt, the bar and the trays' recesses, and the point numbers."""
    frame = plan.frame
    outer = frame.rect(pygame.Rect(0, 0, frame.width, frame.height))
    parts.draw_wood(surface, outer, look.px(10))
    pygame.draw.rect(surface, parts.FELT, frame.rect(plan.field))
    if plan.bar is not None:
        parts.draw_wood(surface, frame.rect(plan.bar))
    for pocket in plan.pockets:
        rect = frame.rect(pocket.area)
        if pocket.kind == "off":  # a recessed tray
            pygame.draw.rect(surface, parts.TRAY, rect, border_radius=look.px(6))
            pygame.draw.rect(surface, parts.EDGE, rect, look.px(3), border_radius=look.px(6))
        elif plan.bar is None:  # a six-point board's bar: a raised piece of wood
            parts.draw_wood(surface, rect, look.px(6))
    font = theme.font(plan.number_size, True)
    for column in plan.columns:
        area = column.area
        base_v = area.top if column.base_top else area.bottom
        length = area.h * (0.84 if plan.bar is not None else 0.9)
        tip_v = base_v + length if column.base_top else base_v - length
        base = (frame.point(area.left + 1, base_v), frame.point(area.right - 1, base_v))
        colour = parts.POINT_DARK if column.dark else parts.POINT_LIGHT
        parts.draw_point(surface, base, frame.point(area.centerx, tip_v), colour)
        centre = frame.point(*column.label_at)
        parts.centred_text(surface, str(column.number), centre, font, parts.NUMBER)


def _stacks(plan: Plan, column: Column, picture: BoardPicture) -> list[tuple[int, int]]:
    """(seat, count) of every seat with checkers on a point (one, by the rules)."""
    geometry = plan.geometry
    found = []
    for seat, track in enumerate(picture.tracks):
        count = track[geometry.position(seat, column.cell)]
        if count:
            found.append((seat, count))
    return found


def _draw_column(
    surface: pygame.Surface, plan: Plan, column: Column, picture: BoardPicture
) -> None:
    """A point's checkers: up to five, the top one showing the count of a taller stack.

    Should a picture ever hold several seats on one point, their stacks stand side by side.
    """
    stacks = _stacks(plan, column, picture)
    width = column.area.w / max(1, len(stacks))
    diameter = min(plan.checker, round(width * 0.95))
    for index, (seat, count) in enumerate(stacks):
        shift = column.area.left + width * (index + 0.5) - column.area.centerx
        shown = min(count, MAX_SHOWN)
        for level in range(shown):
            u, v = plan.slot(column, level)
            text = str(count) if count > MAX_SHOWN and level == shown - 1 else None
            centre = plan.frame.point(u + shift, v)
            parts.draw_checker(surface, centre, diameter, picture.colours[seat], text)


__all__ = ["BoardLayout", "BoardPicture", "Cube", "pip_counts", "point_label"]
