"""Fixtures for the device tests: mock pins, a virtual clock, isolated state.

The mock pin factory follows gpiozero's own test suite: a fresh `MockFactory`
per test, `reset()` after it. The `virtual_clock` fixture also becomes the
clock gpiozero's mock pins stamp their state changes with, so the recorded
pulse times can be compared exactly with a planned schedule.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.config import Config, load_config
from device.clock import VirtualClock
from tests.device.scripted_board import ScriptedBoard
from tests.device.thread_clock import ThreadClock


@pytest.fixture(autouse=True)
def isolated_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test reads /etc, $COMPANION_CONFIG or a real seats file."""
    state = tmp_path / "state"
    monkeypatch.setenv("STATE_DIRECTORY", str(state))
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setattr("companion.config.SYSTEM_CONFIG_PATH", tmp_path / "no-etc-config.toml")
    return state


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    """A fresh gpiozero MockFactory as the default pin factory for one test."""
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    yield Device.pin_factory
    if Device.pin_factory is not None:
        Device.pin_factory.reset()
    Device.pin_factory = saved


@pytest.fixture
def virtual_clock(monkeypatch: pytest.MonkeyPatch) -> VirtualClock:
    """A virtual clock, also used by gpiozero's mock pins for their timestamps."""
    clock = VirtualClock(start=100.0)
    monkeypatch.setattr("gpiozero.pins.mock.monotonic", clock.now)
    return clock


@pytest.fixture
def write_config(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Write a TOML config file and return its path."""

    def write(text: str, name: str = "config.toml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture
def sim_config(write_config) -> Config:  # type: ignore[no-untyped-def]
    """The defaults on the sim backend."""
    return load_config(write_config('backend = "sim"\n'))


@pytest.fixture
def controller() -> ScriptedBoard:
    """A scripted serial controller (the Pico's firmware as a script, with fault switches)."""
    return ScriptedBoard()


@pytest.fixture
def clock() -> ThreadClock:
    """A virtual clock that knows which thread waits on it (the serial link's tests)."""
    return ThreadClock()
