"""The table: one command queue, one worker, the event log, and subscribers.

Touch input, device events and phone actions are posted from any thread
with `Table.post`. One worker thread takes them in order, applies each
through the game engine, commits it to the event log, publishes the new
snapshot to every subscriber, and only then answers the sender. Nothing else
changes the match, so the pygame loop, gpiozero callbacks, web threads and
the serial reader never need a lock of their own.
"""

from __future__ import annotations

import dataclasses
import logging
import queue
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from datetime import datetime
from typing import Any

from companion.closing import ClosesItself
from companion.errors import CompanionError
from companion.event_log.store import DamagedRecord, Store, utc_now
from companion.games.base import GameSpec, Note, RuleError
from companion.games.registry import game_specs
from companion.records import Player
from companion.table.chance import ChanceSource, FairChance, SoftwareSpinner
from companion.table.commands import (
    Command,
    DrawChance,
    NewMatch,
    Outcome,
    PlayAction,
    Redo,
    Rematch,
    SupplyChance,
    Undo,
)
from companion.table.hands import AT_THE_TABLE, hands_of, options_with_hands
from companion.table.journal import command_kind, trace_of
from companion.table.lines import new_match_note
from companion.table.match import (
    AppliedEvent,
    EngineFault,
    Event,
    ReplayError,
    RunningMatch,
    engine_must_describe,
)
from companion.table.refusals import (
    CLOSED,
    COLOUR_NEEDED,
    ENGINE_FAILED,
    MOVED_ON,
    MOVED_ON_SINCE_CHOSEN,
    NAME_NEEDED,
    NAME_ON_ONE_LINE,
    NAME_TOO_LONG,
    NO_LONGER_ON_TABLE,
    NO_MATCH,
    NO_MATCH_TO_REPLAY,
    NO_SUCH_GAME,
    OPTIONS_AS_JSON,
    SAME_NAME,
    STILL_BEING_PLAYED,
    STILL_PLAYED,
    UNKNOWN_COMMAND,
    refused,
)
from companion.table.snapshot import Subscription, TableSnapshot
from companion.table.state_text import canonical_json, canonical_text, plain_json

MAX_NAME_LENGTH = 24
_STOP = object()
log = logging.getLogger(__name__)


