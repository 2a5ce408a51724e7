"""What `companion doctor` checks on a Pi, one finding each, with what to fix.

Every check is a function of a `Probe`: where the machine's files are (`root`,
so tests give it a fake /sys, /dev, /proc and /etc) and the few things that
cannot be read from files (the running user's groups, a command's output, the
Pico's answer, whether a port is free, free space). The defaults of the probe
look at this machine. On a machine that is not a Raspberry Pi the Pi-only
checks say "not a Pi: skipped"; the rest run everywhere.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from companion.config import SYSTEM_CONFIG_PATH, Config, load_config
from companion.errors import ConfigError

SERVICE = "companion.service"
SERVICE_USER = "companion"
UNIT_FILE = "/etc/systemd/system/companion.service"
SERVICE_STATE_DIR = "/var/lib/companion"
DEVICE_GROUPS = ("gpio", "dialout", "video", "render", "input", "audio")
MIN_FREE_BYTES = 64 * 1024 * 1024
"""Below this much free space on the log's disk the match log may soon stop recording."""
PIN_FACTORY_MODULES = {"lgpio": "lgpio", "rpigpio": "RPi.GPIO", "pigpio": "pigpio"}
NOT_A_PI = "not a Pi"


class PortUse(StrEnum):
    """Who holds a port, as far as the doctor can tell."""

    FREE = "free"
    COMPANION = "companion"
    """A companion answers on it (the service, or `companion run` in a terminal)."""
    OTHER = "other"
    FORBIDDEN = "forbidden"
    """This user may not open it (a port below 1024 without the privilege)."""


class Verdict(StrEnum):
    """What a finding asks of the person: nothing, a fix, or nothing because it was skipped."""

    OK = "OK"
    FIX = "FIX"
    SKIPPED = "skipped"


@dataclass(frozen=True)
class Finding:
    """One line of the doctor's report."""

    topic: str
    verdict: Verdict
    detail: str

    def line(self) -> str:
        """`topic: OK (detail)`, `topic: FIX: what to do`, or `topic: why: skipped`."""
        if self.verdict == Verdict.OK:
            return f"{self.topic}: OK ({self.detail})"
        if self.verdict == Verdict.FIX:
            return f"{self.topic}: FIX: {self.detail}"
        return f"{self.topic}: {self.detail}: skipped"


@dataclass(frozen=True)
class FirmwareAnswer:
    """What the Pico said in the link's handshake: its version, or why there is none."""

    version: str | None
    problem: str = ""


@dataclass
class Probe:
    """The machine as the checks see it: this one, or a fake in tests.

    `companion.app.commands.doctor.machine_probe` makes the one that looks at this machine.
    `root`: where the machine's /proc, /sys, /dev and /etc are. `user` and
    `user_groups()`: the running user and the names of its groups.
    `command(argv)`: a command's stdout, or None when the program is absent.
    `firmware(path, config)`: the Pico's answer on `path`. `port_use(port)`: who
    holds the port (`PortUse`). `free_bytes(directory)`, `module_found(name)`: as
    they say.
    """

    root: Path
    user: str
    user_groups: Callable[[], set[str]]
    command: Callable[[list[str]], str | None]
    firmware: Callable[[str, Config], FirmwareAnswer]
    port_use: Callable[[int], PortUse]
    free_bytes: Callable[[Path], int]
    module_found: Callable[[str], bool]
    config_file: str | None = None
    environ: Mapping[str, str] = field(default_factory=dict)

    def path(self, absolute: str) -> Path:
        """Where an absolute path of the machine is, below `root`."""
        return self.root / absolute.lstrip("/")

    def shown(self, path: Path) -> str:
        """A path below `root` as the machine names it."""
        return "/" + str(path.relative_to(self.root)).removeprefix(".")

    @functools.cached_property
    def model(self) -> str:
        """The board's model from the device tree ('' when there is none)."""
        try:
            return self.path("/proc/device-tree/model").read_text(errors="replace").strip("\0\n")
        except OSError:
            return ""

    @property
    def is_pi(self) -> bool:
        return "Raspberry Pi" in self.model

    @functools.cached_property
    def config(self) -> Config | ConfigError:
        """The configuration, or why it cannot be read."""
        try:
            return load_config(self.config_file)
        except ConfigError as error:
            return error

    @property
    def backend(self) -> str:
        """The configured backend, `auto` resolved on this (probed) machine."""
        config = self.config
        if isinstance(config, ConfigError):
            return "unknown"
        if config.backend_setting != "auto":
            return config.backend
        has_gpio = any(self.path("/dev").glob("gpiochip*"))
        return "gpio" if self.is_pi and has_gpio else "sim"

    @functools.cached_property
    def service_state(self) -> str | None:
        """`systemctl is-active companion` (None without systemctl)."""
        return self.command(["systemctl", "is-active", SERVICE])

    @property
    def service_installed(self) -> bool:
        return self.path(UNIT_FILE).is_file()


