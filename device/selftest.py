"""A self-test of every configured device, one line each: OK or the reason.

A check's outcome is data, a `Reason` and its values (numbers, a roll, a device's own
error): `Check.line` words it in English, as `companion hw test` prints it, and the
touchscreen words the same data in the table's language (ui/screens/hwtest_words.py).

`self_test_steps` lists the checks before any runs (what each checks, and
how), so a screen can show each line as it finishes; `self_test` runs them
in order, as `companion hw test` does. A program that already holds a
device open (the touchscreen's spinner and tray) checks it as it is with
`check_open_spinner` and `judge_tray`, since a pin or port cannot be opened twice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from companion.config import Config
from device.backend import LinkedDevice, TrayInputs
from device.backends import open_dice_reader, open_spinner, open_tray_inputs
from device.clock import Clock
from device.dice import fair_roll
from device.errors import DeviceError
from device.motion import MotionLimits, plan_move
from device.spinner import Spinner


class Reason(StrEnum):
    """What a device's check found: each reason has its values, named in `ENGLISH`."""

    DEVICE_ERROR = "device_error"
    """The device could not be opened or answered with an error: `error`, its sentence."""
    MISSED_STEPS = "missed_steps"
    """The test turn was `offset` steps off at home, more than `tolerance`."""
    HOME_NOT_SEEN = "home_not_seen"
    """Homed in `homed_s`, but no home edge in a turn of `degrees`."""
    HOME_ON_COUNT = "home_on_count"
    """Homed in `homed_s`; the turn passed home exactly on count."""
    HOME_LATE = "home_late"
    """Homed in `homed_s`; the turn passed home `steps` late, within `tolerance`."""
    HOME_EARLY = "home_early"
    """Homed in `homed_s`; the turn passed home `steps` early, within `tolerance`."""
    TRAY_SKIPPED = "tray_skipped"
    """The tray is not enabled in the configuration."""
    TRAY_SIMULATED = "tray_simulated"
    """The simulated sensor and button."""
    TRAY_ON_CONTROLLER = "tray_on_controller"
    """The table controller answers for the tray: `pull_up`, `active_high` (bools)."""
    TRAY_GPIO = "tray_gpio"
    """The sensor on GPIO `sensor_pin`, the button on GPIO `button_pin`."""
    TRAY_GPIO_NO_BUTTON = "tray_gpio_no_button"
    """The sensor on GPIO `sensor_pin`, no button."""
    DICE_SKIPPED = "dice_skipped"
    """No tray, so no dice source to check."""
    DICE_TOUCH = "dice_touch"
    """Values are entered on the touchscreen."""
    FAIR_ROLL = "fair_roll"
    """A fair roll from `secrets`: `roll`, the faces."""
    FAIR_ROLL_SEEDED = "fair_roll_seeded"
    """A fair roll from the seeded generator (a script's run): `roll`."""
    DICE_READ = "dice_read"
    """The dice reader read `roll`."""
    DICE_COCKED = "dice_cocked"
    """The dice reader read `roll`, a die cocked."""
    READER_UNREADABLE = "reader_unreadable"
    """The controller heard only unreadable lines: `readings`, `unreadable`."""
    READER_LISTENS = "reader_listens"
    """The controller hears the reader: `readings`, `unreadable`."""
    READER_NOT_HEARD = "reader_not_heard"
    """The controller listens, no reading yet: `readings`, `unreadable`."""
    CONTROLLER_ANSWERS = "controller_answers"
    """The table controller runs `firmware` (`protocol`) and answers."""
    SHUT_DOWN = "shut_down"
    """The spinner was shut down while its test ran."""
    TEST_FAILED = "test_failed"
    """The test itself raised `error` (a bug, a library's surprise)."""


Value = str | int | float | bool


def _tray_on_controller(pull_up: bool, active_high: bool) -> str:
    pull = "pulled up" if pull_up else "no pull"
    level = "high" if active_high else "low"
    return (f"the table controller answers; its sensor pin is set to {pull}, active {level}, "
            "and its button pin is watched")


