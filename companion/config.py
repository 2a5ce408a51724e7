"""The one configuration file: load, defaults, validation.

The companion reads one TOML file. Where it comes from, first match wins:
an explicit path (`--config FILE`), `$COMPANION_CONFIG`, then
`/etc/companion/config.toml` when it exists; otherwise the built-in defaults
apply (they are documented, key by key, in `companion/default_config.toml`).

Every key is optional. Validation collects every problem at once and raises
one `ConfigError` whose lines each name the file, the key and the fix.

Seat angles saved by calibration live in a small state file
(`seats.toml` in the state directory, or `spinner.seats_file`) that
overrides `spinner.seat_angles`, so the main file keeps its comments.
"""

from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from companion.errors import ConfigError

SYSTEM_CONFIG_PATH = Path("/etc/companion/config.toml")
CONFIG_ENV = "COMPANION_CONFIG"
DEFAULT_CONFIG_RESOURCE = "default_config.toml"
BACKENDS = ("gpio", "serial", "sim")
DRIVERS = ("step_dir", "uln2003")
SPIN_MODES = ("fair", "physical")
DICE_SOURCES = ("touch", "fair", "serial")
SENSOR_KINDS = ("vibration", "tilt")
DEFAULT_SERIAL_PORT = "/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_*"


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
class Config:
    """The effective configuration.

    `backend` is resolved (`gpio`, `serial` or `sim`); `backend_setting` is
    what the file said (`auto` when absent). `source` names the file read,
    and `seats_source` where the seat angles came from.
    """

    backend: str = "sim"
    backend_setting: str = "auto"
    gpio: GpioConfig = field(default_factory=GpioConfig)
    serial: SerialConfig = field(default_factory=SerialConfig)
    sim: SimConfig = field(default_factory=SimConfig)
    spinner: SpinnerConfig = field(default_factory=SpinnerConfig)
    tray: TrayConfig = field(default_factory=TrayConfig)
    source: str = "built-in defaults"
    seats_source: str = "built-in defaults"

    def to_dict(self) -> dict[str, Any]:
        """The configuration as plain TOML-ready data (tuples become lists)."""
        data = _plain(asdict(self))
        data["backend"] = self.backend_setting
        del data["backend_setting"], data["source"], data["seats_source"]
        return data


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


# --- where the file is -------------------------------------------------------


def config_path(explicit: str | os.PathLike[str] | None = None) -> Path | None:
    """The configuration file to read, or None for the built-in defaults.

    Raises:
        ConfigError: an explicitly named file (argument or environment) is missing.
    """
    if explicit:
        path = Path(explicit)
        origin = "the command line"
    elif os.environ.get(CONFIG_ENV):
        path = Path(os.environ[CONFIG_ENV])
        origin = f"${CONFIG_ENV}"
    elif SYSTEM_CONFIG_PATH.is_file():
        return SYSTEM_CONFIG_PATH
    else:
        return None
    if not path.is_file():
        raise ConfigError(
            f"{path}: no such configuration file (named by {origin}); "
            "create it from `companion config default` or name an existing file."
        )
    return path


def state_dir() -> Path:
    """Where saved state lives: `$STATE_DIRECTORY` under systemd, else the user's."""
    systemd_dir = os.environ.get("STATE_DIRECTORY")
    if systemd_dir:
        return Path(systemd_dir.split(":")[0])
    import platformdirs

    return Path(platformdirs.user_state_dir("companion", appauthor=False))


def seats_path(config: Config) -> Path:
    """The file calibration writes seat angles to."""
    if config.spinner.seats_file:
        return Path(config.spinner.seats_file).expanduser()
    return state_dir() / "seats.toml"


def default_config_text() -> str:
    """The documented default configuration file, as shipped."""
    from importlib.resources import files

    return files("companion").joinpath(DEFAULT_CONFIG_RESOURCE).read_text(encoding="utf-8")


# --- loading -------------------------------------------------------------------


def load_config(
    path: str | os.PathLike[str] | None = None, *, with_seats_file: bool = True
) -> Config:
    """Load, validate and resolve the configuration.

    Args:
        path: an explicit file; None looks at `$COMPANION_CONFIG`, then
            `/etc/companion/config.toml`, then uses the defaults.
        with_seats_file: apply saved seat angles from the seats file.

    Raises:
        ConfigError: the file is missing, is not TOML, or holds bad values;
            the message lists every problem with its key and the fix.
    """
    found = config_path(path)
    if found is None:
        config = parse_config({}, source="built-in defaults")
    else:
        config = parse_config(_read_toml(found), source=str(found))
    if with_seats_file:
        config = apply_saved_seats(config)
    return config


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML ({error}); fix the syntax there.") from error
    except OSError as error:
        raise ConfigError(
            f"{path}: cannot be read ({error.strerror}); check the path and its permissions."
        ) from error