# --- the checks --------------------------------------------------------------------


def check_machine(probe: Probe) -> Finding:
    """Which board this is: the Pi-only checks run on a Raspberry Pi."""
    if probe.is_pi:
        return Finding("machine", Verdict.OK, probe.model)
    return Finding("machine", Verdict.OK, "not a Raspberry Pi: the Pi-only checks are skipped")


def check_groups(probe: Probe) -> Finding:
    """The running user can open the Pi's devices (GPIO, serial, screen, touch, sound)."""
    topic = "groups"
    if not probe.is_pi:
        return Finding(topic, Verdict.SKIPPED, NOT_A_PI)
    if probe.user == "root":
        return Finding(topic, Verdict.OK, "root opens every device")
    missing = [name for name in DEVICE_GROUPS if name not in probe.user_groups()]
    if missing:
        return Finding(topic, Verdict.FIX, f"{probe.user} is not in {', '.join(missing)}: run "
                       f"`sudo usermod -aG {','.join(missing)} {probe.user}`, then log out and"
                       " in again")
    return Finding(topic, Verdict.OK, f"{probe.user} is in {', '.join(DEVICE_GROUPS)}")


def _group_members(probe: Probe) -> dict[str, set[str]]:
    """Each group's members by name, from /etc/group and the primary groups in /etc/passwd."""
    members: dict[str, set[str]] = {}
    gids: dict[str, str] = {}
    for line in _lines(probe.path("/etc/group")):
        name, _password, gid, users = [*line.split(":"), "", "", ""][:4]
        members[name] = {user for user in users.split(",") if user}
        gids[gid] = name
    for line in _lines(probe.path("/etc/passwd")):
        parts = line.split(":")
        if len(parts) > 3 and parts[3] in gids:
            members[gids[parts[3]]].add(parts[0])
    return members


def _lines(path: Path) -> list[str]:
    try:
        return [line for line in path.read_text(errors="replace").splitlines() if line]
    except OSError:
        return []


def check_service_user(probe: Probe) -> Finding:
    """The service user exists and is in every device group."""
    topic = "service user"
    if not probe.is_pi:
        return Finding(topic, Verdict.SKIPPED, NOT_A_PI)
    users = {line.split(":")[0] for line in _lines(probe.path("/etc/passwd"))}
    if SERVICE_USER not in users:
        if not probe.service_installed:
            return Finding(topic, Verdict.SKIPPED, "the service is not installed")
        return Finding(topic, Verdict.FIX, f"there is no user {SERVICE_USER}: run "
                       "`sudo scripts/install-pi` again")
    members = _group_members(probe)
    missing = [name for name in DEVICE_GROUPS if SERVICE_USER not in members.get(name, set())]
    if missing:
        return Finding(topic, Verdict.FIX, f"{SERVICE_USER} is not in {', '.join(missing)}: run "
                       "`sudo scripts/install-pi` again, then `sudo systemctl restart companion`")
    return Finding(topic, Verdict.OK, f"{SERVICE_USER} is in {', '.join(DEVICE_GROUPS)}")


