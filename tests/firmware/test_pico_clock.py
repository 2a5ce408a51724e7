"""The pty board's clock: the fake Pico's time passes with its loop, not with the machine."""

from __future__ import annotations

import pytest

from firmware import main as firmware_main
from firmware import sensors
from tests.firmware.harness import MAX_PASS_S, PicoClock


class Wall:
    """A wall clock the test moves."""

    def __init__(self) -> None:
        self.seconds = 1000.0

    def __call__(self) -> float:
        return self.seconds


def test_a_pass_of_the_loop_adds_the_wall_time_it_took() -> None:
    wall = Wall()
    clock = PicoClock(wall)
    wall.seconds += 0.0015
    clock.tick()
    assert clock() == pytest.approx(0.0015)
    assert clock.ms() == 1


def test_a_stall_of_the_test_process_adds_one_pass_at_most() -> None:
    wall = Wall()
    clock = PicoClock(wall)
    wall.seconds += 3.0  # another program had the CPU for three seconds
    clock.tick()
    assert clock() == pytest.approx(MAX_PASS_S)
    assert MAX_PASS_S * 1000 < firmware_main.LINK_SILENCE_MS / 10  # far from link silence


def test_time_passes_only_with_passes_or_when_a_test_lets_it() -> None:
    wall = Wall()
    clock = PicoClock(wall)
    wall.seconds += 0.5
    assert clock() == 0.0
    clock.advance(0.06)
    assert clock.ms() == 60


def test_the_firmwares_ticks_wrap_as_micropythons() -> None:
    clock = PicoClock(Wall())
    clock.advance(sensors.TICKS_PERIOD / 1000 + 0.005)
    assert clock.ms() == 5
