"""Seat calibration on the table's spinner: `device.calibrate.Calibration` one button at a time.

The seats screen holds a `SeatCalibration` port (`companion.ports`); this is
the spinner's. Each button is one of the calibration's keys (`f`, `F`, `s`,
`w`, ...), pressed on the table spinner's own worker (`TableSpinner.call`)
so it never runs during a spin; the answer comes back as a `SeatAnswer`:
the calibration's own sentence, the pointer's angle and the seats saved so
far. Writing goes through the same `save_seat_angles` as `companion hw
calibrate`; the written file is then read back (`apply_saved_seats`) and the
spinner uses those seats at once.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar

from companion.config import Config, SpinnerConfig, apply_saved_seats
from companion.errors import ConfigError
from device.calibrate import Calibration
from device.errors import DeviceError
from device.spinner import Spinner, SpinOutcome

T = TypeVar("T")

BUILT_IN = "built-in defaults"
"""`Config.seats_source` when no seats were calibrated or set."""


@dataclass(frozen=True)
class SeatAnswer:
    """What the spinner's worker answered a calibration's button.

    Attributes:
        line: the calibration's sentence (empty when there is nothing to say).
        ok: False when it is a refusal or the spinner failed (said as such).
        pointer_deg: the pointer's angle from home; None when it is not homed.
        seats: the seats saved so far, seat 0 first.
        written: the configuration read back after the seats were written, else None.
    """

    line: str
    ok: bool
    pointer_deg: float | None
    seats: tuple[float, ...]
    written: Config | None = None


@dataclass(frozen=True)
class SpinStop:
    """Where a test spin stopped.

    Attributes:
        stop_angle_deg: where the pointer stopped (or would have), degrees from home.
        software_pick: the spinner was not used.
        reason: why it was not used (empty otherwise).
    """

    stop_angle_deg: float
    software_pick: bool = False
    reason: str = ""

    @classmethod
    def of(cls, outcome: SpinOutcome) -> SpinStop:
        """The stop of a spin's outcome."""
        return cls(outcome.stop_angle_deg, outcome.software_pick, outcome.reason)


class WorkedSpinner(Protocol):
    """A spinner with a worker of its own, as `TableSpinner` is."""

    @property
    def spinner(self) -> Spinner:
        """The spinner itself."""
        ...

    def call(self, work: Callable[[Spinner], T]) -> Future[T]:
        """Run `work(spinner)` on the worker, in turn with the spins."""
        ...

    def spin_to(self, angle_deg: float, seat: int) -> Future[SpinOutcome]:
        """A test spin that stops at `angle_deg`, told as seat `seat`'s."""
        ...

    def rehome(self) -> None:
        """Home again on the worker."""
        ...


class SpinnerCalibration:
    """A calibration session on the table's spinner, one button at a time.

    Starts from the seats the spinner uses now when they were calibrated (or set
    in the configuration), and from none when they are the built-in ones, also
    when a configuration file only writes those out (`companion config default`
    and the Pi's installed file list every default), as `companion hw calibrate`
    starts from none.
    """

    def __init__(self, table_spinner: WorkedSpinner, config: Config) -> None:
        self.table_spinner = table_spinner
        self.config = config
        calibrated = (config.seats_source != BUILT_IN
                      and config.spinner.seat_angles != SpinnerConfig().seat_angles)
        start = list(config.spinner.seat_angles) if calibrated else []
        self.session = Calibration(table_spinner.spinner, config, seats=start)

    def look(self) -> Future[SeatAnswer]:
        """Where the pointer is and which seats are saved, saying nothing."""
        return self.table_spinner.call(lambda spinner: self._answer(spinner, "", True))

    def press(self, key: str) -> Future[SeatAnswer]:
        """Press one calibration key (`f`, `F`, `s`, `u`, `w`, ...) on the spinner's worker."""
        return self.table_spinner.call(lambda spinner: self._press(spinner, key))

    def forget(self, seat: int) -> Future[SeatAnswer]:
        """Forget one saved seat (the seats after it move up)."""
        return self.table_spinner.call(lambda spinner: self._forget(spinner, seat))

    def test_spin(self, seat: int, angle_deg: float) -> Future[SpinStop]:
        """A whole spin that stops at a seat's angle (the screen's idol turns with it)."""
        return _stop_of(self.table_spinner.spin_to(angle_deg, seat))

    def home(self) -> Future[SeatAnswer]:
        """Home the spinner again (after it could not), then say where the pointer is."""
        self.table_spinner.rehome()
        return self.look()

    def _press(self, spinner: Spinner, key: str) -> SeatAnswer:
        session = self.session
        before = (len(session.seats), session.written)
        try:
            line = session.press(key)
        except DeviceError as error:
            return self._answer(spinner, str(error), False)
        if key == "w":
            return self._written(spinner, line, session.written is not None)
        if key in ("s", "u"):
            return self._answer(spinner, line, len(session.seats) != before[0])
        return self._answer(spinner, line, True)

    def _written(self, spinner: Spinner, line: str, written: bool) -> SeatAnswer:
        if not written:
            return self._answer(spinner, line, False)
        try:
            config = apply_saved_seats(self.config)
        except ConfigError as error:
            return self._answer(spinner, f"{line}, but it cannot be read back: {error}", False)
        self.config = config
        spinner.config = replace(spinner.config, seat_angles=config.spinner.seat_angles)
        # A new session goes on from the seats written (a finished one takes no keys).
        self.session = Calibration(spinner, config, seats=list(config.spinner.seat_angles))
        return replace(self._answer(spinner, line, True), written=config)

    def _forget(self, spinner: Spinner, seat: int) -> SeatAnswer:
        seats = self.session.seats
        if not 0 <= seat < len(seats):
            return self._answer(spinner, f"there is no seat {seat + 1}; {len(seats)} are saved",
                                False)
        angle = seats.pop(seat)
        line = f"seat {seat + 1} at {angle:.2f} degrees forgotten"
        if seat < len(seats):
            line += "; the seats after it move up one"
        return self._answer(spinner, line, True)

    def _answer(self, spinner: Spinner, line: str, ok: bool) -> SeatAnswer:
        pointer = None if spinner.position is None else spinner.angle_deg
        return SeatAnswer(line, ok, pointer, tuple(self.session.seats))


def _stop_of(spun: Future[SpinOutcome]) -> Future[SpinStop]:
    """The future of `spun`'s stop: answered, failed or cancelled as `spun` is."""
    stop: Future[SpinStop] = Future()

    def told(done: Future[SpinOutcome]) -> None:
        if done.cancelled():
            stop.cancel()
        elif (error := done.exception()) is not None:
            stop.set_exception(error)
        else:
            stop.set_result(SpinStop.of(done.result()))

    spun.add_done_callback(told)
    return stop


__all__ = ["BUILT_IN", "SeatAnswer", "SpinStop", "SpinnerCalibration"]
