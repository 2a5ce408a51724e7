"""Open the configured backend for each device, from one table of openers.

`BACKEND_OPENERS` maps each backend name (`companion.config.BACKENDS`) to
the functions that open its spinner, tray inputs and dice reader, and make
the clock its devices run on. Each opener imports its backend's module when
called, so `gpio` needs gpiozero and `serial` needs pyserial only when used;
`sim` needs nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from companion.config import Config
from device.backend import DiceReader, SpinnerBackend, TrayInputs
from device.clock import Clock, RealClock, VirtualClock
from device.dice import DiceSource
from device.errors import DeviceError, DeviceUnavailable
from device.spinner import Spinner
from device.tray import DiceTray, TrayEvent


@dataclass(frozen=True)
class BackendOpeners:
    """How one backend opens each device.

    Attributes:
        spinner: the spinner's motor and home sensor, stepping on the clock.
        tray: the dice tray's sensor and button.
        dice_reader: the dice reader, for `tray.dice_source = "serial"`.
        clock: the clock the backend's devices run on.
    """

    spinner: Callable[[Config, Clock], SpinnerBackend]
    tray: Callable[[Config, Clock], TrayInputs]
    dice_reader: Callable[[Config], DiceReader]
    clock: Callable[[Config], Clock]


def _gpio_spinner(config: Config, clock: Clock) -> SpinnerBackend:
    from device import gpio

    return gpio.open_gpio_spinner(config, clock)


def _gpio_tray(config: Config, _clock: Clock) -> TrayInputs:
    from device import gpio

    return gpio.open_gpio_tray(config)


def _serial_spinner(config: Config, _clock: Clock) -> SpinnerBackend:
    # The firmware times the steps: the host's clock plays no part.
    from device import serial_backend

    return serial_backend.open_serial_spinner(config)


def _serial_tray(config: Config, _clock: Clock) -> TrayInputs:
    from device import serial_backend

    return serial_backend.open_serial_tray(config)


def _serial_dice_reader(config: Config) -> DiceReader:
    # The dice reader is wired to the table controller on every backend but `sim`.
    from device import serial_backend

    return serial_backend.open_serial_dice_reader(config)


def _sim_spinner(config: Config, clock: Clock) -> SpinnerBackend:
    from device import sim

    return sim.open_sim_spinner(config, clock)


def _sim_tray(_config: Config, clock: Clock) -> TrayInputs:
    from device import sim

    return sim.SimTray(clock)


def _sim_dice_reader(_config: Config) -> DiceReader:
    from device import sim

    return sim.SimDiceReader()


def _real_clock(_config: Config) -> Clock:
    return RealClock()


def _sim_clock(config: Config) -> Clock:
    return RealClock() if config.sim.real_time else VirtualClock()


BACKEND_OPENERS: dict[str, BackendOpeners] = {
    "gpio": BackendOpeners(_gpio_spinner, _gpio_tray, _serial_dice_reader, _real_clock),
    "serial": BackendOpeners(_serial_spinner, _serial_tray, _serial_dice_reader, _real_clock),
    "sim": BackendOpeners(_sim_spinner, _sim_tray, _sim_dice_reader, _sim_clock),
}
"""Every backend by its configured name (`backend = "..."`)."""


def backend_openers(config: Config) -> BackendOpeners:
    """The openers of `config.backend`.

    Raises:
        DeviceUnavailable: no backend has that name (a configuration made in code).
    """
    try:
        return BACKEND_OPENERS[config.backend]
    except KeyError:
        names = ", ".join(f'"{name}"' for name in BACKEND_OPENERS)
        raise DeviceUnavailable(
            f'{config.source}: there is no backend named "{config.backend}"; '
            f"set backend to one of {names}."
        ) from None


def make_clock(config: Config) -> Clock:
    """The clock devices run on: virtual for `sim` unless `sim.real_time`, real otherwise.

    Raises:
        DeviceUnavailable: an unknown backend.
    """
    return backend_openers(config).clock(config)


def open_spinner_backend(config: Config, clock: Clock | None = None) -> SpinnerBackend:
    """The spinner's backend for `config.backend`, on `clock` (or the backend's own).

    Raises:
        BackendNotInstalled: the backend's library is missing.
        DeviceError: the hardware could not be opened (the reason is given).
    """
    openers = backend_openers(config)
    return openers.spinner(config, clock or openers.clock(config))


def open_tray_inputs(config: Config, clock: Clock | None = None) -> TrayInputs:
    """The dice tray's sensor and button for `config.backend`.

    Raises:
        BackendNotInstalled: the backend's library is missing.
        DeviceError: the hardware could not be opened.
    """
    openers = backend_openers(config)
    return openers.tray(config, clock or openers.clock(config))


def open_dice_reader(config: Config) -> DiceReader:
    """The dice reader (`tray.dice_source = "serial"`): the table controller's, or the sim's.

    Raises:
        DeviceError: the reader could not be opened.
    """
    return backend_openers(config).dice_reader(config)


def open_spinner(
    config: Config, clock: Clock | None = None, rng: random.Random | None = None
) -> Spinner:
    """A `Spinner` on the configured backend (not homed yet).

    Raises:
        BackendNotInstalled: the backend's library is missing.
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
        BackendNotInstalled: the backend's library is missing.
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
