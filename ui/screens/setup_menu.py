"""The setup menu: the companion's own screens, opened by `setup` on the home screen.

Widgets: one button per entry of `SETUP_ENTRIES` (its widget name), `title`
and `back`.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

import pygame

from companion.i18n import N_, _
from ui import layout
from ui.scene import Scene
from ui.scene_parts import message_widgets, screen_header
from ui.widgets import Button, Widget

SETUP_ENTRIES: list[tuple[str, str, str]] = [
    ("settings", N_("Settings"), "settings"),
    ("seats", N_("Seats"), "seats"),
    ("hwtest", N_("Hardware test"), "hwtest"),
    ("history", N_("Scores and history"), "history"),
    ("join", N_("Join from a phone"), "join"),
]
"""(widget name, label marked for translation, scene name) of each entry, in menu order."""


class SetupMenuScene(Scene):
    """A list of the companion's own screens, and the way back home."""

    name: ClassVar[str] = "setup"

    def build(self) -> list[Widget]:
        """The title, `back`, and a button per entry (two columns when they do not fit one)."""
        look = self.stage.look
        gap = look.px(10)
        header = screen_header(look, self.stage.size, gap, _("Setup"),
                               lambda: self.stage.go("home"))
        rest = header.body
        area = header.area
        widgets: list[Widget] = header.widgets
        row = look.px(64)
        cols = 1 if len(SETUP_ENTRIES) * (row + gap) <= rest.h else 2
        cells = layout.grid(rest, cols, len(SETUP_ENTRIES), row, gap)
        for (name, label, scene), cell in zip(SETUP_ENTRIES, cells, strict=True):
            widgets.append(Button(name, cell, _(label), size=28,
                                  on_tap=partial(self.stage.go, scene)))
        widgets += message_widgets(self.stage, pygame.Rect(area.x, area.bottom - look.px(90),
                                                          area.w, look.px(90)))
        return widgets

    def key_pressed(self, key: int) -> None:
        """Escape goes home."""
        if key == pygame.K_ESCAPE:
            self.stage.go("home")


__all__ = ["SETUP_ENTRIES", "SetupMenuScene"]
