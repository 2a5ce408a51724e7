"""Rectangles for laying out screens: rows, columns, grids, all in logical pixels."""

from __future__ import annotations

import pygame


def rows(area: pygame.Rect, count: int, gap: int = 0) -> list[pygame.Rect]:
    """`area` cut into `count` rows of equal height, `gap` pixels apart."""
    if count <= 0:
        return []
    height = (area.h - gap * (count - 1)) // count
    return [pygame.Rect(area.x, area.y + i * (height + gap), area.w, height) for i in range(count)]


def columns(area: pygame.Rect, count: int, gap: int = 0) -> list[pygame.Rect]:
    """`area` cut into `count` columns of equal width, `gap` pixels apart."""
    if count <= 0:
        return []
    width = (area.w - gap * (count - 1)) // count
    return [pygame.Rect(area.x + i * (width + gap), area.y, width, area.h) for i in range(count)]


def columns_at_least(area: pygame.Rect, needs: list[int], gap: int = 0) -> list[pygame.Rect]:
    """`area` cut into columns of equal width, or, when one would be narrower than it
    `needs` (a longer language's words), each as wide as it needs and the rest shared out
    alike; equal columns again when the needs add up to more than there is."""
    equal = columns(area, len(needs), gap)
    spare = area.w - gap * (len(needs) - 1) - sum(needs)
    if all(cell.w >= need for cell, need in zip(equal, needs, strict=True)) or spare < 0:
        return equal
    cells, x = [], area.x
    for need in needs:
        width = need + spare // len(needs)
        cells.append(pygame.Rect(x, area.y, width, area.h))
        x += width + gap
    return cells


def grid(area: pygame.Rect, cols: int, count: int, row_height: int, gap: int) -> list[pygame.Rect]:
    """`count` cells of `row_height` in `cols` columns, filled row by row from the top."""
    widths = columns(pygame.Rect(area.x, area.y, area.w, row_height), cols, gap)
    return [
        widths[i % cols].move(0, (i // cols) * (row_height + gap)) for i in range(count)
    ]


def take_top(area: pygame.Rect, height: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """A strip of `height` from the top of `area`, and what is left below it."""
    top = pygame.Rect(area.x, area.y, area.w, height)
    rest = pygame.Rect(area.x, area.y + height + gap, area.w, max(0, area.h - height - gap))
    return top, rest


def take_bottom(area: pygame.Rect, height: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """A strip of `height` from the bottom of `area`, and what is left above it."""
    bottom = pygame.Rect(area.x, area.bottom - height, area.w, height)
    rest = pygame.Rect(area.x, area.y, area.w, max(0, area.h - height - gap))
    return bottom, rest


def take_left(area: pygame.Rect, width: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """A strip of `width` from the left of `area`, and what is left right of it."""
    left = pygame.Rect(area.x, area.y, width, area.h)
    rest = pygame.Rect(area.x + width + gap, area.y, max(0, area.w - width - gap), area.h)
    return left, rest


def take_right(area: pygame.Rect, width: int, gap: int = 0) -> tuple[pygame.Rect, pygame.Rect]:
    """A strip of `width` from the right of `area`, and what is left of it."""
    right = pygame.Rect(area.right - width, area.y, width, area.h)
    rest = pygame.Rect(area.x, area.y, max(0, area.w - width - gap), area.h)
    return right, rest


__all__ = ["columns", "grid", "rows", "take_bottom", "take_left", "take_right", "take_top"]
