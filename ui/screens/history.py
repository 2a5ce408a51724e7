"""Scores and history: the match on the table's scoresheet, and the past matches from the log.

The scoresheet has a row each time the match's scores changed (a
backgammon-family game won, an UNO round counted, a Yahtzee tile claimed
or stolen: "Claim 3"), read from the log, a page at a time from the
latest, and the scores now. The past matches are read from the
log as `companion history` reads them, newest first, a page at a time; a tap
on one opens its rounds. The log is read on a connection of its own, only
when the screen is shown or a match is opened, so the table is never held up.

Widgets: `sheet_title`, `sheet:names`, `sheet:<n>` (a round), `sheet:now`,
`sheet:up`, `sheet:down`, `sheet:page` (a long scoresheet pages, from its
latest rounds), `sheet` (when no match is on the table), `past_title`, `match:<id>` (a past match),
`scroll:up`, `scroll:down`, `page`; an opened match: `match_title`,
`result`, `names`, `round:<n>`, `rounds` (when it has none); `title`,
`back`, `message`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import ClassVar

import pygame

from companion.errors import StoreError
from companion.event_log.opening import EmptyLog
from companion.event_log.store import MatchRecord, Store
from companion.i18n import _
from companion.match_history import local_time, readable
from companion.table import TableSnapshot
from ui import layout, theme
from ui.game_scenes import family_screen, game_scene
from ui.scene import Scene, SystemStage
from ui.scene_parts import message_widgets, screen_header
from ui.screens.score_sheet import MatchRow, names_row, result_words, score_row, status_words
from ui.theme import Theme
from ui.widgets import Button, Label, TextBlock, Widget

Rounds = list[tuple[int, list[int]]]


@contextlib.contextmanager
def reading_log(path: Path | None) -> Iterator[Store | None]:
    """The log at `path` opened to read (None when there is none yet), closed on leaving.

    Raises:
        StoreError: the log cannot be read.
    """
    if path is None or not path.exists():
        yield None
        return
    try:
        store = Store.open_to_read(path)
    except EmptyLog:
        yield None
        return
    with store:
        yield store


def round_label(game: str, number: int) -> str:
    """A scoresheet row's label: "Game 2" in the backgammon family, "Claim 2" on the
    Yahtzee board (its scores change when a tile is claimed or stolen), else "Round 2"
    (`ui.game_scenes.FamilyScreen.round_label`)."""
    screen = family_screen(game)
    if screen is None:
        return _("Round {n}").format(n=number)
    return screen.round_label(number)


@dataclass
class Paged:
    """A list laid out a page at a time: the room for its rows, how many fit, the first one
    shown, and the page buttons (none when one page holds them all)."""

    rows: pygame.Rect
    size: int
    first: int
    widgets: list[Widget]


def paged(area: pygame.Rect, total: int, step: int, first: int, look: Theme,
          scroll: Callable[[int], None], names: tuple[str, str, str],
          from_end: bool = False) -> Paged:
    """`total` rows `step` high in `area`, from row `first`; when they need more than one
    page, ▲, "3–6 of 9" and ▼ below them (`names`: the up button, the words, the down
    button; `scroll(-1)` and `scroll(1)` page). `from_end`: the last page ends at the
    last row (a scoresheet), else pages start at multiples of a page (a list from the top)."""
    size = max(1, area.h // step)
    if total <= size:
        return Paged(area, size, 0, [])
    controls, rows = layout.take_bottom(area, look.px(52), look.px(8))
    size = max(1, rows.h // step)
    last_first = total - size if from_end else (total - 1) // size * size
    first = min(max(0, first), last_first)
    up, rest = layout.take_left(controls, look.px(120), look.px(8))
    down, page = layout.take_right(rest, look.px(120), look.px(8))
    last = min(total, first + size)
    return Paged(rows, size, first, [
        Button(names[0], up, "▲", enabled=first > 0,
               refusal=_("This is the first page."), on_tap=lambda: scroll(-1)),
        Label(names[1], page, _("{first}–{last} of {total}").format(
            first=first + 1, last=last, total=total), centred=True, colour=theme.MUTED),
        Button(names[2], down, "▼", enabled=last < total,
               refusal=_("This is the last page."), on_tap=lambda: scroll(1)),
    ])


class HistoryScene(Scene):
    """The scoresheet of the match on the table beside the list of past matches."""

    name: ClassVar[str] = "history"
    stage: SystemStage

    def __init__(self, stage: SystemStage) -> None:
        super().__init__(stage)
        self.matches: list[MatchRecord] = []
        self.current_rounds: Rounds = []
        self.opened: MatchRecord | None = None
        self.opened_rounds: Rounds = []
        self.first = 0
        """The first row of the list shown now (the matches, or the opened match's rounds)."""
        self._page = 1
        self.return_to = "setup"
        """Where `back` goes from the list: the match screen it was opened from, or the
        setup menu."""
        self.sheet_first: int | None = None
        """The first round of the scoresheet shown; None: the latest rounds."""
        self._sheet_page = 1

    def shown(self) -> None:
        """Read the log again: the list starts at the newest match."""
        self.opened, self.first, self.sheet_first = None, 0, None
        snapshot = self.stage.snapshot
        from_match = snapshot is not None and game_scene(snapshot.game) == self.stage.came_from
        self.return_to = self.stage.came_from if from_match else "setup"
        self._read()
        super().shown()

    def snapshot_arrived(self, snapshot: TableSnapshot) -> None:
        """The match on the table changed: its scoresheet is read again."""
        self._read()
        super().snapshot_arrived(snapshot)

    def _read(self) -> None:
        snapshot = self.stage.snapshot
        try:
            with reading_log(self.stage.system.log_path) as store:
                if store is None:
                    self.matches, self.current_rounds = [], []
                    return
                self.matches = readable(store, lambda _store, match: match)[::-1]
                self.current_rounds = store.rounds(snapshot.match_id) if snapshot else []
        except StoreError as error:
            self.stage.say(str(error))

    # -- what a person does -------------------------------------------------------------------

    def open_match(self, match: MatchRecord) -> None:
        """Show one match's rounds."""
        try:
            with reading_log(self.stage.system.log_path) as store:
                self.opened_rounds = store.rounds(match.id) if store is not None else []
        except StoreError as error:
            self.stage.say(str(error))
            return
        self.opened, self.first = match, 0
        self.rebuild()

    def scroll(self, pages: int) -> None:
        """Move the list `pages` pages on (negative: back toward the start)."""
        total = len(self.opened_rounds) if self.opened is not None else len(self.matches)
        last = max(0, (total - 1) // self._page * self._page)
        self.first = min(last, max(0, self.first + pages * self._page))
        self.rebuild()

    def scroll_sheet(self, pages: int) -> None:
        """Page the scoresheet: back toward its first round, or on to the latest."""
        total = len(self.current_rounds)
        first = self.sheet_first if self.sheet_first is not None else total
        self.sheet_first = min(max(0, total - self._sheet_page),
                               max(0, first + pages * self._sheet_page))
        self.rebuild()

    def go_back(self) -> None:
        """From an opened match to the list; from the list to the match screen it was
        opened from, else to the setup menu."""
        if self.opened is not None:
            self.opened, self.first = None, 0
            self.rebuild()
        else:
            self.stage.go(self.return_to)

    def dragged(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """A swipe up shows the next page, a swipe down the one before."""
        rise = start[1] - end[1]
        if abs(rise) >= self.stage.look.px(40):
            self.scroll(1 if rise > 0 else -1)

    def key_pressed(self, key: int) -> None:
        """Page Up and Page Down page; Escape goes back."""
        if key == pygame.K_PAGEDOWN:
            self.scroll(1)
        elif key == pygame.K_PAGEUP:
            self.scroll(-1)
        elif key == pygame.K_ESCAPE:
            self.go_back()

    # -- the screen ---------------------------------------------------------------------------

    def build(self) -> list[Widget]:
        """The header, then the opened match, or the scoresheet beside the list."""
        look = self.stage.look
        width, height = self.stage.size
        gap = look.px(10)
        header = screen_header(look, self.stage.size, gap, _("Scores and history"),
                               self.go_back)
        body = header.body
        area = header.area
        widgets: list[Widget] = header.widgets
        if self.opened is not None:
            widgets += self._opened(self.opened, body)
        else:
            if width > height:
                sheet, past = layout.take_left(body, body.w * 9 // 20, gap)
            else:
                sheet, past = layout.take_top(body, body.h * 2 // 5, gap)
            widgets += self._sheet(sheet)
            widgets += self._past(past)
        widgets += message_widgets(self.stage, pygame.Rect(area.x, area.bottom - look.px(90),
                                                          area.w, look.px(90)))
        return widgets

    def _sheet(self, area: pygame.Rect) -> list[Widget]:
        """The match on the table: what it is played to, its rounds a page at a time (the
        latest first shown, ▲ pages back to the first) and its scores now."""
        look = self.stage.look
        snapshot = self.stage.snapshot
        if snapshot is None:
            return [TextBlock("sheet", area, _("No match is on the table yet."),
                              colour=theme.MUTED)]
        row = look.px(40)
        head, rest = layout.take_top(area, look.px(40), look.px(4))
        names_area, rest = layout.take_top(rest, row)
        names = [player.name for player in snapshot.players]
        widgets: list[Widget] = [
            Label("sheet_title", head, self._sheet_title(snapshot), size=24, bold=True),
            names_row("sheet:names", names_area, names),
        ]
        total = len(self.current_rounds)
        wanted = self.sheet_first if self.sheet_first is not None else total
        # The rounds leave a row for the scores now, right below them (above ▲ ▼).
        page = paged(pygame.Rect(rest.x, rest.y, rest.w, rest.h - row), total, row, wanted,
                     look, self.scroll_sheet, ("sheet:up", "sheet:page", "sheet:down"),
                     from_end=True)
        self._sheet_page = page.size
        numbered = list(enumerate(self.current_rounds, start=1))
        shown = numbered[page.first:page.first + page.size]
        for (number, (_seq, scores)), cell in zip(
                shown, layout.grid(page.rows, 1, len(shown), row, 0), strict=True):
            widgets.append(score_row(f"sheet:{number}", cell,
                                     round_label(snapshot.game, number), names, scores))
        now = pygame.Rect(rest.x, page.rows.y + len(shown) * row, rest.w, row)
        widgets.append(score_row("sheet:now", now, _("Now"), names, snapshot.scores,
                                 bold=frozenset(snapshot.winners)))
        for control in page.widgets:
            control.rect.move_ip(0, row)
        return widgets + page.widgets

    def _sheet_title(self, snapshot: TableSnapshot) -> str:
        screen = family_screen(snapshot.game)
        spec = self.stage.games.get(snapshot.game)
        goal = "" if screen is None or spec is None else screen.goal(snapshot, spec)
        return f"{_(snapshot.title)} · {goal}" if goal else _(snapshot.title)

    def _past(self, area: pygame.Rect) -> list[Widget]:
        """The past matches, newest first, a page at a time."""
        look = self.stage.look
        head, area = layout.take_top(area, look.px(40), look.px(4))
        heading = Label("past_title", head, _("Past matches"), bold=True)
        if not self.matches:
            return [heading, TextBlock("page", area, _("No matches yet."), colour=theme.MUTED)]
        # A row a finger high for its two lines, taller when a heading needs two lines of its
        # own (a longer language's "wedi'i gadael").
        lines = 1 if all(MatchRow.heading_fits(look, self._heading(match), area.w)
                         for match in self.matches) else 2
        row, gap = look.px(64 if lines == 1 else 88), look.px(8)
        rows_area, widgets = self._pager(area, len(self.matches), row + gap)
        widgets.append(heading)
        shown = self.matches[self.first:self.first + self._page]
        for match, cell in zip(shown, layout.grid(rows_area, 1, len(shown), row, gap),
                               strict=True):
            widgets.append(MatchRow.of(f"match:{match.id}", cell, self._heading(match),
                                       result_words(match), partial(self.open_match, match),
                                       lines))
        return widgets

    def _heading(self, match: MatchRecord) -> str:
        spec = self.stage.games.get(match.game)
        parts = [f"#{match.id} {_(spec.title) if spec is not None else match.game}",
                 local_time(match.started_at), status_words(match.status)]
        return " · ".join(part for part in parts if part)

    def _opened(self, match: MatchRecord, area: pygame.Rect) -> list[Widget]:
        """One past match: what and when, its result, and its rounds a page at a time."""
        look = self.stage.look
        head, rest = layout.take_top(area, look.px(36), look.px(4))
        result, rest = layout.take_top(rest, look.px(40), look.px(4))
        names_area, rest = layout.take_top(rest, look.px(40))
        names = [player.name for player in match.players]
        widgets: list[Widget] = [
            Label("match_title", head, self._heading(match), colour=theme.MUTED),
            Label("result", result, result_words(match), bold=True),
            names_row("names", names_area, names),
        ]
        if not self.opened_rounds:
            widgets.append(TextBlock("rounds", rest, _("No scores yet."), colour=theme.MUTED))
            return widgets
        row = look.px(40)
        rows_area, pager = self._pager(rest, len(self.opened_rounds), row)
        numbered = list(enumerate(self.opened_rounds, start=1))
        shown = numbered[self.first:self.first + self._page]
        for (number, (_seq, scores)), cell in zip(
                shown, layout.grid(rows_area, 1, len(shown), row, 0), strict=True):
            widgets.append(score_row(f"round:{number}", cell, round_label(match.game, number),
                                     names, scores))
        return widgets + pager

    def _pager(self, area: pygame.Rect, total: int, step: int) -> tuple[pygame.Rect,
                                                                       list[Widget]]:
        """The room for the rows of the list (the matches, or an opened match's rounds), and
        its page buttons when `total` rows need more than one page."""
        page = paged(area, total, step, self.first, self.stage.look, self.scroll,
                     ("scroll:up", "page", "scroll:down"))
        self._page, self.first = page.size, page.first
        return page.rows, page.widgets


__all__ = ["HistoryScene", "Paged", "paged", "reading_log", "round_label"]
