"""One player's name and colour: an on-screen keyboard and the colour swatches.

Widgets: `name` (the name so far), `colour:<name>` for each colour, `key:<c>`
for each letter, `key:space`, `key:shift`, `key:delete`, `done` and `back`.
A physical keyboard types too (pygame's TEXTINPUT). Names keep at most 24
characters, any the shipped font draws; the table refuses an empty name or
one used twice, and says so.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

import pygame

from companion.i18n import _
from companion.table.core import MAX_NAME_LENGTH
from ui import layout, theme
from ui.scene import MatchSetupStage, Scene
from ui.scene_parts import message_widgets, screen_header
from ui.theme import name_problem
from ui.widgets import Button, Label, Widget

KEY_ROWS = ("1234567890", "qwertyuiop", "asdfghjkl'", "zxcvbnm-.")
ACCENT_ROWS = ("àáâäãåæçðè", "éêëěìíîïñò", "óôöõøœùúûü", "ýÿŵŷßþłśž")
"""Letters with accents (Welsh's ŵ and ŷ among them), a tap of `key:more` away."""
SWATCHES = ("red", "blue", "green", "yellow", "purple", "orange", "pink", "teal", "brown", "grey")


class PlayerScene(Scene):
    """Edit the name and colour of the seat the home screen chose."""

    name: ClassVar[str] = "player"
    stage: MatchSetupStage

    def __init__(self, stage: MatchSetupStage) -> None:
        super().__init__(stage)
        self.typed = ""
        self.colour = "red"
        self.shifted = True
        self.accents = False

    def shown(self) -> None:
        """Start from the seat's current name and colour."""
        draft = self.stage.draft
        seat = self.stage.editing_seat
        self.typed = draft.names[seat]
        self.colour = draft.colours[seat]
        self.shifted = not self.typed
        super().shown()

    def build(self) -> list[Widget]:
        """Name field, colours, keys, and the way out."""
        look = self.stage.look
        gap = look.px(6)
        # The header's title is the name as typed so far.
        header = screen_header(look, self.stage.size, gap, self.typed + "▏",
                               lambda: self.stage.go("home"), name="name")
        rest = header.body
        area = header.area
        done, header.title.rect = layout.take_right(header.title.rect, look.px(120), gap)
        top = header.title.rect
        seat = self.stage.editing_seat
        widgets: list[Widget] = [
            *header.widgets,
            Button("done", done, _("Done"), colour=(0, 120, 80), on_tap=self.done),
            Label("seat", pygame.Rect(top.x, top.bottom, top.w, 0),
                  _("Player {n}").format(n=seat + 1), visible=False),
        ]
        swatch_row, rest = layout.take_top(rest, look.px(52), gap)
        for colour_name, cell in zip(SWATCHES, layout.columns(swatch_row, len(SWATCHES), gap),
                                     strict=True):
            colour = theme.player_colour(colour_name)
            widgets.append(Button(f"colour:{colour_name}", cell, colour.mark, colour=colour.rgb,
                                  selected=colour_name == self.colour,
                                  on_tap=partial(self.choose_colour, colour_name)))
        widgets += self._keys(rest, gap)
        widgets += message_widgets(self.stage, pygame.Rect(area.x, area.y + look.px(60),
                                                          area.w, look.px(60)))
        return widgets

    def _keys(self, area: pygame.Rect, gap: int) -> list[Widget]:
        look = self.stage.look
        key_rows = layout.rows(area, len(KEY_ROWS) + 1, gap)
        widgets: list[Widget] = []
        for letters, row in zip(ACCENT_ROWS if self.accents else KEY_ROWS, key_rows,
                                strict=False):
            for letter, cell in zip(letters, layout.columns(row, 10, gap), strict=False):
                shown = letter.upper() if self.shifted else letter
                widgets.append(Button(f"key:{letter}", cell, shown, colour=(70, 70, 90),
                                      on_tap=partial(self.type, shown)))
        shift, bottom = layout.take_left(key_rows[-1], key_rows[-1].w // 5, gap)
        more, bottom = layout.take_left(bottom, key_rows[-1].w // 5, gap)
        delete, space = layout.take_right(bottom, bottom.w // 3, gap)
        widgets += [
            Button("key:shift", shift, "⇧", selected=self.shifted, colour=(70, 70, 90),
                   on_tap=self.shift),
            Button("key:more", more, "abc" if self.accents else "àéŵ", selected=self.accents,
                   colour=(70, 70, 90), on_tap=self.more),
            Button("key:space", space, _("space"), colour=(70, 70, 90),
                   on_tap=lambda: self.type(" ")),
            Button("key:delete", delete, "⌫", colour=(70, 70, 90), on_tap=self.delete),
        ]
        for widget in widgets:
            widget.rect.h = max(widget.rect.h, look.px(48))
        return widgets

    def type(self, text: str) -> None:
        """Add letters to the name (at most 24 characters)."""
        room = MAX_NAME_LENGTH - len(self.typed)
        if room <= 0:
            self.stage.say(_("A name has at most {n} letters.").format(n=MAX_NAME_LENGTH))
            return
        self.typed += text[:room]
        self.shifted = False
        self.rebuild()

    def delete(self) -> None:
        """Take back the last letter."""
        self.typed = self.typed[:-1]
        self.shifted = not self.typed
        self.rebuild()

    def shift(self) -> None:
        """The next letter as a capital (or not)."""
        self.shifted = not self.shifted
        self.rebuild()

    def more(self) -> None:
        """Switch between plain letters and letters with accents."""
        self.accents = not self.accents
        self.rebuild()

    def choose_colour(self, colour: str) -> None:
        """Take a colour; a colour another player has is swapped with theirs."""
        self.colour = colour
        self.rebuild()

    def done(self) -> None:
        """Keep the name and colour and go back home."""
        name = " ".join(self.typed.split())
        if not name:
            self.stage.say(_("Every player needs a name: type one, or go back."))
            return
        problem = name_problem(name)
        if problem:
            self.stage.say(problem)
            return
        draft = self.stage.draft
        seat = self.stage.editing_seat
        others = [draft.names[s].casefold() for s in range(draft.count) if s != seat]
        if name.casefold() in others:
            self.stage.say(_("Two players are called {name}: give each a different name.")
                           .format(name=name))
            return
        if self.colour in draft.colours[: draft.count] and draft.colours[seat] != self.colour:
            other = draft.colours.index(self.colour)
            draft.colours[other] = draft.colours[seat]
        draft.names[seat], draft.colours[seat] = name, self.colour
        self.stage.go("home")

    def text_typed(self, text: str) -> None:
        """Letters from a physical keyboard."""
        if text.isprintable():
            self.type(text)

    def key_pressed(self, key: int) -> None:
        """Backspace deletes, Enter keeps the name, Escape goes back."""
        if key == pygame.K_BACKSPACE:
            self.delete()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.done()
        elif key == pygame.K_ESCAPE:
            self.stage.go("home")


__all__ = ["PlayerScene"]
