"""What a widget writes on screen and at what size: every line of text it renders, recorded."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import pygame

from ui import theme
from ui.spin_view import SpinDial
from ui.theme import Theme
from ui.widgets import Widget


@dataclass(frozen=True)
class Written:
    """One text rendered by a widget: its words and its font's size in screen pixels."""

    widget: str
    text: str
    pixels: int


class _RecordingFont:
    """A shipped font that notes each text it renders (measuring is not writing)."""

    def __init__(self, font: pygame.font.Font, pixels: int, log: list[tuple[str, int]]) -> None:
        self._font = font
        self._pixels = pixels
        self._log = log

    def render(self, text: str, *args: Any) -> pygame.Surface:
        self._log.append((text, self._pixels))
        return self._font.render(text, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._font, name)


@contextmanager
def recording_fonts() -> Iterator[list[tuple[str, int]]]:
    """While open, every text rendered through `ui.theme.font` is noted (text, pixels)."""
    shipped = theme.font
    log: list[tuple[str, int]] = []

    def recording(size: int, bold: bool = False) -> Any:
        return _RecordingFont(shipped(size, bold), size, log)

    theme.font = recording  # type: ignore[assignment]
    try:
        yield log
    finally:
        theme.font = shipped  # type: ignore[assignment]


def written(widgets: list[Widget], look: Theme, size: tuple[int, int]) -> list[Written]:
    """Every text the `widgets` write when drawn on a screen of `size`."""
    surface = pygame.Surface(size)
    found: list[Written] = []
    with recording_fonts() as log:
        for widget in widgets:
            log.clear()
            _fresh(widget).draw(surface, look)
            found += [Written(widget.name, text, pixels) for text, pixels in log if text.strip()]
    return found


def _fresh(widget: Widget) -> Widget:
    """`widget` without what it rendered before (the dial keeps its name chips once made)."""
    if isinstance(widget, SpinDial):
        return replace(widget, _labels={})
    return widget


__all__ = ["Written", "recording_fonts", "written"]
