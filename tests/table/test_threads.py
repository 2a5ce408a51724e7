"""One queue, one worker: many threads may post at once and nothing gets mixed up."""

from __future__ import annotations

import gc
import random
import threading
import weakref
from concurrent.futures import Future

import pytest

from companion.event_log.store import Store
from companion.games.base import ChanceRequest
from companion.table import (
    DrawChance,
    NewMatch,
    Outcome,
    PlayAction,
    Subscription,
    Table,
    TableSnapshot,
    Undo,
    default_players,
)
from companion.table.state_text import sha
from tests.table.conftest import GAMES, open_table, rebuild_from_scratch, state_text
from tests.table.tally import TALLY

THREADS = 8
COMMANDS_PER_THREAD = 60


def post_randomly(table: Table, seed: int, tickets: list[Future[Outcome]]) -> None:
    rng = random.Random(seed)
    commands = [DrawChance(), PlayAction({"action": "add"}), PlayAction({"action": "spin"}), Undo()]
    for _ in range(COMMANDS_PER_THREAD):
        tickets.append(table.post(rng.choices(commands, weights=[4, 4, 1, 1])[0]))


def test_commands_from_many_threads_are_applied_in_one_order_that_the_log_and_subscribers_share(
    store: Store,
) -> None:
    with open_table(store) as table:
        table.post(NewMatch("tally", default_players(4), {"target": 100_000})).result(timeout=10)
        seen: list[TableSnapshot] = []
        subscription = table.subscribe(maxsize=THREADS * COMMANDS_PER_THREAD + 1)
        listener = threading.Thread(target=lambda: seen.extend(subscription))
        listener.start()
        per_thread: list[list[Future[Outcome]]] = [[] for _ in range(THREADS)]
        posters = [
            threading.Thread(target=post_randomly, args=(table, seed, per_thread[seed]))
            for seed in range(THREADS)
        ]
        for poster in posters:
            poster.start()
        for poster in posters:
            poster.join()
        outcomes = [ticket.result(timeout=30) for tickets in per_thread for ticket in tickets]
    listener.join(timeout=30)
    applied = {outcome.seq: outcome.text for outcome in outcomes if outcome.applied}
    assert len(outcomes) == THREADS * COMMANDS_PER_THREAD
    assert sorted(applied) == list(range(1, len(applied) + 1))
    assert len(applied) > COMMANDS_PER_THREAD  # plenty applied, and the rest refused
    events = store.events(1)
    assert [(event.seq, event.text) for event in events] == sorted(applied.items())
    assert [snapshot.seq for snapshot in seen] == list(range(len(applied) + 1))
    assert [snapshot.last_event for snapshot in seen[1:]] == [event.text for event in events]
    assert [sha(snapshot.state_json) for snapshot in seen[1:]] == [e.state_sha for e in events]
    assert state_text(seen[-1].state_json) == rebuild_from_scratch(
        TALLY, 4, {"target": 100_000}, events
    )
    assert subscription.skipped == 0


def test_each_sender_hears_only_after_the_subscribers_have_the_new_state(table: Table) -> None:
    with table.subscribe() as subscription:
        assert subscription.get(timeout=5) is not None  # the current state on subscribing
        for command in (DrawChance(), DrawChance(), PlayAction({"action": "add"}), Undo()):
            outcome = table.post(command).result(timeout=10)
            received = subscription.get(timeout=0)
            assert received is not None and received.seq == outcome.seq


def test_a_subscriber_that_never_reads_does_not_hold_up_the_table(store: Store) -> None:
    table = open_table(store)
    table.post(NewMatch("tally", default_players(2), {"target": 1000})).result(timeout=10)
    idle = table.subscribe(maxsize=2)
    assert table.post(DrawChance()).result(timeout=10).applied  # the shuffle
    for _ in range(25):
        assert table.post(DrawChance()).result(timeout=10).applied
        assert table.post(PlayAction({"action": "add"})).result(timeout=10).applied
    assert idle.skipped == 52 - 2  # the first snapshot and 51 commands, two kept
    newest = idle.latest()
    assert newest is not None and newest.seq == 51
    assert idle.latest() is None
    table.close()


def test_closing_a_subscription_wakes_a_waiting_reader(table: Table) -> None:
    subscription = table.subscribe()
    assert subscription.get(timeout=5) is not None
    results: list[TableSnapshot | None] = []
    reader = threading.Thread(target=lambda: results.append(subscription.get()))
    reader.start()
    subscription.close()
    reader.join(timeout=10)
    assert results == [None] and subscription.closed


