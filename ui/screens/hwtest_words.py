"""The hardware test's lines in the table's language: each device's name, and each check's
outcome (its reason, `device.selftest.Reason`, and its values) worded from the catalogue.

`companion hw test` prints the same outcomes in English (`device.selftest.ENGLISH`); the
screen says them in the language chosen in settings. A device's own error sentence
(`device_error`) and the error of a test that failed (`test_failed`) are shown as written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.config import Config
from companion.i18n import _, ngettext

Values = tuple[tuple[str, object], ...]
"""A check's values by name (`companion.hardware.self_test.DeviceCheck.values`)."""


def _backend_words(backend: str) -> str:
    return {"sim": _("simulated"), "gpio": _("the Pi's pins"),
            "serial": _("the table controller")}.get(backend, backend)


def _driver_words(driver: str) -> str:
    return {"step_dir": _("step/dir"), "uln2003": _("ULN2003")}.get(driver, driver)


def _dice_source_words(source: str) -> str:
    return {"touch": _("tapped on screen"), "fair": _("the companion rolls"),
            "serial": _("dice reader")}.get(source, source)


def device_words(key: str, config: Config) -> str:
    """The name of the device `key` checks ("controller", "spinner", "tray", "dice")."""
    if key == "controller":
        return _("Table controller ({port})").format(port=config.serial.port)
    if key == "spinner":
        return _("Spinner ({backend}, {driver})").format(
            backend=_backend_words(config.backend), driver=_driver_words(config.spinner.driver))
    if key == "tray":
        return _("Dice tray sensor and button ({backend})").format(
            backend=_backend_words(config.backend))
    return _("Dice source ({source})").format(source=_dice_source_words(config.tray.dice_source))


def _homed(values: Mapping[str, Any]) -> str:
    return _("homed in {seconds} s").format(seconds=f"{values['homed_s']:.2f}")


def _passed_home(values: Mapping[str, Any], late: bool) -> str:
    steps = int(values["steps"])
    if late:
        passed = ngettext("a full turn passed home {steps} step late",
                          "a full turn passed home {steps} steps late", steps)
    else:
        passed = ngettext("a full turn passed home {steps} step early",
                          "a full turn passed home {steps} steps early", steps)
    return _("{homed}; {passed}, within the tolerance of {tolerance}").format(
        homed=_homed(values), passed=passed.format(steps=steps),
        tolerance=values["tolerance"])


def _tray_on_controller(values: Mapping[str, Any]) -> str:
    pull = _("pulled up") if values["pull_up"] else _("no pull")
    level = _("active high") if values["active_high"] else _("active low")
    return _("the table controller answers; its sensor pin is {pull}, {level}, and its button "
             "pin is watched").format(pull=pull, level=level)


def _heard(values: Mapping[str, Any]) -> str:
    readings, unreadable = int(values["readings"]), int(values["unreadable"])
    return _("{readings} and {unreadable} since it started").format(
        readings=ngettext("{n} reading", "{n} readings", readings).format(n=readings),
        unreadable=ngettext("{n} unreadable line", "{n} unreadable lines",
                            unreadable).format(n=unreadable))


WORDS: Mapping[str, Callable[[Mapping[str, Any]], str]] = {
    "device_error": lambda values: str(values["error"]),
    "missed_steps": lambda values: _(
        "The spinner was {offset} steps off at a home pass (missed steps), more than the "
        "tolerance of {tolerance} in one turn at half speed: check the motor current and that "
        "the idol turns freely.").format(offset=f"{values['offset']:+d}",
                                         tolerance=values["tolerance"]),
    "home_not_seen": lambda values: _(
        "{homed}, but the home sensor did not fire in a turn of {degrees} degrees: check that "
        "it sees the flag at speed, and the motor current (a stalled motor does not "
        "turn).").format(homed=_homed(values), degrees=f"{values['degrees']:.0f}"),
    "home_on_count": lambda values: _("{homed}; a full turn passed home on count").format(
        homed=_homed(values)),
    "home_late": lambda values: _passed_home(values, late=True),
    "home_early": lambda values: _passed_home(values, late=False),
    "tray_skipped": lambda _values: _("not enabled in the configuration, skipped"),
    "tray_simulated": lambda _values: _("simulated sensor and button"),
    "tray_on_controller": _tray_on_controller,
    "tray_gpio": lambda values: _("sensor on GPIO {sensor}, button on GPIO {button}").format(
        sensor=values["sensor_pin"], button=values["button_pin"]),
    "tray_gpio_no_button": lambda values: _("sensor on GPIO {sensor}, no button").format(
        sensor=values["sensor_pin"]),
    "dice_skipped": lambda _values: _("tray not enabled, skipped"),
    "dice_touch": lambda _values: _("values are entered on the touchscreen"),
    "fair_roll": lambda values: _("a fair roll: {roll}").format(roll=values["roll"]),
    "fair_roll_seeded": lambda values: _("a fair roll from the seeded generator: {roll}"
                                              ).format(roll=values["roll"]),
    "dice_read": lambda values: _("read: {roll}").format(roll=values["roll"]),
    "dice_cocked": lambda values: _("read with a die cocked: {roll}").format(
        roll=values["roll"]),
    "reader_unreadable": lambda values: _(
        "the table controller heard only unreadable lines from the dice reader ({heard}): "
        "check the reader sends 9600 baud lines of faces such as “3 5”").format(
            heard=_heard(values)),
    "reader_listens": lambda values: _(
        "the table controller listens to the dice reader; {heard}").format(heard=_heard(values)),
    "reader_not_heard": lambda values: _(
        "the table controller listens to the dice reader; {heard} (throw dice to check the "
        "reader itself)").format(heard=_heard(values)),
    "controller_answers": lambda values: _(
        "firmware {firmware} (protocol {protocol}) answers on its link").format(
            firmware=values["firmware"], protocol=values["protocol"]),
    "shut_down": lambda _values: _("the spinner was shut down during the test."),
    "test_failed": lambda values: _(
        "the test itself failed ({error}); see the companion's log.").format(
            error=values["error"]),
}
"""Each reason (a `device.selftest.Reason`, a string) in the table's language, from its
values: the screen imports nothing of `device`."""


def outcome_words(reason: str, values: Values) -> str:
    """What a check saw, or why it failed, in the table's language."""
    return WORDS[reason](dict(values))


def line_words(device: str, ok: bool, reason: str, values: Values) -> str:
    """A device's line, as `companion hw test` prints it, in the table's language."""
    outcome = outcome_words(reason, values)
    if ok:
        return _("{device}: OK ({outcome})").format(device=device, outcome=outcome)
    return _("{device}: FAILED: {outcome}").format(device=device, outcome=outcome)


__all__ = ["WORDS", "device_words", "line_words", "outcome_words"]
