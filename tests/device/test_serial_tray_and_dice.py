"""The dice tray's inputs and the dice reader on the table controller's link, against a
scripted controller on the link's own clock: how each sets the controller up, what reaches
the tray's callbacks, and which reading of the dice a throw takes."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from companion.config import Config
from companion.config_schema import SerialConfig, TrayConfig
from device.backend import LinkState, TrayThrow
from device.errors import DeviceError
from device.serial_backend import (
    FRESH_DICE_S,
    SerialDiceReader,
    SerialTray,
    open_serial_dice_reader,
    open_serial_spinner,
    open_serial_tray,
)
from device.serial_link import LinkSettings, SerialLink
from device.serial_sharing import acquire_link, link_settings, release_link
from firmware import protocol
from tests.device.scripted_board import HELLO_REPLY, ScriptedBoard, link_to
from tests.device.thread_clock import ThreadClock


@pytest.fixture
def link(controller: ScriptedBoard, clock: ThreadClock) -> Iterator[SerialLink]:
    link = link_to(controller, clock)
    yield link
    link.close()


def online(link: SerialLink) -> None:
    link.start()
    assert link.wait_online(5)


def reconnect(link: SerialLink, controller: ScriptedBoard, clock: ThreadClock) -> None:
    clock.looked_at("serial-link", where="_pause")
    link._drop_port("unplugged for the test")
    controller.hello_reply = dict(HELLO_REPLY)
    clock.advance(3600.0)  # the heartbeat's pause ends: the link sees the port gone
    assert link.wait_online(5)


def test_the_tray_sets_up_its_sensor_as_configured_after_every_handshake(
    link: SerialLink, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    config = Config(tray=TrayConfig(sensor_active_high=False, sensor_pull_up=True))
    with SerialTray(link, config):
        online(link)
        reconnect(link, controller, clock)
    assert controller.commands(protocol.SETUP) == [
        {"motion_active_high": False, "motion_pull_up": True}] * 2


def test_the_trays_motion_and_button_reach_their_callbacks_on_the_trays_own_thread(
    link: SerialLink, controller: ScriptedBoard,
) -> None:
    heard: queue.Queue[tuple[str, Any, str]] = queue.Queue()
    with SerialTray(link, Config()) as tray:
        online(link)
        tray.start(lambda active: heard.put(("motion", active, threading.current_thread().name)),
                   lambda: heard.put(("button", None, threading.current_thread().name)))
        controller.push({"ev": "motion", "active": True})
        controller.push({"ev": "motion"})  # a change without the flag: the sensor went quiet
        controller.push({"ev": "dice", "values": [3, 4]})  # not the tray's
        controller.push({"ev": "button"})
        got = [heard.get(timeout=5) for _ in range(3)]
    assert got == [("motion", True, "serial-tray"), ("motion", False, "serial-tray"),
                   ("button", None, "serial-tray")]
    assert heard.empty()


def test_a_callback_that_fails_does_not_stop_the_tray_and_is_logged_with_its_error(
    link: SerialLink, controller: ScriptedBoard, caplog: pytest.LogCaptureFixture,
) -> None:
    presses: queue.Queue[str] = queue.Queue()

    def clumsy(active: bool) -> None:
        raise RuntimeError("a bug in the callback")

    with caplog.at_level(logging.ERROR, logger="device.serial_backend"), \
            SerialTray(link, Config()) as tray:
        online(link)
        tray.start(clumsy, lambda: presses.put("press"))
        controller.push({"ev": "motion", "active": True})
        controller.push({"ev": "button"})
        assert presses.get(timeout=5) == "press"
    [failed] = [record for record in caplog.records if record.name == "device.serial_backend"]
    assert failed.getMessage() == "serial tray: a callback failed"
    assert failed.exc_info is not None and str(failed.exc_info[1]) == "a bug in the callback"


def test_a_closed_tray_stops_its_thread_and_gives_back_the_link(link: SerialLink) -> None:
    tray = SerialTray(link, Config())
    online(link)
    tray.start(lambda active: None, lambda: None)
    worker = tray._worker
    assert worker is not None and worker.is_alive()
    tray.close()
    tray.close()  # idempotent
    assert not worker.is_alive()
    assert link.state == LinkState.CLOSED


def test_the_dice_reader_is_switched_on_after_every_handshake(
    link: SerialLink, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    with SerialDiceReader(link):
        online(link)
        reconnect(link, controller, clock)
    assert controller.commands(protocol.SETUP) == [{"dice_reader": True}] * 2
    assert link.state == LinkState.CLOSED


def reading_heard(controller: ScriptedBoard, clock: ThreadClock, values: list[int]) -> None:
    """The controller forwards a reading, and the dice reader has stamped it."""
    controller.push({"ev": "dice", "values": values})
    clock.looked_at("serial-reader", times=1, where="_on_event")


def test_a_throw_takes_the_latest_reading_at_most_two_seconds_old_once(
    link: SerialLink, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    with SerialDiceReader(link) as reader:
        online(link)
        reading_heard(controller, clock, [1, 1])
        reading_heard(controller, clock, [2, 5])
        clock.advance(FRESH_DICE_S)  # exactly as old as a reading of this throw may be
        assert reader.read_dice(2, 6, 5.0) == TrayThrow((2, 5), cocked=False, source="serial")
        # Taken once: the next throw waits for a reading of its own.
        answers: queue.Queue[Any] = queue.Queue()
        thread = threading.Thread(target=lambda: answers.put(reader.read_dice(2, 6, 5.0)),
                                  name="reading", daemon=True)
        thread.start()
        clock.looked_at("reading", where="read_dice")
        assert answers.empty()
        controller.push({"ev": "dice", "values": [6, 4]})
        assert answers.get(timeout=5).values == (6, 4)
        thread.join(timeout=5)


def test_a_reading_older_than_two_seconds_is_not_taken_for_this_throw(
    link: SerialLink, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    with SerialDiceReader(link) as reader:
        online(link)
        reading_heard(controller, clock, [1, 1])
        clock.advance(FRESH_DICE_S + 0.001)
        with pytest.raises(DeviceError):
            reader.read_dice(2, 6, 0.0)


def test_no_reading_within_the_time_given_fails_then_saying_what_to_do(
    link: SerialLink, clock: ThreadClock,
) -> None:
    with SerialDiceReader(link) as reader:
        online(link)
        answers: queue.Queue[Any] = queue.Queue()

        def read() -> None:
            try:
                answers.put(reader.read_dice(2, 6, 1.5))
            except DeviceError as error:
                answers.put(error)

        thread = threading.Thread(target=read, name="reading", daemon=True)
        thread.start()
        clock.looked_at("reading", where="read_dice")
        clock.advance(1.499)
        clock.looked_at("reading", where="read_dice")
        assert answers.empty()
        clock.advance(0.001)
        failure = answers.get(timeout=5)
        thread.join(timeout=5)
    assert isinstance(failure, DeviceError)
    assert str(failure) == (
        "The dice reader sent no reading within 1.5 s; check it is connected to the table "
        "controller, or enter the dice on the screen.")


def test_the_links_timing_is_taken_from_the_serial_section() -> None:
    serial = SerialConfig(port="/dev/ttyACM7", baud=57600, timeout_s=0.5, ack_timeout_s=0.3,
                          retries=7, handshake_timeout_s=4.0, reconnect_max_s=20.0)
    settings = link_settings(Config(serial=serial))
    assert settings == LinkSettings(port="/dev/ttyACM7", baud=57600, read_timeout_s=0.5,
                                    ack_timeout_s=0.3, retries=7, handshake_timeout_s=4.0,
                                    reconnect_max_s=20.0)


def test_the_devices_on_one_port_share_one_link_closed_by_the_last_to_give_it_back(
    controller: ScriptedBoard, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(SerialLink, "start", lambda link: link)  # never opens a port
    config = Config(serial=SerialConfig(port="loop://shared"))
    other = Config(serial=SerialConfig(port="loop://other"))
    first, second, elsewhere = (acquire_link(config), acquire_link(config),
                                acquire_link(other))
    assert first is second and elsewhere is not first
    release_link(first)
    assert first.state != LinkState.CLOSED
    release_link(second)
    assert first.state == LinkState.CLOSED
    fresh = acquire_link(config)
    assert fresh is not first  # a new user starts a new link
    release_link(fresh)
    release_link(elsewhere)


@pytest.mark.parametrize(("values", "told"), [
    ([3, 7], "The dice reader read 3 7 for 2 dice of 6 sides: taken as a cocked roll."),
    ([], "The dice reader read nothing for 2 dice of 6 sides: taken as a cocked roll."),
])
def test_a_reading_that_is_not_a_roll_of_the_dice_asked_is_logged_with_what_was_read(
    link: SerialLink, controller: ScriptedBoard, clock: ThreadClock,
    caplog: pytest.LogCaptureFixture, values: list[int], told: str,
) -> None:
    with SerialDiceReader(link) as reader:
        online(link)
        reading_heard(controller, clock, values)
        with caplog.at_level(logging.WARNING, logger="device.serial_backend"):
            throw = reader.read_dice(2, 6, 5.0)
    assert throw == TrayThrow(tuple(values), cocked=True, source="serial")
    assert [(record.levelno, record.getMessage()) for record in caplog.records] == [
        (logging.WARNING, told)]


def test_the_trays_thread_never_keeps_the_program_from_exiting(link: SerialLink) -> None:
    with SerialTray(link, Config()) as tray:
        tray.start(lambda active: None, lambda: None)
        threads = {thread.name: thread for thread in threading.enumerate()}
        assert threads["serial-tray"].daemon


def test_the_tray_and_the_dice_reader_tell_their_listeners_when_the_link_drops_and_is_back(
    link: SerialLink, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    heard: list[tuple[str, LinkState]] = []
    with SerialTray(link, Config()) as tray, SerialDiceReader(link) as reader:
        tray.on_link_change(lambda state, problem: heard.append(("tray", state)))
        reader.on_link_change(lambda state, problem: heard.append(("reader", state)))
        online(link)
        reconnect(link, controller, clock)
    assert heard[:6] == [("tray", LinkState.ONLINE), ("reader", LinkState.ONLINE),
                         ("tray", LinkState.OFFLINE), ("reader", LinkState.OFFLINE),
                         ("tray", LinkState.ONLINE), ("reader", LinkState.ONLINE)]


def test_each_device_closed_twice_gives_back_its_share_of_the_link_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(SerialLink, "start", lambda link: link)  # never opens a port
    config = Config(serial=SerialConfig(port="loop://closed-twice"))
    spinner, tray, reader = (open_serial_spinner(config), open_serial_tray(config),
                             open_serial_dice_reader(config))
    link = spinner.link
    assert tray.link is link and reader.link is link
    holder = acquire_link(config)  # one more user, say the screen's link status
    for closed in (spinner, tray, reader):
        closed.close()
        closed.close()  # idempotent: the holder still has the link
        assert link.state != LinkState.CLOSED
    release_link(holder)
    assert link.state == LinkState.CLOSED
    fresh = acquire_link(config)
    assert fresh is not link  # given back: the next user starts a new one
    release_link(fresh)


def test_tray_events_still_queued_when_it_closes_reach_no_callback_and_log_no_failure(
    link: SerialLink, controller: ScriptedBoard, caplog: pytest.LogCaptureFixture,
) -> None:
    tray = SerialTray(link, Config())
    online(link)
    controller.push({"ev": "button"})
    controller.push({"ev": "motion", "active": True})
    link.poll()  # answered after both events: they wait in the tray's inbox
    tray.close()  # its callbacks are gone; the thread would still take what was queued
    with caplog.at_level(logging.DEBUG, logger="device.serial_backend"):
        tray._deliver()  # what the tray's thread does with them, here in the test's thread
    assert [record for record in caplog.records if record.name == "device.serial_backend"] == []


def test_closing_the_tray_waits_for_a_callback_under_way_to_return(
    link: SerialLink, controller: ScriptedBoard,
) -> None:
    entered, go, returned = threading.Event(), threading.Event(), threading.Event()

    def slow_press() -> None:  # a press whose dice are still being read
        entered.set()
        assert go.wait(timeout=5)
        returned.set()

    tray = SerialTray(link, Config())
    online(link)
    tray.start(lambda active: None, slow_press)
    controller.push({"ev": "button"})
    assert entered.wait(timeout=5)
    closed_after: list[bool] = []

    def close() -> None:
        tray.close()
        closed_after.append(returned.is_set())

    closing = threading.Thread(target=close, name="closing", daemon=True)
    closing.start()
    closing.join(timeout=0.2)  # close() is waiting for the press (it would be done otherwise)
    go.set()
    closing.join(timeout=5)
    assert closed_after == [True]
