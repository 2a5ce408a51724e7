"""A die drawn as a die: a rounded square with its pips, ringed when held, dimmed when used."""

from __future__ import annotations

import pygame

from ui import theme
from ui.board_parts import EDGE, mix
from ui.theme import RGB, Theme
from ui.widgets import Button

DIE_FACE: RGB = (248, 246, 238)
DIE_PIPS: RGB = (20, 20, 20)

# Pip centres on a 3x3 grid (column, row), for each face.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def draw_die(
    surface: pygame.Surface,
    rect: pygame.Rect,
    value: int,
    look: Theme,
    *,
    colour: RGB = DIE_FACE,
    pips_colour: RGB = DIE_PIPS,
    held: bool = False,
    faded: bool = False,
) -> None:
    """Draw a die showing `value` as pips, square and centred in `rect`.

    `held` rings it in the accent colour (a die kept or chosen); `faded` dims
    it (a die already played this turn) while its pips stay countable.

    Raises:
        ValueError: `value` is not 1 to 6.
    """
    if value not in _PIPS:
        raise ValueError(f"A die shows 1 to 6, not {value}: roll it again.")
    side = min(rect.w, rect.h)
    if held:
        side -= 2 * look.px(6)
    face = pygame.Rect(0, 0, side, side)
    face.center = rect.center
    radius = max(3, side // 6)
    fill, ink = colour, pips_colour
    if faded:
        fill, ink = mix(colour, (90, 90, 90), 0.55), mix(pips_colour, (90, 90, 90), 0.4)
    if held:
        ring = face.inflate(2 * look.px(5), 2 * look.px(5))
        pygame.draw.rect(surface, theme.ACCENT, ring, look.px(4), border_radius=radius * 2)
    pygame.draw.rect(surface, EDGE, face.move(max(1, side // 30), max(1, side // 30)),
                     border_radius=radius)
    pygame.draw.rect(surface, fill, face, border_radius=radius)
    pygame.draw.rect(surface, EDGE, face, max(1, side // 24), border_radius=radius)
    pip = max(2, round(side * 0.095))
    inset = side * 0.25
    for column, row in _PIPS[value]:
        centre = (round(face.x + inset + column * (side - 2 * inset) / 2),
                  round(face.y + inset + row * (side - 2 * inset) / 2))
        pygame.draw.circle(surface, ink, centre, pip)
        pygame.draw.aacircle(surface, ink, centre, pip)


class FaceButton(Button):
    """A die face to tap when the dice are entered on screen."""

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The face with its pips, not a number: what a player sees in the tray."""
        side = min(self.rect.w, self.rect.h)
        face = pygame.Rect(0, 0, side, side)
        face.center = self.rect.center
        draw_die(surface, face, int(self.text), look)


__all__ = ["DIE_FACE", "DIE_PIPS", "FaceButton", "draw_die"]
