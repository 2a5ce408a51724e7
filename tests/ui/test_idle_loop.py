"""A screen that sleeps: with nothing to show, the loop asks for no timed wake, and only
the things that change the screen wake it (another thread's news, a signal, a touch)."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.event_log.store import Store
from companion.table import FairChance, Table
from tests.ui.test_spin_view import FakeClock
from ui.app import App, ScreenSetup
from ui.doorbell import Doorbell
from ui.main import SCENES


@pytest.fixture
def idle(tmp_path: Path) -> Iterator[tuple[App, FakeClock]]:
    clock = FakeClock()
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(3)) as table,
        App(table, SCENES, ScreenSetup(headless=True), clock=clock.now,
            sleep=clock.sleep) as app,
    ):
        app.step(None)
        yield app, clock


def test_the_home_screen_asks_for_no_timed_wake_while_nothing_changes(
        idle: tuple[App, FakeClock]) -> None:
    app, _ = idle
    assert app.scene.name == "home"
    assert app._wait_seconds() is None


def test_a_sentence_on_screen_wakes_the_loop_when_it_is_due_to_go(
        idle: tuple[App, FakeClock]) -> None:
    app, clock = idle
    app.say("Roll first.")
    assert app.message is not None
    assert app._wait_seconds() == pytest.approx(app.message.until - clock.time)


def test_the_join_screen_wakes_to_look_at_the_address_again(
        idle: tuple[App, FakeClock]) -> None:
    app, _ = idle
    app.go("join")
    wait = app._wait_seconds()
    assert wait is not None and 0 < wait <= 3.0


@pytest.mark.timeout(20)
def test_news_from_another_thread_ends_the_loops_sleep(idle: tuple[App, FakeClock]) -> None:
    app, _ = idle
    threading.Thread(target=app._wake).start()
    assert app.doorbell.wait(None)


@pytest.mark.timeout(20)
def test_a_stop_from_a_signal_handler_ends_the_loop(idle: tuple[App, FakeClock]) -> None:
    app, _ = idle
    previous = signal.signal(signal.SIGUSR1, lambda signum, frame: app.stop())
    try:
        threading.Timer(0.0, os.kill, (os.getpid(), signal.SIGUSR1)).start()
        app.run()  # returns only once the handler's stop woke the sleeping loop
    finally:
        signal.signal(signal.SIGUSR1, previous)


@pytest.mark.timeout(20)
def test_a_touch_on_a_panel_input_device_wakes_the_loop() -> None:
    touch_read, touch_write = os.pipe()  # stands in for /dev/input/event0
    with Doorbell("kmsdrm", input_fds=[touch_read]) as bell:
        assert bell.hears_input
        os.write(touch_write, b"\1" * 24)
        assert bell.wait(None)
        assert not bell.wait(0)  # what woke it was read: the next sleep is a sleep
    os.close(touch_write)


def test_ringing_a_closed_bell_is_harmless() -> None:
    bell = Doorbell("offscreen")
    bell.close()
    bell.ring()
    bell.close()
    assert not bell.wait(0)


def test_a_desktop_window_whose_input_cannot_be_heard_still_looks_for_it() -> None:
    with Doorbell("x11", input_fds=[]) as bell:
        assert not bell.hears_input
        assert not bell.wait(None)  # returns after the short look, not never
