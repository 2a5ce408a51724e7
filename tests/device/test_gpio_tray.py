"""The dice tray on gpiozero's MockFactory: sensor wirings, debouncing, the button."""

from __future__ import annotations

import random

import pytest
from gpiozero import Button, DigitalInputDevice
from gpiozero.pins.mock import MockFactory

from companion.config import Config, load_config
from device.backends import open_tray
from device.clock import VirtualClock
from device.gpio import GpioTray
from device.tray import BUTTON, SETTLED, THROW


@pytest.fixture
def gpio_config(write_config) -> Config:  # type: ignore[no-untyped-def]
    return load_config(write_config('backend = "gpio"\n'))


def test_a_scripted_bouncing_sensor_gives_one_throw_and_one_settle(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    tray = open_tray(gpio_config, virtual_clock, random.Random(3))
    tray.start()
    sensor = mock_factory.pin(17)
    for gap in (0.0, 0.01, 0.003, 0.02, 0.05, 0.004, 0.1, 0.2, 0.03, 0.3):
        virtual_clock.advance(gap)
        if sensor.state:
            sensor.drive_low()
        else:
            sensor.drive_high()
        assert tray.poll() is None
    sensor.drive_low()
    for _ in range(200):  # two seconds of polling on the virtual clock
        virtual_clock.advance(0.01)
        tray.poll()
    kinds = [event.kind for event in tray.drain()]
    assert kinds == [THROW, SETTLED]
    tray.close()


def test_the_tray_button_gives_a_fair_roll(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    tray = open_tray(gpio_config, virtual_clock, random.Random(3))
    tray.start()
    button = mock_factory.pin(27)
    button.drive_low()
    button.drive_high()
    (event,) = tray.drain()
    assert event.kind == BUTTON
    assert event.roll is not None and event.roll.is_valid(2, 6)
    tray.close()


@pytest.mark.parametrize(
    ("settings", "shake"),
    [
        ("", "drive_high"),  # SW-420 module: output high while shaken
        ('sensor_kind = "tilt"\nsensor_pull_up = true\nsensor_active_high = false\n', "drive_low"),
    ],
)
def test_both_tray_sensor_wirings_report_a_throw(
    mock_factory: MockFactory,
    virtual_clock: VirtualClock,
    write_config,  # type: ignore[no-untyped-def]
    settings: str,
    shake: str,
) -> None:
    config = load_config(write_config(f'backend = "gpio"\n[tray]\n{settings}'))
    tray = open_tray(config, virtual_clock, random.Random(1))
    tray.start()
    sensor = mock_factory.pin(17)
    getattr(sensor, shake)()
    assert [event.kind for event in tray.drain()] == [THROW]
    tray.close()


def test_a_bouncing_tray_button_is_one_press(
    mock_factory: MockFactory, virtual_clock: VirtualClock, gpio_config: Config
) -> None:
    tray = open_tray(gpio_config, virtual_clock, random.Random(3))
    tray.start()
    button = mock_factory.pin(27)
    for _ in range(2):  # two real presses, each with its contacts chattering
        for _ in range(4):
            button.drive_low()
            virtual_clock.advance(0.003)
            button.drive_high()
            virtual_clock.advance(0.002)
        virtual_clock.advance(1.0)
    assert [event.kind for event in tray.drain()] == [BUTTON, BUTTON]
    tray.close()


def test_the_tray_sensor_reports_shaking_and_rest_as_they_happen(
    mock_factory: MockFactory, gpio_config: Config
) -> None:
    motion: list[bool] = []
    with GpioTray(gpio_config) as tray:
        tray.start(motion.append, lambda: None)
        sensor = mock_factory.pin(17)
        sensor.drive_high()
        sensor.drive_low()
    assert motion == [True, False]


def test_closing_the_gpio_tray_frees_its_sensor_and_button_pins(
    mock_factory: MockFactory, gpio_config: Config
) -> None:
    tray = GpioTray(gpio_config)
    tray.close()
    # Both pins can be taken again (gpiozero refuses a pin that is still in use).
    Button(27, pin_factory=mock_factory).close()
    DigitalInputDevice(17, pin_factory=mock_factory).close()


def test_a_tray_wired_without_a_button_opens_with_its_sensor_only(
    mock_factory: MockFactory, write_config  # type: ignore[no-untyped-def]
) -> None:
    config = load_config(write_config('backend = "gpio"\n[tray]\nbutton_pin = -1\n'))
    with GpioTray(config) as tray:
        assert tray.button is None
        tray.start(lambda active: None, lambda: None)
