"""The tray's watchers on the Pico: debouncing that keeps working when the ticks wrap."""

from __future__ import annotations

import pytest

from firmware import sensors

WRAP = sensors.TICKS_PERIOD
BEFORE_WRAP = WRAP - 30  # 30 ms before `ticks_ms` wraps to 0 (about 12.4 days after boot)


def ticks(ms: int) -> int:
    """`ticks_ms` `ms` milliseconds after BEFORE_WRAP, wrapped as MicroPython's."""
    return (BEFORE_WRAP + ms) % WRAP


@pytest.mark.parametrize(
    ("end", "start", "difference"),
    [(10, 5, 5), (5, 10, -5), (3, WRAP - 2, 5), (WRAP - 2, 3, -5), (0, WRAP - 1, 1)],
)
def test_tick_differences_cross_the_wrap(end: int, start: int, difference: int) -> None:
    assert sensors.ticks_diff(end, start) == difference


@pytest.mark.parametrize("start", [0, BEFORE_WRAP])
def test_button_presses_count_once_per_debounce_time_even_across_the_wrap(start: int) -> None:
    button = sensors.ButtonWatcher(debounce_ms=50)
    presses = [ms for ms in (0, 10, 40, 60, 70, 200)
               if button.on_press_edge((start + ms) % WRAP)]
    assert presses == [0, 60, 200]


@pytest.mark.parametrize("start", [0, BEFORE_WRAP])
def test_shaking_starts_repeats_and_settles_even_across_the_wrap(start: int) -> None:
    motion = sensors.MotionWatcher(quiet_ms=20)
    at = lambda ms: (start + ms) % WRAP  # noqa: E731
    assert motion.on_edge(at(0)) is True
    assert motion.on_edge(at(5)) is False  # chatter within quiet_ms: no new event
    assert motion.on_edge(at(25)) is True  # still shaking: one more `active` per quiet_ms
    assert motion.on_edge(at(30)) is False
    assert motion.poll(at(46), True) is True  # the edge at 30 not yet reported
    assert motion.poll(at(49), False) is None  # quiet for 19 ms only
    assert motion.poll(at(50), False) is False  # quiet for 20 ms: settled
    assert motion.poll(at(500), False) is None


def test_a_button_pressed_days_apart_still_counts_after_the_wrap() -> None:
    button = sensors.ButtonWatcher(debounce_ms=50)
    assert button.on_press_edge(ticks(0))
    assert button.on_press_edge(ticks(40_000))  # after the wrap, far from the last press
