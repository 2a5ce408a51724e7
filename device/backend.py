"""The backend interfaces every device backend implements (gpio, serial, sim).

The host plans, the backend executes (Klipper's split): the spinner computes
a `StepSchedule` (the time of every step) and hands it to a `SpinnerBackend`,
which steps, watches the home sensor and reports a `MoveReport`. Homing is a
backend operation too, because the Pico firmware homes on its own.

The backends live in `device.gpio`, `device.serial_backend` (the Pico's
link) and `device.sim`; `device.backends.BACKEND_OPENERS` maps each
backend's name to the functions opening its spinner, tray inputs and dice
reader, and `device.backends.open_spinner_backend(config)` and friends look
the configured one up there, importing its module only then.

Conventions shared by every backend:

- Positions are motor steps (microsteps included); `config.spinner.steps_per_turn`
  steps make one turn of the pointer. Forward (`direction=+1`) is the spin
  direction and the direction homing approaches in.
- The **home edge** is the step at which the home sensor becomes active while
  moving forward. After `home()` the pointer sits exactly on the home edge:
  that position is step 0 (angle 0).
- A `MoveReport` lists every home edge seen while moving forward as the number
  of steps taken when it fired (1 = after the first step). The spinner checks
  them against the expected positions to detect missed steps.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable


class LinkState(StrEnum):
    """The state of the link to the table controller, as the table and screen show it.

    `device.serial_link.SerialLink` moves between these; its state listeners,
    `LinkedDevice.on_link_change` and `companion.hardware.table_spinner.TableSpinner`
    receive them. The values are the words a person reads ("offline").
    """

    CONNECTING = "connecting"
    """Not connected yet (never online since the link started)."""
    ONLINE = "online"
    """Connected, handshake done: the devices behind it work."""
    OFFLINE = "offline"
    """Was online, then stopped answering or was unplugged; reconnecting."""
    MISMATCH = "mismatch"
    """The board runs firmware this companion cannot talk to."""
    CLOSED = "closed"
    """The link was closed by this program: it never comes back."""

    @property
    def lost(self) -> bool:
        """The devices behind the link cannot move, and what they knew may be stale.

        `CONNECTING` is not lost: nothing was known yet to lose.
        """
        return self in (LinkState.OFFLINE, LinkState.MISMATCH, LinkState.CLOSED)


LinkListener = Callable[[LinkState, str], None]
"""Called with the link's new state and the problem, a sentence (empty when online)."""


@dataclass(frozen=True)
class StepSchedule:
    """One planned move: the time of every step, from the start of the move.

    Attributes:
        times_s: strictly increasing times in seconds; `times_s[i]` is when
            step `i + 1` is taken (so the first step is at `times_s[0] > 0`).
        direction: +1 forward (spin direction), -1 backward.
    """

    times_s: tuple[float, ...]
    direction: int = 1

    @property
    def steps(self) -> int:
        """How many steps the move takes."""
        return len(self.times_s)

    @property
    def duration_s(self) -> float:
        """Time of the last step (0 for an empty move)."""
        return self.times_s[-1] if self.times_s else 0.0

    def intervals_s(self) -> list[float]:
        """The gaps before each step (first one measured from the start)."""
        previous = 0.0
        gaps = []
        for when in self.times_s:
            gaps.append(when - previous)
            previous = when
        return gaps


@dataclass(frozen=True)
class MoveReport:
    """What happened during a move.

    Attributes:
        steps_taken: steps actually commanded (the schedule's count unless
            the move was cut short).
        home_edges: for each home edge seen moving forward, the number of
            steps taken when the sensor became active.
        duration_s: measured duration on the backend's clock.
        edge_latency_s: how long after the sensor became active its step
            count may have been read (0: each step is checked as it is
            taken); at speed the steps taken meanwhile are counted in.
    """

    steps_taken: int
    home_edges: tuple[int, ...]
    duration_s: float
    edge_latency_s: float = 0.0