def test_closing_the_table_applies_what_was_queued_and_ends_the_subscriptions(
    store: Store,
) -> None:
    table = open_table(store)
    table.post(NewMatch("tally", default_players(2), {}))
    subscription = table.subscribe(maxsize=100)
    tickets = [table.post(DrawChance()) for _ in range(3)]
    table.close()
    assert all(ticket.done() for ticket in tickets)
    assert [outcome.result().seq for outcome in tickets] == [1, 2, None]
    assert [snapshot.seq for snapshot in subscription] == [0, 1, 2]


def test_a_subscription_taken_after_the_table_closed_holds_the_last_state_and_ends(
    table: Table,
) -> None:
    outcome = table.post(DrawChance()).result(timeout=10)
    table.close()
    subscription = table.subscribe()
    assert subscription.closed
    assert [snapshot.seq for snapshot in subscription] == [outcome.seq]


class GatedChance:
    """A chance source that holds the worker inside a draw until the test opens the gate."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.gate = threading.Event()

    def outcome(self, request: ChanceRequest) -> list[int]:
        self.entered.set()
        assert self.gate.wait(timeout=30)
        return list(range(request.size))


def test_every_close_returns_only_once_the_worker_has_finished(store: Store) -> None:
    chance = GatedChance()
    table = Table(store, games=GAMES, chance=chance)
    table.post(NewMatch("tally", default_players(2), {})).result(timeout=10)
    ticket = table.post(DrawChance())  # the shuffle: the worker waits at the gate
    assert chance.entered.wait(timeout=10)
    done_when_closed: list[bool] = []

    def close() -> None:
        table.close()
        done_when_closed.append(ticket.done())

    closers = [threading.Thread(target=close) for _ in range(2)]
    for closer in closers:
        closer.start()
    closers[1].join(timeout=0.2)  # long enough for a close that does not wait to return
    chance.gate.set()
    for closer in closers:
        closer.join(timeout=10)
    assert done_when_closed == [True, True]
    assert ticket.result().applied


def test_a_mailbox_holds_at_least_one_snapshot_and_one_is_enough_to_follow_the_table(
    table: Table,
) -> None:
    with pytest.raises(ValueError, match=r"A mailbox holds at least one snapshot, not 0\."):
        table.subscribe(maxsize=0)
    with table.subscribe(maxsize=1) as newest_only:
        outcome = table.post(DrawChance()).result(timeout=10)
        received = newest_only.get(timeout=0)
        assert received is not None and received.seq == outcome.seq
        assert newest_only.skipped == 1


def test_a_subscriber_that_falls_behind_keeps_the_last_64_snapshots(table: Table) -> None:
    apply_all = [DrawChance(), DrawChance()] + [PlayAction({"action": "cheer", "cheered": 1})] * 70
    with table.subscribe() as subscription:
        for command in apply_all:
            assert table.post(command).result(timeout=10).applied
        kept = []
        while (snapshot := subscription.get(timeout=0)) is not None:
            kept.append(snapshot.seq)
    assert kept == list(range(73 - 64, 73))
    assert subscription.skipped == 73 - 64


def test_the_wake_up_comes_after_each_new_snapshot_is_in_the_mailbox(table: Table) -> None:
    waiting_at_wake_up: list[int] = []
    subscription: list[Subscription] = []

    def wake_up() -> None:
        if subscription:
            snapshot = subscription[0].latest()
            waiting_at_wake_up.append(-1 if snapshot is None else snapshot.seq)

    with table.subscribe(on_offer=wake_up) as woken:
        subscription.append(woken)
        for _ in range(2):
            table.post(DrawChance()).result(timeout=10)
    assert waiting_at_wake_up == [1, 2]


def test_waiting_for_a_snapshot_gives_up_after_its_timeout(table: Table) -> None:
    with table.subscribe() as subscription:
        assert subscription.get(timeout=5) is not None
        answers: list[TableSnapshot | None] = []
        reader = threading.Thread(target=lambda: answers.append(subscription.get(timeout=0)))
        reader.start()
        reader.join(timeout=30)
        assert answers == [None]


def test_skipping_to_the_newest_snapshot_counts_every_one_skipped(table: Table) -> None:
    with table.subscribe(maxsize=10) as subscription:
        for _shuffle_then_roll in range(2):
            table.post(DrawChance()).result(timeout=10)
        newest = subscription.latest()
        assert newest is not None and newest.seq == 2
        assert subscription.skipped == 2  # the fresh match and the shuffle
        table.post(PlayAction({"action": "add"})).result(timeout=10)
        table.post(DrawChance()).result(timeout=10)
        assert subscription.latest() is not None
        assert subscription.skipped == 3


def test_a_closed_subscription_is_let_go_so_phones_that_leave_use_no_memory(
    table: Table,
) -> None:
    subscription = table.subscribe()
    gone = weakref.ref(subscription)
    subscription.close()
    del subscription
    gc.collect()
    assert gone() is None
