"""Seat calibration from the touchscreen: `device.calibrate.Calibration` driven by buttons.

Each button is one of the calibration's keys (`jog:+` is its `f`, `jog:++`
its `F`, `save` its `s`, ...), pressed on the table spinner's own worker
(`SpinnerWorkshop.call`) so it never runs during a spin; the answer comes back
as a `SeatAnswer` for the screen to show: the calibration's own sentence, the
pointer's angle and the seats saved so far. Writing goes through the same
`save_seat_angles` as `companion hw calibrate`; the written file is then
read back (`apply_saved_seats`) and the spinner uses those seats at once.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass, replace

from companion.config import Config, apply_saved_seats
from companion.config_schema import SpinnerConfig
from companion.errors import ConfigError
from companion.ports import SpinnerWorkshop
from device.calibrate import Calibration
from device.errors import DeviceError
from device.spinner import Spinner, SpinOutcome

JOG_KEYS: dict[str, str] = {"jog:--": "B", "jog:-": "b", "jog:+": "f", "jog:++": "F"}
"""The jog buttons and the calibration keys they press: 10 and 1 degrees back and forward."""
BUILT_IN = "built-in defaults"


@dataclass(frozen=True)
class SeatAnswer:
    """What the spinner's worker answered.

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


class SeatSetup:
    """A calibration session on the table's spinner, one button at a time.

    Starts from the seats the spinner uses now when they were calibrated (or set
    in the configuration), and from none when they are the built-in ones, also
    when a configuration file only writes those out (`companion config default`
    and the Pi's installed file list every default), as `companion hw calibrate`
    starts from none.
    """

    def __init__(self, table_spinner: SpinnerWorkshop, config: Config) -> None:
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

    def test_spin(self, seat: int, angle_deg: float) -> Future[SpinOutcome]:
        """A whole spin that stops at a seat's angle (the screen's idol turns with it)."""
        return self.table_spinner.spin_to(angle_deg, seat)

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
            return self._answer(spinner, f"there is no seat {seat}; {len(seats)} are saved",
                                False)
        angle = seats.pop(seat)
        line = f"seat {seat} at {angle:.2f} degrees forgotten"
        if seat < len(seats):
            line += "; the seats after it move up one"
        return self._answer(spinner, line, True)

    def _answer(self, spinner: Spinner, line: str, ok: bool) -> SeatAnswer:
        pointer = None if spinner.position is None else spinner.angle_deg
        return SeatAnswer(line, ok, pointer, tuple(self.session.seats))


__all__ = ["JOG_KEYS", "SeatAnswer", "SeatSetup"]
