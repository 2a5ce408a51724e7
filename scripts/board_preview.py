"""Render the backgammon family's boards to PNG files to look at them.

    python scripts/board_preview.py OUTDIR

Draws the starting position and a mid-game position (checkers on the bar
and off, a 7-stack, highlights, a selection, the cube) of Backgammon,
Mini-Gam and Multi-Gam at 800x480, 480x800, 1920x1080 and 720x1280, each
filling the screen and leaving room for a strip of buttons with two dice.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

import pygame

from companion.games.backgammon.geometry import (
    BACKGAMMON,
    MINIGAM,
    MULTIGAM,
    Board,
    Geometry,
)
from ui.backgammon.board_drawing import BoardLayout, BoardPicture, Cube, pip_counts
from ui.dice_drawing import draw_die
from ui.theme import BACKGROUND, Theme, player_colour

SIZES = ((800, 480), (480, 800), (1920, 1080), (720, 1280))
COLOURS = tuple(player_colour(name) for name in ("white", "black", "red", "blue"))

MIDGAME: dict[str, tuple[tuple[tuple[int, ...], ...], int, frozenset[str], str | None]] = {
    # seat 0: 1 on the bar, 7 on its 6-point (track 19), 3 off; seat 1: 2 off, 1 on the bar.
    "backgammon": (
        ((1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 7, 0, 0, 0, 0, 0, 0, 3),
         (1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 2, 2, 4, 0, 0, 0, 0, 0, 0, 2)),
        0, frozenset({"point:22", "point:20"}), "bar",
    ),
    "minigam": (
        ((0, 0, 0, 7, 0, 0, 0, 1), (3, 0, 0, 0, 0, 2, 0, 3)),
        1, frozenset({"point:1", "off"}), "point:2",
    ),
    "multigam": (
        ((2, 2, 0, 0, 0, 0, 0, 1), (0, 0, 0, 1, 0, 0, 0, 4), (5, 0, 0, 0, 0, 0, 0, 0),
         (1, 0, 0, 0, 2, 0, 0, 2)),
        2, frozenset({"point:3", "point:6", "off"}), "bar",
    ),
}


def board_rect(size: tuple[int, int], look: Theme, room: bool) -> pygame.Rect:
    """The whole screen, or with `room` what is left beside (or under) a strip of buttons."""
    rect = pygame.Rect((0, 0), size)
    if not room:
        return rect
    if size[0] >= size[1]:
        return pygame.Rect(0, 0, size[0] - look.px(160), size[1])
    return pygame.Rect(0, 0, size[0], size[1] - look.px(220))


def render(
    geometry: Geometry, size: tuple[int, int], picture_of: str, room: bool = False
) -> pygame.Surface:
    """One board on a screen of `size`, filling it or leaving `room` for the app's buttons."""
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    look = Theme.for_size(size)
    rect = board_rect(size, look, room)
    if picture_of == "start":
        tracks = (geometry.start,) * geometry.players
        viewer, selected = 0, None
        highlighted: frozenset[str] = frozenset()
        cube = Cube(1, None)
    else:
        tracks, viewer, highlighted, selected = MIDGAME[geometry.name]
        Board(geometry, tracks)  # refuses a position the rules do not allow
        cube = Cube(4, viewer)
    layout = BoardLayout(geometry, rect, viewer, look)
    picture = BoardPicture(
        geometry, tracks, COLOURS[: geometry.players], viewer, highlighted, selected,
        cube if geometry.name == "backgammon" else None, pip_counts(geometry, tracks),
    )
    layout.draw(surface, picture, look)
    if room:
        die = look.px(64)
        across = size[0] >= size[1]
        for index, value in enumerate((6, 3)):
            x = rect.right + look.px(20) if across else look.px(20) + index * (die + look.px(16))
            y = look.px(20) + index * (die + look.px(16)) if across else rect.bottom + look.px(20)
            draw_die(surface, pygame.Rect(x, y, die, die), value, look, held=index == 0,
                     faded=index == 1 and picture_of == "mid")
    return surface


def main(out: Path) -> None:
    """Write every board at every size into `out`."""
    pygame.init()
    out.mkdir(parents=True, exist_ok=True)
    for geometry in (BACKGAMMON, MINIGAM, MULTIGAM):
        for size in SIZES:
            for picture_of in ("start", "mid"):
                for room in (False, True):
                    kind = "app" if room else "full"
                    name = f"{geometry.name}-{picture_of}-{size[0]}x{size[1]}-{kind}.png"
                    shot = render(geometry, size, picture_of, room)
                    pygame.image.save(shot, str(out / name))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "board-preview"))