def apply_saved_seats(config: Config) -> Config:
    """Replace the seat angles with those saved by calibration, if any.

    Raises:
        ConfigError: the seats file exists but is broken.
    """
    path = seats_path(config)
    if not path.is_file():
        return config
    data = _read_toml(path)
    reader = _Reader(str(path))
    angles = reader.seat_angles(data, "seat_angles", config.spinner.seat_angles)
    unknown = sorted(set(data) - {"seat_angles"})
    for key in unknown:
        reader.error(key, "is not a key of the seats file; remove it")
    reader.raise_if_errors()
    spinner = _replace(config.spinner, seat_angles=angles)
    checker = _Reader(str(path))
    _check_seat_margins(checker, spinner)
    checker.raise_if_errors()
    return _replace(config, spinner=spinner, seats_source=str(path))


def save_seat_angles(config: Config, angles: tuple[float, ...]) -> Path:
    """Write calibrated seat angles to the seats file; returns its path.

    Raises:
        ConfigError: the angles are invalid or the file cannot be written.
    """
    import tomli_w

    spinner = _replace(config.spinner, seat_angles=tuple(float(a) % 360.0 for a in angles))
    reader = _Reader("the calibrated seats")
    if len(angles) < 2:
        reader.error("seat_angles", "needs at least 2 seats; save one angle per player")
    else:
        _check_seat_margins(reader, spinner)
    reader.raise_if_errors()
    path = seats_path(config)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(tomli_w.dumps({"seat_angles": list(spinner.seat_angles)}), "utf-8")
        tmp.replace(path)
    except OSError as error:
        raise ConfigError(
            f"{path}: cannot save the seat angles ({error.strerror}); "
            "check that the state directory is writable."
        ) from error
    return path


def _replace(obj: Any, **changes: Any) -> Any:
    from dataclasses import replace

    return replace(obj, **changes)


def parse_config(data: Mapping[str, Any], *, source: str = "the configuration") -> Config:
    """Validate raw TOML data into a `Config`.

    Raises:
        ConfigError: one line per bad key, naming `source`, the key and the fix.
    """
    reader = _Reader(source)
    reader.unknown(data, "", {"backend", "gpio", "serial", "sim", "spinner", "tray"})
    setting = reader.choice(data, "backend", "auto", ("auto", *BACKENDS))
    gpio = reader.section(data, "gpio", GpioConfig)
    serial = reader.section(data, "serial", SerialConfig)
    sim = reader.section(data, "sim", SimConfig)
    spinner = _parse_spinner(reader, reader.table(data, "spinner"))
    tray = _parse_tray(reader, reader.table(data, "tray"))
    _check_rules(reader, spinner, tray, serial)
    reader.raise_if_errors()
    backend = detect_backend() if setting == "auto" else setting
    return Config(
        backend=backend,
        backend_setting=setting,
        gpio=gpio,
        serial=serial,
        sim=sim,
        spinner=spinner,
        tray=tray,
        source=source,
        seats_source=source if "seat_angles" in data.get("spinner", {}) else "built-in defaults",
    )


def detect_backend() -> str:
    """`gpio` on a Raspberry Pi with GPIO chips, else `sim`."""
    model = Path("/proc/device-tree/model")
    try:
        is_pi = "Raspberry Pi" in model.read_text(errors="replace")
    except OSError:
        return "sim"
    has_gpio = any(Path("/dev").glob("gpiochip*"))
    return "gpio" if is_pi and has_gpio else "sim"


def _parse_spinner(reader: _Reader, data: Mapping[str, Any]) -> SpinnerConfig:
    prefix = "spinner."
    known = {f.name for f in fields(SpinnerConfig)}
    reader.unknown(data, prefix, known)
    defaults = SpinnerConfig()
    values: dict[str, Any] = {}
    for spec in fields(SpinnerConfig):
        if spec.name in ("pins", "home", "seat_angles", "driver", "mode"):
            continue
        values[spec.name] = reader.value(data, spec.name, getattr(defaults, spec.name), prefix)
    values["driver"] = reader.choice(data, "driver", defaults.driver, DRIVERS, prefix)
    values["mode"] = reader.choice(data, "mode", defaults.mode, SPIN_MODES, prefix)
    values["seat_angles"] = reader.seat_angles(data, "seat_angles", defaults.seat_angles, prefix)
    values["pins"] = reader.section(data, "pins", SpinnerPins, prefix)
    values["home"] = reader.section(data, "home", HomeConfig, prefix)
    return SpinnerConfig(**values)


def _parse_tray(reader: _Reader, data: Mapping[str, Any]) -> TrayConfig:
    prefix = "tray."
    reader.unknown(data, prefix, {f.name for f in fields(TrayConfig)})
    defaults = TrayConfig()
    values = {
        spec.name: reader.value(data, spec.name, getattr(defaults, spec.name), prefix)
        for spec in fields(TrayConfig)
        if spec.name not in ("dice_source", "sensor_kind")
    }
    values["sensor_kind"] = reader.choice(
        data, "sensor_kind", defaults.sensor_kind, SENSOR_KINDS, prefix
    )
    values["dice_source"] = reader.choice(
        data, "dice_source", defaults.dice_source, DICE_SOURCES, prefix
    )
    return TrayConfig(**values)