def check_display(probe: Probe) -> Finding:
    """/dev/dri exists and one of its cards has a display connected."""
    topic = "display"
    if not probe.is_pi:
        return Finding(topic, Verdict.SKIPPED, NOT_A_PI)
    dri = probe.path("/dev/dri")
    if not any(dri.glob("card*")):
        return Finding(topic, Verdict.FIX, "there is no /dev/dri/card*: the KMS display driver"
                       " is off; put dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt and"
                       " reboot")
    outputs = sorted(probe.path("/sys/class/drm").glob("card*-*"))
    connected = [output.name for output in outputs if _status(output) == "connected"]
    if connected:
        card = connected[0].split("-")[0]
        return Finding(topic, Verdict.OK, f"{connected[0]} has a display connected "
                       f"(/dev/dri/{card})")
    checked = ", ".join(output.name for output in outputs) or "none found"
    return Finding(topic, Verdict.FIX, f"no display is connected (outputs: {checked}): plug the"
                   " screen in (DSI ribbon or HDMI) and reboot; meanwhile the companion"
                   " serves phones only")


def _status(output: Path) -> str:
    try:
        return (output / "status").read_text().strip()
    except OSError:
        return ""


def check_pin_factory(probe: Probe) -> Finding:
    """gpiozero and its pin factory are installed and the GPIO chips are there."""
    topic = "pin factory"
    if not probe.is_pi:
        return Finding(topic, Verdict.SKIPPED, NOT_A_PI)
    if probe.backend != "gpio":
        return Finding(topic, Verdict.OK, f"not used: the devices are on backend {probe.backend}")
    config = probe.config
    chosen = "" if isinstance(config, ConfigError) else config.gpio.pin_factory
    chosen = chosen or probe.environ.get("GPIOZERO_PIN_FACTORY", "")
    name = chosen or "lgpio"
    module = PIN_FACTORY_MODULES.get(name)
    if not probe.module_found("gpiozero"):
        return Finding(topic, Verdict.FIX, "gpiozero is not installed in the companion's"
                       " Python: run `sudo scripts/install-pi` again")
    if module is not None and not probe.module_found(module):
        return Finding(topic, Verdict.FIX, f"the pin factory {name} needs the module {module},"
                       " which the companion's Python does not find: run `sudo apt install"
                       " python3-lgpio` (the venv sees system packages)")
    chips = sorted(path.name for path in probe.path("/dev").glob("gpiochip*"))
    if not chips:
        return Finding(topic, Verdict.FIX, "there is no /dev/gpiochip*: update Raspberry Pi OS"
                       " (`sudo apt full-upgrade`) and reboot")
    how = "set in the configuration" if chosen else "gpiozero's default"
    return Finding(topic, Verdict.OK, f"{name} ({how}) on {', '.join(chips)}")


def check_serial(probe: Probe) -> Finding:
    """The Pico by its stable /dev/serial/by-id name, and the firmware version it reports."""
    topic = "table controller"
    config = probe.config
    if isinstance(config, ConfigError):
        return Finding(topic, Verdict.SKIPPED, "the configuration has errors")
    pattern = config.serial.port
    if "://" in pattern:
        return Finding(topic, Verdict.SKIPPED, f"serial.port is the URL {pattern}")
    matches = sorted(probe.root.glob(pattern.lstrip("/")))
    if not matches:
        if probe.backend == "serial":
            return Finding(topic, Verdict.FIX, f"no Pico at {pattern}: plug the table controller"
                           " in by USB (it appears in /dev/serial/by-id/) or set serial.port")
        return Finding(topic, Verdict.OK,
                       f"no Pico attached; not needed with backend {probe.backend}")
    name = probe.shown(matches[0])
    if probe.service_state == "active":
        return Finding(topic, Verdict.OK, f"{name}, held by the running service (`sudo systemctl"
                       " stop companion` to ask the firmware's version here)")
    answer = probe.firmware(name, config)
    if answer.version is None:
        return Finding(topic, Verdict.FIX, f"{name} did not answer: {answer.problem}")
    return Finding(topic, Verdict.OK, f"{name}, firmware {answer.version}")


def check_config(probe: Probe) -> Finding:
    """The configuration file reads without errors (as `companion config check`)."""
    topic = "config"
    config = probe.config
    if isinstance(config, ConfigError):
        first = str(config).splitlines()[0]
        return Finding(topic, Verdict.FIX, f"{first} (`companion config check` lists every"
                       " error)")
    from companion.config import config_warnings

    detail = f"{config.source}, backend {config.backend_setting}"
    if config.backend_setting == "auto":
        detail += f": {probe.backend} on this machine"
    warnings = config_warnings(config)
    if warnings:
        detail += f"; {len(warnings)} warning(s), the first: {warnings[0]}"
    return Finding(topic, Verdict.OK, detail)