@dataclass(frozen=True)
class HomingPlan:
    """How to home: fast approach, back off, slow approach, within a timeout.

    Attributes:
        fast_interval_s: time between steps of the first (fast) approach.
        slow_interval_s: time between steps of the final (slow) approach.
        backoff_steps: steps to move backward off the sensor between them.
        timeout_s: give up (HomingError) when home is not found in this time.
        max_steps: give up after this many steps of one approach (a turn and
            a half: the sensor must have passed by then).
    """

    fast_interval_s: float
    slow_interval_s: float
    backoff_steps: int
    timeout_s: float
    max_steps: int


@dataclass(frozen=True)
class HomeReport:
    """A successful homing: steps of the fast approach and the time it took."""

    approach_steps: int
    duration_s: float


@runtime_checkable
class SpinnerBackend(Protocol):
    """The motor and home sensor of the spinner, as one backend sees them."""

    name: str

    def enable(self, on: bool) -> None:
        """Energise (True) or release (False) the motor coils / driver EN."""
        ...

    def move(self, schedule: StepSchedule) -> MoveReport:
        """Take the scheduled steps, blocking until done.

        Raises:
            DeviceError: the hardware or the link failed during the move.
        """
        ...

    def home(self, plan: HomingPlan) -> HomeReport:
        """Find the home edge; afterwards the pointer is at step 0.

        Raises:
            HomingError: the sensor was not found within the plan's limits.
        """
        ...

    def home_sensor_active(self) -> bool:
        """Whether the home sensor sees the pointer's flag/magnet now."""
        ...

    def close(self) -> None:
        """Release the motor and the pins (idempotent)."""
        ...


MotionCallback = Callable[[bool], None]
"""Called with True when the tray sensor starts shaking, False when it stops."""

ButtonCallback = Callable[[], None]
"""Called once per press of the tray button."""


@runtime_checkable
class TrayInputs(Protocol):
    """Raw inputs of the dice tray: the vibration/tilt sensor and the button.

    Callbacks may run on any thread (gpiozero's, the serial reader's); the
    `DiceTray` debounces them with its own clock.
    """

    name: str

    def start(self, on_motion: MotionCallback, on_button: ButtonCallback) -> None:
        """Begin delivering sensor changes and button presses."""
        ...

    def close(self) -> None:
        """Stop delivering and release the pins (idempotent)."""
        ...


@runtime_checkable
class LinkedDevice(Protocol):
    """A device behind the table controller's link (the `serial` backend).

    Opening one only starts connecting; `confirm` says whether the
    controller is really there, so a self-test or a watcher can tell the truth.
    """

    def confirm(self) -> dict[str, Any]:
        """Ask the controller now; return its status (a PING's answer).

        Raises:
            LinkError: the controller is not connected, offline, refused or silent.
        """
        ...

    def on_link_change(self, listener: LinkListener) -> None:
        """Call `listener(state, problem)` whenever the link's state changes."""
        ...


@dataclass(frozen=True)
class TrayThrow:
    """Values read or rolled for one throw.

    Attributes:
        values: one value per die (may be shorter when a die is cocked).
        cocked: a die came to rest tilted or off the tray: the rules
            engine decides whether that means a re-roll.
        source: "touch", "fair", "serial" or "sim".
    """

    values: tuple[int, ...]
    cocked: bool = False
    source: str = "fair"

    def is_valid(self, count: int, sides: int) -> bool:
        """Whether this is a clean roll of `count` dice with `sides` faces."""
        return (
            not self.cocked
            and len(self.values) == count
            and all(1 <= value <= sides for value in self.values)
        )


@runtime_checkable
class DiceReader(Protocol):
    """A device that reads the dice faces (the serial dice reader)."""

    name: str

    def read_dice(self, count: int, sides: int, timeout_s: float) -> TrayThrow:
        """Read the dice now in the tray.

        Raises:
            DeviceError: no reading arrived within `timeout_s`.
        """
        ...

    def close(self) -> None:
        """Release the reader (idempotent)."""
        ...
