"""The serial spinner's motor and sensor outside a move, against a scripted table controller:
energising and releasing the motor, reading the home sensor, a stop from another thread, and
what closing the spinner leaves the controller and the link in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.config import Config
from device.backend import LinkState
from device.serial_backend import SerialSpinner
from firmware import protocol
from tests.device.scripted_board import ScriptedBoard, link_to
from tests.device.thread_clock import ThreadClock


@pytest.fixture
def spinner(controller: ScriptedBoard, clock: ThreadClock) -> Iterator[SerialSpinner]:
    link = link_to(controller, clock)
    with SerialSpinner(link, Config()) as spinner:
        link.start()
        assert link.wait_online(5)
        yield spinner


def test_the_motor_is_energised_and_released_as_asked(
    spinner: SerialSpinner, controller: ScriptedBoard,
) -> None:
    spinner.enable(True)
    spinner.enable(False)
    assert controller.commands(protocol.ENABLE) == [{"on": True}, {"on": False}]


@pytest.mark.parametrize("seen", [True, False])
def test_the_home_sensor_is_read_from_the_controllers_status_now(
    spinner: SerialSpinner, controller: ScriptedBoard, seen: bool,
) -> None:
    controller.status = {"home": seen}
    assert spinner.home_sensor_active() is seen


def test_a_stop_asks_the_controller_to_stop_the_move(
    spinner: SerialSpinner, controller: ScriptedBoard,
) -> None:
    spinner.stop()
    assert controller.commands(protocol.STOP) == [{}]


def test_a_stop_once_the_link_is_gone_is_no_error(
    spinner: SerialSpinner, controller: ScriptedBoard,
) -> None:
    spinner.link.close()  # the companion is closing: the board stops by itself on silence
    spinner.stop()
    assert controller.commands(protocol.STOP) == []


def test_closing_the_spinner_releases_the_motor_once_and_closes_the_link(
    spinner: SerialSpinner, controller: ScriptedBoard,
) -> None:
    spinner.close()
    spinner.close()  # idempotent: nothing more is sent
    assert controller.commands(protocol.ENABLE) == [{"on": False}]
    assert spinner.link.state == LinkState.CLOSED


def test_closing_the_spinner_with_the_controller_unplugged_still_closes_the_link(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    clock.looked_at("serial-link", where="_pause")
    spinner.link._drop_port("unplugged for the test")
    spinner.close()
    assert controller.commands(protocol.ENABLE) == []
    assert spinner.link.state == LinkState.CLOSED
