"""The one configuration file: load, defaults, validation.

The companion reads one TOML file. Where it comes from, first match wins:
an explicit path (`--config FILE`), `$COMPANION_CONFIG`,
`/etc/companion/config.toml` when it exists, then the person's own file in the
platform's config directory (`user_config_path`: on Linux
`$XDG_CONFIG_HOME/companion/config.toml`, else `~/.config/companion/config.toml`)
when it exists; otherwise the built-in defaults apply (they are documented,
key by key, in `companion/default_config.toml`). The settings screen saves to
the file read, else makes the person's own (`settings_path`).

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
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.config_refusals import PIN_DIGITS, Said
from companion.config_rules import (
    MAX_STEPS_PER_TURN,
    check_rules,
    check_screen,
    check_seat_margins,
)
from companion.config_schema import (
    BACKENDS,
    DEFAULT_SERIAL_PORT,
    DICE_SOURCES,
    DRIVERS,
    FULLSCREEN_MODES,
    ROTATIONS,
    SENSOR_KINDS,
    SPIN_MODES,
    Config,
    GpioConfig,
    HomeConfig,
    KeyReader,
    ScreenConfig,
    SerialConfig,
    SimConfig,
    SpinnerConfig,
    SpinnerPins,
    TrayConfig,
    WebConfig,
    evenly_spaced,
    seat_angle_problems,
    seat_angles_for,
)
from companion.config_sections import parse_screen, parse_spinner, parse_tray
from companion.config_serial import SPEED_KEYS, serial_problems
from companion.errors import ConfigError
from companion.i18n import has_catalog
from companion.user_files import UnusableFile, read_limited, what_it_is

__all__ = [
    "BACKENDS",
    "CONFIG_ENV",
    "DEFAULT_SERIAL_PORT",
    "DICE_SOURCES",
    "DRIVERS",
    "FULLSCREEN_MODES",
    "MAX_STEPS_PER_TURN",
    "ROTATIONS",
    "SECTIONS",
    "SENSOR_KINDS",
    "SPIN_MODES",
    "SYSTEM_CONFIG_PATH",
    "Config",
    "GpioConfig",
    "HomeConfig",
    "ScreenConfig",
    "SerialConfig",
    "SimConfig",
    "SpinnerConfig",
    "SpinnerPins",
    "TrayConfig",
    "WebConfig",
    "apply_saved_seats",
    "config_path",
    "config_warnings",
    "default_config_text",
    "detect_backend",
    "effective_toml",
    "evenly_spaced",
    "load_config",
    "load_start_config",
    "parse_config",
    "save_seat_angles",
    "seat_angle_problems",
    "seat_angles_for",
    "seats_path",
    "settings_path",
    "state_dir",
    "user_config_path",
    "with_backend",
]

SYSTEM_CONFIG_PATH = Path("/etc/companion/config.toml")
CONFIG_ENV = "COMPANION_CONFIG"
DEFAULT_CONFIG_RESOURCE = "default_config.toml"
SECTIONS = ("gpio", "serial", "sim", "spinner", "tray", "screen", "web")
"""The tables of the file, in the order the shipped file lists them."""
MAX_CONFIG_BYTES = 256 * 1024
"""The default file, every key documented, is a few kilobytes: a larger file is not one."""

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
        own = user_config_path()
        return own if own.is_file() else None
    try:
        kind = what_it_is(path.stat().st_mode)
    except OSError:
        raise ConfigError(
            f"{path}: no such configuration file (named by {origin}); "
            "create it from `companion config default` or name an existing file."
        ) from None
    if kind == "a directory":
        raise ConfigError(
            f"{path}: is a directory, not a configuration file (named by {origin}); "
            f"name the file inside it, e.g. {path / 'config.toml'}."
        )
    if kind is not None:
        raise ConfigError(
            f"{path}: is {kind}, not a configuration file (named by {origin}); "
            "name a TOML file, e.g. one made with `companion config default`."
        )
    return path


def user_config_path() -> Path:
    """The person's own configuration file, in the platform's config directory (platformdirs;
    on Linux `$XDG_CONFIG_HOME/companion/config.toml`, else `~/.config/companion/...`)."""
    import platformdirs

    return Path(platformdirs.user_config_dir("companion", appauthor=False)) / "config.toml"


def settings_path(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The file the settings screen saves to: the one read, else the person's own (made by the
    first save).

    Raises:
        ConfigError: as `config_path`.
    """
    return config_path(explicit) or user_config_path()


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


