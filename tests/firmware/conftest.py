"""Fixtures for the firmware and the serial link: fake MicroPython modules, a pty Pico."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.firmware import fakes

fakes.install()  # before any firmware module is imported

from companion.config import Config, SerialConfig  # noqa: E402
from device import serial_sharing  # noqa: E402
from device.backend import HomingPlan  # noqa: E402
from tests.firmware.harness import Faults, PtyBoard  # noqa: E402

STEPS_PER_TURN = 400
"""The e2e rotor: small, so spins take a fraction of a second of real time."""


class RecordingPort:
    """A port for driving the Controller directly: collects what it writes."""

    def __init__(self) -> None:
        self.incoming = bytearray()
        self.written: list[bytes] = []

    def read(self, wait_ms: int) -> bytes:
        data = bytes(self.incoming)
        self.incoming.clear()
        return data

    def write(self, data: bytes) -> None:
        self.written.append(data)


@pytest.fixture(autouse=True)
def no_links_left_open() -> Iterator[None]:
    """Every test closes the serial links it opened; leftovers are closed and reported."""
    yield
    leftovers = list(serial_sharing._links.values())
    for link, _ in leftovers:
        link.close()
    serial_sharing._links.clear()
    assert not leftovers, "a test left a serial link open"


@pytest.fixture
def fake_pins() -> Iterator[None]:
    """Fresh fake pins and state machines for one test, reset afterwards."""
    fakes.reset()
    yield
    fakes.reset()


@pytest.fixture
def manual_clock(fake_pins: None) -> fakes.ManualClock:
    """A clock that drives the fake PIO and the firmware; moves only when told."""
    clock = fakes.ManualClock()
    fakes.set_clock(clock)
    return clock


def serial_config(board: PtyBoard, **changes: object) -> Config:
    """A configuration pointing at the pty board's by-id name (as a glob), with short timeouts."""
    options: dict[str, object] = {
        "port": str(board.path.parent / "usb-MicroPython_Board_*"),
        "ack_timeout_s": 0.03,
        "retries": 7,
        "handshake_timeout_s": 1.5,
        "reconnect_max_s": 0.2,
    }
    options.update(changes)
    return Config(backend="serial", serial=SerialConfig(**options))  # type: ignore[arg-type]


def homing_plan() -> HomingPlan:
    """Homing for the e2e rotor: quick, but through every phase."""
    return HomingPlan(fast_interval_s=1 / 4000, slow_interval_s=1 / 1000, backoff_steps=20,
                      timeout_s=5.0, max_steps=STEPS_PER_TURN * 3 // 2 + 20)


@pytest.fixture
def pty_board(tmp_path: Path) -> Iterator[PtyBoard]:
    """A fake Pico on a pty, clean link."""
    board = PtyBoard(tmp_path, steps_per_turn=STEPS_PER_TURN, flag_steps=5, rotor=123)
    yield board
    board.close()


@pytest.fixture
def faulty_board(tmp_path: Path) -> Iterator[PtyBoard]:
    """A fake Pico whose link corrupts 10% of frames, drops 5% and delays 5%."""
    faults = Faults(corrupt=0.10, drop=0.05, delay=0.05, delay_s=0.02, seed=11)
    board = PtyBoard(tmp_path, faults, steps_per_turn=STEPS_PER_TURN, flag_steps=5, rotor=123)
    yield board
    board.close()
