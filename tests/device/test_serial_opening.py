"""Opening the serial devices by the configuration: each waits for its table controller on
the clock it was opened with (the fake board's time in a test), not on the real one."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

import pytest

from companion.config import Config
from companion.config_schema import SerialConfig
from device.errors import LinkError
from device.serial_backend import open_serial_dice_reader, open_serial_spinner, open_serial_tray
from tests.device.thread_clock import ThreadClock

ASK: dict[str, Callable[[Any], object]] = {
    "spinner": lambda spinner: spinner.home_sensor_active(),
    "tray": lambda tray: tray.confirm(),
    "dice reader": lambda reader: reader.confirm(),
}
OPEN = {"spinner": open_serial_spinner, "tray": open_serial_tray,
        "dice reader": open_serial_dice_reader}


@pytest.mark.parametrize("device", sorted(OPEN))
def test_a_serial_device_opened_with_a_clock_waits_for_its_controller_on_that_clock(
    clock: ThreadClock, device: str,
) -> None:
    # A loopback port: nothing on it ever answers the handshake.
    config = Config(serial=SerialConfig(port="loop://", handshake_timeout_s=2.0))
    with OPEN[device](config, clock) as opened:  # type: ignore[operator]
        answers: queue.Queue[object] = queue.Queue()

        def ask() -> None:
            try:
                answers.put(ASK[device](opened))
            except LinkError as error:
                answers.put(error)

        thread = threading.Thread(target=ask, name="asking", daemon=True)
        thread.start()
        clock.looked_at("asking", where="wait_online")  # waiting, on the clock it was given
        clock.advance(1.999)
        clock.looked_at("asking", where="wait_online")
        assert answers.empty()
        clock.advance(0.001)
        failure = answers.get(timeout=5)
        thread.join(timeout=5)
    assert isinstance(failure, LinkError)
    assert str(failure).startswith("The table controller is not connected: ")
