"""The pieces of a scoresheet on screen: a row of scores in columns, and a past match's row.

A `ScoreRow` is drawn as a table's row (its label, then one column per
player) and says itself in words for the scripted driver ("Game 2: Ana 3 ·
Ben 1"). A `MatchRow` is a past match in two lines, tapped to open it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from companion.event_log.store import MatchRecord
from companion.i18n import _
from ui import theme
from ui.theme import Theme
from ui.widgets import Action, Button, Widget, draw_text

LABEL_SHARE = 0.3
"""The part of a row's width its label takes; the players' columns share the rest."""
LABEL_MOST = 140
COLUMN_MOST = 130
"""The widest a row's label and a player's column grow (800x480 pixels): a wide screen's
sheet stays compact, as on paper, rather than spreading two numbers across it."""


@dataclass(eq=False)
class ScoreRow(Widget):
    """One row of a scoresheet: `label`, then `cells` in equal columns (`bold`: the winners)."""

    label: str = ""
    cells: Sequence[str] = ()
    bold: frozenset[int] = frozenset()
    colour: theme.RGB = theme.TEXT
    size: int = 22

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """The label on the left, each cell centred in its column."""
        label_w = min(int(self.rect.w * LABEL_SHARE), look.px(LABEL_MOST))
        draw_text(surface, self.label, pygame.Rect(self.rect.x, self.rect.y, label_w,
                                                   self.rect.h), look, self.size,
                  colour=theme.MUTED)
        if not self.cells:
            return
        width = min((self.rect.w - label_w) / len(self.cells), look.px(COLUMN_MOST))
        for index, cell in enumerate(self.cells):
            column = pygame.Rect(self.rect.x + label_w + round(index * width), self.rect.y,
                                 round(width) - look.px(4), self.rect.h)
            draw_text(surface, cell, column, look, self.size, index in self.bold, self.colour,
                      centred=True)


def score_row(name: str, rect: pygame.Rect, label: str, names: Sequence[str],
              scores: Sequence[int], bold: frozenset[int] = frozenset()) -> ScoreRow:
    """A row of scores, its words naming each player ("Game 2: Ana 3 · Ben 1")."""
    words = " · ".join(f"{player} {score}" for player, score in zip(names, scores, strict=False))
    return ScoreRow(name, rect, f"{label}: {words}", label=label,
                    cells=[str(score) for score in scores], bold=bold)


def names_row(name: str, rect: pygame.Rect, names: Sequence[str]) -> ScoreRow:
    """The sheet's head: the players' names over their columns."""
    return ScoreRow(name, rect, " · ".join(names), cells=list(names), colour=theme.ACCENT)


HEADING_SIZE = 20
"""A past match's heading ("#2 Backgammon · 2026-06-13 19:30 · abandoned"), on 800x480."""


@dataclass(eq=False)
class MatchRow(Button):
    """A past match: what and when on the first line (`heading`), who scored what on the
    second (`results`); its `text` is both."""

    heading: str = ""
    results: str = ""
    heading_lines: int = 1
    """The lines the heading may take (2 in a row made taller for a longer language's)."""

    @classmethod
    def of(cls, name: str, rect: pygame.Rect, heading: str, results: str,
           on_tap: Action, heading_lines: int = 1) -> MatchRow:
        """The row `name` with its two lines, its text both of them."""
        return cls(name, rect, f"{heading} — {results}", on_tap=on_tap, heading=heading,
                   results=results, heading_lines=heading_lines)

    @staticmethod
    def heading_fits(look: Theme, heading: str, width: int) -> bool:
        """True when `heading` shows whole on one line of a row `width` wide."""
        inner = width - look.px(16)
        return look.font(math.ceil(look.smallest(HEADING_SIZE))).size(heading)[0] <= inner

    def draw(self, surface: pygame.Surface, look: Theme) -> None:
        """Two lines on the button's face (three with the heading on two)."""
        radius = look.px(10)
        pygame.draw.rect(surface, self.colour, self.rect, border_radius=radius)
        inner = self.rect.inflate(-look.px(16), -look.px(6))
        lines = self.heading_lines
        top = pygame.Rect(inner.x, inner.y, inner.w, inner.h * lines // (lines + 1))
        bottom = pygame.Rect(inner.x, top.bottom, inner.w, inner.h - top.h)
        draw_text(surface, self.heading, top, look, HEADING_SIZE, colour=theme.MUTED)
        draw_text(surface, self.results, bottom, look, self.size, True)


def result_words(match: MatchRecord) -> str:
    """Each player's score, the winners marked: "Ana 5 ★ · Ben 3"."""
    winners = set(match.winners)
    return " · ".join(
        f"{player.name} {score}{' ★' if seat in winners else ''}"
        for seat, (player, score) in enumerate(zip(match.players, match.scores, strict=False)))


def status_words(status: str) -> str:
    """A match's status as the list says it ("" for a finished match)."""
    return {"playing": _("playing"), "abandoned": _("abandoned")}.get(status, "")


__all__ = ["MatchRow", "ScoreRow", "names_row", "result_words", "score_row", "status_words"]
