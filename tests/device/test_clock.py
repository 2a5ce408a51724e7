"""The clocks everything that waits is given: virtual time for tests, real time at the table."""

from __future__ import annotations

import threading
import time

import pytest

from device.clock import RealClock, VirtualClock


def test_virtual_time_moves_only_when_someone_sleeps_or_advances_it() -> None:
    clock = VirtualClock(start=2.5)
    assert clock.now() == 2.5 and clock.now_ns() == 2_500_000_000
    clock.sleep(0.25)
    clock.advance(0.000_000_001)
    assert clock.now_ns() == 2_750_000_001


def test_virtual_time_never_goes_backwards() -> None:
    clock = VirtualClock(start=10.0)
    clock.sleep(-1.0)
    clock.advance(-3.0)
    clock.set(4.0)
    assert clock.now() == 10.0
    clock.set(12.5)
    assert clock.now() == 12.5


def test_virtual_time_adds_up_every_sleep_from_many_threads() -> None:
    clock = VirtualClock()

    def sleep_often() -> None:
        for _ in range(1000):
            clock.sleep(0.001)

    sleepers = [threading.Thread(target=sleep_often) for _ in range(4)]
    for sleeper in sleepers:
        sleeper.start()
    for sleeper in sleepers:
        sleeper.join(timeout=30)
    assert clock.now_ns() == 4_000_000_000


def test_the_real_clock_waits_what_it_is_asked_and_never_for_zero_or_less(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    waited: list[float] = []
    monkeypatch.setattr(time, "sleep", waited.append)
    clock = RealClock()
    for seconds in (0.5, 0.0, -2.0, 0.001):
        clock.sleep(seconds)
    assert waited == [0.5, 0.001]


def test_the_real_clock_reads_monotonic_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(time, "monotonic", lambda: 123.25)
    assert RealClock().now() == 123.25
