"""The `serial` backend: the spinner, tray and dice reader on the Pico firmware.

All three share one `SerialLink` per port. The spinner uploads each planned
`StepSchedule` as microsecond intervals, its cruise as one gap and a count
(`device.serial_moves`), and the firmware's PIO state machine plays it;
home edges come back in the move's report, so the spinner's
missed-step check works exactly as on GPIO. After a reconnect the firmware
has released the motor, so a spinner that was homed re-homes by itself;
a move cut off by an unplug fails with a sentence saying so.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from companion.closing import ClosesItself
from companion.config import Config
from device.backend import (
    ButtonCallback,
    HomeReport,
    HomingPlan,
    LinkListener,
    LinkState,
    MotionCallback,
    MoveReport,
    StepSchedule,
    TrayThrow,
)
from device.clock import Clock
from device.errors import DeviceError, HomingError, LinkError
from device.serial_link import Send, SerialLink
from device.serial_moves import controller_move
from device.serial_sharing import acquire_link, add_setup_hook, release_link
from firmware import protocol

log = logging.getLogger(__name__)

FRESH_DICE_S = 2.0
"""A dice reading this recent when `read_dice` is called belongs to this throw."""

RE_HOMING = "The spinner is still re-homing after a reconnect; try again."

class _Waiter:
    """Collects events by key and wakes whoever waits for one, timed on `clock`."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.condition = threading.Condition()
        self.results: dict[Any, dict[str, Any]] = {}

    def put(self, key: Any, event: dict[str, Any]) -> None:
        with self.condition:
            self.results[key] = event
            self.condition.notify_all()

    def wake(self) -> None:
        with self.condition:
            self.condition.notify_all()

    def wait(self, key: Any, timeout_s: float, gone: Callable[[], bool]) -> dict[str, Any] | None:
        """The event for `key`; None on timeout. Raises LinkError when `gone()`."""
        deadline = self.clock.now() + timeout_s
        with self.condition:
            while key not in self.results:
                if gone():
                    raise LinkError(
                        "The table controller was disconnected during the move; the spinner "
                        "re-homes when it is back (check the USB cable)."
                    )
                remaining = deadline - self.clock.now()
                if remaining <= 0:
                    return None
                self.condition.wait(min(remaining, 0.1))
            return self.results.pop(key)


