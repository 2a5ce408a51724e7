"""Rotation done in the app: the picture is drawn upright, then turned onto the panel.

Display and touch rotation below the app are unreliable on current Pi OS, so
the app draws to a *logical* surface (the picture as a person sees it
upright), turns it onto the *panel* surface (the panel's own mode), and turns
touch coordinates back the other way. Screens and widgets only ever see
logical pixels.

`Rotation.degrees` is how far the picture is turned clockwise on the panel,
seen by someone looking at the panel's face. At 90 the picture's top edge
lies along the panel's right edge: an 800x480 panel shows a 480x800 picture,
and the picture's top-left pixel is the panel's top-right pixel.

Points are pixels (integer indices, the pixel's top-left corner); a float
position is taken as the pixel it falls in, and a position off the panel or
the picture is clamped to its nearest edge pixel (a mouse dragged out of
the window still reports a place on screen).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

ROTATIONS = (0, 90, 180, 270)

Size = tuple[int, int]


def parse_rotation(value: object) -> int:
    """The rotation in degrees named by a config value or a command-line word.

    Accepts 0, 90, 180 or 270 as a number (90.0 too) or as text ("90").

    Raises:
        ValueError: for anything else, saying what is allowed.
    """
    degrees: int | None = None
    if isinstance(value, bool):
        degrees = None
    elif isinstance(value, int):
        degrees = value
    elif isinstance(value, float) and value.is_integer():
        degrees = int(value)
    elif isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        degrees = int(value.strip())
    if degrees not in ROTATIONS:
        raise ValueError(
            f"The rotation {value!r} is not one of 0, 90, 180 or 270; use one of those."
        )
    return degrees


def facing_rotation(seat_angle_deg: float, base: int) -> int:
    """The rotation that turns a screen lying flat on the table toward a seat.

    Convention: the screen lies face up in the middle of the table, and at
    rotation `base` its picture faces the seat at angle 0 (the spinner's home
    direction: set `base` so that it does). Seat angles go round the table
    clockwise as seen from above, the way a person looking down at the screen
    sees its own rotations turn. Turning the picture clockwise by a seat's
    angle carries its bottom edge (where the reader sits) round to that seat,
    so the answer is `base` plus the angle, to the nearest quarter turn
    (an angle exactly between two quarters goes to the later one clockwise).
    A spinner whose angles grow counterclockwise seen from above needs its
    angles negated before they come here.

    Raises:
        ValueError: when `base` is not 0, 90, 180 or 270, or the angle is not
            a finite number.
    """
    base = parse_rotation(base)
    if not math.isfinite(seat_angle_deg):
        raise ValueError(
            f"The seat angle {seat_angle_deg!r} is not a number of degrees; recalibrate the seats."
        )
    quarters = math.floor((seat_angle_deg % 360.0 + 45.0) / 90.0)
    return (base + 90 * quarters) % 360


def _pixel(pos: tuple[float, float], size: Size) -> tuple[int, int]:
    """The pixel `pos` falls in, clamped onto a surface of `size`."""
    x = min(max(math.floor(pos[0]), 0), size[0] - 1)
    y = min(max(math.floor(pos[1]), 0), size[1] - 1)
    return x, y


@dataclass(frozen=True)
class Rotation:
    """How the upright picture lies on the panel, and the arithmetic between the two.

    Raises:
        ValueError: (on construction) when the panel size is not two positive
            whole numbers or the degrees are not 0, 90, 180 or 270.
    """

    panel: Size
    """The panel's own mode in pixels, e.g. (800, 480)."""
    degrees: int = 0
    """0, 90, 180 or 270: how far the picture is turned clockwise on the panel."""

    def __post_init__(self) -> None:
        width, height = self.panel
        if not (isinstance(width, int) and isinstance(height, int) and width > 0 and height > 0):
            raise ValueError(
                f"The panel size {self.panel!r} is not two positive whole numbers of pixels."
            )
        object.__setattr__(self, "degrees", parse_rotation(self.degrees))

    @property
    def logical_size(self) -> Size:
        """The picture as a person sees it upright: (480, 800) for 800x480 at 90 or 270."""
        width, height = self.panel
        return (height, width) if self.degrees in (90, 270) else (width, height)

    def to_panel(self, logical_pos: tuple[float, float]) -> tuple[int, int]:
        """The panel pixel that shows the logical pixel at `logical_pos`."""
        x, y = _pixel(logical_pos, self.logical_size)
        width, height = self.logical_size
        if self.degrees == 90:
            return height - 1 - y, x
        if self.degrees == 180:
            return width - 1 - x, height - 1 - y
        if self.degrees == 270:
            return y, width - 1 - x
        return x, y

    def to_logical(self, panel_pos: tuple[float, float]) -> tuple[int, int]:
        """The logical pixel a person sees at the panel pixel `panel_pos`."""
        x, y = _pixel(panel_pos, self.panel)
        width, height = self.panel
        if self.degrees == 90:
            return y, width - 1 - x
        if self.degrees == 180:
            return width - 1 - x, height - 1 - y
        if self.degrees == 270:
            return height - 1 - y, x
        return x, y

    def finger_to_logical(self, x: float, y: float) -> tuple[int, int]:
        """The logical pixel under a FINGER event's 0..1 panel coordinates.

        Scaled the way SDL scales them for its synthesised mouse events
        (x times the width, the last column for 1.0), so a finger and its
        mouse land on the same pixel.
        """
        width, height = self.panel
        return self.to_logical((x * width, y * height))

    def present(self, logical: pygame.Surface, panel: pygame.Surface) -> None:
        """Draw the upright picture `logical` onto `panel`, turned.

        Raises:
            ValueError: when either surface is not the size this rotation expects.
        """
        _check_size("picture", logical, self.logical_size)
        _check_size("panel", panel, self.panel)
        if self.degrees == 0:
            panel.blit(logical, (0, 0))
        else:
            # pygame turns counterclockwise for positive angles; quarter turns are exact.
            panel.blit(pygame.transform.rotate(logical, -self.degrees), (0, 0))

    def present_rect(
        self, logical: pygame.Surface, panel: pygame.Surface, rect: pygame.Rect
    ) -> pygame.Rect:
        """Draw the part `rect` of the upright picture onto `panel`, turned as `present`
        turns the whole; the panel's rect it covers (for `pygame.display.update`)."""
        corners = [self.to_panel(corner) for corner in (rect.topleft,
                                                        (rect.right - 1, rect.bottom - 1))]
        left, right = sorted(corner[0] for corner in corners)
        top, bottom = sorted(corner[1] for corner in corners)
        place = pygame.Rect(left, top, right - left + 1, bottom - top + 1)
        if self.degrees == 0:
            panel.blit(logical, place, rect)
        else:
            panel.blit(pygame.transform.rotate(logical.subsurface(rect), -self.degrees), place)
        return place

    def upright(self, panel: pygame.Surface) -> pygame.Surface:
        """The picture on `panel` as a person sees it (for screenshots): the inverse of `present`.

        Raises:
            ValueError: when `panel` is not the panel's size.
        """
        _check_size("panel", panel, self.panel)
        if self.degrees == 0:
            return panel.copy()
        return pygame.transform.rotate(panel, self.degrees)


def _check_size(what: str, surface: pygame.Surface, expected: Size) -> None:
    """Refuse a surface of the wrong size, naming both sizes.

    Raises:
        ValueError: when the sizes differ.
    """
    if surface.get_size() != expected:
        got = "x".join(map(str, surface.get_size()))
        want = "x".join(map(str, expected))
        raise ValueError(
            f"The {what} surface is {got} but this rotation needs {want}; size it from Rotation."
        )
