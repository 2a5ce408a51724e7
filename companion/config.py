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

import os
import tomllib
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

from companion.config_schema import (
    BACKENDS,
    DEFAULT_SERIAL_PORT,
    DICE_SOURCES,
    DRIVERS,
    SENSOR_KINDS,
    SPIN_MODES,
    Config,
    GpioConfig,
    HomeConfig,
    KeyReader,
    SerialConfig,
    SimConfig,
    SpinnerConfig,
    SpinnerPins,
    TrayConfig,
    seat_angle_problems,
)
from companion.errors import ConfigError

__all__ = [
    "BACKENDS",
    "CONFIG_ENV",
    "DEFAULT_SERIAL_PORT",
    "DICE_SOURCES",
    "DRIVERS",
    "SENSOR_KINDS",
    "SPIN_MODES",
    "SYSTEM_CONFIG_PATH",
    "Config",
    "GpioConfig",
    "HomeConfig",
    "SerialConfig",
    "SimConfig",
    "SpinnerConfig",
    "SpinnerPins",
    "TrayConfig",
    "apply_saved_seats",
    "config_path",
    "config_warnings",
    "default_config_text",
    "detect_backend",
    "effective_toml",
    "load_config",
    "parse_config",
    "save_seat_angles",
    "seat_angle_problems",
    "seats_path",
    "state_dir",
]

SYSTEM_CONFIG_PATH = Path("/etc/companion/config.toml")
CONFIG_ENV = "COMPANION_CONFIG"
DEFAULT_CONFIG_RESOURCE = "default_config.toml"

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
    if path.is_dir():
        raise ConfigError(
            f"{path}: is a directory, not a configuration file (named by {origin}); "
            f"name the file inside it, e.g. {path / 'config.toml'}."
        )
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
    except UnicodeDecodeError as error:
        raise ConfigError(
            f"{path}: is not UTF-8 text (byte {error.start} cannot be read); save it as "
            "UTF-8 text, or start again from `companion config default`."
        ) from error
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
    if path.is_dir():
        raise ConfigError(
            f"{config.source}: spinner.seats_file names {path}, a directory; "
            f"set it to a file, e.g. {path / 'seats.toml'}."
        )
    if not path.is_file():
        return config
    data = _read_toml(path)
    reader = KeyReader(str(path))
    angles = reader.seat_angles(data, "seat_angles", config.spinner.seat_angles)
    unknown = sorted(set(data) - {"seat_angles"})
    for key in unknown:
        reader.error(key, "is not a key of the seats file; remove it")
    reader.raise_if_errors()
    spinner = _replace(config.spinner, seat_angles=angles)
    checker = KeyReader(str(path))
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
    reader = KeyReader("the calibrated seats")
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
    reader = KeyReader(source)
    reader.unknown(data, "", {"backend", "gpio", "serial", "sim", "spinner", "tray"})
    setting = reader.choice(data, "backend", "auto", ("auto", *BACKENDS))
    gpio = reader.section(data, "gpio", GpioConfig)
    serial = reader.section(data, "serial", SerialConfig)
    sim = reader.section(data, "sim", SimConfig)
    spinner = _parse_spinner(reader, reader.table(data, "spinner"))
    tray = _parse_tray(reader, reader.table(data, "tray"))
    _check_rules(reader, spinner, tray, serial)
    if setting == "serial" and spinner.driver == "uln2003":
        reader.error(
            "spinner.driver",
            'is "uln2003" with backend = "serial", but the Pico firmware drives step/dir '
            'drivers only; wire the 28BYJ-48 to the Pi and set backend = "gpio"',
        )
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


def _parse_spinner(reader: KeyReader, data: Mapping[str, Any]) -> SpinnerConfig:
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


def _parse_tray(reader: KeyReader, data: Mapping[str, Any]) -> TrayConfig:
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
            reader.error(key, f"is {obj}, outside {low} to {high}; set it to e.g. {example}")
            bad.add(key)
    return bad


def _check_rules(
    reader: KeyReader, spinner: SpinnerConfig, tray: TrayConfig, serial: SerialConfig
) -> None:
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
    _check_seat_margins(reader, spinner, "spinner.margin_deg" not in bad)


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


def _check_seat_margins(
    reader: KeyReader, spinner: SpinnerConfig, with_margin: bool = True
) -> None:
    margin = spinner.margin_deg if with_margin else None
    for problem in seat_angle_problems(spinner.seat_angles, margin):
        reader.error("spinner.seat_angles", problem)


GPIO_STEP_RATE_LIMIT = 1000.0
"""Steps per second above which stepping from Linux user space loses steadiness."""

ULN2003_STEP_RATE_LIMIT = 500.0
"""Half-steps per second a 28BYJ-48 follows (about 2 ms per step)."""


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
    if spinner.driver == "uln2003" and rate > ULN2003_STEP_RATE_LIMIT:
        warnings.append(
            f"spinner.max_speed_rps {spinner.max_speed_rps:g} needs {rate:.0f} half-steps/s; a "
            f"28BYJ-48 stalls above about {ULN2003_STEP_RATE_LIMIT:.0f}: set max_speed_rps "
            f"to {ULN2003_STEP_RATE_LIMIT / spinner.steps_per_turn:.2f} or less."
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