def load_start_config(path: str | os.PathLike[str] | None = None) -> Config:
    """The configuration the companion starts with (`run`, `ui`, `web`): as `load_config`,
    except that a broken file of the person's own (read because nothing else names one)
    does not stop it: the built-in defaults apply and `Config.unread` says why.

    Raises:
        ConfigError: a file named by `--config`, `$COMPANION_CONFIG` or /etc is broken, or
            the seats file is.
    """
    found = config_path(path)
    if found is None or found != user_config_path() or path or os.environ.get(CONFIG_ENV):
        return load_config(path)
    try:
        config = load_config(found, with_seats_file=False)
    except ConfigError as error:
        config = _replace(parse_config({}, source="built-in defaults"), unread=(
            f"{error} Until it is fixed the companion starts on the built-in defaults, and the"
            " settings screen saves nothing there."))
    return apply_saved_seats(config)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        data = read_limited(path, "configuration file", MAX_CONFIG_BYTES)
    except UnusableFile as error:
        raise ConfigError(str(error)) from None
    try:
        return tomllib.loads(data.decode("utf-8-sig"))  # a byte-order mark is not TOML
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: not valid TOML ({error}); fix the syntax there.") from error
    except UnicodeDecodeError as error:
        raise ConfigError(
            f"{path}: is not UTF-8 text (byte {error.start} cannot be read); save it as "
            "UTF-8 text, or start again from `companion config default`."
        ) from error
    except RecursionError:
        raise ConfigError(
            f"{path}: its values are nested too deeply to read (arrays or tables inside one"
            " another hundreds of times); no setting of the companion is nested like that:"
            " start again from `companion config default`."
        ) from None


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
    check_seat_margins(checker, spinner)
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
        check_seat_margins(reader, spinner)
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
    reader.unknown(data, "", {"backend", *SECTIONS})
    setting = reader.choice(data, "backend", "auto", ("auto", *BACKENDS))
    gpio = reader.section(data, "gpio", GpioConfig)
    serial = reader.section(data, "serial", SerialConfig)
    sim = reader.section(data, "sim", SimConfig)
    spinner = parse_spinner(reader, reader.table(data, "spinner"))
    tray = parse_tray(reader, reader.table(data, "tray"))
    screen = parse_screen(reader, reader.table(data, "screen"))
    web = reader.section(data, "web", WebConfig)
    _check_web(reader, web)
    bad = check_rules(reader, spinner, tray, serial)
    check_screen(reader, screen)
    if setting == "serial" and not bad & SPEED_KEYS:
        for key, problem in serial_problems(spinner):
            reader.error(key, problem)
    reader.raise_if_errors()
    backend = detect_backend() if setting == "auto" else setting
    config = Config(
        backend=backend,
        backend_setting=setting,
        gpio=gpio,
        serial=serial,
        sim=sim,
        spinner=spinner,
        tray=tray,
        screen=screen,
        web=web,
        source=source,
        seats_source=source if "seat_angles" in data.get("spinner", {}) else "built-in defaults",
        max_speed_set="max_speed_rps" in data.get("spinner", {}),
    )
    return _backend_default_speed(config)


def _check_web(reader: KeyReader, web: WebConfig) -> None:
    """The phone page's port is a TCP port; its PIN, when set, 4 to 8 digits."""
    if not 1 <= web.port <= 65535:
        reader.error("web.port", f"is {web.port}; use a port from 1 to 65535, e.g. 8080")
    if web.pin and not (web.pin.isascii() and web.pin.isdigit() and 4 <= len(web.pin) <= 8):
        reader.error("web.pin", 'must be 4 to 8 digits, e.g. "4821", or "" for a random PIN',
                     Said(PIN_DIGITS))


def _backend_default_speed(config: Config) -> Config:
    """The configuration with the default speed of its backend, unless the file sets one.

    The shipped default speed is for a step/dir driver stepped by the Pico; the Pi
    steps its own pins steadily only up to `GPIO_STEP_RATE_LIMIT`, so on `gpio` the
    default is the fastest speed within that (a file's own speed is kept, and warned about).
    """
    spinner = config.spinner
    if config.max_speed_set or config.backend != "gpio":
        return config
    fitting = math.floor(GPIO_STEP_RATE_LIMIT / spinner.steps_per_turn * 1000) / 1000
    if spinner.max_speed_rps <= fitting:
        return config
    return _replace(config, spinner=_replace(spinner, max_speed_rps=fitting))


def with_backend(config: Config, backend: str) -> Config:
    """The configuration on another backend (`--backend`), checked for that backend.

    Raises:
        ConfigError: the settings ask for more than that backend can run.
    """
    from dataclasses import replace

    if not config.max_speed_set:
        config = replace(config, spinner=replace(config.spinner, max_speed_rps=_DEFAULT_SPEED))
    if backend == "serial":
        reader = KeyReader(f"{config.source} (with --backend serial)")
        for key, problem in serial_problems(config.spinner):
            reader.error(key, problem)
        reader.raise_if_errors()
    return _backend_default_speed(replace(config, backend=backend, backend_setting=backend))


def detect_backend() -> str:
    """`gpio` on a Raspberry Pi with GPIO chips, else `sim`."""
    model = Path("/proc/device-tree/model")
    try:
        is_pi = "Raspberry Pi" in model.read_text(errors="replace")
    except OSError:
        return "sim"
    has_gpio = any(Path("/dev").glob("gpiochip*"))
    return "gpio" if is_pi and has_gpio else "sim"


_DEFAULT_SPEED = SpinnerConfig().max_speed_rps
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
    return warnings + _screen_warnings(config)


def _screen_warnings(config: Config) -> list[str]:
    warnings = []
    screen = config.screen
    if not has_catalog(screen.language):
        warnings.append(
            f'screen.language "{screen.language}" has no catalog here, so the screen shows '
            "English; docs/translating.md says how to add one."
        )
    if screen.face_player and config.seats_source == "built-in defaults":
        warnings.append(
            "screen.face_player is true but the seats have their built-in angles; calibrate "
            "them with `companion hw calibrate` so the screen turns toward the right seat."
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
