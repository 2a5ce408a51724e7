"""The card a phone's undo is confirmed on: "Ben asks to take back: ...", Undo / Keep.

A player's phone asks the table to take back the last move (`companion.table.undo_asks`);
the screen lays this card over whatever scene it shows, one tap each way. Undo posts an
ordinary `Undo` made against the state the phone asked at, so it takes back what was
asked and never something newer; Keep refuses. A move made meanwhile cancels the ask and
the card goes. Widgets: `undo_ask` (the card), `undo_ask_words`, `undo_ask:keep`,
`undo_ask:undo`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from companion.i18n import _
from companion.table import Outcome, TableSnapshot, Undo
from companion.table.undo_asks import AskState, UndoAsk, UndoAsks
from ui import layout, theme
from ui.game_scenes import said
from ui.widgets import Button, Panel, Shade, TextBlock, Widget

if TYPE_CHECKING:
    from ui.scene import Stage


class UndoCard:
    """The asks of phones to undo, as the screen shows and answers them.

    `asks` is the phone page's desk (None: no phone page, never a card); `wake` is the
    screen's doorbell, rung when a phone asks (from the phone page's thread); `redraw`
    builds the scene again, with the card or without it.
    """

    def __init__(self, asks: UndoAsks | None, stage: Stage, wake: Callable[[], None],
                 redraw: Callable[[], None]) -> None:
        self.asks = asks
        self.stage = stage
        self._wake = wake
        self._redraw = redraw
        self.showing: UndoAsk | None = None
        """The ask on the card now (None: no card)."""
        self._answered: int | None = None
        """The ask tapped on the card: gone from it while its answer comes."""
        if asks is not None:
            asks.attach(wake)

    def use(self, asks: UndoAsks) -> None:
        """Answer the asks of `asks` from now on (the phone page's desk, told to the screen
        after it opened: a script's `phones` line)."""
        if self.asks is asks:
            return
        self.close()
        self.asks = asks
        asks.attach(self._wake)

    def close(self) -> None:
        """The screen goes: it answers no more asks (safe to call twice)."""
        if self.asks is not None:
            self.asks.detach(self._wake)

    def take(self, snapshot: TableSnapshot | None) -> bool:
        """Look at the desk (each turn of the loop): True when the card came, went or changed."""
        if self.asks is None:
            return False
        if snapshot is not None:
            self.asks.moved_on(snapshot.match_id, snapshot.seq)
        waiting = self.asks.waiting
        if waiting is not None and waiting.number == self._answered:
            waiting = None
        if waiting == self.showing:
            return False
        self.showing = waiting
        return True

    def widgets(self) -> list[Widget]:
        """The card over the scene, while an ask waits."""
        ask = self.showing
        snapshot = self.stage.snapshot
        if ask is None or snapshot is None:
            return []
        look = self.stage.look
        width, height = self.stage.size
        card = pygame.Rect(0, 0, min(width - look.px(40), look.px(560)), look.px(210))
        card.center = (width // 2, height // 2)
        inner = card.inflate(-look.px(24), -look.px(24))
        buttons, words = layout.take_bottom(inner, look.px(60), look.px(12))
        keep, undo = layout.columns(buttons, 2, look.px(12))
        question = _("{name} asks to take back: {event}").format(
            name=ask.name, event=_last_move(snapshot))
        return [
            # The whole screen, so that a turning dial is drawn whole, under the veil.
            Shade("undo_ask_shade", pygame.Rect(0, 0, width, height)),
            Panel("undo_ask", card, border=theme.ACCENT, on_tap=_nothing),
            TextBlock("undo_ask_words", words, question, size=theme.TEXT_MIN + 2),
            Button("undo_ask:keep", keep, _("Keep"), colour=(90, 90, 90),
                   on_tap=lambda: self._keep(ask)),
            Button("undo_ask:undo", undo, _("Undo"), colour=(0, 120, 80),
                   on_tap=lambda: self._undo(ask)),
        ]

    def _keep(self, ask: UndoAsk) -> None:
        if self.asks is not None:
            self.asks.answer(ask.number, AskState.KEPT)
        self._gone(ask)

    def _undo(self, ask: UndoAsk) -> None:
        asks = self.asks
        if asks is None or not asks.confirming(ask.number):
            self._gone(ask)
            return
        self._gone(ask)

        def heard(outcome: Outcome) -> None:
            asks.answer(ask.number, AskState.DONE if outcome.applied else AskState.CANCELLED)

        self.stage.post(Undo(for_seq=ask.seq, for_match=ask.match), then=heard)

    def _gone(self, ask: UndoAsk) -> None:
        self._answered = ask.number
        self.showing = None
        self._redraw()


def _last_move(snapshot: TableSnapshot) -> str:
    """What an undo would take back, in the players' words and the table's language."""
    undoes = snapshot.undoes
    if isinstance(undoes, str):  # from before the match was rebuilt from the log
        return undoes
    if undoes:
        return said(snapshot, undoes)
    return snapshot.last_event


def _nothing() -> None:
    """The card takes the taps that land on it."""


__all__ = ["UndoCard"]