_HOMED = "homed in {homed_s:.2f} s"
_HEARD = "{readings} reading(s) and {unreadable} unreadable line(s) since it started"
ENGLISH: Mapping[Reason, Callable[..., str]] = {
    Reason.DEVICE_ERROR: "{error}".format,
    Reason.MISSED_STEPS: (
        "The spinner was {offset:+d} steps off at a home pass (missed steps). It is more than "
        "the tolerance of {tolerance} in one turn at half speed: check the motor current and "
        "that the idol turns freely.").format,
    Reason.HOME_NOT_SEEN: (
        _HOMED + ", but the home sensor did not fire in a turn of {degrees:.0f} degrees: check "
        "that it sees the flag at speed, and the motor current (a stalled motor does not "
        "turn).").format,
    Reason.HOME_ON_COUNT: (_HOMED + "; a full turn passed home on count").format,
    Reason.HOME_LATE: (_HOMED + "; a full turn passed home {steps} step(s) late, within the "
                       "tolerance of {tolerance}").format,
    Reason.HOME_EARLY: (_HOMED + "; a full turn passed home {steps} step(s) early, within the "
                        "tolerance of {tolerance}").format,
    Reason.TRAY_SKIPPED: "not enabled in the configuration, skipped".format,
    Reason.TRAY_SIMULATED: "simulated sensor and button".format,
    Reason.TRAY_ON_CONTROLLER: _tray_on_controller,
    Reason.TRAY_GPIO: "sensor on GPIO {sensor_pin}, button on GPIO {button_pin}".format,
    Reason.TRAY_GPIO_NO_BUTTON: "sensor on GPIO {sensor_pin}, no button".format,
    Reason.DICE_SKIPPED: "tray not enabled, skipped".format,
    Reason.DICE_TOUCH: "values are entered on the touchscreen".format,
    Reason.FAIR_ROLL: "fair roll from secrets: {roll}".format,
    Reason.FAIR_ROLL_SEEDED: "fair roll from the seeded generator: {roll}".format,
    Reason.DICE_READ: "read: {roll}".format,
    Reason.DICE_COCKED: "cocked: {roll}".format,
    Reason.READER_UNREADABLE: (
        "the table controller heard only unreadable lines from the dice reader (" + _HEARD
        + "): check the reader sends 9600 baud lines of faces such as `3 5`").format,
    Reason.READER_LISTENS: ("the table controller listens to the dice reader; " + _HEARD).format,
    Reason.READER_NOT_HEARD: ("the table controller listens to the dice reader; " + _HEARD
                              + " (throw dice to check the reader itself)").format,
    Reason.CONTROLLER_ANSWERS: "firmware {firmware} (protocol {protocol}) answers on its link"
                               .format,
    Reason.SHUT_DOWN: "the spinner was shut down during the test.".format,
    Reason.TEST_FAILED: "the test itself failed ({error}); see the companion's log.".format,
}
"""Each reason in English, from its values: the words `companion hw test` prints."""


@dataclass(frozen=True)
class Check:
    """One device's result: `ok`, and what was seen or why it failed as data: the `reason`
    and its `values` (by name, as `Reason` lists them)."""

    device: str
    ok: bool
    reason: Reason
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, device: str, ok: bool, reason: Reason, **values: Value) -> Check:
        """The check of `device` with its `values` by name."""
        return cls(device, ok, reason, tuple(sorted(values.items())))

    @classmethod
    def failed(cls, device: str, error: DeviceError | str) -> Check:
        """`device` failed with an error's own sentence."""
        return cls.of(device, False, Reason.DEVICE_ERROR, error=str(error))

    @property
    def detail(self) -> str:
        """What was seen, or why it failed, in English."""
        return ENGLISH[self.reason](**dict(self.values))

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
        return Check.failed(name, error)
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
        return Check.failed(name, error)


