"""A phone's request to take back a move, put to the table's screen to confirm (docs/web.md).

An undo from a phone is the table's to allow: the phone page puts an `UndoAsk` on the
desk (`UndoAsks.ask`), the touchscreen shows it as a card ("Ben asks to take back: ...,
Undo / Keep") and answers it; the phone reads the answer from the desk. Nothing here
changes the match: the screen's Undo is an ordinary `Undo` posted to the table's queue,
made against the state the phone asked at, so that it takes back what was asked and
never something newer. A move made meanwhile cancels the ask (`UndoAsks.moved_on`).

The desk is safe from any thread; the screen that answers asks says so (`attach`), and a
page with no screen attached asks for the table PIN instead.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

MAX_ASKERS = 64
"""The askers whose last answer is remembered (players' names: a table seats 16 at most)."""


class AskState(Enum):
    """Where one ask stands."""

    WAITING = "waiting"
    DONE = "done"
    KEPT = "kept"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class UndoAsk:
    """One player's ask to take back the last move of `match` at `seq` (the state they saw)."""

    number: int
    """The ask's own number, counting from 1 (each ask is answered once)."""
    name: str
    """The player who asks, as the table names them."""
    match: int
    seq: int
    state: AskState = AskState.WAITING


class UndoAsks:
    """The asks of one table's phones, the one waiting for the screen and each asker's last.

    At most one ask waits at a time: the table has one last move to take back.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: UndoAsk | None = None
        self._confirming: int | None = None
        """The waiting ask whose Undo the screen has posted: its own undo moves the table on,
        which must not cancel it."""
        self._last: OrderedDict[str, UndoAsk] = OrderedDict()
        self._count = 0
        self._screens: list[Callable[[], None]] = []

    def attach(self, wake: Callable[[], None]) -> None:
        """A screen answers asks from now on; `wake()` is called (on the asking thread) when
        one arrives. It must return at once and never raise."""
        with self._lock:
            self._screens.append(wake)

    def detach(self, wake: Callable[[], None]) -> None:
        """That screen has gone: it answers nothing more, and an ask it showed is cancelled
        when no other screen is left (safe to call twice)."""
        with self._lock:
            if wake in self._screens:
                self._screens.remove(wake)
            if not self._screens and self._waiting is not None:
                self._settle(self._waiting, AskState.CANCELLED)

    @property
    def has_screen(self) -> bool:
        """True while a screen answers asks."""
        with self._lock:
            return bool(self._screens)

    def ask(self, name: str, match: int, seq: int) -> UndoAsk | None:
        """Put `name`'s ask to undo at `match`, `seq` to the screen: the ask, or None when
        another player's ask at that state still waits (theirs is the one on screen)."""
        with self._lock:
            waiting = self._waiting
            if waiting is not None and (waiting.match, waiting.seq) == (match, seq):
                if waiting.name != name:
                    return None
                return waiting
            if waiting is not None:  # made at a state that is gone: no longer meant
                self._settle(waiting, AskState.CANCELLED)
            self._count += 1
            made = UndoAsk(self._count, name, match, seq)
            self._waiting = made
            self._remember(made)
            screens = list(self._screens)
        for wake in screens:
            wake()
        return made

    @property
    def waiting(self) -> UndoAsk | None:
        """The ask the screen is to answer now, if any."""
        with self._lock:
            return self._waiting

    def last_of(self, name: str) -> UndoAsk | None:
        """`name`'s last ask, as it stands (waiting or answered); None: they asked none."""
        with self._lock:
            return self._last.get(name)

    def confirming(self, number: int) -> bool:
        """The screen posted the undo of the ask `number`: from now on only its outcome
        settles it (`answer`). False when that ask no longer waits."""
        with self._lock:
            waiting = self._waiting
            if waiting is None or waiting.number != number:
                return False
            self._confirming = number
            return True

    def answer(self, number: int, state: AskState) -> bool:
        """Settle the ask `number` as `state` (done, kept, cancelled); False when it was no
        longer waiting (answered already, or replaced)."""
        with self._lock:
            waiting = self._waiting
            if waiting is None or waiting.number != number:
                return False
            self._settle(waiting, state)
            return True

    def moved_on(self, match: int, seq: int) -> UndoAsk | None:
        """The table is now at `match`, `seq`: a waiting ask made at another state is
        cancelled (a move was made meanwhile). The ask cancelled, or None."""
        with self._lock:
            waiting = self._waiting
            if waiting is None or (waiting.match, waiting.seq) == (match, seq):
                return None
            if waiting.number == self._confirming:
                return None
            self._settle(waiting, AskState.CANCELLED)
            return waiting

    def _settle(self, ask: UndoAsk, state: AskState) -> None:
        self._waiting = None
        self._confirming = None
        self._remember(replace(ask, state=state))

    def _remember(self, ask: UndoAsk) -> None:
        self._last[ask.name] = ask
        self._last.move_to_end(ask.name)
        while len(self._last) > MAX_ASKERS:
            self._last.popitem(last=False)


__all__ = ["MAX_ASKERS", "AskState", "UndoAsk", "UndoAsks"]
