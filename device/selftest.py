"""A self-test of every configured device, one line each: OK or the reason.

`self_test_steps` lists the checks before any runs (what each checks, and
how), so a screen can show each line as it finishes; `self_test` runs them
in order, as `companion hw test` does. A program that already holds a
device open (the touchscreen's spinner and tray) checks it as it is with
`check_open_spinner` and `judge_tray`, since a pin or port cannot be opened twice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.config import Config
from device.backend import LinkedDevice, TrayInputs
from device.backends import open_dice_reader, open_spinner, open_tray_inputs
from device.clock import Clock
from device.dice import fair_roll
from device.errors import DeviceError
from device.motion import MotionLimits, plan_move
from device.spinner import Spinner


@dataclass(frozen=True)
class Check:
    """One device's result: `ok`, and what was seen or why it failed."""

    device: str
    ok: bool
    detail: str

    def line(self) -> str:
        """`device: OK (detail)` or `device: FAILED: reason`."""
        if self.ok:
            return f"{self.device}: OK ({self.detail})"
        return f"{self.device}: FAILED: {self.detail}"


@dataclass(frozen=True)
class SelfTestStep:
    """One check not yet run: `key` says which ("controller", "spinner", "tray", "dice"),
    `device` names it as its line will, `run` does it."""

    key: str
    device: str
    run: Callable[[], Check]


def spinner_name(config: Config) -> str:
    """The spinner's line name: `spinner (backend, driver)`."""
    return f"spinner ({config.backend}, {config.spinner.driver})"


def tray_name(config: Config) -> str:
    """The dice tray's line name."""
    return f"dice tray sensor and button ({config.backend})"


def dice_name(config: Config) -> str:
    """The dice source's line name."""
    return f"dice source ({config.tray.dice_source})"


def controller_name(config: Config) -> str:
    """The table controller's line name, with its port."""
    return f"table controller ({config.serial.port})"


def uses_controller(config: Config) -> bool:
    """Whether a device is behind the Pico table controller: the `serial` backend, or a
    dice reader wired to it (every backend but `sim`)."""
    reader = config.tray.enabled and config.tray.dice_source == "serial"
    return config.backend == "serial" or (reader and config.backend != "sim")


def check_spinner(config: Config, clock: Clock) -> Check:
    """Open the spinner, `check_open_spinner` it, close it again."""
    name = spinner_name(config)
    try:
        spinner = open_spinner(config, clock)
    except DeviceError as error:
        return Check(name, False, str(error))
    try:
        return check_open_spinner(spinner, name)
    finally:
        spinner.close()


def check_open_spinner(spinner: Spinner, name: str) -> Check:
    """Home, then turn a little over one turn at half speed and check the home pass.

    The turn goes on past home by more than `home.tolerance_steps` (and at
    least 30 degrees), so a pass that comes a few steps late is still seen
    and judged by the tolerance, exactly as a spin's passes are. The spinner
    is left homed (or unavailable, with the reason) for whoever holds it.
    """
    try:
        report = spinner.home()
        return _judge_turn(name, spinner, report.duration_s)
    except DeviceError as error:
        return Check(name, False, str(error))


