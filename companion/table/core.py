"""The table: one command queue, one worker, the event log, and subscribers.

Touch input, device events and phone actions are posted from any thread
with `Table.post`. One worker thread takes them in order, applies each
through the game engine, commits it to the event log, publishes the new
snapshot to every subscriber, and only then answers the sender. Nothing else
changes the match, so the pygame loop, gpiozero callbacks, web threads and
the serial reader never need a lock of their own.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from datetime import datetime
from typing import Any

from companion import store as event_log
from companion.errors import CompanionError
from companion.games.base import GameSpec, RuleError
from companion.games.registry import game_specs
from companion.table.chance import ChanceSource, FairChance, SimSpinner
from companion.table.commands import (
    Command,
    DrawChance,
    NewMatch,
    Outcome,
    Play,
    Player,
    Rematch,
    SupplyChance,
    Undo,
)
from companion.table.match import Event, ReplayError, RunningMatch, Step, canonical_json
from companion.table.snapshot import Subscription, TableSnapshot

MAX_NAME_LENGTH = 24
_STOP = object()


class Table:
    """Players, the match in progress, the command queue and its worker.

    On opening, the last unfinished match in the log is rebuilt by replay.
    Use as a context manager, or call `close()`.
    """

    def __init__(
        self,
        store: event_log.Store,
        *,
        games: Mapping[str, GameSpec] | None = None,
        chance: ChanceSource | None = None,
        spinner: ChanceSource | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self._store = store
        self._games = dict(game_specs() if games is None else games)
        self._chance = chance or FairChance()
        self._spinner = spinner or SimSpinner()
        self._clock = clock or event_log.utc_now
        self.notices: list[str] = list(store.notices)
        """Sentences for the person starting the companion (recovery, a damaged log)."""
        self._match: RunningMatch | None = None
        self._match_id = 0
        self._events: list[Event] = []
        self._snapshot: TableSnapshot | None = None
        self._subscribers: list[Subscription] = []
        self._subscribers_lock = threading.Lock()
        self._inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._closing = threading.Lock()
        self._closed = False
        self._recover()
        self._worker = threading.Thread(target=self._run, name="table-worker", daemon=True)
        self._worker.start()

    # -- the public side, safe from any thread ---------------------------------------------

    def post(self, command: Command) -> Future[Outcome]:
        """Queue a command; the future gives the table's answer once it is applied or refused."""
        ticket: Future[Outcome] = Future()
        with self._closing:
            if self._closed:
                ticket.set_result(Outcome(False, "The table is closed: start the companion again."))
                return ticket
            self._inbox.put((command, ticket))
        return ticket

    def subscribe(self, maxsize: int = 64) -> Subscription:
        """A mailbox that receives every new snapshot, starting with the current one."""
        subscription = Subscription(maxsize, self._unsubscribe)
        with self._subscribers_lock:
            self._subscribers.append(subscription)
            if self._snapshot is not None:
                subscription.offer(self._snapshot)
        return subscription

    @property
    def snapshot(self) -> TableSnapshot | None:
        """The latest published snapshot, or None before any match."""
        return self._snapshot

    @property
    def games(self) -> Mapping[str, GameSpec]:
        """The games this table can start."""
        return self._games

    def close(self) -> None:
        """Apply the commands already queued, stop the worker, close the subscriptions."""
        with self._closing:
            if self._closed:
                return
            self._closed = True
            self._inbox.put(_STOP)
        if threading.current_thread() is not self._worker:
            self._worker.join()
        with self._subscribers_lock:
            subscribers = list(self._subscribers)
        for subscription in subscribers:
            subscription.close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _unsubscribe(self, subscription: Subscription) -> None:
        with self._subscribers_lock:
            if subscription in self._subscribers:
                self._subscribers.remove(subscription)

    # -- the worker ------------------------------------------------------------------------

    def _run(self) -> None:
        while (item := self._inbox.get()) is not _STOP:
            command, ticket = item
            if not ticket.set_running_or_notify_cancel():
                continue
            try:
                outcome = self._handle(command)
            except RuleError as error:
                outcome = Outcome(False, str(error), match_id=self._match_id or None)
            except CompanionError as error:
                self._resync()
                outcome = Outcome(False, str(error), match_id=self._match_id or None)
            except Exception as error:  # an engine bug must not stop the table
                self._resync()
                outcome = Outcome(
                    False, f"The game could not apply that ({error!r}); nothing changed."
                )
            ticket.set_result(outcome)

    def _handle(self, command: Command) -> Outcome:
        if isinstance(command, NewMatch):
            return self._new_match(command.game, command.players, command.options, None)
        if isinstance(command, Rematch):
            return self._rematch()
        match = self._match
        if match is None:
            raise RuleError("No match is on the table: start a new match first.")
        now = self._clock().isoformat(timespec="milliseconds")
        if isinstance(command, Play):
            step = match.play(command.action, command.seat, now)
        elif isinstance(command, SupplyChance):
            step = match.supply(command.outcome, command.source, command.for_seq, now)
        elif isinstance(command, DrawChance):
            step = match.draw(self._chance, self._spinner, now)
        elif isinstance(command, Undo):
            step = match.undo(now)
        else:
            raise RuleError(f"The table does not know the command {command!r}.")
        return self._commit(match, step)

    def _commit(self, match: RunningMatch, step: Step) -> Outcome:
        state = match.state
        result = None
        if state.is_over:
            result = {"winners": list(state.winners()), "scores": list(state.scores())}
        self._store.record(self._match_id, step, list(state.scores()), result)
        self._events.append(step.event)
        self._publish(self._make_snapshot(match, step.event.seq, step.state_json, step.event.text))
        return Outcome(True, step.event.text, step.event.seq, self._match_id)

    def _new_match(
        self,
        game: str,
        players: tuple[Player, ...],
        options: dict[str, Any],
        rematch_of: int | None,
    ) -> Outcome:
        spec = self._games.get(game)
        if spec is None:
            known = ", ".join(sorted(self._games)) or "none yet"
            raise RuleError(f"There is no game called {game!r}; choose one of: {known}.")
        check_players(players)
        match = RunningMatch.start(spec, players, options)
        now = self._clock().isoformat(timespec="milliseconds")
        unfinished = None
        if self._match is not None and not self._match.state.is_over:
            unfinished = self._match_id
        scores = list(match.state.scores())
        self._match_id = self._store.create_match(
            game, match.options, match.players, scores, now, rematch_of, abandon=unfinished
        )
        self._match, self._events = match, []
        names = ", ".join(player.name for player in players)
        text = f"New match of {spec.title} for {names}"
        self._publish(self._make_snapshot(match, 0, canonical_json(match.state), text))
        return Outcome(True, text, 0, self._match_id)

    def _rematch(self) -> Outcome:
        match = self._match
        if match is None:
            raise RuleError("There is no match to play again: start a new match.")
        if not match.state.is_over:
            raise RuleError("This match is still being played: finish it, or start a new match.")
        return self._new_match(match.spec.name, match.players, match.options, self._match_id)

    def _publish(self, snapshot: TableSnapshot) -> None:
        with self._subscribers_lock:
            self._snapshot = snapshot
            subscribers = list(self._subscribers)
        for subscription in subscribers:
            subscription.offer(snapshot)

    def _make_snapshot(
        self, match: RunningMatch, seq: int, state_json: str, last_event: str
    ) -> TableSnapshot:
        state = match.state
        return TableSnapshot(
            match_id=self._match_id,
            game=match.spec.name,
            title=match.spec.title,
            players=match.players,
            seq=seq,
            state_json=state_json,
            to_move=state.to_move,
            chance=state.chance(),
            is_over=state.is_over,
            scores=tuple(state.scores()),
            winners=tuple(state.winners()),
            last_event=last_event,
            can_undo=bool(match.standing),
            legal_actions=tuple(state.legal_actions()),
        )

    # -- recovery --------------------------------------------------------------------------

    def _recover(self) -> None:
        """Rebuild the last unfinished match from the log, or leave it as abandoned."""
        record = self._store.unfinished_match()
        if record is None:
            return
        spec = self._games.get(record.game)
        events = self._store.events(record.id)
        try:
            if spec is None:
                raise ReplayError(f"this companion has no game called {record.game!r}")
            match, warnings = RunningMatch.replay(spec, record.players, record.options, events)
        except RuleError as error:
            self._store.abandon_match(record.id)
            self.notices.append(
                f"Match {record.id} cannot be rebuilt ({error}); it stays in the history as"
                " abandoned."
            )
            return
        self.notices.extend(f"Match {record.id}: {warning}" for warning in warnings)
        self._match, self._match_id, self._events = match, record.id, events
        last = events[-1].text if events else "The match is ready to start"
        self._snapshot = self._make_snapshot(match, match.seq, canonical_json(match.state), last)

    def _resync(self) -> None:
        """After a failure halfway through a command, rebuild the match from what was logged."""
        match = self._match
        if match is None:
            return
        try:
            self._match, _ = RunningMatch.replay(
                match.spec, match.players, match.options, self._events
            )
        except RuleError:
            self._match = None


def check_players(players: tuple[Player, ...]) -> None:
    """Check names and colours before a match starts.

    Raises:
        RuleError: a name is empty, too long or used twice.
    """
    names = [player.name.strip() for player in players]
    if any(not name for name in names):
        raise RuleError("Every player needs a name.")
    for name in names:
        if len(name) > MAX_NAME_LENGTH:
            raise RuleError(f"{name[:MAX_NAME_LENGTH]}... is too long: use at most 24 letters.")
        if names.count(name) > 1:
            raise RuleError(f"Two players are called {name}: give each a different name.")
    if any(not player.colour.strip() for player in players):
        raise RuleError("Every player needs a colour.")


__all__ = ["Table", "check_players"]
