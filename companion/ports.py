"""What the screen receives from the product: small typed ports, not the product's parts.

The application (`companion.app.product`) opens the log, the table, the
devices and the phone page; the touchscreen (`ui.main.show_screen`) is given
`ScreenPorts`: the table, the phone page's facts (`PhoneFacts`), the spinner
as a `SpinnerFeed` (status and each spin's `SpinPlan` to show; its `workshop`
when a motor turns it, where the seats screen opens a `SeatCalibration`), the
hardware test as a `SelfTest` (plain `DeviceCheck` lines back), the panel's
brightness as a `BacklightPort` and the screen's `ScreenClock`. The screen
imports no device class and recovers no type: what a port does not offer, the
screen cannot do. The adapters behind the ports, and the plain values they
answer with (`SeatAnswer`, `SpinStop`, `DeviceCheck`), live in
`companion.hardware`; `device.backlight.find_backlight` is one as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from companion.config import Config
    from companion.hardware.seat_calibration import SeatAnswer, SpinStop
    from companion.hardware.self_test import DeviceTest
    from companion.hardware.spin_status import SpinnerStatus, StatusListener
    from companion.table import Table
    from companion.table.lobby import Lobby
    from companion.table.undo_asks import UndoAsks


@dataclass(frozen=True)
class PhoneFacts:
    """The phone page as this process serves it, for the screen: its port and PIN, or why
    it is not served; the desk where phones ask the screen to confirm an undo; and who has
    a phone joined now (a match with phones as hands starts only once every player has)."""

    port: int | None = None
    pin: str = ""
    problem: str = ""
    undo_asks: UndoAsks | None = None
    joined: Callable[[], Set[str]] = frozenset
    """The names of the players who have a phone joined to their seat now."""
    lobby: Lobby | None = None
    """Where the home screen offers the players of the match it sets up, for phones to join
    before it starts, and hears that a phone joined or left (None: no phone page)."""


@dataclass(frozen=True)
class DevicesMissing:
    """The table's hardware this run plays without, for the screen: configured devices that
    could not be opened (the companion stands in). Simulated devices miss nothing: on a
    laptop, or with `backend = "sim"`, that is what was asked for."""

    spinner: bool = False
    tray: bool = False


class SpinnerFeed(Protocol):
    """What the screen listens to: the table's source of spins (the motor, or the
    companion's own picks turned as it would)."""

    @property
    def status(self) -> SpinnerStatus:
        """The spinner's status now."""
        ...

    @property
    def workshop(self) -> SpinnerWorkshop | None:
        """The spinner a motor turns, to calibrate; None when no motor turns the pointer
        (the companion's own picks)."""
        ...

    def add_motion_listener(self, listener: SpinListener) -> None:
        """Call `listener(motion)` as each spin starts (on another thread)."""
        ...

    def remove_motion_listener(self, listener: SpinListener) -> None:
        """Stop telling `listener`."""
        ...

    def add_status_listener(self, listener: StatusListener) -> None:
        """Call `listener(status)` whenever the status changes (on another thread)."""
        ...

    def remove_status_listener(self, listener: StatusListener) -> None:
        """Stop telling `listener`."""
        ...

    def wait_idle(self, timeout_s: float) -> bool:
        """Wait until every queued motion is done; False on timeout."""
        ...

    def stop_next_at(self, seats: tuple[int, ...]) -> None:
        """Make the next spin stop at `seats` (a script's `spin SEAT` line).

        Raises:
            ValueError: not one seat or two.
        """
        ...


class SpinnerWorkshop(SpinnerFeed, Protocol):
    """A spinner a motor turns, as the seats screen works on it."""

    def calibration(self, config: Config) -> SeatCalibration:
        """A calibration session on this spinner, starting from `config`'s seats (none when
        they are the built-in ones)."""
        ...


class SpinPlan(Protocol):
    """One spin of the pointer as the screen turns its idol: the motor's own plan (or the
    curve it would have followed, for a software pick)."""

    @property
    def stop_angle_deg(self) -> float:
        """Where the pointer stops, degrees from home."""
        ...

    @property
    def duration_s(self) -> float:
        """Seconds from start to stop."""
        ...

    @property
    def result(self) -> tuple[int, ...]:
        """The seat it stops at, or the two seats it stops between."""
        ...

    @property
    def software_pick(self) -> bool:
        """The companion picked: the pointer does not show it."""
        ...

    def angle_at(self, t: float) -> float:
        """The pointer's angle from home at `t` seconds after the start, 0 to 360."""
        ...


