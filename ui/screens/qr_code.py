"""A QR code on screen: segno encodes the text, pygame draws its modules as squares.

Phones scan dark modules on a light ground with a quiet zone of four
modules around them, so the code is drawn black on white whatever the
screen's theme, each module a whole number of pixels (blurred edges scan
badly).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame
import segno

from ui.theme import Theme
from ui.widgets import Widget

QUIET_ZONE = 4
"""Modules of light ground around the code, as the QR standard asks."""
DARK = (0, 0, 0)
LIGHT = (255, 255, 255)

Matrix = tuple[tuple[bool, ...], ...]


def qr_matrix(text: str) -> Matrix:
    """The modules of the QR code of `text` (True: dark), rows from the top, no quiet zone.

    Medium error correction: a screen's glare or a thumb on a corner still scans.
    """
    code = segno.make(text, error="m", micro=False)
    return tuple(tuple(bool(module) for module in row) for row in code.matrix)


@dataclass(eq=False)
class QrCode(Widget):
    """The QR code of `text`, as large as whole-pixel modules make it in the rectangle."""

    matrix: Matrix = field(default_factory=tuple)

    @classmethod
    def of(cls, name: str, rect: pygame.Rect, text: str) -> QrCode:
        """The widget `name` showing the QR code of `text` in `rect`."""
        return cls(name, rect, text, matrix=qr_matrix(text))

    def module_size(self) -> int:
        """Pixels a side of one module."""
        side = len(self.matrix) + 2 * QUIET_ZONE
        return max(1, min(self.rect.w, self.rect.h) // side)

    def code_rect(self) -> pygame.Rect:
        """Where the code is drawn, its quiet zone included, centred in the rectangle."""
        side = (len(self.matrix) + 2 * QUIET_ZONE) * self.module_size()
        place = pygame.Rect(0, 0, side, side)
        place.center = self.rect.center
        return place

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The light ground, then every dark module as a square."""
        size = self.module_size()
        ground = self.code_rect()
        pygame.draw.rect(surface, LIGHT, ground)
        left = ground.x + QUIET_ZONE * size
        top = ground.y + QUIET_ZONE * size
        for row, modules in enumerate(self.matrix):
            for column, dark in enumerate(modules):
                if dark:
                    surface.fill(DARK, (left + column * size, top + row * size, size, size))


__all__ = ["DARK", "LIGHT", "QUIET_ZONE", "Matrix", "QrCode", "qr_matrix"]