class SerialSpinner(ClosesItself):
    """`SpinnerBackend` over the link: the firmware steps, homes and reports edges."""

    name = "serial"

    def __init__(self, link: SerialLink, config: Config) -> None:
        self.link = link
        self.home_active_low = config.spinner.home.active_low
        self.waiter = _Waiter(link.clock)
        self._move_id = 0
        self._plan: HomingPlan | None = None
        self._interrupted = False
        # Guards the re-home's state below; waits on it are timed on the link's clock.
        self._motion = threading.Condition()
        self._in_flight: int | None = None
        """The connection a move or homing sent on and still waits for, until a reconnect
        takes it as interrupted (so the re-home is decided without waiting for it to notice)."""
        self._rehome_round = 0
        """Counts the re-homes reconnects started; `_rehomed_round` is the last one ended."""
        self._rehomed_round = 0
        self.rehome_error = ""
        self.rehomes = 0
        self._closed = False
        link.add_event_listener(self._on_event)
        link.add_state_listener(lambda state, problem: self.waiter.wake())
        add_setup_hook(link, self._on_connect)

    @property
    def state(self) -> LinkState:
        """The link's state now."""
        return self.link.state

    def enable(self, on: bool) -> None:
        """Energise or release the motor (releasing forgets the home position)."""
        self.link.request(protocol.ENABLE, {"on": bool(on)})

    def move(self, schedule: StepSchedule) -> MoveReport:
        """Upload the schedule, run it on the Pico and wait for its report.

        Raises:
            DeviceError: the schedule cannot be timed by the firmware, or the
                firmware reported a fault of its own during the move (its sentence).
            LinkError: the link failed or was unplugged during the move.
            HomingError: re-homing after a reconnect failed.
        """
        rehome_round = self._wait_for_rehome()
        planned = controller_move(schedule)
        self._move_id += 1
        move_id = self._move_id
        for load in planned.load_fields(move_id):
            self.link.request(protocol.LOAD, load)
        connection = self._start_motion(rehome_round)
        try:
            self.link.request(protocol.MOVE, planned.move_fields(move_id, schedule.direction))
            event = self._await(("move", move_id), schedule.duration_s * 1.5 + 2.0, connection)
        finally:
            self._end_motion(connection)
        if event is None:
            self._stop_quietly()
            raise LinkError("The spinner's move did not finish in time; it was stopped.")
        if event["ev"] == "move_aborted":
            self._interrupted = True
            raise LinkError(f"The spinner's move was stopped by the controller: {event['reason']}.")
        if event.get("fault"):  # the controller's own sentence: the position is unknown
            raise DeviceError(str(event["fault"]))
        return MoveReport(steps_taken=int(event["steps"]),
                          home_edges=tuple(int(edge) for edge in event["edges"]),
                          duration_s=event["duration_ms"] / 1000,
                          edge_latency_s=protocol.HOME_EDGE_LATENCY_US / 1_000_000)

    def home(self, plan: HomingPlan) -> HomeReport:
        """Run the firmware's homing (fast approach, back off, slow approach).

        Raises:
            HomingError: the sensor was not found, homing took too long, or the
                firmware reported a fault of its own (its sentence).
            LinkError: the link failed meanwhile.
        """
        self._rehome_ended(plan.timeout_s + 5.0)  # a re-home after a reconnect: let it end
        return self._home(plan)

    def _home(self, plan: HomingPlan) -> HomeReport:
        self.waiter.results.pop(("homed",), None)
        connection = self._start_motion()
        try:
            # Rounded: 1 / (1 / x) may fall a hair below a limit that x meets exactly.
            self.link.request(protocol.HOME, {
                "fast_hz": round(1.0 / plan.fast_interval_s, 6),
                "slow_hz": round(1.0 / plan.slow_interval_s, 6),
                "backoff_steps": plan.backoff_steps,
                "max_steps": plan.max_steps,
            })
            event = self._await(("homed",), plan.timeout_s, connection)
        finally:
            self._end_motion(connection)
        if event is None:
            self._stop_quietly()
            raise HomingError(
                f"The spinner did not find home within {plan.timeout_s:g} s; check the home "
                "sensor's wiring and that the pointer turns freely."
            )
        if event.get("fault"):
            raise HomingError(str(event["fault"]))
        if not event["ok"]:
            raise HomingError(
                f"The spinner could not home: {event['error']}. Check the home sensor's "
                "wiring and that the pointer turns freely."
            )
        self._plan = plan
        self._interrupted = False
        return HomeReport(approach_steps=int(event["approach_steps"]),
                          duration_s=event["duration_ms"] / 1000)

    def home_sensor_active(self) -> bool:
        """Whether the home sensor sees the flag now (asked over the link)."""
        return bool(self.link.poll()["home"])

    def stop(self) -> None:
        """Stop the move under way now, from any thread (the companion is closing): the Pico
        stops stepping and reports the move aborted."""
        self._stop_quietly()

    def close(self) -> None:
        """Release the motor and give back the link (idempotent)."""
        if self._closed:
            return
        self._closed = True
        try:
            if self.link.state == LinkState.ONLINE:
                self.enable(False)
        except LinkError:
            pass  # the board is gone: its own link-silence stop releases the motor
        finally:
            release_link(self.link)

    # -- internals ------------------------------------------------------------
    def _start_motion(self, rehome_round: int | None = None) -> int:
        """Mark a move or homing as sent on the connection now (returned).

        Raises:
            HomingError: a reconnect started a re-home since the move waited for the last
                one (`rehome_round`): the move's upload met the reconnect.
        """
        with self._motion:
            if rehome_round is not None and rehome_round != self._rehome_round:
                raise HomingError(RE_HOMING)
            self._in_flight = self.link.connection
            return self._in_flight

    def _end_motion(self, connection: int) -> None:
        with self._motion:
            if self._in_flight == connection:
                self._in_flight = None

    def _await(self, key: Any, timeout_s: float, connection: int) -> dict[str, Any] | None:
        def gone() -> bool:
            if self.link.connection == connection:
                return False
            with self._motion:
                if self._in_flight == connection:  # no reconnect has taken it as cut off yet
                    self._interrupted = True
            return True

        return self.waiter.wait(key, timeout_s, gone)

    def _stop_quietly(self) -> None:
        with contextlib.suppress(LinkError):  # the board stops by itself on link silence
            self.link.request(protocol.STOP, {})

    def _on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("ev")
        if kind in ("move_done", "move_aborted"):
            self.waiter.put(("move", event.get("move")), event)
        elif kind == "homed":
            self.waiter.put(("homed",), event)

    def _on_connect(self, hello: dict[str, Any], send: Send) -> None:
        send(protocol.SETUP, {"home_active_low": self.home_active_low})
        if hello.get("busy"):
            # A move from before the break still runs, but nobody waits for it any more.
            send(protocol.STOP, {})
        with self._motion:
            # A move or homing still waiting for its report was cut off by the break, even
            # when its thread has not noticed yet (it would, after this re-home was decided).
            if hello.get("busy") or self._in_flight is not None:
                self._interrupted = True
                self._in_flight = None
            plan = self._plan
            if plan is None or not (self._interrupted or not hello.get("homed")):
                return
            self._rehome_round += 1
            round_ = self._rehome_round
        threading.Thread(target=self._rehome, args=(plan, round_),
                         name="serial-rehome", daemon=True).start()

    def _rehome(self, plan: HomingPlan, round_: int) -> None:
        try:
            self._home(plan)
            self.rehome_error = ""
            self.rehomes += 1
        except DeviceError as error:
            self.rehome_error = str(error)
        finally:
            with self._motion:
                if round_ == self._rehome_round:  # a later reconnect's re-home is still to come
                    self._rehomed_round = round_
                    self._motion.notify_all()

    def _rehome_ended(self, timeout_s: float) -> bool:
        """Wait, on the link's clock, until the last re-home a reconnect started has ended;
        False when it has not within `timeout_s`."""
        clock = self.link.clock
        deadline = clock.now() + timeout_s
        with self._motion:
            while self._rehomed_round != self._rehome_round:
                remaining = deadline - clock.now()
                if remaining <= 0:
                    return False
                self._motion.wait(min(remaining, 0.1))
            return True

    def _wait_for_rehome(self) -> int:
        """The round of the re-home that ended (0: none), once it has.

        Raises:
            HomingError: it is still running after its time, or it failed (its sentence).
        """
        plan = self._plan
        timeout = (plan.timeout_s if plan else 0.0) + 5.0
        if not self._rehome_ended(timeout):
            raise HomingError(RE_HOMING)
        with self._motion:
            if self.rehome_error:
                raise HomingError(self.rehome_error)
            return self._rehomed_round