class Table(ClosesItself):
    """Players, the match in progress, the command queue and its worker.

    On opening, the table claims the log as its only writer and rebuilds the
    last unfinished match by replay. Use as a context manager, or call `close()`.

    Raises:
        StoreError: another companion is writing this log, or it cannot be read.
    """

    def __init__(
        self,
        store: Store,
        *,
        games: Mapping[str, GameSpec] | None = None,
        chance: ChanceSource | None = None,
        spinner: ChanceSource | None = None,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self._store = store
        self._games = dict(game_specs() if games is None else games)
        self._chance = chance or FairChance()
        self._spinner = spinner or SoftwareSpinner()
        self._clock = clock or utc_now
        self.notices: list[str] = list(store.notices)
        """Sentences for the person starting the companion (recovery, a damaged log)."""
        self._match: RunningMatch | None = None
        self._match_id = 0
        self._events: list[Event] = []
        self._snapshot: TableSnapshot | None = None
        self._subscribers: list[Subscription] = []
        self._subscribers_lock = threading.Lock()
        self._publishing_ended = False
        self._inbox: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._closing = threading.Lock()
        self._closed = False
        store.claim_writer()
        try:
            self._recover()
        except BaseException:
            store.release_writer()
            raise
        self._worker = threading.Thread(target=self._run, name="table-worker", daemon=True)
        self._worker.start()

    # -- the public side, safe from any thread ---------------------------------------------

    def post(self, command: Command) -> Future[Outcome]:
        """Queue a command; the future gives the table's answer once it is applied or refused."""
        ticket: Future[Outcome] = Future()
        with self._closing:
            if self._closed:
                closed = Note.of(CLOSED)
                ticket.set_result(Outcome(False, closed.render(str), note=closed))
                return ticket
            self._inbox.put((command, ticket))
        return ticket

    def subscribe(
        self, maxsize: int = 64, on_offer: Callable[[], None] | None = None
    ) -> Subscription:
        """A mailbox that receives every new snapshot, starting with the current one.

        On a closed table the mailbox holds the last snapshot and is already closed.
        `on_offer` is called (on the table's worker thread) after each new snapshot is
        in the mailbox: a wake-up for a loop that waits on something else, such as the
        touchscreen's event queue. It must return at once and never raise.

        Raises:
            ValueError: `maxsize` is less than 1.
        """
        subscription = Subscription(maxsize, self._unsubscribe, on_offer)
        with self._subscribers_lock:
            if self._snapshot is not None:
                subscription.offer(self._snapshot)
            ended = self._publishing_ended
            if not ended:
                self._subscribers.append(subscription)
        if ended:
            subscription.close()
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
        """Apply the commands already queued, stop the worker, close the subscriptions.

        Safe to call again, from any thread: every call returns once the worker has stopped.
        """
        with self._closing:
            if not self._closed:
                self._closed = True
                self._inbox.put(_STOP)
        if threading.current_thread() is not self._worker:
            self._worker.join()
            self._store.release_writer()
        with self._subscribers_lock:
            self._publishing_ended = True
            subscribers = list(self._subscribers)
        for subscription in subscribers:
            subscription.close()


    def _unsubscribe(self, subscription: Subscription) -> None:
        with self._subscribers_lock:
            if subscription in self._subscribers:
                self._subscribers.remove(subscription)

    # -- the worker ------------------------------------------------------------------------

    def _run(self) -> None:
        while (item := self._inbox.get()) is not _STOP:
            command, ticket = item
            if ticket.set_running_or_notify_cancel():
                ticket.set_result(self._answer(command))

    def _answer(self, command: Command) -> Outcome:
        """Apply one command; whatever goes wrong, the sender hears why and the worker goes on."""
        try:
            return self._handle(command)
        except RuleError as error:
            # Engines refuse before they change anything (the protocol of `GameState.apply`).
            return Outcome(False, str(error), match_id=self._match_id or None, note=error.note)
        except EngineFault as fault:
            return self._engine_failed(command, fault.__cause__ or fault)
        except CompanionError as error:  # the log could not be written
            # In the journal too: a Pi without a screen has no other place to say it.
            log.error("%s", error)
            self._resync()
            return Outcome(False, str(error), match_id=self._match_id or None)
        except Exception as error:  # an engine bug must not stop the table
            return self._engine_failed(command, error)

    def _engine_failed(self, command: Command, error: BaseException) -> Outcome:
        """Report an engine bug, undo whatever it changed, and refuse the command (the
        journal is told its kind, never what it holds: a play may hold a card of a hand)."""
        log.error("The table could not apply %s\n%s", command_kind(command), trace_of(error))
        self._resync()
        failed = Note.of(ENGINE_FAILED, error=f"{type(error).__name__}: {error}")
        return Outcome(False, failed.render(str), match_id=self._match_id or None, note=failed)

    def _handle(self, command: Command) -> Outcome:
        if isinstance(command, NewMatch):
            self._check_unfinished(command.abandon)
            return self._new_match(
                command.game, command.players, command.options, None, command.seed, command.hands
            )
        if isinstance(command, Rematch):
            return self._rematch(command.abandon)
        match = self._match
        if match is None:
            raise refused(NO_MATCH)
        self._check_against(match, command)
        now = self._clock().isoformat(timespec="milliseconds")
        if isinstance(command, PlayAction):
            step = match.play(command.action, command.seat, now)
        elif isinstance(command, SupplyChance):
            step = match.supply(command.outcome, command.source, now)
        elif isinstance(command, DrawChance):
            step = match.draw(self._chance, self._spinner, now)
        elif isinstance(command, Undo):
            step = match.undo(now)
        elif isinstance(command, Redo):
            step = match.redo(now)
        else:
            raise refused(UNKNOWN_COMMAND, command=repr(command))
        return self._commit(match, step)

    def _check_unfinished(self, abandon: bool | int) -> None:
        """Refuse a new match while another is unfinished, unless the sender may abandon it.

        Raises:
            RuleError: the match on the table is unfinished and `abandon` does not name it.
        """
        match = self._match
        if match is None or match.state.is_over or abandon is True:
            return
        if abandon is not False and abandon == self._match_id:
            return
        names = ", ".join(player.name for player in match.players)
        raise refused(STILL_PLAYED, match=self._match_id, title=Note.of(match.spec.title),
                      names=names)

    def _check_against(self, match: RunningMatch, command: Command) -> None:
        """Refuse a command made against a match or a state that is gone.

        Raises:
            RuleError: another match is on the table, or the table moved on since the command
                was chosen (a play, an undo, a redo) or asked for (dice, a spin).
        """
        against = PlayAction | SupplyChance | DrawChance | Undo | Redo
        for_match = command.for_match if isinstance(command, against) else None
        if for_match is not None and for_match != self._match_id:
            raise refused(NO_LONGER_ON_TABLE, old=for_match, match=self._match_id)
        if not isinstance(command, against) or command.for_seq in (None, match.seq):
            return  # the one check that what was seen is still the table
        if isinstance(command, SupplyChance | DrawChance):
            raise refused(MOVED_ON)
        raise refused(MOVED_ON_SINCE_CHOSEN, then=command.for_seq, now=match.seq)

    def _commit(self, match: RunningMatch, step: AppliedEvent) -> Outcome:
        state = match.state
        result = None
        # The snapshot asks the engine for more (legal actions): a failure there must come
        # before anything is written, so that a refused command really left nothing behind.
        with engine_must_describe():
            if state.is_over:
                result = {"winners": list(state.winners()), "scores": list(state.scores())}
            snapshot = self._make_snapshot(
                match, step.event.seq, step.state_json, step.event.text, step.notes
            )
        self._store.record(self._match_id, step, list(state.scores()), result)
        self._events.append(step.event)
        self._publish(snapshot)
        return Outcome(True, step.event.text, step.event.seq, self._match_id)

    def _new_match(
        self,
        game: str,
        players: tuple[Player, ...],
        options: dict[str, Any],
        rematch_of: int | None,
        seed: int | None = None,
        hands: object = AT_THE_TABLE,
    ) -> Outcome:
        spec = self._games.get(game)
        if spec is None:
            known = ", ".join(sorted(self._games)) or "none yet"
            raise refused(NO_SUCH_GAME, game=repr(game), known=known)
        players = check_players(players)
        if not isinstance(plain_json(options), dict):
            raise refused(OPTIONS_AS_JSON)
        options = options_with_hands(spec, options, hands)
        match = RunningMatch.start(spec, players, options)
        now = self._clock().isoformat(timespec="milliseconds")
        unfinished = None
        if self._match is not None and not self._match.state.is_over:
            unfinished = self._match_id
        scores = list(match.state.scores())
        said = new_match_note(spec.title, [player.name for player in players])
        text = said.render(match.seat_name)
        snapshot = self._make_snapshot(match, 0, canonical_json(match.state), text, (said,))
        match_id = self._store.create_match(
            game, match.options, match.players, scores, now, rematch_of, abandon=unfinished,
            seed=seed,
        )
        self._match, self._match_id, self._events = match, match_id, []
        self._publish(dataclasses.replace(snapshot, match_id=match_id))
        return Outcome(True, text, 0, match_id)

    def _rematch(self, abandon: bool | int) -> Outcome:
        match = self._match
        if match is None:
            raise refused(NO_MATCH_TO_REPLAY)
        if not match.state.is_over and abandon is False:
            raise refused(STILL_BEING_PLAYED)
        self._check_unfinished(abandon)
        record = self._store.match(self._match_id)
        seed = record.seed if record is not None else None
        return self._new_match(match.spec.name, match.players, match.options, self._match_id,
                               seed, hands_of(match.spec, match.options))

    def _publish(self, snapshot: TableSnapshot) -> None:
        with self._subscribers_lock:
            self._snapshot = snapshot
            subscribers = list(self._subscribers)
        for subscription in subscribers:
            subscription.offer(snapshot)

    def _make_snapshot(
        self,
        match: RunningMatch,
        seq: int,
        state_json: str,
        last_event: str,
        last_notes: tuple[Note, ...] = (),
    ) -> TableSnapshot:
        state = match.state
        legal_actions = tuple(state.legal_actions())
        view = state.public_view()
        if view is None:
            public_json = None
        elif view is state:
            public_json = state_json
        else:
            public_json = canonical_text(view.to_json())
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
            rounds=tuple(scores for _seq, scores in match.rounds),
            last_event=last_event,
            last_notes=last_notes,
            can_undo=bool(match.standing),
            can_redo=bool(match.undone),
            took_back=match.took_back(),
            undoes=match.would_take_back(),
            legal_actions=legal_actions,
            public_json=public_json,
            public_actions=state.public_actions(legal_actions),
            hands=hands_of(match.spec, match.options),
        )

    # -- recovery --------------------------------------------------------------------------

    def _recover(self) -> None:
        """Rebuild the last unfinished match from the log, or leave it as abandoned.

        Raises:
            StoreError: the log cannot be read (the disk, not the data: a restart may work).
        """
        match_id = self._store.unfinished_match_id()
        if match_id is None:
            return
        try:
            self._rebuild_logged(match_id)
            return
        except DamagedRecord as damage:
            problem = damage.reason
        except RuleError as error:
            problem = str(error)
        except CompanionError:
            raise
        except Exception as error:  # an engine that cannot replay its own log
            log.error("Match %s cannot be replayed\n%s", match_id, trace_of(error))
            problem = f"the game's rules engine failed ({type(error).__name__}: {error})"
        self._store.abandon_match(match_id)
        self.notices.append(
            f"Match {match_id} cannot be rebuilt ({problem}); it stays in the history as"
            " abandoned."
        )

    def _rebuild_logged(self, match_id: int) -> None:
        record = self._store.match(match_id)
        if record is None:
            raise ReplayError("it is no longer in the log")
        spec = self._games.get(record.game)
        events = self._store.events(record.id)
        if spec is None:
            raise ReplayError(f"this companion has no game called {record.game!r}")
        match, warnings = RunningMatch.replay(spec, record.players, record.options, events)
        last = events[-1].text if events else "The match is ready to start"
        snapshot = self._make_snapshot(match, match.seq, canonical_json(match.state), last)
        self._match, self._match_id, self._events = match, record.id, events
        self._snapshot = dataclasses.replace(snapshot, match_id=record.id)
        self.notices.extend(f"Match {record.id}: {warning}" for warning in warnings)

    def _resync(self) -> None:
        """After a failure halfway through a command, rebuild the match from what was logged.

        If even that fails (an engine that cannot replay its own log), the match
        leaves the table and is marked abandoned, as the next start would do.
        """
        match = self._match
        if match is None:
            return
        try:
            self._match, _ = RunningMatch.replay(
                match.spec, match.players, match.options, self._events
            )
            return
        except Exception as error:
            log.error("Match %s cannot be rebuilt from its log\n%s", self._match_id,
                      trace_of(error))
            self._match = None
        try:
            self._store.abandon_match(self._match_id)
        except CompanionError as error:
            log.error("Match %s cannot be marked abandoned: %s", self._match_id, error)


def check_players(players: tuple[Player, ...]) -> tuple[Player, ...]:
    """Check names and colours before a match starts; returns them without outer spaces.

    Raises:
        RuleError: a name is empty, too long, not on one line, or used twice; or a
            colour is missing.
    """
    tidy = tuple(Player(player.name.strip(), player.colour.strip()) for player in players)
    names = [player.name for player in tidy]
    if any(not name for name in names):
        raise refused(NAME_NEEDED)
    for name in names:
        if not name.isprintable():
            # A name is shown on one line everywhere: the log, the history, the screens.
            raise refused(NAME_ON_ONE_LINE, name=repr(name))
        if len(name) > MAX_NAME_LENGTH:
            raise refused(NAME_TOO_LONG, name=name[:MAX_NAME_LENGTH], letters=MAX_NAME_LENGTH)
        if [other.casefold() for other in names].count(name.casefold()) > 1:
            # "Ana" and "ana" would be the same player to everyone at the table.
            raise refused(SAME_NAME, name=name)
    if any(not player.colour for player in tidy):
        raise refused(COLOUR_NEEDED)
    return tidy


__all__ = ["Table", "check_players"]
