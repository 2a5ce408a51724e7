"""The physical world around the fake Pico: a rotor, its home flag, the tray.

The world listens to the STEP, DIR and EN pins of the fake `machine` and
moves a rotor; the home sensor pin follows the rotor (active low while the
flag is in front of it), exactly as the real hall sensor would. Fault
switches lose steps or kill the sensor.
"""

from __future__ import annotations

from tests.firmware import fakes

fakes.install()

from firmware.board import PINS  # noqa: E402


class SpinnerWorld:
    """A rotor driven by the firmware's pins, with a home flag `flag_steps` wide."""

    def __init__(self, steps_per_turn: int = 1600, flag_steps: int = 13, rotor: int = 400,
                 missed_step_every: int = 0, dead_sensor: bool = False) -> None:
        self.steps_per_turn = steps_per_turn
        self.flag_steps = flag_steps
        self.rotor = rotor
        self.missed_step_every = missed_step_every
        self.dead_sensor = dead_sensor
        self.pulses = 0
        self.lost = 0
        self.step_pin = fakes.Pin(PINS["step"])
        self.dir_pin = fakes.Pin(PINS["dir"])
        self.enable_pin = fakes.Pin(PINS["enable"])
        self.enable_pin.level = 1  # EN is active low: released at power-up
        self.home_pin = fakes.Pin(PINS["home"], fakes.Pin.IN, fakes.Pin.PULL_UP)
        self.motion_pin = fakes.Pin(PINS["motion"], fakes.Pin.IN)
        self.button_pin = fakes.Pin(PINS["button"], fakes.Pin.IN, fakes.Pin.PULL_UP)
        self.step_pin.listeners.append(self._on_step_edge)
        self._update_sensor()

    def _on_step_edge(self, pin: fakes.Pin, level: int) -> None:
        if not level or self.enable_pin.level:  # falling edge, or driver disabled
            return
        self.pulses += 1
        if self.missed_step_every and self.pulses % self.missed_step_every == 0:
            self.lost += 1
            return
        self.rotor += 1 if self.dir_pin.level else -1
        self._update_sensor()

    def home_active(self) -> bool:
        """Whether the flag is in front of the sensor."""
        return not self.dead_sensor and self.rotor % self.steps_per_turn < self.flag_steps

    def _update_sensor(self) -> None:
        self.home_pin.drive(0 if self.home_active() else 1)

    def shake(self, level: int) -> None:
        """The tray sensor's output (1 = shaking)."""
        self.motion_pin.drive(level)

    def press_button(self) -> None:
        """Press and release the tray button."""
        self.button_pin.drive(0)
        self.button_pin.drive(1)