# Limits: key -> (minimum, maximum, example). Checked after the types.
_LIMITS: dict[str, tuple[float, float, str]] = {
    "spinner.steps_per_rev": (4, 100_000, "200 for a NEMA 17, 4096 for a 28BYJ-48"),
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


def _check_rules(
    reader: _Reader, spinner: SpinnerConfig, tray: TrayConfig, serial: SerialConfig
) -> None:
    sections = {"spinner": spinner, "tray": tray, "serial": serial}
    for key, (low, high, example) in _LIMITS.items():
        parts = key.split(".")
        obj: Any = sections.get(parts[0])
        if obj is None:
            continue
        for part in parts[1:]:
            obj = getattr(obj, part)
        if not low <= obj <= high:
            reader.error(key, f"is {obj}, outside {low} to {high}; set it to e.g. {example}")
    pins = spinner.pins
    for name in _PIN_KEYS:
        reader.pin(f"spinner.pins.{name}", getattr(pins, name))
    if pins.enable != -1:
        reader.pin("spinner.pins.enable", pins.enable)
    if len(pins.coils) != 4:
        reader.error("spinner.pins.coils", "needs exactly 4 pins (IN1 to IN4 of the ULN2003)")
    for pin in pins.coils:
        reader.pin("spinner.pins.coils", pin)
    reader.pin("tray.sensor_pin", tray.sensor_pin)
    if tray.button_pin != -1:
        reader.pin("tray.button_pin", tray.button_pin)
    if tray.sensor_pull_up and tray.sensor_active_high:
        reader.error(
            "tray.sensor_active_high",
            "is true with sensor_pull_up = true, but a pulled-up switch to GND is active "
            "low; set sensor_active_high = false",
        )
    if spinner.home.slow_rps > spinner.home.fast_rps:
        reader.error("spinner.home.slow_rps", "is above fast_rps; the slow approach must be slower")
    if not serial.port:
        reader.error("serial.port", f'is empty; set it to e.g. "{DEFAULT_SERIAL_PORT}"')
    _check_seat_margins(reader, spinner)


def _check_seat_margins(reader: _Reader, spinner: SpinnerConfig) -> None:
    angles = sorted(a % 360.0 for a in spinner.seat_angles)
    if len(angles) < 2:
        return
    gaps = [(b - a) for a, b in zip(angles, [*angles[1:], angles[0] + 360.0], strict=True)]
    smallest = min(gaps)
    # Each seat's arc must keep an unambiguous middle after both margins.
    if smallest <= 4 * spinner.margin_deg or smallest < 1.0:
        reader.error(
            "spinner.seat_angles",
            f"has two seats only {smallest:g} degrees apart, too close for margin_deg "
            f"{spinner.margin_deg:g}; spread the seats or lower margin_deg",
        )


class _Reader:
    """Collects typed values and every error, each naming file, key and fix."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.errors: list[str] = []

    def error(self, key: str, problem: str) -> None:
        self.errors.append(f"{self.source}: {key} {problem}.")

    def raise_if_errors(self) -> None:
        if self.errors:
            raise ConfigError("\n".join(self.errors))

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
            self.error(f"{prefix}{key}", f"{error}, got {raw!r}; set it to e.g. {_toml(default)}")
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

    def pin(self, key: str, pin: int) -> None:
        if not 0 <= pin <= 27:
            self.error(key, f"is {pin}, not a GPIO number; use a BCM number from 0 to 27")


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
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, tuple):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


GPIO_STEP_RATE_LIMIT = 1000.0
"""Steps per second above which stepping from Linux user space loses steadiness."""


def config_warnings(config: Config) -> list[str]:
    """Settings that are valid but unwise, as sentences."""
    warnings = []
    spinner = config.spinner
    rate = spinner.max_speed_rps * spinner.steps_per_turn
    if config.backend == "gpio" and rate > GPIO_STEP_RATE_LIMIT:
        warnings.append(
            f"spinner.max_speed_rps {spinner.max_speed_rps:g} needs {rate:.0f} steps/s, more "
            f"than the gpio backend holds steadily (about {GPIO_STEP_RATE_LIMIT:.0f}); use "
            'backend = "serial" (the Pico) for this build, or lower microstepping or speed.'
        )
    return warnings


def effective_toml(config: Config) -> str:
    """The effective configuration as TOML, with where it came from."""
    import tomli_w

    header = (
        f"# effective configuration, from {config.source}\n"
        f"# backend resolved to: {config.backend}\n"
        f"# seat angles from: {config.seats_source}\n"
    )
    return header + tomli_w.dumps(config.to_dict())
