"""The chosen game's rule options: one row each, a tap moves to the next value.

Widgets: `option:<key>` (the key as `docs/rules.md` names it) and `back`.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

import pygame

from companion.games.base import JSONValue
from companion.i18n import _
from ui import layout, theme
from ui.scene import MatchSetupStage, Scene
from ui.scene_parts import message_widgets, screen_header
from ui.screens.game_options import choices_for, label_words, next_value, value_words
from ui.widgets import Button, TextBlock, Widget


class OptionsScene(Scene):
    """Rule options of the game being set up; the rest keep their defaults."""

    name: ClassVar[str] = "options"
    stage: MatchSetupStage

    def build(self) -> list[Widget]:
        """A row per option that means something now, and the way back."""
        look = self.stage.look
        width, height = self.stage.size
        gap = look.px(8)
        draft = self.stage.draft
        spec = self.stage.games[draft.game]
        header = screen_header(look, self.stage.size, gap,
                               _("{game}: options").format(game=_(spec.title)),
                               lambda: self.stage.go("home"), size=28)
        rest = header.body
        area = header.area
        widgets: list[Widget] = header.widgets
        options = draft.game_options()
        defaults = spec.new(draft.count, {}).options.to_json()
        choices = choices_for(spec, {**defaults, **options})
        # A narrow screen puts each label above its button when every row fits that way;
        # otherwise (and on a wide screen) the label sits beside it, on two lines if need be.
        stacked = height > width and len(choices) * (look.px(100) + gap) <= rest.h
        row_height = look.px(100) if stacked else look.px(64 if height > width else 56)
        if not stacked and choices:  # every row on screen, each still a finger's height
            fits = (rest.h - gap * (len(choices) - 1)) // len(choices)
            row_height = max(look.px(theme.TARGET_MIN), min(row_height, fits))
        label_share = 3 / 5 if width > height else 2 / 5
        for choice, row in zip(choices, layout.grid(rest, 1, len(choices), row_height, gap),
                               strict=True):
            value = options.get(choice.name, defaults.get(choice.name))
            if stacked:
                label, button = layout.take_top(row, row.h - look.px(56), look.px(4))
            else:
                label, button = layout.take_left(row, int(row.w * label_share), gap)
            widgets += [
                TextBlock(f"label:{choice.name}", label, label_words(choice)),
                Button(f"option:{choice.name}", button, value_words(choice, value),
                       on_tap=partial(self.cycle, choice.name, next_value(choice, value))),
            ]
        widgets += message_widgets(self.stage, pygame.Rect(area.x, area.bottom - look.px(90),
                                                          area.w, look.px(90)))
        return widgets

    def cycle(self, key: str, value: JSONValue) -> None:
        """Set one option to its next value."""
        self.stage.draft.game_options()[key] = value
        self.rebuild()


__all__ = ["OptionsScene"]
