"""What subscribers see: an immutable snapshot per published state, and their mailboxes.

Every subscriber (the touchscreen, each phone stream) has its own bounded
mailbox. Publishing never waits: when a mailbox is full its oldest snapshot
is dropped, so a slow subscriber skips ahead to the latest state instead of
holding up the table. Snapshots carry their `seq`, so a subscriber can tell
when it skipped.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from companion.closing import ClosesItself
from companion.games.actions import Action
from companion.games.base import ChanceRequest, GameSpec, GameState, Note
from companion.records import Player
from companion.table.hands import Hands


@dataclass(frozen=True)
class TableSnapshot:
    """The table after one applied command; never changes once made."""

    match_id: int
    game: str
    title: str
    players: tuple[Player, ...]
    seq: int
    """The seq of the last applied command of this match (0 for a fresh match)."""
    state_json: str
    """The engine state as JSON text (`GameSpec.state_from_json` reads it back)."""
    to_move: int | None
    chance: ChanceRequest | None
    """What chance must supply next, or None."""
    is_over: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    last_event: str
    """What happened last, in words: "Ana: Red 7" (the log's line, in English)."""
    can_undo: bool
    legal_actions: tuple[Action, ...] = ()
    """Every action the player to move may take now (what a screen highlights).

    Each carries its `seat` and says itself with `describe(seat_name)`; its JSON
    (`action_to_json`) reads back exactly with `action_from_json(game, ...)`.
    """

    public_json: str | None = None
    """What everyone at the table may see of the engine state, as JSON text (the engine's
    `GameState.public_view`: a phone is sent this, never `state_json`); None: nothing."""
    public_actions: tuple[Action, ...] = ()
    """The actions of `legal_actions` everyone may see (`GameState.public_actions`: none that
    names a card in a hand)."""
    rounds: tuple[tuple[int, ...], ...] = ()
    """The scores after each round, as the log keeps them (`Store.rounds`) and the
    scoresheets show them: after each UNO round, backgammon game, Yahtzee claim or steal
    that changed them, the oldest first; an undone one is gone."""

    last_notes: tuple[Note, ...] = ()
    """The sentences of `last_event`, seats unnamed, for a screen to say in its language:
    the command's own sentence (a player's action told as done, "Ana drew a card", where
    the log says "Ana: draw a card"), what the engine says it caused, who won the match.
    `event_line` joins them as the log does. Empty for a match rebuilt from the log
    (the engines' narration is not saved): then only `last_event` is known."""

    can_redo: bool = False
    """True when the last undo (and those before it, in turn) can be played again: nothing
    was played since (`Redo`)."""
    took_back: tuple[Note, ...] | str | None = None
    """When the last command was an undo, what it took back: that event's sentences (as
    `last_notes`), or its English line for an event from before the match was rebuilt from
    the log; None otherwise."""
    undoes: tuple[Note, ...] | str | None = None
    """What an undo would take back now (the last event that stands), as `took_back`; None:
    nothing is left to undo."""

    hands: Hands = "table"
    """Where the hands are held (`companion.table.hands`): "phones" when the companion holds
    the deck (its engine knows every card: only a seat's own phone is sent its hand)."""

    def state(self) -> dict[str, Any]:
        """A fresh copy of the engine state as plain JSON."""
        result: dict[str, Any] = json.loads(self.state_json)
        return result

    def public_state(self) -> dict[str, Any] | None:
        """A fresh copy of the public view as plain JSON, or None if nothing of it is public."""
        if self.public_json is None:
            return None
        result: dict[str, Any] = json.loads(self.public_json)
        return result

    def game_state(self, spec: GameSpec) -> GameState:
        """A fresh engine state of this snapshot, its seats named after the players (what a
        screen reads its questions from; changing it changes nothing at the table)."""
        game = spec.state_from_json(self.state())
        game.name_seats([player.name for player in self.players])
        return game


class Subscription(ClosesItself):
    """One subscriber's mailbox of snapshots, in the order they were published."""

    def __init__(
        self,
        maxsize: int,
        on_close: Callable[[Subscription], None],
        on_offer: Callable[[], None] | None = None,
    ) -> None:
        if maxsize < 1:
            raise ValueError(f"A mailbox holds at least one snapshot, not {maxsize}.")
        self._mailbox: deque[TableSnapshot] = deque(maxlen=maxsize)
        self._ready = threading.Condition()
        self._closed = False
        self._on_close = on_close
        self._on_offer = on_offer
        self.skipped = 0
        """How many snapshots were dropped because this subscriber fell behind."""

    def offer(self, snapshot: TableSnapshot) -> None:
        """Put a snapshot in the mailbox without ever waiting (the table's worker calls this)."""
        with self._ready:
            if self._closed:
                return
            if len(self._mailbox) == self._mailbox.maxlen:
                self.skipped += 1
            self._mailbox.append(snapshot)
            self._ready.notify_all()
        if self._on_offer is not None:
            # A wake-up for a loop that waits on something else (the touchscreen's event
            # queue); outside the lock, and it must never wait itself.
            self._on_offer()

    def get(self, timeout: float | None = None) -> TableSnapshot | None:
        """The next snapshot, waiting up to `timeout` seconds; None on timeout or once closed."""
        with self._ready:
            if not self._ready.wait_for(lambda: self._mailbox or self._closed, timeout):
                return None
            return self._mailbox.popleft() if self._mailbox else None

    def latest(self) -> TableSnapshot | None:
        """The newest snapshot waiting, skipping older ones; None if nothing is waiting."""
        with self._ready:
            if not self._mailbox:
                return None
            self.skipped += len(self._mailbox) - 1
            newest = self._mailbox[-1]
            self._mailbox.clear()
            return newest

    def __iter__(self) -> Iterator[TableSnapshot]:
        while (snapshot := self.get()) is not None:
            yield snapshot

    @property
    def closed(self) -> bool:
        """True once closed (by the subscriber or because the table closed)."""
        return self._closed

    def close(self) -> None:
        """Stop receiving snapshots; a waiting `get` returns None. Safe to call twice."""
        with self._ready:
            if self._closed:
                return
            self._closed = True
            self._ready.notify_all()
        self._on_close(self)
