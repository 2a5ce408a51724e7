"""The `gpio` backend: the spinner and tray on this Pi's pins, through gpiozero.

Pins come from gpiozero's default pin factory (lgpio on Raspberry Pi OS, so
the Pi 5 works; `$GPIOZERO_PIN_FACTORY` is honoured) unless `gpio.pin_factory`
names one. Tests set `Device.pin_factory = MockFactory()`, which this module
then uses like any other factory.

Two motor drivers:

- step/dir (TMC2209, A4988, DRV8825): one pulse on STEP per microstep, DIR
  set before the pulses, EN active low (held high = driver off).
- ULN2003 with a 28BYJ-48: four coils driven through the half-step sequence,
  one pattern per step; released = all coils off.
"""

from __future__ import annotations

import atexit
import functools
import time
import warnings
from collections.abc import Callable
from typing import Any

from companion.closing import ClosesItself
from companion.config import Config
from device.backend import ButtonCallback, MotionCallback
from device.clock import Clock, RealClock
from device.errors import BackendNotInstalled, DeviceUnavailable
from device.stepping import HostSteppedSpinner, scheduler_for

HALF_STEP_SEQUENCE: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 0),
    (1, 1, 0, 0),
    (0, 1, 0, 0),
    (0, 1, 1, 0),
    (0, 0, 1, 0),
    (0, 0, 1, 1),
    (0, 0, 0, 1),
    (1, 0, 0, 1),
)
"""Coil patterns IN1..IN4 of the 28BYJ-48, one half-step apart."""

STEP_PULSE_NS = 2_500
"""Least time STEP stays high, and low between pulses: the DRV8825 needs 1.9 us,
the A4988 1 us, the TMC2209 0.1 us."""

DIR_SETUP_NS = 1_000
"""Least time DIR is steady before a STEP edge: DRV8825 650 ns, A4988 200 ns."""


def _gpiozero() -> Any:
    try:
        import gpiozero
    except ImportError as error:  # pragma: no cover - gpiozero is a dependency
        raise BackendNotInstalled(
            'The gpio backend needs gpiozero: run scripts/setup, or set backend = "sim".'
        ) from error
    return gpiozero


_NAMED_FACTORIES: dict[str, Any] = {}
"""Factories named in the configuration, one per name for the whole process."""


def pin_factory(config: Config) -> Any:
    """The pin factory named in `gpio.pin_factory`, or None for gpiozero's default.

    A named factory is made once and shared by every device (as gpiozero's
    default is), so pins reserved by the spinner and by the tray are checked
    against each other, and it is closed when the process exits.

    Raises:
        DeviceUnavailable: the named factory is unknown or cannot start here.
    """
    name = config.gpio.pin_factory
    if not name:
        return None
    if name in _NAMED_FACTORIES:
        return _NAMED_FACTORIES[name]
    from importlib.metadata import entry_points

    found = {ep.name: ep for ep in entry_points(group="gpiozero_pin_factories")}
    if name not in found:
        raise DeviceUnavailable(
            f"{config.source}: gpio.pin_factory {name!r} is not a gpiozero pin factory; "
            f"use one of {', '.join(sorted(found))} or leave it empty."
        )
    try:
        factory = found[name].load()()
    except Exception as error:
        raise DeviceUnavailable(
            f"The {name} pin factory cannot start on this machine ({error}); "
            'leave gpio.pin_factory empty or set backend = "sim".'
        ) from error
    _NAMED_FACTORIES[name] = factory
    atexit.register(factory.close)
    return factory