def log_directory(probe: Probe) -> Path:
    """Where the match log lives: the service's state directory once it is installed."""
    state = probe.environ.get("STATE_DIRECTORY", "")
    if state:
        return probe.path(state.split(":")[0])
    if probe.service_installed:
        return probe.path(SERVICE_STATE_DIR)
    from companion.datadir import default_db_path

    return probe.path(str(default_db_path().parent))


def check_log(probe: Probe) -> Finding:
    """The log's directory and the free space on its disk."""
    topic = "log"
    directory = log_directory(probe)
    existing = directory
    while not existing.exists() and existing != probe.root:
        existing = existing.parent
    free = probe.free_bytes(existing)
    shown = probe.shown(directory)
    if free < MIN_FREE_BYTES:
        return Finding(topic, Verdict.FIX, f"only {free / 1e6:.0f} MB free on the disk of {shown}:"
                       " free some space, or the match log will stop recording")
    made = "" if directory.exists() else ", made at the first start"
    return Finding(topic, Verdict.OK, f"{shown}{made}; {free / 1e9:.1f} GB free")


def check_web_port(probe: Probe) -> Finding:
    """The phone page's port is free, or held by a running companion."""
    topic = "web port"
    config = probe.config
    port = 8080 if isinstance(config, ConfigError) else config.web.port
    use = probe.port_use(port)
    if use is PortUse.FREE:
        return Finding(topic, Verdict.OK, f"{port} is free")
    if use is PortUse.COMPANION:
        holder = ("the running companion service" if probe.service_state == "active"
                  else "a companion running now (stop it before starting the service)")
        return Finding(topic, Verdict.OK, f"{port} is in use by {holder}")
    if use is PortUse.FORBIDDEN:
        return Finding(topic, Verdict.FIX, f"{port} is below 1024, which the companion may not"
                       " open: set web.port in the configuration to 8080 or another port from"
                       " 1024 up")
    return Finding(topic, Verdict.FIX, f"{port} is in use by another program: stop it (`sudo ss"
                   f" -ltnp 'sport = :{port}'` names it) or set web.port in the configuration")


def check_service(probe: Probe) -> Finding:
    """The systemd service is installed and running."""
    topic = "service"
    if not probe.is_pi:
        return Finding(topic, Verdict.SKIPPED, NOT_A_PI)
    if not probe.service_installed:
        return Finding(topic, Verdict.FIX, "not installed: run `sudo scripts/install-pi`, then"
                       " reboot")
    state = probe.service_state
    if state is None:
        return Finding(topic, Verdict.SKIPPED, "no systemctl here")
    if state in ("active", "activating", "reloading"):
        return Finding(topic, Verdict.OK, state)
    return Finding(topic, Verdict.FIX, f"the companion service is {state or 'unknown'}:"
                   " `journalctl -u companion -b` says why; `sudo systemctl restart companion`"
                   " starts it again")


CHECKS: tuple[Callable[[Probe], Finding], ...] = (
    check_machine,
    check_groups,
    check_service_user,
    check_display,
    check_pin_factory,
    check_serial,
    check_config,
    check_log,
    check_web_port,
    check_service,
)
"""Every check, in the order of the report."""


def examine(probe: Probe) -> list[Finding]:
    """Every check's finding for the machine `probe` looks at."""
    return [check(probe) for check in CHECKS]


def config_file_for(root: Path, explicit: str | None) -> str | None:
    """The configuration to check: `--config`, else the system's file below `root` if any."""
    if explicit or root == Path("/"):
        return explicit
    below = root / str(SYSTEM_CONFIG_PATH).lstrip("/")
    return str(below) if below.is_file() else None


def environment() -> dict[str, str]:
    """The variables the checks read, from this process."""
    names = ("GPIOZERO_PIN_FACTORY", "STATE_DIRECTORY")
    return {name: os.environ[name] for name in names if name in os.environ}
