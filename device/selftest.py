"""A self-test of every configured device, one line each: OK or the reason."""

from __future__ import annotations

from dataclasses import dataclass

from companion.config import Config
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
    """Open the tray's sensor and button pins."""
    name = f"dice tray sensor and button ({config.backend})"
    if not config.tray.enabled:
        return Check(name, True, "not enabled in the configuration, skipped")
    try:
        inputs = open_tray_inputs(config, clock)
    except DeviceError as error:
        return Check(name, False, str(error))
    inputs.start(lambda _active: None, lambda: None)
    inputs.close()
    if config.backend == "sim":
        return Check(name, True, "simulated sensor and button")
    if config.backend == "serial":
        return Check(name, True, "sensor and button on the table controller's pins")
    button = (
        "no button" if config.tray.button_pin == -1 else f"button on GPIO {config.tray.button_pin}"
    )
    return Check(name, True, f"sensor on GPIO {config.tray.sensor_pin}, {button}")


def check_dice(config: Config) -> Check:
    """Read or roll one set of dice from the configured source."""
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
            roll = reader.read_dice(tray.dice_count, tray.dice_sides, config.serial.timeout_s)
        finally:
            reader.close()
    except DeviceError as error:
        return Check(name, False, str(error))
    state = "cocked" if roll.cocked else "read"
    return Check(name, True, f"{state}: {' '.join(map(str, roll.values))}")


def self_test(config: Config, clock: Clock) -> list[Check]:
    """Every configured device's check, in order: spinner, tray, dice."""
    return [check_spinner(config, clock), check_tray(config, clock), check_dice(config)]
