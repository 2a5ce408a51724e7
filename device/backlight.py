"""The touchscreen's backlight, through Linux's backlight class (`/sys/class/backlight`).

The official Raspberry Pi panels, and most DSI panels, register a backlight
there (`rpi_backlight`, `10-0045`): a folder with `max_brightness` and
`brightness`, a number from 0 to the maximum. An HDMI screen has none; the
settings screen then says that this screen has no brightness control.

Writing `brightness` needs the right to: where the companion's user may
not, a udev rule can give it (the error's sentence says so). The level is
not kept over a restart: the panel comes up as the kernel sets it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from device.errors import DeviceUnavailable

SYSFS_BACKLIGHT = Path("/sys/class/backlight")
LOWEST_PERCENT = 10
"""The dimmest the settings go: a black panel could not be found again to brighten it."""
MAX_SYSFS_NUMBER = 10_000_000
"""No panel counts more levels than this; a larger number in sysfs is not a backlight's."""

__all__ = ["LOWEST_PERCENT", "SYSFS_BACKLIGHT", "Backlight", "find_backlight"]


@dataclass(frozen=True)
class Backlight:
    """One panel's backlight: the folder under `/sys/class/backlight` and its maximum."""

    folder: Path
    maximum: int

    @property
    def name(self) -> str:
        """The kernel's name for it (`rpi_backlight`, `10-0045`)."""
        return self.folder.name

    def percent(self) -> int:
        """The brightness now, as a percentage of the maximum.

        Raises:
            DeviceUnavailable: it cannot be read (the panel went away).
        """
        return self._percent_of(self._level())

    def set_percent(self, percent: int) -> int:
        """Set the brightness to `percent` (kept within `LOWEST_PERCENT` to 100); returns it.

        Raises:
            DeviceUnavailable: the level cannot be written (no right to, or the panel went
                away); the sentence says what to do.
        """
        shown = min(100, max(LOWEST_PERCENT, percent))
        self._write(self._level_for(shown))
        return shown

    def step(self, direction: int, percent: int) -> int:
        """One step brighter (`direction` 1) or dimmer (-1) by `percent` of the maximum, and
        by at least one of the panel's own levels: a panel with few levels (a maximum under
        10) moves on every step too. Returns the brightness now, as a percentage.

        Raises:
            DeviceUnavailable: the level cannot be read or written; the sentence says what
                to do.
        """
        level = self._level()
        shown = min(100, max(LOWEST_PERCENT, self._percent_of(level) + direction * percent))
        wanted = self._level_for(shown)
        if wanted == level:
            wanted = min(self.maximum, max(self._level_for(LOWEST_PERCENT), level + direction))
        self._write(wanted)
        return self._percent_of(wanted)

    def _percent_of(self, level: int) -> int:
        return round(100 * min(level, self.maximum) / self.maximum)

    def _level_for(self, percent: int) -> int:
        return max(1, round(self.maximum * percent / 100))

    def _level(self) -> int:
        level = _read_number(self.folder / "brightness")
        if level is None:
            raise DeviceUnavailable(
                f"The backlight {self.name} cannot be read: check that the panel is connected."
            )
        return level

    def _write(self, level: int) -> None:
        try:
            (self.folder / "brightness").write_text(f"{level}\n", encoding="ascii")
        except PermissionError:
            raise DeviceUnavailable(
                f"The brightness of {self.name} cannot be changed by this user: add a udev"
                f" rule that lets the companion's user write {self.folder / 'brightness'}."
            ) from None
        except OSError as error:
            raise DeviceUnavailable(
                f"The brightness of {self.name} cannot be changed ({error.strerror or error}):"
                " check that the panel is connected."
            ) from None


def find_backlight(root: Path = SYSFS_BACKLIGHT) -> Backlight | None:
    """The first usable backlight under `root` (by name), or None when the screen has none."""
    try:
        folders = sorted(root.iterdir())
    except OSError:
        return None
    for folder in folders:
        maximum = _read_number(folder / "max_brightness")
        if maximum is not None and maximum > 0 and (folder / "brightness").exists():
            return Backlight(folder, maximum)
    return None


def _read_number(path: Path) -> int | None:
    """The whole number a sysfs file holds, or None when it cannot be read as one."""
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not text.isdigit() or len(text) > len(str(MAX_SYSFS_NUMBER)):
        return None
    number = int(text)
    return number if number <= MAX_SYSFS_NUMBER else None