SpinListener = Callable[[SpinPlan], None]
"""Hears each spin's plan as it starts (on the spinner's thread)."""


class SeatCalibration(Protocol):
    """A seat calibration on the table's spinner, one button at a time: turn the pointer to
    a seat, record its angle, write the seats. Each answer comes later, from the spinner's
    own worker (never during a spin)."""

    def look(self) -> Future[SeatAnswer]:
        """Where the pointer is and which seats are saved, saying nothing."""
        ...

    def press(self, key: str) -> Future[SeatAnswer]:
        """Press one calibration key (`f`, `F`, `b`, `B`, `s`, `u`, `w`, ...)."""
        ...

    def forget(self, seat: int) -> Future[SeatAnswer]:
        """Forget one saved seat (the seats after it move up)."""
        ...

    def test_spin(self, seat: int, angle_deg: float) -> Future[SpinStop]:
        """A whole spin that stops at a seat's angle (the screen's idol turns with it)."""
        ...

    def home(self) -> Future[SeatAnswer]:
        """Home the spinner again (after it could not), then say where the pointer is."""
        ...


class SelfTest(Protocol):
    """The hardware test, run by the product on the devices it holds open."""

    def start(self, config: Config) -> tuple[DeviceTest, ...]:
        """Start every configured device's check, one after another off the caller's thread;
        each answers its own future (a check that breaks answers as a failed line)."""
        ...


class BacklightPort(Protocol):
    """The panel's brightness.

    Its methods raise `CompanionError` with a sentence that says what to do when the
    level cannot be read or written.
    """

    def percent(self) -> int:
        """The brightness now, as a percentage.

        Raises:
            CompanionError: it cannot be read (the panel went away).
        """
        ...

    def step(self, direction: int, percent: int) -> int:
        """One step brighter (`direction` 1) or dimmer (-1) by `percent`; the brightness now.

        Raises:
            CompanionError: the level cannot be read or written.
        """
        ...


BacklightFinder = Callable[[], "BacklightPort | None"]
"""Looks for the panel's backlight now (a panel may have been plugged in); None: none."""


def no_backlight() -> BacklightPort | None:
    """A screen with no brightness control (an HDMI screen; a test)."""
    return None


class ScreenClock(Protocol):
    """The screen's time: animations, sentences, gestures."""

    def now(self) -> float:
        """Seconds since an arbitrary start, monotonic."""
        ...

    def sleep(self, seconds: float) -> None:
        """Wait `seconds` (returns at once for zero or less)."""
        ...


@dataclass
class ScreenPorts:
    """Everything the touchscreen is shown on: the table and what the product opened for it.

    Attributes:
        table: the running table.
        config: the configuration in effect.
        config_file: the file the settings screen saves to (None: built-in defaults).
        log_path: the match log the history screen reads.
        spinner: the table's spins, None when it has none.
        spinner_problem: why it has none, or why the spinner could not be opened.
        self_test: the hardware test on the devices the product holds; None: none offered.
        find_backlight: looks for the panel's backlight (the settings' brightness).
        phone: the phone page this process serves; None when it serves none.
        missing: the configured devices this run plays without (the home screen says so).
        said: a sentence the screen shows once on start (a page that could not start, a
            file of the person's own that could not be read).
        refusal: `said` is a problem (shown as one).
        clock: the screen's time (animations, sentences, gestures); None: the app's own
            (`time.monotonic`). A seeded script run gives a virtual one that moves only
            when the script lets time pass, so its pictures are the same on every run.
    """

    table: Table
    config: Config
    config_file: Path | None
    log_path: Path
    spinner: SpinnerFeed | None = None
    spinner_problem: str = ""
    self_test: SelfTest | None = None
    find_backlight: BacklightFinder = no_backlight
    phone: PhoneFacts | None = None
    missing: DevicesMissing = DevicesMissing()
    said: str = ""
    refusal: bool = False
    clock: ScreenClock | None = None


@dataclass(frozen=True)
class ScreenRequest:
    """What the command line asks of the touchscreen (`companion ui`, `companion run`)."""

    headless: bool = False
    script: Sequence[str] | None = None
    size: tuple[int, int] | None = None
    rotate: int | None = None


__all__ = [
    "BacklightFinder",
    "BacklightPort",
    "DevicesMissing",
    "PhoneFacts",
    "ScreenClock",
    "ScreenPorts",
    "ScreenRequest",
    "SeatCalibration",
    "SelfTest",
    "SpinListener",
    "SpinPlan",
    "SpinnerFeed",
    "SpinnerWorkshop",
    "no_backlight",
]
