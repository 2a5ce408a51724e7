"""The settings screen's PIN pad: the table PIN phones need to change the game.

Widgets: `dialog` (the card), `question`, `pin_typed` (the digits so far),
`digit:<0-9>`, `delete`, `random` (a new random PIN, kept from one start to the
next until it is changed again), `done` and `cancel`.
"""

from __future__ import annotations

from functools import partial
from typing import Protocol

import pygame

from companion.i18n import _
from ui import layout, theme
from ui.scene_parts import ShowsMessage, message_widgets
from ui.theme import Theme
from ui.widgets import Button, Label, Panel, TextBlock, Widget, wrap_text

GO: theme.RGB = (0, 120, 80)
GREY: theme.RGB = (90, 90, 90)


class PinPadActions(Protocol):
    """What the PIN pad may read of the settings screen and ask it to do."""

    @property
    def stage(self) -> ShowsMessage:
        """The app around the screen (the pad shows its sentence)."""

    @property
    def pin_typed(self) -> str | None:
        """The digits typed so far; None while the pad is closed."""

    def type_digit(self, digit: str) -> None:
        """One more digit."""

    def delete_digit(self) -> None:
        """Take back the last digit."""

    def save_pin(self, pin: str) -> None:
        """Save `pin` as the fixed PIN."""

    def new_random_pin(self) -> None:
        """No fixed PIN: a new random one, kept from one start to the next."""

    def close_pin_pad(self) -> None:
        """Close the pad; nothing changes."""


def pin_pad(scene: PinPadActions, screen: pygame.Rect, look: Theme) -> list[Widget]:
    """The pad over the whole `screen`: the question and the digits typed on one side, the
    keys on the other (above one another on a tall screen). A refused PIN's sentence shows
    in place of the question, above the digits typed."""
    typed = scene.pin_typed or ""
    card = screen.inflate(-look.px(4), -look.px(4))
    inner = card.inflate(-look.px(16), -look.px(16))
    pad = look.px(8)
    widgets: list[Widget] = [Panel("dialog", card, border=theme.ACCENT, on_tap=_nothing)]
    if inner.w > inner.h:
        left, keys = layout.take_left(inner, inner.w * 2 // 5, pad)
        head_h = min(_head_height(scene, left.w, look), left.h - _below_head(look))
    else:
        head_h = _head_height(scene, inner.w, look)
        least_keys = 4 * look.px(theme.TARGET_MIN + 16) + 3 * pad
        keys_h = max(least_keys, min(inner.h * 11 // 20, inner.h - head_h - _below_head(look)))
        keys, left = layout.take_bottom(inner, keys_h, pad)
        head_h = min(head_h, left.h - _below_head(look))
    head, rest = layout.take_top(left, head_h, pad)
    shown, commands = layout.take_top(rest, look.px(72), pad)
    widgets += [
        TextBlock("question", head, _("A PIN for phones: 4 to 8 digits."), size=24),
        Label("pin_typed", shown, typed or "–", size=48, bold=True, centred=True),
    ]
    height = min(look.px(56), (commands.h - pad * 2) // 3)
    save, random, cancel = layout.grid(commands, 1, 3, height, pad)
    widgets += [
        Button("done", save, _("Save"), colour=GO, on_tap=lambda: scene.save_pin(typed)),
        Button("random", random, _("New random PIN"), on_tap=scene.new_random_pin),
        Button("cancel", cancel, _("Cancel"), colour=GREY, on_tap=scene.close_pin_pad),
    ]
    digits = [(f"digit:{n}", str(n)) for n in (7, 8, 9, 4, 5, 6, 1, 2, 3, 0)]
    cells = layout.grid(keys, 3, len(digits) + 1, (keys.h - pad * 3) // 4, pad)
    widgets += [Button(name, cell, text, size=30, on_tap=partial(scene.type_digit, text))
                for (name, text), cell in zip(digits, cells, strict=False)]
    widgets.append(Button("delete", cells[-1], "⌫", size=30, colour=GREY,
                          on_tap=scene.delete_digit))
    widgets += message_widgets(scene.stage, head)
    return widgets


def _head_height(scene: PinPadActions, width: int, look: Theme) -> int:
    """The question's room `width` wide, grown to hold a refused PIN's sentence shown in its
    place (the digits typed stay in sight below it)."""
    least = look.px(96)
    message = scene.stage.message
    if message is None:
        return least
    font = look.font(theme.TEXT_MIN)
    pad = look.px(5)
    lines = len(wrap_text(message.text, font, width - 2 * pad))
    return max(least, lines * font.get_linesize() + 2 * pad)


def _below_head(look: Theme) -> int:
    """What the side of the pad holds below the question: the digits typed, and the three
    commands a finger high."""
    pad = look.px(8)
    return look.px(72) + 3 * look.px(theme.TARGET_MIN) + 4 * pad


def _nothing() -> None:
    """The pad's card takes the taps that land on it."""


__all__ = ["PinPadActions", "pin_pad"]
