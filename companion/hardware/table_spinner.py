"""The motor spinner as the table's spin hook: the result at once, the motion after.

`TableSpinner` is a `companion.table.chance.ChanceSource` for spin requests.
`outcome(request)` draws the result with `device.results.draw` (the same draw
`Spinner.spin()` makes, in the configured mode and margin) and returns it
straight away, so the table's worker never waits for a motor. The pointer
is then driven to that very stop by `Spinner.drive_to` on the adapter's own
worker thread, one motion at a time, in the order the results were drawn.

Player seats 0..N-1 of a request are the first N calibrated seat angles;
with fewer players than calibrated seats, the arcs are shared among the
players' seats alone (the pointer shows the nearest player). With more
players than calibrated seats, `device.seat_fit` decides: the simulated
spinner spaces them evenly, real hardware leaves the spin to a software pick
(told as a motion, so the screen still turns its idol); the status's
`seats_note` says why, for the screen to say once in the table's language.

A spinner that cannot home (a dead sensor, an unplugged controller) is
unavailable: results are still drawn (software picks), and `status` tells
the screen so, with the reason: "Spinner unavailable: ... The companion
picked Dev." A listener is called whenever the status changes. When a
serial link comes back online, `on_link_state` re-homes the spinner.

Motion listeners (`add_motion_listener`) hear a `PointerMotion` as each spin
starts turning, on the worker's thread: the screen turns its idol along the
same plan. A software pick is told as a motion too (`software_pick`), along
the curve the motor would have turned.

`call(work)` runs other work on the spinner (the seats screen's jogs, the
hardware test) on the same worker, in turn with the motions, and
`spin_to(angle, seat)` is a test spin to a seat that belongs to no match.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar

from companion.closing import ClosesItself
from companion.config import Config
from companion.games.base import ChanceRequest, RuleError
from companion.hardware.seat_calibration import SpinnerCalibration
from companion.hardware.spin_status import (
    SpinnerProblem,
    SpinnerStatus,
    SpinSource,
    StatusListener,
    seats_note,
)
from device import backends, results
from device.backend import LinkListener, LinkState, StepSchedule
from device.clock import Clock
from device.errors import DeviceError
from device.motion import MotionProfile
from device.pointer_motion import pointer_motion, software_motion
from device.seat_fit import SeatFit, fit_seats
from device.spinner import Spinner, SpinOutcome

log = logging.getLogger(__name__)

OUTCOMES_KEPT = 256
"""How many recent motions `TableSpinner.outcomes` keeps."""

T = TypeVar("T")

class StateListened(Protocol):
    """A link that reports its state changes, as `device.serial_link.SerialLink` does."""

    def add_state_listener(self, listener: LinkListener) -> None:
        """Call `listener(state, problem)` on every state change."""
        ...


@dataclass(frozen=True)
class _Drive:
    pick: results.SpinPick
    seats: tuple[int, ...]


@dataclass(frozen=True)
class _Told:
    """A software pick, told to the motion listeners from the worker like every motion."""

    pick: results.SpinPick
    seats: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class _Home:
    pass


@dataclass(frozen=True)
class _LinkLost:
    reason: str


@dataclass(frozen=True)
class _Call:
    """Work on the spinner itself (a jog, a test), in turn with the motions."""

    work: Callable[[Spinner], Any]
    answer: Future[Any]


_Job = _Drive | _Told | _Home | _LinkLost | _Call | None


class TableSpinner(SpinSource, ClosesItself):
    """The table's spinner hook on a `Spinner`; owns the spinner and closes it.

    Args:
        spinner: the spinner (not necessarily homed).
        mode: "fair" or "physical"; the spinner's configured mode when None.
        margin_deg: the ambiguity margin; the configured one when None.
        listener: called with the new `SpinnerStatus` whenever it changes,
            from the caller's or the worker's thread; it must not block.
        home_now: home on the worker at once, so the status is known before
            the first spin.
    """

    def __init__(
        self,
        spinner: Spinner,
        mode: str | None = None,
        margin_deg: float | None = None,
        listener: StatusListener | None = None,
        home_now: bool = True,
    ) -> None:
        self.spinner = spinner
        self.mode = mode or spinner.config.mode
        self.margin_deg = spinner.config.margin_deg if margin_deg is None else margin_deg
        self.last_pick_in_software = False
        """The last result from `outcome` was picked in software: the pointer will not show it."""
        self.outcomes: deque[SpinOutcome] = deque(maxlen=OUTCOMES_KEPT)
        """The recent motions' outcomes, oldest first, their results in the table's seats."""
        self._notify = threading.RLock()
        self._start_source(threading.Lock(), self._notify, listener)
        self._idle = threading.Condition(self._lock)
        self._pending = 0
        self._closed = False
        self._status = SpinnerStatus(
            spinner.available, spinner.unavailable_reason,
            problem=SpinnerProblem.NONE if spinner.available else SpinnerProblem.NOT_HOMED)
        self._jobs: queue.Queue[_Job] = queue.Queue()
        self._worker = threading.Thread(target=self._run, name="table-spinner", daemon=True)
        self._worker.start()
        if home_now:
            self.rehome()

    problem = ""
    """The spinner was opened (`table_spins`' software fallback says why when it was not)."""

    @property
    def workshop(self) -> TableSpinner:
        """This spinner: a motor turns it, so it can be calibrated, tested and jogged."""
        return self

    def calibration(self, config: Config) -> SpinnerCalibration:
        """A seat calibration on this spinner's worker, starting from `config`'s seats
        (`companion.hardware.seat_calibration`)."""
        return SpinnerCalibration(self, config)

    def outcome(self, request: ChanceRequest) -> Any:
        """The seat the spin stops at (or a pair of seats), at once; the pointer follows.

        Raises:
            RuleError: not a spin, the spinner is closed, or the seats are too
                close for the margin.
        """
        if request.kind != "spin":
            raise RuleError(f"The spinner only spins; it cannot give a {request.kind}.")
        fit = self._fit(request.seats)
        with self._lock:
            if self._closed:
                raise RuleError("The spinner is shut down; enter the spin by hand.")
            forced = self._take_forced_stop()
            pick = (self._draw(tuple(fit.angles[seat] for seat in request.seats))
                    if forced is None else self._stop_at(request.seats, forced, fit.angles))
            seats = tuple(request.seats[index] for index in pick.seats)
            software = fit.software or not self.spinner.available
            note = seats_note(fit)
            # The motion's reason is the journal's: the seats' sentence in English, or the
            # device's own.
            reason = (note.render(str) if fit.software and note is not None
                      else self.spinner.unavailable_reason)
            self.last_pick_in_software = software
            self._pending += 1
            # Under the lock: before close()'s stop.
            self._jobs.put(_Told(pick, seats, reason) if software else _Drive(pick, seats))
        if not self.spinner.available:
            self._update(available=False, reason=self.spinner.unavailable_reason,
                         software_pick=True, last_result=seats, seats_note=note,
                         problem=self._problem_or(SpinnerProblem.NOT_HOMED))
        else:
            self._update(software_pick=software, last_result=seats, seats_note=note)
        return seats[0] if len(seats) == 1 else list(seats)

    def _fit(self, seats: tuple[int, ...]) -> SeatFit:
        """The angles of the request's players (`device.seat_fit`'s policy for this spinner).

        Raises:
            RuleError: no seats, or a negative one.
        """
        if not seats or min(seats) < 0:
            raise RuleError(f"A spin needs player seats to point at, not {list(seats)}.")
        config = self.spinner.config
        simulated = self.spinner.backend.name == "sim"
        return fit_seats(config.seat_angles, max(seats) + 1, simulated, self.margin_deg)

    def _stop_at(
        self, players: tuple[int, ...], seats: tuple[int, ...], seat_angles: tuple[float, ...]
    ) -> results.SpinPick:
        """The pick of a stop forced by `stop_next_at`, at the seat's angle (`seat_angles`,
        by seat) or halfway between two seats' (the shorter way round).

        Raises:
            RuleError: a seat is not one of the request's.
        """
        if any(seat not in players for seat in seats):
            raise RuleError(f"The spinner cannot stop at seat {list(seats)}: the seats are"
                            f" {list(players)}.")
        angles = [seat_angles[seat] % 360.0 for seat in seats]
        if len(angles) == 2:
            gap = (angles[1] - angles[0]) % 360.0
            angle = (angles[0] + gap / 2) if gap <= 180 else (angles[1] + (360 - gap) / 2)
        else:
            angle = angles[0]
        return self._pick_at(angle, tuple(players.index(seat) for seat in seats))

    def _pick_at(self, angle_deg: float, indexes: tuple[int, ...]) -> results.SpinPick:
        """The pick that stops on the motor step nearest `angle_deg`."""
        turn = self.spinner.steps_per_turn
        step = round(angle_deg % 360.0 / 360.0 * turn) % turn
        return results.SpinPick(indexes, step, results.step_angle(step, turn))

    def call(self, work: Callable[[Spinner], T]) -> Future[T]:
        """Run `work(spinner)` on the worker, in turn with the motions; its answer comes later.

        For what is done to the spinner itself rather than for a match (the seats
        screen's jogs, the hardware test), so it never runs during a spin. What
        `work` raises is the future's exception. A spinner already closed, or
        closed before `work`'s turn, cancels the future.
        """
        answer: Future[T] = Future()
        with self._lock:
            if self._closed:
                answer.cancel()
                return answer
            self._pending += 1
            self._jobs.put(_Call(work, answer))
        self._update()
        return answer

    def spin_to(self, angle_deg: float, seat: int) -> Future[SpinOutcome]:
        """A test spin: a whole spin that stops at `angle_deg`, told to the motion listeners
        as seat `seat`'s (the screen turns its idol), but no match's result."""
        pick = self._pick_at(angle_deg, (0,))
        return self.call(lambda _spinner: self._drive(_Drive(pick, (seat,))))

    def _draw(self, angles: tuple[float, ...]) -> results.SpinPick:
        turn = self.spinner.steps_per_turn
        if len(angles) == 1:
            step = round(angles[0] % 360.0 / 360.0 * turn) % turn
            return results.SpinPick((0,), step, results.step_angle(step, turn))
        try:
            return results.draw(self.mode, angles, self.margin_deg, turn, self.spinner.rng)
        except ValueError as error:
            raise RuleError(f"The spinner cannot spin: {error}") from None

    def _tell_software(self, pick: results.SpinPick, seats: tuple[int, ...], reason: str) -> None:
        with self._notify:
            start = self._shown_deg
        self._tell(software_motion(start, pick.stop_angle_deg, seats, self.spinner.config, reason))

    def rehome(self) -> None:
        """Home again on the worker (the screen's retry); the status follows."""
        self._submit(_Home())

    def watch_link(self, link: StateListened) -> None:
        """Follow a serial link's state with `on_link_state`."""
        link.add_state_listener(self.on_link_state)

    def on_link_state(self, state: LinkState, problem: str) -> None:
        """A `SerialLink` state listener: unavailable when lost, re-homed when back online.

        Only a spinner shown as unavailable re-homes when the link comes
        online, so the link's first connection does not home it twice.
        """
        if state == LinkState.ONLINE:
            if not self.status.available:
                self.rehome()
        elif state.lost:
            detail = f": {problem}" if problem else ""
            self._submit(_LinkLost(f"The table controller's link is {state}{detail}."))

    def _submit(self, job: _Job) -> None:
        with self._lock:
            if self._closed:
                return
            self._pending += 1
            self._jobs.put(job)
        self._update()

    def wait_idle(self, timeout_s: float) -> bool:
        """Wait until every queued motion and homing is done and the status says so; False
        on timeout."""
        with self._idle:
            return self._idle.wait_for(
                lambda: self._pending == 0 and not self._status.moving, timeout_s)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            try:
                self._do(job)
            except Exception:  # a bug must not stop later motions
                log.exception("The table spinner's worker failed on %r", job)
            finally:
                with self._idle:
                    self._pending -= 1
                    self._idle.notify_all()
                self._update()

    def _do(self, job: _Drive | _Told | _Home | _LinkLost | _Call) -> None:
        spinner = self.spinner
        if self._closed:  # shutting down: what waits is dropped
            if isinstance(job, _Call):
                job.answer.cancel()
            return
        if isinstance(job, _Call):
            if job.answer.set_running_or_notify_cancel():
                try:
                    job.answer.set_result(job.work(spinner))
                except Exception as error:  # the caller hears it, the worker goes on
                    job.answer.set_exception(error)
            # The work may have homed the spinner, or found that it cannot.
            self._update(available=spinner.available, reason=spinner.unavailable_reason,
                         problem=(SpinnerProblem.NONE if spinner.available
                                  else self._problem_or(SpinnerProblem.NOT_HOMED)))
            return
        if isinstance(job, _Drive):
            self._drive(job)
            return
        if isinstance(job, _Told):
            self._tell_software(job.pick, job.seats, job.reason)
            return
        if isinstance(job, _LinkLost):
            spinner.mark_unavailable(job.reason)
            self._update(available=False, reason=job.reason, problem=SpinnerProblem.LINK_LOST)
            return
        try:
            spinner.home()
        except DeviceError as error:
            self._update(available=False, reason=str(error), problem=SpinnerProblem.NOT_HOMED)
            return
        self._update(available=True, reason="", problem=SpinnerProblem.NONE)

    def _drive(self, job: _Drive) -> SpinOutcome:
        turn = self.spinner.steps_per_turn

        moved = []

        def started(start_step: int, profile: MotionProfile, schedule: StepSchedule) -> None:
            moved.append(True)
            self._tell(pointer_motion(start_step, profile, schedule, job.pick, turn, job.seats))

        # The pick numbers the asked seats from 0; the table's seat numbers are kept.
        result = replace(self.spinner.drive_to(job.pick, started), result=job.seats)
        self.outcomes.append(result)
        if result.software_pick:
            # The pointer does not show it (it could not home, or stopped on the way).
            self._tell_software(job.pick, job.seats, result.reason)
            # A move that never started could not home; one that started stopped on the way.
            self._update(available=False, reason=result.reason, software_pick=True,
                         problem=SpinnerProblem.STOPPED if moved else SpinnerProblem.NOT_HOMED)
        return result

    def _problem_or(self, problem: SpinnerProblem) -> SpinnerProblem:
        """The problem the status has already, or `problem` when it has none."""
        with self._lock:
            known = self._status.problem
        return problem if known == SpinnerProblem.NONE else known

    def _update(self, **changes: Any) -> None:
        # One change and its notice at a time, so the listener sees them in order.
        with self._notify:
            with self._lock:
                new = replace(self._status, moving=self._pending > 0, **changes)
                if new == self._status:
                    return
                self._status = new
                self._idle.notify_all()  # `wait_idle` waits for the status too
            self._tell_status(new)

    def close(self) -> None:
        """Drop waiting motions, stop the running one where it is, stop the worker, close the
        spinner (the motor is released).

        Idempotent.
        """
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._jobs.put(None)
        # The motion under way stops where it is (a spin's result is in the log already;
        # the next start homes again), so that closing takes a moment, not a whole spin.
        stop = getattr(self.spinner.backend, "stop", None)
        if stop is not None:
            stop()
        self._worker.join()
        self.spinner.close()


def open_table_spinner(
    config: Config,
    clock: Clock | None = None,
    rng: random.Random | None = None,
    listener: StatusListener | None = None,
) -> TableSpinner:
    """The configured spinner as the table's spin hook, homing on its worker at once.

    On the `serial` backend it follows the link: unavailable while the link
    is lost, re-homed when it is back.

    Raises:
        BackendNotInstalled: the backend's library is missing.
        DeviceError: the hardware could not be opened (the reason is given).
    """
    spinner = backends.open_spinner(config, clock, rng)
    table_spinner = TableSpinner(spinner, listener=listener)
    link = getattr(spinner.backend, "link", None)
    if link is not None and hasattr(link, "add_state_listener"):
        table_spinner.watch_link(link)
    return table_spinner