class _OnTheLink:
    """A device on the table controller's link: it can confirm the board answers."""

    link: SerialLink

    def confirm(self) -> dict[str, Any]:
        """The controller's status now (with the dice reader's counts since it started).

        Raises:
            LinkError: it is not connected, offline, refused or silent.
        """
        return self.link.poll()

    def on_link_change(self, listener: LinkListener) -> None:
        """Call `listener(state, problem)` whenever the link's state changes."""
        self.link.add_state_listener(listener)


class SerialTray(_OnTheLink, ClosesItself):
    """`TrayInputs` over the link: motion changes and button presses.

    Callbacks run on the tray's own thread, never on the link's reader: a
    `DiceTray` may block in them (asking the dice reader for values, which
    arrive through that very reader thread).
    """

    name = "serial"

    def __init__(self, link: SerialLink, config: Config) -> None:
        self.link = link
        self.active_high = config.tray.sensor_active_high
        self.pull_up = config.tray.sensor_pull_up
        self._on_motion: MotionCallback | None = None
        self._on_button: ButtonCallback | None = None
        self._inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self._worker: threading.Thread | None = None
        self._closed = False
        link.add_event_listener(self._on_event)
        add_setup_hook(link, self._on_connect)

    def start(self, on_motion: MotionCallback, on_button: ButtonCallback) -> None:
        """Deliver the tray's events to these callbacks (on the tray's thread)."""
        self._on_motion = on_motion
        self._on_button = on_button
        if self._worker is None:
            self._worker = threading.Thread(target=self._deliver, name="serial-tray",
                                            daemon=True)
            self._worker.start()

    def close(self) -> None:
        """Stop delivering and give back the link (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self._on_motion = self._on_button = None
        self._inbox.put(None)
        if self._worker is not None and self._worker is not threading.current_thread():
            self._worker.join(timeout=5)
        release_link(self.link)

    def _on_connect(self, hello: dict[str, Any], send: Send) -> None:
        send(protocol.SETUP, {"motion_active_high": self.active_high,
                              "motion_pull_up": self.pull_up})

    def _on_event(self, event: dict[str, Any]) -> None:
        if event.get("ev") in ("motion", "button"):
            self._inbox.put(event)

    def _deliver(self) -> None:
        while True:
            event = self._inbox.get()
            if event is None:
                return
            on_motion, on_button = self._on_motion, self._on_button
            try:
                if event["ev"] == "motion" and on_motion is not None:
                    on_motion(bool(event.get("active")))
                elif event["ev"] == "button" and on_button is not None:
                    on_button()
            except Exception:  # a callback's bug must not stop the tray
                log.exception("serial tray: a callback failed")


class SerialDiceReader(_OnTheLink, ClosesItself):
    """`DiceReader` over the link: readings the Pico forwards from the dice reader."""

    name = "serial"

    def __init__(self, link: SerialLink) -> None:
        self.link = link
        self._readings: list[tuple[float, dict[str, Any]]] = []
        self._condition = threading.Condition()
        self._closed = False
        link.add_event_listener(self._on_event)
        add_setup_hook(link, self._on_connect)

    def read_dice(self, count: int, sides: int, timeout_s: float) -> TrayThrow:
        """The latest reading (at most FRESH_DICE_S old), or the next within `timeout_s`.

        A reading that is not `count` dice of 1 to `sides` (a die off the
        tray or unseen, a reader set up for other dice) is returned as a
        cocked roll with the faces read: the rules decide on a re-roll.

        Raises:
            DeviceError: no reading arrived in time.
        """
        clock = self.link.clock
        deadline = clock.now() + timeout_s
        with self._condition:
            while True:
                fresh = [event for when, event in self._readings
                         if when >= clock.now() - FRESH_DICE_S]
                if fresh:
                    self._readings.clear()
                    return _dice_roll(fresh[-1], count, sides)
                remaining = deadline - clock.now()
                if remaining <= 0:
                    raise DeviceError(
                        f"The dice reader sent no reading within {timeout_s:g} s; check it "
                        "is connected to the table controller, or enter the dice on the screen."
                    )
                self._condition.wait(min(remaining, 0.1))

    def close(self) -> None:
        """Give back the link (idempotent)."""
        if not self._closed:
            self._closed = True
            release_link(self.link)

    def _on_connect(self, hello: dict[str, Any], send: Send) -> None:
        send(protocol.SETUP, {"dice_reader": True})

    def _on_event(self, event: dict[str, Any]) -> None:
        if event.get("ev") == "dice":
            with self._condition:
                self._readings.append((self.link.clock.now(), event))
                del self._readings[:-8]
                self._condition.notify_all()


def _dice_roll(event: dict[str, Any], count: int, sides: int) -> TrayThrow:
    """A dice event as a roll of `count` dice with `sides` faces (cocked when it is not one)."""
    values = tuple(int(value) for value in event.get("values", []))
    roll = TrayThrow(values, cocked=bool(event.get("cocked")), source="serial")
    if roll.cocked or roll.is_valid(count, sides):
        return roll
    log.warning("The dice reader read %s for %d dice of %d sides: taken as a cocked roll.",
                " ".join(map(str, values)) or "nothing", count, sides)
    return TrayThrow(values, cocked=True, source="serial")


def open_serial_spinner(config: Config, clock: Clock | None = None) -> SerialSpinner:
    """The spinner on the Pico named by `serial.port` (shares the link).

    `clock` times the link when this opens it (as for `acquire_link`).
    """
    return SerialSpinner(acquire_link(config, clock), config)


def open_serial_tray(config: Config, clock: Clock | None = None) -> SerialTray:
    """The dice tray's sensor and button on the Pico (shares the link).

    `clock` times the link when this opens it (as for `acquire_link`).
    """
    return SerialTray(acquire_link(config, clock), config)


def open_serial_dice_reader(config: Config, clock: Clock | None = None) -> SerialDiceReader:
    """The dice reader wired to the Pico (shares the link).

    `clock` times the link when this opens it (as for `acquire_link`).
    """
    return SerialDiceReader(acquire_link(config, clock))
