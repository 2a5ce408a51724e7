"""The configuration's rules: each key's range, and the rules between keys.

Every problem becomes one line naming the file, the key and the fix (through
`KeyReader`). A key out of its own range is reported once: the rules that
read it are then skipped, so it never shows up again as the cause of another.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.config_refusals import out_of_range, seats_too_close
from companion.config_schema import (
    DEFAULT_SERIAL_PORT,
    ROTATIONS,
    WINDOW_SIDE_LIMITS,
    WINDOW_SIZE,
    KeyReader,
    ScreenConfig,
    SerialConfig,
    SpinnerConfig,
    TrayConfig,
    seat_angle_problems,
    smallest_seat_gap,
)
from companion.i18n import LANGUAGE_CODE

MAX_STEPS_PER_TURN = 51_200
"""Steps of one turn the companion plans at most: a 200-step motor at 1/256 microstepping.

Finer is no use to a pointer (1/8 already gives 0.225 degrees), and every
step is planned and simulated one by one: a spin of millions of steps would
take minutes to plan.
"""

# Limits: key -> (minimum, maximum, example). Checked after the types.
_LIMITS: dict[str, tuple[float, float, str]] = {
    "spinner.steps_per_rev": (4, MAX_STEPS_PER_TURN, "200 for a NEMA 17, 4096 for a 28BYJ-48"),
    "spinner.microstepping": (1, 256, "8"),
    "spinner.max_speed_rps": (0.01, 20, "2.5"),
    "spinner.max_accel_rps2": (0.01, 200, "4.0"),
    "spinner.max_jerk_rps3": (0.01, 100_000, "40.0"),
    "spinner.extra_revolutions": (0, 20, "2"),
    "spinner.margin_deg": (0, 45, "4.0"),
    "spinner.home.fast_rps": (0.001, 5, "0.5"),
    "spinner.home.slow_rps": (0.001, 5, "0.05"),
    "spinner.home.backoff_deg": (0.1, 180, "15.0"),
    "spinner.home.timeout_s": (0.1, 600, "20.0"),
    "spinner.home.tolerance_steps": (0, 10_000, "8"),
    "tray.settle_s": (0.01, 30, "0.8"),
    "tray.dice_count": (1, 10, "2"),
    "tray.dice_sides": (2, 100, "6"),
    "serial.baud": (300, 10_000_000, "115200"),
    "serial.timeout_s": (0.001, 60, "1.0"),
    "serial.ack_timeout_s": (0.001, 60, "0.25"),
    "serial.retries": (0, 100, "5"),
    "serial.handshake_timeout_s": (0.01, 60, "2.0"),
    "serial.reconnect_max_s": (0.01, 3600, "10.0"),
    "sim.missed_step_every": (0, 10_000_000, "0"),
}
_PIN_KEYS = ("step", "direction", "home")


def _check_limits(reader: KeyReader, sections: Mapping[str, Any]) -> set[str]:
    """Check every key of `_LIMITS`; return the keys out of their range."""
    bad = set()
    for key, (low, high, example) in _LIMITS.items():
        parts = key.split(".")
        obj: Any = sections.get(parts[0])
        if obj is None:
            continue
        for part in parts[1:]:
            obj = getattr(obj, part)
        if not low <= obj <= high:
            reader.error(key, f"is {obj}, outside {low} to {high}; set it to e.g. {example}",
                         out_of_range(key, obj, low, high))
            bad.add(key)
    return bad


def check_rules(
    reader: KeyReader, spinner: SpinnerConfig, tray: TrayConfig, serial: SerialConfig
) -> set[str]:
    """Check ranges and the rules between keys; return the keys out of their range."""
    bad = _check_limits(reader, {"spinner": spinner, "tray": tray, "serial": serial})
    # Rules between keys are checked only when each key is sound on its own:
    # a key out of range is reported once, not again as the cause of others.
    _check_resolution(reader, spinner, bad)
    pins = spinner.pins
    for name in _PIN_KEYS:
        reader.pin(f"spinner.pins.{name}", getattr(pins, name))
    if pins.enable != -1:
        reader.pin("spinner.pins.enable", pins.enable, optional=True)
    if len(pins.coils) != 4:
        reader.error("spinner.pins.coils", "needs exactly 4 pins (IN1 to IN4 of the ULN2003)")
    for pin in pins.coils:
        reader.pin("spinner.pins.coils", pin)
    reader.pin("tray.sensor_pin", tray.sensor_pin)
    if tray.button_pin != -1:
        reader.pin("tray.button_pin", tray.button_pin, optional=True)
    if tray.sensor_pull_up and tray.sensor_active_high:
        reader.error(
            "tray.sensor_active_high",
            "is true with sensor_pull_up = true, but a pulled-up switch to GND is active "
            "low; set sensor_active_high = false",
        )
    if (
        spinner.driver == "uln2003"
        and spinner.microstepping != 1
        and "spinner.microstepping" not in bad
    ):
        reader.error(
            "spinner.microstepping",
            f"is {spinner.microstepping} with driver = \"uln2003\", which drives half steps; "
            "set microstepping = 1 and steps_per_rev = 4096 for a 28BYJ-48",
        )
    speeds = {"spinner.home.slow_rps", "spinner.home.fast_rps"}
    if not speeds & bad and spinner.home.slow_rps > spinner.home.fast_rps:
        reader.error("spinner.home.slow_rps", "is above fast_rps; the slow approach must be slower")
    if not serial.port:
        reader.error("serial.port", f'is empty; set it to e.g. "{DEFAULT_SERIAL_PORT}"')
    _check_pin_conflicts(reader, spinner, tray)
    check_seat_margins(reader, spinner, "spinner.margin_deg" not in bad)
    return bad


def _check_resolution(reader: KeyReader, spinner: SpinnerConfig, bad: set[str]) -> None:
    if {"spinner.steps_per_rev", "spinner.microstepping"} & bad:
        return
    if spinner.steps_per_turn > MAX_STEPS_PER_TURN:
        reader.error(
            "spinner.microstepping",
            f"is {spinner.microstepping} with steps_per_rev = {spinner.steps_per_rev}: "
            f"{spinner.steps_per_turn:,} steps a turn, more than the companion plans "
            f"({MAX_STEPS_PER_TURN:,}, a 200-step motor at 1/256); set steps_per_rev to the "
            "motor's full steps (200 for a NEMA 17) and microstepping to the driver's "
            "setting, e.g. 8",
        )


def _pins_in_use(spinner: SpinnerConfig, tray: TrayConfig) -> list[tuple[str, int]]:
    """(key, pin) of every pin the configured driver and sensors use."""
    pins = spinner.pins
    used: list[tuple[str, int]] = []
    if spinner.driver == "uln2003":
        used += [(f"spinner.pins.coils[{index}]", pin) for index, pin in enumerate(pins.coils)]
    else:
        used += [("spinner.pins.step", pins.step), ("spinner.pins.direction", pins.direction)]
        if pins.enable != -1:
            used.append(("spinner.pins.enable", pins.enable))
    used.append(("spinner.pins.home", pins.home))
    if tray.enabled:
        used.append(("tray.sensor_pin", tray.sensor_pin))
        if tray.button_pin != -1:
            used.append(("tray.button_pin", tray.button_pin))
    return used


def _check_pin_conflicts(reader: KeyReader, spinner: SpinnerConfig, tray: TrayConfig) -> None:
    first_user: dict[int, str] = {}
    for key, pin in _pins_in_use(spinner, tray):
        if pin in first_user:
            reader.error(
                key,
                f"is GPIO {pin}, already used by {first_user[pin]}; give each "
                "function its own pin (docs/hardware.md lists the defaults)",
            )
        else:
            first_user[pin] = key


def check_seat_margins(
    reader: KeyReader, spinner: SpinnerConfig, with_margin: bool = True
) -> None:
    """Refuse seats that are not usable, or too close for the margin when `with_margin`
    (the margin's own refusal is then the screen's sentence: the margin is what it changes)."""
    angles = spinner.seat_angles
    margin = spinner.margin_deg if with_margin else None
    problems = seat_angle_problems(angles, margin)
    too_close = (margin is not None and bool(problems)
                 and not seat_angle_problems(angles, None))
    said = seats_too_close(smallest_seat_gap(angles), spinner.margin_deg) if too_close else None
    for problem in problems:
        reader.error("spinner.seat_angles", problem, said)


def check_screen(reader: KeyReader, screen: ScreenConfig) -> None:
    """Check `[screen]`: the rotation, the language code and the window size."""
    if screen.rotation not in ROTATIONS:
        reader.error(
            "screen.rotation",
            f"is {screen.rotation}; use 0, 90, 180 or 270 (degrees the picture is turned "
            "clockwise)",
        )
    if not LANGUAGE_CODE.fullmatch(screen.language):
        reader.error("screen.language", _language_problem(screen.language))
    window_problem = _window_problem(screen.window)
    if window_problem:
        reader.error("screen.window", window_problem)


def _language_problem(code: str) -> str:
    language, _, region = code.replace("-", "_").partition("_")
    likely = f"{language.lower()}_{region.upper()}" if region else language.lower()
    if LANGUAGE_CODE.fullmatch(likely):
        return f'is "{code}"; write it as "{likely}"'
    return (
        f'is "{code}", not a language code; use two small letters, with "_" and a region '
        'in capitals if needed, e.g. "cy" or "pt_BR"'
    )


def _window_problem(window: str) -> str:
    found = WINDOW_SIZE.fullmatch(window)
    if found is None:
        return f'is "{window}"; write the size as width x height in pixels, e.g. "800x480"'
    low, high = WINDOW_SIDE_LIMITS
    if all(low <= int(side) <= high for side in found.groups()):
        return ""
    return (
        f'is "{window}", but each side must be {low} to {high} pixels; '
        'set it to e.g. "800x480"'
    )
