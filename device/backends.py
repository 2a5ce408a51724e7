"""Open the configured backend for each device, importing it only when used.

`gpio` needs gpiozero, `serial` needs pyserial and `device/serial_backend.py`
(see `device.backend` for the functions it provides), `sim` needs nothing.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

from companion.config import Config
from device.backend import DiceReader, SpinnerBackend, TrayInputs
from device.clock import Clock, RealClock, VirtualClock
from device.dice import DiceSource
from device.errors import BackendNotInstalled, DeviceError
from device.spinner import Spinner
from device.tray import DiceTray, TrayEvent

SERIAL_MODULE = "device.serial_backend"


def make_clock(config: Config) -> Clock:
    """The clock devices run on: virtual for `sim` unless `sim.real_time`."""
    if config.backend == "sim" and not config.sim.real_time:
        return VirtualClock()
    return RealClock()


def serial_module(config: Config) -> ModuleType:
    """The serial backend module.

    Raises:
        BackendNotInstalled: `device/serial_backend.py` is not installed.
    """
    try:
        return importlib.import_module(SERIAL_MODULE)
    except ModuleNotFoundError as error:
        if error.name not in (SERIAL_MODULE, "device"):
            raise
        raise BackendNotInstalled(
            f'{config.source}: backend = "serial" is configured, but the serial backend '
            "(device/serial_backend.py, from the Pico firmware work) is not installed in this "
            'copy; set backend = "gpio" or "sim", or update the companion.'
        ) from error


def open_spinner_backend(config: Config, clock: Clock | None = None) -> SpinnerBackend:
    """The spinner's backend for `config.backend`.

    Raises:
        BackendNotInstalled: the backend's module or library is missing.
        DeviceError: the hardware could not be opened (the reason is given).
    """
    if config.backend == "serial":
        return _checked(serial_module(config).open_serial_spinner(config), SpinnerBackend)
    if config.backend == "gpio":
        from device import gpio

        return gpio.open_gpio_spinner(config, clock)
    from device import sim

    return sim.open_sim_spinner(config, clock or make_clock(config))


def open_tray_inputs(config: Config, clock: Clock | None = None) -> TrayInputs:
    """The dice tray's sensor and button for `config.backend`.

    Raises:
        BackendNotInstalled: the backend's module or library is missing.
        DeviceError: the hardware could not be opened.
    """
    if config.backend == "serial":
        return _checked(serial_module(config).open_serial_tray(config), TrayInputs)
    if config.backend == "gpio":
        from device import gpio

        return gpio.open_gpio_tray(config)
    from device import sim

    return sim.SimTray(clock or make_clock(config))


def open_dice_reader(config: Config) -> DiceReader:
    """The serial dice reader (`tray.dice_source = "serial"`); simulated under `sim`.

    Raises:
        BackendNotInstalled: the serial backend is missing.
    """
    if config.backend == "sim":
        from device import sim

        return sim.SimDiceReader()
    return _checked(serial_module(config).open_serial_dice_reader(config), DiceReader)


def _checked(backend: Any, protocol: type) -> Any:
    if not isinstance(backend, protocol):
        raise TypeError(f"{backend!r} does not implement {protocol.__name__}")
    return backend


def open_spinner(
    config: Config, clock: Clock | None = None, rng: random.Random | None = None
) -> Spinner:
    """A `Spinner` on the configured backend (not homed yet).

    Raises:
        BackendNotInstalled: the backend's module or library is missing.
        DeviceError: the hardware could not be opened.
    """
    backend = open_spinner_backend(config, clock)
    if rng is None:
        return Spinner(backend, config.spinner)
    return Spinner(backend, config.spinner, rng)


def open_tray(
    config: Config,
    clock: Clock,
    rng: random.Random | None = None,
    on_event: Callable[[TrayEvent], None] | None = None,
) -> DiceTray:
    """A `DiceTray` on the configured backend with the configured dice source.

    Raises:
        BackendNotInstalled: the backend's module or library is missing.
        DeviceError: the hardware could not be opened.
    """
    tray = config.tray
    reader = open_dice_reader(config) if tray.dice_source == "serial" else None
    source = DiceSource(tray.dice_source, tray.dice_count, tray.dice_sides, reader)
    if rng is not None:
        source.rng = rng
    try:
        inputs = open_tray_inputs(config, clock)
    except DeviceError:
        if reader is not None:
            reader.close()
        raise
    return DiceTray(inputs, tray, clock, source, on_event)
