"""The configuration's shape: one frozen dataclass per TOML table, with the defaults,
and `KeyReader`, which reads typed values and collects errors naming file, key and fix;
`seat_angle_problems` says what makes a list of seat angles unusable.

Loading and validation live in `companion.config`, which re-exports these.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from companion.config_refusals import ConfigRefused, Said

BACKENDS = ("gpio", "serial", "sim")
DRIVERS = ("step_dir", "uln2003")
SPIN_MODES = ("fair", "physical")
DICE_SOURCES = ("touch", "fair", "serial")
SENSOR_KINDS = ("vibration", "tilt")
DEFAULT_SERIAL_PORT = "/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_*"
ROTATIONS = (0, 90, 180, 270)
FULLSCREEN_MODES = ("auto", "yes", "no")
WINDOW_SIDE_LIMITS = (240, 7680)
"""Pixels a side of the window may have, up to an 8K screen's width."""
WINDOW_SIZE = re.compile(r"([0-9]{1,5})x([0-9]{1,5})")


@dataclass(frozen=True)
class GpioConfig:
    """`[gpio]`: how gpiozero reaches the pins.

    `pin_factory` is empty for gpiozero's own choice (lgpio on a Pi 5,
    `$GPIOZERO_PIN_FACTORY` when set) or a factory name such as `lgpio`.
    """

    pin_factory: str = ""


@dataclass(frozen=True)
class SerialConfig:
    """`[serial]`: the USB serial link to the Pico table controller.

    `port` may be a glob; the first match is used (the board's stable
    `/dev/serial/by-id/` name). Timeouts are in seconds.
    """

    port: str = DEFAULT_SERIAL_PORT
    baud: int = 115200
    timeout_s: float = 1.0
    ack_timeout_s: float = 0.25
    retries: int = 5
    handshake_timeout_s: float = 2.0
    reconnect_max_s: float = 10.0


@dataclass(frozen=True)
class SimConfig:
    """`[sim]`: the simulated devices and their fault switches.

    `missed_step_every` loses one step in every N (0: never);
    `dead_home_sensor` makes the home sensor never fire.
    """

    real_time: bool = False
    missed_step_every: int = 0
    dead_home_sensor: bool = False


@dataclass(frozen=True)
class SpinnerPins:
    """`[spinner.pins]`: BCM pin numbers. `enable` -1 means not wired."""

    step: int = 20
    direction: int = 21
    enable: int = 16
    coils: tuple[int, int, int, int] = (5, 6, 13, 19)
    home: int = 26


@dataclass(frozen=True)
class HomeConfig:
    """`[spinner.home]`: the home sensor and the homing moves."""

    active_low: bool = True
    fast_rps: float = 0.5
    slow_rps: float = 0.05
    backoff_deg: float = 15.0
    timeout_s: float = 20.0
    tolerance_steps: int = 8


@dataclass(frozen=True)
class SpinnerConfig:
    """`[spinner]`: the motor, its limits and the seats."""

    driver: str = "step_dir"
    steps_per_rev: int = 200
    microstepping: int = 8
    max_speed_rps: float = 2.5
    max_accel_rps2: float = 4.0
    max_jerk_rps3: float = 40.0
    extra_revolutions: int = 2
    mode: str = "fair"
    margin_deg: float = 4.0
    seat_angles: tuple[float, ...] = (0.0, 90.0, 180.0, 270.0)
    seats_file: str = ""
    pins: SpinnerPins = field(default_factory=SpinnerPins)
    home: HomeConfig = field(default_factory=HomeConfig)

    @property
    def steps_per_turn(self) -> int:
        """Motor steps for one turn of the pointer, microsteps included."""
        return self.steps_per_rev * self.microstepping


@dataclass(frozen=True)
class TrayConfig:
    """`[tray]`: the dice tray's sensors and where dice values come from."""

    enabled: bool = True
    sensor_kind: str = "vibration"
    sensor_pin: int = 17
    sensor_pull_up: bool = False
    sensor_active_high: bool = True
    button_pin: int = 27
    settle_s: float = 0.8
    dice_source: str = "fair"
    dice_count: int = 2
    dice_sides: int = 6


