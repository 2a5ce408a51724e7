"""Render the backgammon family's boards to PNG files to look at them.

    python scripts/board_preview.py OUTDIR

Draws the starting position and a mid-game position (checkers on the bar
and off, a 7-stack, highlights, a selection, the cube) of Backgammon,
Mini-Gam and Multi-Gam at 800x480, 480x800, 1920x1080 and 720x1280.
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
from ui.board_view import BoardLayout, BoardPicture, Cube, pip_counts
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


def render(geometry: Geometry, size: tuple[int, int], picture_of: str) -> pygame.Surface:
    """One board filling a screen of `size`, less a margin where the app's buttons go."""
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    look = Theme.for_size(size)
    rect = surface.get_rect()
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
    return surface


def main(out: Path) -> None:
    """Write every board at every size into `out`."""
    pygame.init()
    out.mkdir(parents=True, exist_ok=True)
    for geometry in (BACKGAMMON, MINIGAM, MULTIGAM):
        for size in SIZES:
            for picture_of in ("start", "mid"):
                name = f"{geometry.name}-{picture_of}-{size[0]}x{size[1]}.png"
                pygame.image.save(render(geometry, size, picture_of), str(out / name))


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "board-preview"))
