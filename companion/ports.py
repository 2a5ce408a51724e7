"""What the screen receives from the product: small typed ports, not the product's parts.

The application (`companion.app.product`) opens the log, the table, the
devices and the phone page; the touchscreen (`ui.main.show_screen`) is given
`ScreenPorts`: the table, the phone page's facts (`PhoneFacts`), the spinner
as a `SpinnerFeed` (status and motions to show; its `workshop` when a motor
turns it, for the seats and hardware screens) and the dice tray as a
`TrayWatch`. The screen imports no device class and recovers no type: what a
port does not offer, the screen cannot do.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from companion.config import Config
    from companion.hardware.spin_status import MotionListener, SpinnerStatus, StatusListener
    from companion.table import Table
    from device.backend import TrayInputs
    from device.clock import Clock
    from device.spinner import Spinner, SpinOutcome

T = TypeVar("T")


@dataclass(frozen=True)
class PhoneFacts:
    """The phone page as this process serves it, for the screen: its port and PIN, or why
    it is not served."""

    port: int | None = None
    pin: str = ""
    problem: str = ""


class SpinnerFeed(Protocol):
    """What the screen listens to: the table's source of spins (the motor, or the
    companion's own picks turned as it would)."""

    @property
    def status(self) -> SpinnerStatus:
        """The spinner's status now."""
        ...

    @property
    def workshop(self) -> SpinnerWorkshop | None:
        """The spinner a motor turns, to calibrate, test and jog; None when no motor turns
        the pointer (the companion's own picks)."""
        ...

    def add_motion_listener(self, listener: MotionListener) -> None:
        """Call `listener(motion)` as each spin starts (on another thread)."""
        ...

    def remove_motion_listener(self, listener: MotionListener) -> None:
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
    """A spinner a motor turns, as the seats and hardware-test screens work on it: work on
    the spinner itself in turn with the spins, test spins, homing again."""

    @property
    def spinner(self) -> Spinner:
        """The spinner itself (a calibration reads its configuration and step count)."""
        ...

    def call(self, work: Callable[[Spinner], T]) -> Future[T]:
        """Run `work(spinner)` in turn with the motions; its answer comes later."""
        ...

    def spin_to(self, angle_deg: float, seat: int) -> Future[SpinOutcome]:
        """A test spin that stops at `angle_deg`, told as seat `seat`'s."""
        ...

    def rehome(self) -> None:
        """Home again (the status follows)."""
        ...


class TrayWatch(Protocol):
    """The running dice tray, as the hardware-test screen judges it."""

    @property
    def inputs(self) -> TrayInputs:
        """The tray's sensor and button inputs."""
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
        tray: the running dice tray, None when none runs.
        phone: the phone page this process serves; None when it serves none.
        said: a sentence the screen shows once on start (which devices run).
        refusal: `said` is a problem (shown as one).
        clock: the screen's time (animations, sentences, gestures); None: the real clock.
            A seeded script run gives a virtual one that moves only when the script lets
            time pass, so its pictures are the same on every run.
        self_test_rng: where the hardware test's fair roll draws; None: `secrets`.
    """

    table: Table
    config: Config
    config_file: Path | None
    log_path: Path
    spinner: SpinnerFeed | None = None
    spinner_problem: str = ""
    tray: TrayWatch | None = None
    phone: PhoneFacts | None = None
    said: str = ""
    refusal: bool = False
    clock: Clock | None = None
    self_test_rng: random.Random | None = None


@dataclass(frozen=True)
class ScreenRequest:
    """What the command line asks of the touchscreen (`companion ui`, `companion run`)."""

    headless: bool = False
    script: Sequence[str] | None = None
    size: tuple[int, int] | None = None
    rotate: int | None = None


__all__ = [
    "PhoneFacts", "ScreenPorts", "ScreenRequest", "SpinnerFeed", "SpinnerWorkshop", "TrayWatch",
]
