"""The pieces a board is drawn with: checkers, points, trays, the cube, markers.

Everything here draws in screen pixels. A checker is a disc of its owner's
colour with a darker rim, a thin dark edge so it stands out on any point,
and its owner's letter (or a count) in the owner's ink, so colour is never
the only cue.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ui import theme
from ui.theme import RGB, PlayerColour

WOOD: RGB = (104, 66, 38)
WOOD_GRAIN: RGB = (122, 80, 47)
WOOD_EDGE: RGB = (58, 35, 19)
FELT: RGB = (30, 84, 60)
POINT_LIGHT: RGB = (228, 210, 168)
POINT_DARK: RGB = (132, 50, 38)
TRAY: RGB = (62, 44, 30)
NUMBER: RGB = (240, 228, 200)
EDGE: RGB = (18, 18, 18)
CUBE_FACE: RGB = (248, 246, 238)
CUBE_INK: RGB = (20, 20, 20)


def mix(colour: RGB, other: RGB, amount: float) -> RGB:
    """`colour` moved `amount` (0..1) of the way towards `other`."""
    r, g, b = (round(a + (c - a) * amount) for a, c in zip(colour, other, strict=True))
    return r, g, b


def rim_of(colour: RGB) -> RGB:
    """A checker's rim: darker than its face, or lighter for very dark colours."""
    if sum(colour) < 150:
        return mix(colour, (255, 255, 255), 0.35)
    return mix(colour, (0, 0, 0), 0.3)


def disc(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: RGB) -> None:
    """A filled circle with smooth edges."""
    if radius <= 0:
        return
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.aacircle(surface, colour, centre, radius)


def ring(
    surface: pygame.Surface, centre: tuple[int, int], radius: int, width: int, colour: RGB
) -> None:
    """A circle outline `width` pixels thick with smooth edges."""
    pygame.draw.aacircle(surface, colour, centre, radius, max(1, width))


def fitted_font(text: str, width: int, height: int, bold: bool = True) -> pygame.font.Font:
    """The largest shipped font in which `text` fits a `width` x `height` box."""
    size = max(6, height)
    font = theme.font(size, bold)
    while size > 6 and (font.size(text)[0] > width or font.get_ascent() > height):
        size -= 1
        font = theme.font(size, bold)
    return font


def centred_text(
    surface: pygame.Surface, text: str, centre: tuple[int, int], font: pygame.font.Font,
    colour: RGB,
) -> None:
    """`text` drawn with its ink (not its line box) centred on `centre`."""
    image = font.render(text, True, colour)
    place = image.get_rect(center=centre)
    # Digits and capitals sit above the line box's centre: nudge by half the descent.
    place.y += round(font.get_descent() / 2) if text.isalnum() else 0
    surface.blit(image, place)


