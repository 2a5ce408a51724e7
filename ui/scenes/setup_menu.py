"""Set-up: the companion's own screens, for the people who build and set up the table.

Widgets: one button per entry of `SETUP_ENTRIES` (`seats`, `hwtest`, ...),
`title` and `back`. The home screen's `setup` button opens it.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

import pygame

from companion.i18n import N_, _
from ui import layout
from ui.scene import Scene
from ui.widgets import Button, Label, Widget

SETUP_ENTRIES: list[tuple[str, str, str]] = [
    ("seats", N_("Seats"), "seats"),
    ("hwtest", N_("Hardware test"), "hwtest"),
]
"""The menu's entries in order: (widget name, label, the scene it opens)."""


class SetupMenuScene(Scene):
    """A list of the set-up screens, one button each."""

    name: ClassVar[str] = "setup"

    def build(self) -> list[Widget]:
        """The entries in one column (two on a wide screen with many entries), and the way back."""
        look = self.stage.look
        width, height = self.stage.size
        gap = look.px(8)
        area = pygame.Rect(gap, gap, width - 2 * gap, height - 2 * gap)
        top, rest = layout.take_top(area, look.px(52), gap)
        back, title = layout.take_left(top, look.px(110), gap)
        widgets: list[Widget] = [
            Button("back", back, _("Back"), on_tap=self.back),
            Label("title", title, _("Set-up"), size=28, bold=True),
        ]
        cols = 2 if width > height and len(SETUP_ENTRIES) > 4 else 1
        body = rest.inflate(-rest.w // 5, 0) if cols == 1 else rest
        cells = layout.grid(body, cols, len(SETUP_ENTRIES), look.px(64), look.px(12))
        widgets += [
            Button(widget, cell, _(label), on_tap=partial(self.stage.go, scene))
            for (widget, label, scene), cell in zip(SETUP_ENTRIES, cells, strict=True)
        ]
        return widgets

    def back(self) -> None:
        """Back to the home screen."""
        self.stage.go("home")

    def key_pressed(self, key: int) -> None:
        """Escape goes back."""
        if key == pygame.K_ESCAPE:
            self.back()


__all__ = ["SETUP_ENTRIES", "SetupMenuScene"]
