"""The mailbox that hands work to the screen's loop from other threads."""

from __future__ import annotations

import threading

import pytest

from ui.mailbox import Mailbox


def test_the_loop_takes_everything_waiting_in_the_order_it_was_put() -> None:
    mailbox: Mailbox[int] = Mailbox(8)
    for item in (1, 2, 3):
        mailbox.put(item)
    assert mailbox.take_all() == [1, 2, 3]
    assert mailbox.take_all() == []
    assert len(mailbox) == 0


def test_each_put_wakes_the_loop() -> None:
    wakes: list[int] = []
    mailbox: Mailbox[str] = Mailbox(8, on_put=lambda: wakes.append(1))
    mailbox.put("answer")
    mailbox.put("motion")
    assert len(wakes) == 2


def test_a_full_mailbox_drops_the_oldest_and_counts_it_never_waiting() -> None:
    mailbox: Mailbox[int] = Mailbox(2)
    for item in range(5):
        mailbox.put(item)
    assert mailbox.take_all() == [3, 4]
    assert mailbox.skipped == 3


def test_items_put_from_other_threads_all_arrive() -> None:
    mailbox: Mailbox[int] = Mailbox(1000)
    threads = [threading.Thread(target=lambda base=base: [mailbox.put(base + n)
                                                          for n in range(100)])
               for base in (0, 100, 200)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(mailbox.take_all()) == list(range(300))


def test_a_mailbox_holds_at_least_one_item() -> None:
    with pytest.raises(ValueError, match="at least one item, not 0"):
        Mailbox(0)
