"""A self-test of every configured device, one line each: OK or the reason."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.config import Config
from device.backend import LinkedDevice
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


def check_spinner(config: Config, clock: Clock) -> Check:
    """Home, then turn a little over one turn at half speed and check the home pass.

    The turn goes on past home by more than `home.tolerance_steps` (and at
    least 30 degrees), so a pass that comes a few steps late is still seen
    and judged by the tolerance, exactly as a spin's passes are.
    """
    name = f"spinner ({config.backend}, {config.spinner.driver})"
    try:
        spinner = open_spinner(config, clock)
    except DeviceError as error:
        return Check(name, False, str(error))
    try:
        report = spinner.home()
        return _judge_turn(name, spinner, report.duration_s)
    except DeviceError as error:
        return Check(name, False, str(error))
    finally:
        spinner.close()


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
    name = f"dice tray sensor and button ({config.backend})"
    if not config.tray.enabled:
        return Check(name, True, "not enabled in the configuration, skipped")
    try:
        inputs = open_tray_inputs(config, clock)
    except DeviceError as error:
        return Check(name, False, str(error))
    try:
        inputs.start(lambda _active: None, lambda: None)
        if isinstance(inputs, LinkedDevice):
            inputs.confirm()
    except DeviceError as error:
        return Check(name, False, str(error))
    finally:
        inputs.close()
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


def check_dice(config: Config) -> Check:
    """Roll, or check the dice reader is there (no dice need be thrown)."""
    tray = config.tray
    name = f"dice source ({tray.dice_source})"
    if not tray.enabled:
        return Check(name, True, "tray not enabled, skipped")
    if tray.dice_source == "touch":
        return Check(name, True, "values are entered on the touchscreen")
    if tray.dice_source == "fair":
        roll = fair_roll(tray.dice_count, tray.dice_sides)
        return Check(name, True, f"fair roll from secrets: {' '.join(map(str, roll.values))}")
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


def self_test(config: Config, clock: Clock) -> list[Check]:
    """Every configured device's check, in order: spinner, tray, dice."""
    return [check_spinner(config, clock), check_tray(config, clock), check_dice(config)]