def draw_checker(
    surface: pygame.Surface,
    centre: tuple[int, int],
    diameter: int,
    colour: PlayerColour,
    text: str | None = None,
    *,
    faded: bool = False,
) -> None:
    """One checker seen from above, with its owner's letter or `text` (a count) on it."""
    radius = diameter // 2
    face = mix(colour.rgb, FELT, 0.6) if faded else colour.rgb
    rim = rim_of(face)
    shadow = (centre[0] + max(1, radius // 12), centre[1] + max(1, radius // 12))
    disc(surface, shadow, radius, mix(EDGE, FELT, 0.3))
    disc(surface, centre, radius, EDGE)
    disc(surface, centre, radius - max(1, radius // 18), rim)
    inner = round(radius * 0.78)
    disc(surface, centre, inner, face)
    ring(surface, centre, round(radius * 0.6), max(1, radius // 20), mix(face, rim, 0.6))
    mark = colour.mark if text is None else text
    ink = mix(colour.ink, face, 0.5) if faded else colour.ink
    font = fitted_font(mark, round(inner * 1.45), round(radius * (0.85 if text else 0.95)))
    centred_text(surface, mark, centre, font, ink)


def draw_point(
    surface: pygame.Surface, base: Sequence[tuple[int, int]], tip: tuple[int, int], colour: RGB
) -> None:
    """A triangular point standing on `base` (two corners) with its `tip` into the board."""
    corners = [base[0], base[1], tip]
    pygame.draw.polygon(surface, colour, corners)
    pygame.draw.aalines(surface, mix(colour, EDGE, 0.25), True, corners)


def draw_wood(surface: pygame.Surface, rect: pygame.Rect, radius: int = 0) -> None:
    """A piece of the wooden frame: planks with a lighter grain and a dark edge."""
    pygame.draw.rect(surface, WOOD, rect, border_radius=radius)
    lines = max(2, rect.h // 18) if rect.w >= rect.h else max(2, rect.w // 18)
    for index in range(1, lines):
        if rect.w >= rect.h:
            y = rect.y + rect.h * index // lines
            pygame.draw.line(surface, WOOD_GRAIN, (rect.x + radius, y), (rect.right - radius, y))
        else:
            x = rect.x + rect.w * index // lines
            pygame.draw.line(surface, WOOD_GRAIN, (x, rect.y + radius), (x, rect.bottom - radius))
    pygame.draw.rect(surface, WOOD_EDGE, rect, 2, border_radius=radius)


def draw_slabs(
    surface: pygame.Surface, area: pygame.Rect, count: int, thickness: int, colour: PlayerColour,
    *, from_end: str,
) -> pygame.Rect:
    """Borne-off checkers lying on their sides in a tray, from one end ("top", "bottom",
    "left" or "right"); returns the rectangle the slabs fill.
    """
    rim = rim_of(colour.rgb)
    vertical = from_end in ("top", "bottom")
    filled = pygame.Rect(area)
    for index in range(count):
        if vertical:
            y = area.bottom - (index + 1) * thickness if from_end == "bottom" else (
                area.top + index * thickness)
            slab = pygame.Rect(area.x, y, area.w, thickness)
        else:
            x = area.right - (index + 1) * thickness if from_end == "right" else (
                area.left + index * thickness)
            slab = pygame.Rect(x, area.y, thickness, area.h)
        pygame.draw.rect(surface, colour.rgb, slab, border_radius=max(1, thickness // 3))
        pygame.draw.rect(surface, rim, slab, 1, border_radius=max(1, thickness // 3))
        filled = slab if index == 0 else filled.union(slab)
    return filled if count else pygame.Rect(area.x, area.y, 0, 0)


def draw_cube(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    """The doubling cube as a die-like square showing `value` (64 while it is centred at 1)."""
    radius = max(2, rect.w // 6)
    pygame.draw.rect(surface, EDGE, rect.move(2, 2), border_radius=radius)
    pygame.draw.rect(surface, CUBE_FACE, rect, border_radius=radius)
    pygame.draw.rect(surface, EDGE, rect, max(2, rect.w // 16), border_radius=radius)
    text = str(value)
    inner = rect.inflate(-rect.w // 5, -rect.h // 4)
    centred_text(surface, text, rect.center, fitted_font(text, inner.w, inner.h), CUBE_INK)


def draw_marker(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    """The legal-target marker: an accent diamond with a dark edge."""
    x, y = centre
    half = max(4, size // 2)
    corners = [(x, y - half), (x + half, y), (x, y + half), (x - half, y)]
    pygame.draw.polygon(surface, theme.ACCENT, corners)
    pygame.draw.polygon(surface, EDGE, corners, max(2, size // 10))


def draw_outline(surface: pygame.Surface, rect: pygame.Rect, width: int) -> None:
    """An accent outline with a dark edge inside it, seen on light and dark points."""
    radius = max(4, width * 2)
    pygame.draw.rect(surface, EDGE, rect, width + 2, border_radius=radius)
    pygame.draw.rect(surface, theme.ACCENT, rect, width, border_radius=radius)


def draw_glow(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A faint accent wash under a legal target (drawn before its checkers, which stay true)."""
    glow = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (*theme.ACCENT, 56), glow.get_rect(), border_radius=rect.w // 8)
    surface.blit(glow, rect)


def draw_tag(surface: pygame.Surface, rect: pygame.Rect, text: str, colour: PlayerColour) -> None:
    """A small rounded tag in a player's colour with `text` (a pip count) in their ink."""
    pygame.draw.rect(surface, colour.rgb, rect, border_radius=rect.h // 2)
    pygame.draw.rect(surface, EDGE, rect, 2, border_radius=rect.h // 2)
    font = fitted_font(text, rect.w - rect.h // 2, round(rect.h * 0.7))
    centred_text(surface, text, rect.center, font, colour.ink)


__all__ = [
    "FELT",
    "NUMBER",
    "POINT_DARK",
    "POINT_LIGHT",
    "TRAY",
    "centred_text",
    "disc",
    "draw_checker",
    "draw_cube",
    "draw_marker",
    "draw_outline",
    "draw_point",
    "draw_slabs",
    "draw_tag",
    "draw_wood",
    "fitted_font",
    "mix",
    "ring",
]