def _device(kind: str, *args: Any, factory: Any, **kwargs: Any) -> Any:
    """Make a gpiozero device, turning pin errors into a sentence."""
    gpiozero = _gpiozero()
    with warnings.catch_warnings(record=True) as skipped:
        # gpiozero warns once for each factory it tries and skips: those are
        # the reasons (lgpio missing, /dev/gpiochip0 not permitted, ...).
        warnings.simplefilter("always", gpiozero.PinFactoryFallback)
        try:
            return getattr(gpiozero, kind)(*args, pin_factory=factory, **kwargs)
        except gpiozero.BadPinFactory as error:
            reasons = [
                str(w.message)
                for w in skipped
                if issubclass(w.category, gpiozero.PinFactoryFallback)
            ]
            raise DeviceUnavailable(
                f"No GPIO pin factory works on this machine ({'; '.join([*reasons, str(error)])}):"
                " on a Raspberry Pi install lgpio (scripts/setup pi) and run as a user in the "
                'gpio group; elsewhere set backend = "sim".'
            ) from error
        except gpiozero.GPIOZeroError as error:
            raise DeviceUnavailable(
                f"GPIO {args[0]} cannot be used as a {kind} ({error}); check the pin numbers "
                'in the configuration, or set backend = "sim" on a machine without GPIO.'
            ) from error


def _open_all(makers: list[Callable[[], Any]]) -> list[Any]:
    """Open devices in order; if one fails, close those already open, then raise.

    Raises:
        DeviceUnavailable: a pin cannot be used (no pin stays reserved).
    """
    opened: list[Any] = []
    try:
        for make in makers:
            opened.append(make())
    except DeviceUnavailable:
        for device in opened:
            if device is not None:
                device.close()
        raise
    return opened


class StepDirDriver:
    """A step/dir driver (TMC2209, A4988, DRV8825) on three pins.

    Pulse and set-up times are held by busy-waiting on `now_ns` (the
    nanosecond counter): no sleep can time microseconds, and how long a pin
    write takes depends on the Pi and the pin factory, so it is never relied on.
    """

    def __init__(
        self,
        step: int,
        direction: int,
        enable: int,
        factory: Any = None,
        now_ns: Callable[[], int] = time.perf_counter_ns,
    ) -> None:
        self._now_ns = now_ns
        self._low_since = now_ns() - STEP_PULSE_NS
        outputs = _open_all(
            [
                lambda: _device("DigitalOutputDevice", step, factory=factory),
                lambda: _device("DigitalOutputDevice", direction, factory=factory),
                # EN is active low on all three drivers; start released (high).
                lambda: None
                if enable == -1
                else _device(
                    "DigitalOutputDevice",
                    enable,
                    active_high=False,
                    initial_value=False,
                    factory=factory,
                ),
            ]
        )
        self.step_pin, self.dir_pin, self.enable_pin = outputs
        self._step_pin = self.step_pin.pin
        self._closed = False

    def set_direction(self, direction: int) -> None:
        """DIR high for forward, low for backward, steady `DIR_SETUP_NS` before any step."""
        level = 1 if direction >= 0 else 0
        if self.dir_pin.value != level:
            self.dir_pin.value = level
            self._wait_until(self._now_ns() + DIR_SETUP_NS)

    def step(self) -> None:
        """One STEP pulse, high and then low for at least `STEP_PULSE_NS` each.

        Writes the pin directly: the device layer's checks would double the
        time of each step, and this runs thousands of times a second.
        """
        pin = self._step_pin
        self._wait_until(self._low_since + STEP_PULSE_NS)
        pin.state = True
        self._wait_until(self._now_ns() + STEP_PULSE_NS)
        pin.state = False
        self._low_since = self._now_ns()

    def _wait_until(self, deadline_ns: int) -> None:
        now_ns = self._now_ns
        while now_ns() < deadline_ns:
            pass

    def enable(self, on: bool) -> None:
        """Drive EN low (on) or high (off)."""
        if self.enable_pin is not None:
            self.enable_pin.value = 1 if on else 0

    def close(self) -> None:
        """Disable the driver (EN high), then release the pins (idempotent)."""
        if self._closed:
            return
        self._closed = True
        try:
            self.enable(False)
        finally:
            for device in (self.step_pin, self.dir_pin, self.enable_pin):
                if device is not None:
                    device.close()