@dataclass(frozen=True)
class ScreenConfig:
    """`[screen]`: how the touchscreen shows the table.

    `rotation` turns the picture clockwise on the panel, in the app (0, 90,
    180 or 270 degrees); `face_player` turns a screen lying flat in the middle
    of the table toward the seat on roll, by the seats' calibrated angles.
    `language` is a catalog's code ("cy"); `window` the window's size on a
    desktop, "WxH"; `fullscreen` is "yes", "no" or "auto" (full screen when
    there is no desktop, see `full_screen`).
    """

    rotation: int = 0
    face_player: bool = False
    language: str = "en"
    window: str = "800x480"
    fullscreen: str = "auto"

    @property
    def window_size(self) -> tuple[int, int]:
        """The window's (width, height) in pixels.

        Raises:
            ValueError: `window` is not "WxH" (a configuration checked by
                `companion.config` never holds one).
        """
        found = WINDOW_SIZE.fullmatch(self.window)
        if found is None:
            raise ValueError(f'window {self.window!r} is not "WxH", e.g. "800x480"')
        return int(found[1]), int(found[2])

    def full_screen(self, environ: Mapping[str, str]) -> bool:
        """Whether to fill the screen, in the environment `environ` (`os.environ`).

        "auto" fills it when there is no desktop to open a window on: neither
        `DISPLAY` (X11) nor `WAYLAND_DISPLAY` is set, as on a Pi's console.
        """
        if self.fullscreen != "auto":
            return self.fullscreen == "yes"
        return not (environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


@dataclass(frozen=True)
class WebConfig:
    """`[web]`: the phone page. `pin` empty: a random 6-digit PIN, kept in the data directory."""

    port: int = 8080
    pin: str = ""


@dataclass(frozen=True)
class Config:
    """The effective configuration.

    `backend` is resolved (`gpio`, `serial` or `sim`); `backend_setting` is
    what the file said (`auto` when absent). `source` names the file read,
    and `seats_source` where the seat angles came from. `max_speed_set`: the
    file sets `spinner.max_speed_rps` itself (else the backend's default applies).
    `unread`: why the person's own file could not be used, when the companion
    started on the built-in defaults instead (`load_start_config`); empty otherwise.
    """

    backend: str = "sim"
    backend_setting: str = "auto"
    gpio: GpioConfig = field(default_factory=GpioConfig)
    serial: SerialConfig = field(default_factory=SerialConfig)
    sim: SimConfig = field(default_factory=SimConfig)
    spinner: SpinnerConfig = field(default_factory=SpinnerConfig)
    tray: TrayConfig = field(default_factory=TrayConfig)
    screen: ScreenConfig = field(default_factory=ScreenConfig)
    web: WebConfig = field(default_factory=WebConfig)
    source: str = "built-in defaults"
    seats_source: str = "built-in defaults"
    max_speed_set: bool = False
    unread: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The configuration as plain TOML-ready data (tuples become lists)."""
        data = _plain(asdict(self))
        data["backend"] = self.backend_setting
        del data["backend_setting"], data["source"], data["seats_source"], data["max_speed_set"]
        del data["unread"]
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


class KeyReader:
    """Collects typed values and every error, each naming file, key and fix."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.errors: list[str] = []
        self.said: list[Said | None] = []
        """Each error's sentence for the screen, where the screen can cause it."""

    def error(self, key: str, problem: str, said: Said | None = None) -> None:
        self.errors.append(f"{self.source}: {key} {problem}.")
        self.said.append(said)

    def raise_if_errors(self) -> None:
        if self.errors:
            raise ConfigRefused(self.errors, self.said)

    def unknown(self, data: Mapping[str, Any], prefix: str, known: set[str]) -> None:
        for key in sorted(set(data) - known):
            self.error(
                f"{prefix}{key}",
                f"is not a known key; remove it or use one of {', '.join(sorted(known))}",
            )

    def table(self, data: Mapping[str, Any], key: str, prefix: str = "") -> Mapping[str, Any]:
        value = data.get(key, {})
        if not isinstance(value, Mapping):
            self.error(f"{prefix}{key}", f"must be a table ([{prefix}{key}]), not {value!r}")
            return {}
        return value

    def section(self, data: Mapping[str, Any], key: str, kind: Any, prefix: str = "") -> Any:
        table = self.table(data, key, prefix)
        full = f"{prefix}{key}."
        self.unknown(table, full, {f.name for f in fields(kind)})
        defaults = kind()
        values = {
            spec.name: self.value(table, spec.name, getattr(defaults, spec.name), full)
            for spec in fields(kind)
        }
        return kind(**values)

    def value(self, data: Mapping[str, Any], key: str, default: Any, prefix: str = "") -> Any:
        if key not in data:
            return default
        raw = data[key]
        check = _TYPE_CHECKS[type(default)]
        try:
            return check(raw)
        except (TypeError, ValueError) as error:
            example = _toml(default)
            self.error(f"{prefix}{key}", f"{error}, got {_toml(raw)}; set it to e.g. {example}")
            return default

    def choice(
        self,
        data: Mapping[str, Any],
        key: str,
        default: str,
        allowed: tuple[str, ...],
        prefix: str = "",
    ) -> str:
        raw = data.get(key, default)
        if raw not in allowed:
            options = ", ".join(f'"{option}"' for option in allowed)
            self.error(f"{prefix}{key}", f"is {raw!r}; use one of {options}")
            return default
        return str(raw)

    def seat_angles(
        self, data: Mapping[str, Any], key: str, default: tuple[float, ...], prefix: str = ""
    ) -> tuple[float, ...]:
        raw = data.get(key, list(default))
        ok = isinstance(raw, list) and all(_is_number(a) and math.isfinite(a) for a in raw)
        if not ok or len(raw) < 2 or len(raw) > 10:
            self.error(
                f"{prefix}{key}",
                f"must be a list of 2 to 10 angles in degrees, got {raw!r}; "
                "set it to e.g. [0.0, 90.0, 180.0, 270.0] "
                "or calibrate with `companion hw calibrate`",
            )
            return default
        return tuple(float(a) % 360.0 for a in raw)

    def pin(self, key: str, pin: int, optional: bool = False) -> None:
        if not 0 <= pin <= 27:
            unwired = ", or -1 when it is not wired" if optional else ""
            self.error(
                key, f"is {pin}, not a GPIO number; use a BCM number from 0 to 27{unwired}"
            )


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _check_bool(raw: Any) -> bool:
    if not isinstance(raw, bool):
        raise TypeError("must be true or false")
    return raw


def _check_int(raw: Any) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise TypeError("must be a whole number")
    return raw


def _check_float(raw: Any) -> float:
    if not _is_number(raw) or not math.isfinite(raw):
        raise TypeError("must be a number")
    return float(raw)


def _check_str(raw: Any) -> str:
    if not isinstance(raw, str):
        raise TypeError("must be a string in quotes")
    return raw


def _check_pins4(raw: Any) -> tuple[int, int, int, int]:
    if not isinstance(raw, list) or len(raw) != 4:
        raise TypeError("must be a list of 4 pin numbers")
    a, b, c, d = (_check_int(pin) for pin in raw)
    return (a, b, c, d)


_TYPE_CHECKS: dict[type, Callable[[Any], Any]] = {
    bool: _check_bool,
    int: _check_int,
    float: _check_float,
    str: _check_str,
    tuple: _check_pins4,
}


def _toml(value: Any) -> str:
    """A value as it is written in TOML (`true`, `"text"`, `[1, 2]`), for messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    return str(value)


def evenly_spaced(players: int) -> tuple[float, ...]:
    """Seat angles for `players` spaced evenly round the table, seat 0 at home."""
    return tuple(round(360.0 * seat / players, 6) for seat in range(players))


def seat_angles_for(calibrated: Sequence[float], players: int) -> tuple[float, ...]:
    """The angle of each of `players`: the first calibrated ones, or spaced evenly when
    fewer seats are calibrated than there are players (the spinner's spins and the screen's
    dials alike)."""
    if len(calibrated) >= players:
        return tuple(calibrated[:players])
    return evenly_spaced(players)


def seat_angle_problems(angles: tuple[float, ...], margin_deg: float | None) -> list[str]:
    """What is wrong with seat angles, each as "problem; fix" (empty when usable).

    Seats are listed in playing order, so going down the list must walk once
    around the table (either way round); no two seats may share an angle, and
    (unless `margin_deg` is None) neighbours must be more than four margins
    apart, so every seat keeps a wide unambiguous middle.
    """
    turned = [a % 360.0 for a in angles]
    for later, angle in enumerate(turned):
        for earlier in range(later):
            if abs((angle - turned[earlier] + 180.0) % 360.0 - 180.0) < 1e-9:
                return [
                    f"gives seats {earlier} and {later} the same angle ({angles[earlier]:g} and "
                    f"{angles[later]:g} degrees); give each seat its own angle"
                ]
    if len(turned) < 2:
        return []
    if not _goes_round_once(turned):
        listed = ", ".join(f"{a:g}" for a in angles)
        ordered = ", ".join(f"{a:g}" for a in sorted(turned))
        return [
            f"[{listed}] does not go round the table in playing order; list the seats "
            f"as they sit, each next to the one before, e.g. [{ordered}]"
        ]
    if margin_deg is None:
        return []
    smallest = smallest_seat_gap(angles)
    if smallest <= 4 * margin_deg or smallest < 1.0:
        return [
            f"has two seats only {smallest:g} degrees apart, too close for margin_deg "
            f"{margin_deg:g}; spread the seats or lower margin_deg"
        ]
    return []


def smallest_seat_gap(angles: Sequence[float]) -> float:
    """The fewest degrees between two neighbouring seats of `angles` (two or more)."""
    ordered = sorted(a % 360.0 for a in angles)
    following = [*ordered[1:], ordered[0] + 360.0]
    return min(b - a for a, b in zip(ordered, following, strict=True))


def _goes_round_once(angles: list[float]) -> bool:
    """Whether the angles, in order, walk once round the circle (either direction)."""
    following = [*angles[1:], angles[0]]
    forward = sum((b - a) % 360.0 for a, b in zip(angles, following, strict=True))
    backward = sum((a - b) % 360.0 for a, b in zip(angles, following, strict=True))
    return abs(forward - 360.0) < 1e-6 or abs(backward - 360.0) < 1e-6