def _judge_turn(name: str, spinner: Spinner, homed_s: float) -> Check:
    turn = spinner.steps_per_turn
    tolerance = spinner.config.home.tolerance_steps
    beyond = max(2 * tolerance + 1, turn // 12)
    limits = MotionLimits.from_config(spinner.config, spinner.config.max_speed_rps / 2)
    move = spinner.run(plan_move(turn + beyond, limits))
    fault = spinner.check_home_passes(0, move)
    homed = f"homed in {homed_s:.2f} s"
    if fault is not None and not fault.sensor_silent:
        return Check(name, False, f"{fault.sentence()} It is more than the tolerance of "
                     f"{tolerance} in one turn at half speed: check the motor current and "
                     "that the idol turns freely.")
    if fault is not None or not move.home_edges:
        degrees = (turn + beyond) * 360 / turn
        return Check(name, False, f"{homed}, but the home sensor did not fire in a turn of "
                     f"{degrees:.0f} degrees: check that it sees the flag at speed, and the "
                     "motor current (a stalled motor does not turn).")
    off = spinner.edge_offset(0, move.home_edges[0])
    if off == 0:
        return Check(name, True, f"{homed}; a full turn passed home on count")
    late = f"{off} step(s) late" if off > 0 else f"{-off} step(s) early"
    return Check(name, True, f"{homed}; a full turn passed home {late}, within the "
                 f"tolerance of {tolerance}")


def check_tray(config: Config, clock: Clock) -> Check:
    """Open the tray's sensor and button; behind the table controller, check it answers."""
    name = tray_name(config)
    if not config.tray.enabled:
        return Check(name, True, "not enabled in the configuration, skipped")
    try:
        inputs = open_tray_inputs(config, clock)
    except DeviceError as error:
        return Check(name, False, str(error))
    try:
        inputs.start(lambda _active: None, lambda: None)
        return judge_tray(config, inputs)
    except DeviceError as error:
        return Check(name, False, str(error))
    finally:
        inputs.close()


def judge_tray(config: Config, inputs: TrayInputs) -> Check:
    """The tray's started inputs: behind the table controller, it must answer now."""
    name = tray_name(config)
    if isinstance(inputs, LinkedDevice):
        try:
            inputs.confirm()
        except DeviceError as error:
            return Check(name, False, str(error))
    tray = config.tray
    if config.backend == "sim":
        return Check(name, True, "simulated sensor and button")
    if isinstance(inputs, LinkedDevice):
        pull = "pulled up" if tray.sensor_pull_up else "no pull"
        level = "high" if tray.sensor_active_high else "low"
        return Check(name, True, f"the table controller answers; its sensor pin is set to {pull},"
                     f" active {level}, and its button pin is watched")
    button = "no button" if tray.button_pin == -1 else f"button on GPIO {tray.button_pin}"
    return Check(name, True, f"sensor on GPIO {tray.sensor_pin}, {button}")


def check_dice(config: Config, rng: random.Random | None = None) -> Check:
    """Roll, or check the dice reader is there (no dice need be thrown).

    A fair roll draws from `secrets`, or from `rng` when one is given (a seeded script
    run, so the same script shows the same roll).
    """
    tray = config.tray
    name = dice_name(config)
    if not tray.enabled:
        return Check(name, True, "tray not enabled, skipped")
    if tray.dice_source == "touch":
        return Check(name, True, "values are entered on the touchscreen")
    if tray.dice_source == "fair":
        roll = fair_roll(tray.dice_count, tray.dice_sides, rng)
        source = "secrets" if rng is None else "the seeded generator"
        return Check(name, True, f"fair roll from {source}: {' '.join(map(str, roll.values))}")
    try:
        reader = open_dice_reader(config)
        try:
            if isinstance(reader, LinkedDevice):
                return _reader_heard(name, reader.confirm())
            roll = reader.read_dice(tray.dice_count, tray.dice_sides, config.serial.timeout_s)
        finally:
            reader.close()
    except DeviceError as error:
        return Check(name, False, str(error))
    state = "cocked" if roll.cocked else "read"
    return Check(name, True, f"{state}: {' '.join(map(str, roll.values))}")


def _reader_heard(name: str, status: dict[str, Any]) -> Check:
    """Judge the reader by what the controller heard from it since it started."""
    readings = int(status.get("dice_readings", 0))
    unreadable = int(status.get("dice_bad_lines", 0))
    heard = f"{readings} reading(s) and {unreadable} unreadable line(s) since it started"
    if unreadable and not readings:
        return Check(name, False, f"the table controller heard only unreadable lines from the "
                     f"dice reader ({heard}): check the reader sends 9600 baud lines of faces "
                     "such as `3 5`")
    detail = f"the table controller listens to the dice reader; {heard}"
    if not readings:
        detail += " (throw dice to check the reader itself)"
    return Check(name, True, detail)


def check_controller(config: Config) -> Check:
    """The table controller answers on its link and runs this companion's firmware."""
    from device import serial_backend

    name = controller_name(config)
    try:
        link = serial_backend.acquire_link(config)
    except DeviceError as error:
        return Check(name, False, str(error))
    try:
        link.poll()
    except DeviceError as error:
        return Check(name, False, str(error))
    finally:
        serial_backend.release_link(link)
    hello = link.hello
    return Check(name, True, f"firmware {hello.get('firmware')} (protocol "
                 f"{hello.get('protocol')}) answers on its link")


def self_test_steps(
    config: Config, clock: Clock, rng: random.Random | None = None
) -> list[SelfTestStep]:
    """Every configured device's check, in order, not yet run: the table controller (when
    one is used), the spinner, the tray, the dice (a fair roll from `rng`, or `secrets`)."""
    steps = [
        SelfTestStep("spinner", spinner_name(config), lambda: check_spinner(config, clock)),
        SelfTestStep("tray", tray_name(config), lambda: check_tray(config, clock)),
        SelfTestStep("dice", dice_name(config), lambda: check_dice(config, rng)),
    ]
    if uses_controller(config):
        steps.insert(0, SelfTestStep("controller", controller_name(config),
                                     lambda: check_controller(config)))
    return steps


def self_test(config: Config, clock: Clock, rng: random.Random | None = None) -> list[Check]:
    """Run every step of `self_test_steps`, in order."""
    return [step.run() for step in self_test_steps(config, clock, rng)]