def _judge_turn(name: str, spinner: Spinner, homed_s: float) -> Check:
    turn = spinner.steps_per_turn
    tolerance = spinner.config.home.tolerance_steps
    beyond = max(2 * tolerance + 1, turn // 12)
    limits = MotionLimits.from_config(spinner.config, spinner.config.max_speed_rps / 2)
    move = spinner.run(plan_move(turn + beyond, limits))
    fault = spinner.check_home_passes(0, move)
    if fault is not None and not fault.sensor_silent:
        return Check.of(name, False, Reason.MISSED_STEPS, offset=fault.offset,
                        tolerance=tolerance)
    if fault is not None or not move.home_edges:
        degrees = (turn + beyond) * 360 / turn
        return Check.of(name, False, Reason.HOME_NOT_SEEN, homed_s=homed_s, degrees=degrees)
    off = spinner.edge_offset(0, move.home_edges[0])
    if off == 0:
        return Check.of(name, True, Reason.HOME_ON_COUNT, homed_s=homed_s)
    reason = Reason.HOME_LATE if off > 0 else Reason.HOME_EARLY
    return Check.of(name, True, reason, homed_s=homed_s, steps=abs(off), tolerance=tolerance)


def check_tray(config: Config, clock: Clock) -> Check:
    """Open the tray's sensor and button; behind the table controller, check it answers."""
    name = tray_name(config)
    if not config.tray.enabled:
        return Check.of(name, True, Reason.TRAY_SKIPPED)
    try:
        inputs = open_tray_inputs(config, clock)
    except DeviceError as error:
        return Check.failed(name, error)
    try:
        inputs.start(lambda _active: None, lambda: None)
        return judge_tray(config, inputs)
    except DeviceError as error:
        return Check.failed(name, error)
    finally:
        inputs.close()


def judge_tray(config: Config, inputs: TrayInputs) -> Check:
    """The tray's started inputs: behind the table controller, it must answer now."""
    name = tray_name(config)
    if isinstance(inputs, LinkedDevice):
        try:
            inputs.confirm()
        except DeviceError as error:
            return Check.failed(name, error)
    tray = config.tray
    if config.backend == "sim":
        return Check.of(name, True, Reason.TRAY_SIMULATED)
    if isinstance(inputs, LinkedDevice):
        return Check.of(name, True, Reason.TRAY_ON_CONTROLLER, pull_up=tray.sensor_pull_up,
                        active_high=tray.sensor_active_high)
    if tray.button_pin == -1:
        return Check.of(name, True, Reason.TRAY_GPIO_NO_BUTTON, sensor_pin=tray.sensor_pin)
    return Check.of(name, True, Reason.TRAY_GPIO, sensor_pin=tray.sensor_pin,
                    button_pin=tray.button_pin)


def check_dice(config: Config, rng: random.Random | None = None) -> Check:
    """Roll, or check the dice reader is there (no dice need be thrown).

    A fair roll draws from `secrets`, or from `rng` when one is given (a seeded script
    run, so the same script shows the same roll).
    """
    tray = config.tray
    name = dice_name(config)
    if not tray.enabled:
        return Check.of(name, True, Reason.DICE_SKIPPED)
    if tray.dice_source == "touch":
        return Check.of(name, True, Reason.DICE_TOUCH)
    if tray.dice_source == "fair":
        roll = fair_roll(tray.dice_count, tray.dice_sides, rng)
        source = Reason.FAIR_ROLL if rng is None else Reason.FAIR_ROLL_SEEDED
        return Check.of(name, True, source, roll=" ".join(map(str, roll.values)))
    try:
        reader = open_dice_reader(config)
        try:
            if isinstance(reader, LinkedDevice):
                return _reader_heard(name, reader.confirm())
            roll = reader.read_dice(tray.dice_count, tray.dice_sides, config.serial.timeout_s)
        finally:
            reader.close()
    except DeviceError as error:
        return Check.failed(name, error)
    state = Reason.DICE_COCKED if roll.cocked else Reason.DICE_READ
    return Check.of(name, True, state, roll=" ".join(map(str, roll.values)))


def _reader_heard(name: str, status: dict[str, Any]) -> Check:
    """Judge the reader by what the controller heard from it since it started."""
    readings = int(status.get("dice_readings", 0))
    unreadable = int(status.get("dice_bad_lines", 0))
    if unreadable and not readings:
        return Check.of(name, False, Reason.READER_UNREADABLE, readings=readings,
                        unreadable=unreadable)
    reason = Reason.READER_LISTENS if readings else Reason.READER_NOT_HEARD
    return Check.of(name, True, reason, readings=readings, unreadable=unreadable)


def check_controller(config: Config) -> Check:
    """The table controller answers on its link and runs this companion's firmware."""
    from device import serial_sharing

    name = controller_name(config)
    try:
        link = serial_sharing.acquire_link(config)
    except DeviceError as error:
        return Check.failed(name, error)
    try:
        link.poll()
    except DeviceError as error:
        return Check.failed(name, error)
    finally:
        serial_sharing.release_link(link)
    hello = link.hello
    return Check.of(name, True, Reason.CONTROLLER_ANSWERS, firmware=str(hello.get("firmware")),
                    protocol=str(hello.get("protocol")))


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