class Uln2003Driver:
    """A 28BYJ-48 on a ULN2003 board: four coils, half-step sequence."""

    def __init__(self, coils: tuple[int, int, int, int], factory: Any = None) -> None:
        output = functools.partial(_device, "DigitalOutputDevice", factory=factory)
        self.coils = _open_all([functools.partial(output, pin) for pin in coils])
        self.phase = 0
        self.direction = 1
        self.enabled = False
        self._closed = False

    def set_direction(self, direction: int) -> None:
        """+1 walks the sequence forward, -1 backward."""
        self.direction = 1 if direction >= 0 else -1

    def step(self) -> None:
        """Advance one half-step and energise its pattern."""
        self.phase = (self.phase + self.direction) % len(HALF_STEP_SEQUENCE)
        self._apply()

    def enable(self, on: bool) -> None:
        """Energise the current pattern, or switch every coil off."""
        self.enabled = on
        self._apply()

    def _apply(self) -> None:
        pattern = HALF_STEP_SEQUENCE[self.phase] if self.enabled else (0, 0, 0, 0)
        for coil, level in zip(self.coils, pattern, strict=True):
            coil.value = level

    def close(self) -> None:
        """Switch every coil off, then release the pins (idempotent)."""
        if self._closed:
            return
        self._closed = True
        try:
            self.enable(False)
        finally:
            for coil in self.coils:
                coil.close()


class GpioHomeSensor:
    """The home sensor on one input pin (pulled up and active low by default)."""

    def __init__(self, pin: int, active_low: bool, factory: Any = None) -> None:
        self.input = _device("DigitalInputDevice", pin, pull_up=active_low, factory=factory)

    def is_active(self) -> bool:
        """Whether the flag is at the sensor."""
        return bool(self.input.is_active)

    def close(self) -> None:
        """Release the pin."""
        self.input.close()


def open_gpio_spinner(config: Config, clock: Clock | None = None) -> HostSteppedSpinner:
    """The spinner on this Pi's pins, with the configured driver.

    Raises:
        DeviceUnavailable: a pin or the pin factory cannot be used.
    """
    factory = pin_factory(config)
    pins = config.spinner.pins
    driver: StepDirDriver | Uln2003Driver
    if config.spinner.driver == "uln2003":
        driver = Uln2003Driver(pins.coils, factory)
    else:
        driver = StepDirDriver(pins.step, pins.direction, pins.enable, factory)
    try:
        sensor = GpioHomeSensor(pins.home, config.spinner.home.active_low, factory)
    except DeviceUnavailable:
        driver.close()
        raise
    return HostSteppedSpinner("gpio", driver, sensor, scheduler_for(clock or RealClock()))


class GpioTray(ClosesItself):
    """The tray's vibration/tilt sensor and button on this Pi's pins."""

    name = "gpio"

    def __init__(self, config: Config, factory: Any = None) -> None:
        tray = config.tray
        if tray.sensor_pull_up:
            # A bare switch to GND: pulled up, so active low.
            self.sensor = _device(
                "DigitalInputDevice", tray.sensor_pin, pull_up=True, factory=factory
            )
        else:
            # A module drives the line itself: no pull, polarity from the config.
            self.sensor = _device(
                "DigitalInputDevice",
                tray.sensor_pin,
                pull_up=None,
                active_state=tray.sensor_active_high,
                factory=factory,
            )
        self.button = None
        if tray.button_pin != -1:
            try:
                self.button = _device("Button", tray.button_pin, factory=factory)
            except DeviceUnavailable:
                self.sensor.close()
                raise
        self._closed = False

    def start(self, on_motion: MotionCallback, on_button: ButtonCallback) -> None:
        """Deliver every sensor edge and button press (from gpiozero's thread)."""
        self.sensor.when_activated = lambda: on_motion(True)
        self.sensor.when_deactivated = lambda: on_motion(False)
        if self.button is not None:
            self.button.when_pressed = lambda: on_button()

    def close(self) -> None:
        """Release the pins (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self.sensor.close()
        if self.button is not None:
            self.button.close()


def open_gpio_tray(config: Config) -> GpioTray:
    """The tray on this Pi's pins.

    Raises:
        DeviceUnavailable: a pin or the pin factory cannot be used.
    """
    return GpioTray(config, pin_factory(config))
