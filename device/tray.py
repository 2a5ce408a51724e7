"""The dice tray: throw and settle detection, the tray button, dice values.

The vibration or tilt sensor chatters while dice bounce. `ThrowDetector`
turns that chatter into exactly one *throw* (the first activity after quiet)
and one *settled* (no activity for `tray.settle_s`), on an injectable clock.
gpiozero's mock pins ignore `bounce_time`, and so do we: the debouncing is
ours, and tested by driving fast sequences on a virtual clock.

`DiceTray` wires a backend's `TrayInputs` to the detector, asks the
configured `DiceSource` for values when the dice settle or the button is
pressed, and queues `TrayEvent`s for the table (or calls `on_event`).

Sensor and button callbacks arrive on the backend's threads (gpiozero's,
the serial reader's) while `poll()` runs on the caller's: one lock orders
every decision and its event, so a "settled" always comes before the next
"throw" even when the dice are thrown again while the values are read, and
no callback waits for the dice reader.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass

from companion.closing import ClosesItself
from companion.config import TrayConfig
from device.backend import TrayInputs, TrayThrow
from device.clock import Clock
from device.dice import DiceSource
from device.errors import DeviceError

THROW = "throw"
SETTLED = "settled"
BUTTON = "button"

BUTTON_DEBOUNCE_S = 0.25
"""Presses closer than this to the previous one are the contacts bouncing."""


@dataclass(frozen=True)
class TrayEvent:
    """Something the tray saw.

    Attributes:
        kind: "throw", "settled" or "button".
        at: time on the tray's clock, in seconds.
        roll: the dice values for "settled" and "button" (None: enter them
            on the touchscreen, or the reader failed, see `error`).
        error: why no values could be read (empty when fine).
    """

    kind: str
    at: float
    roll: TrayThrow | None = None
    error: str = ""


@dataclass
class ThrowDetector:
    """Debounces a chattering sensor into one throw and one settle.

    With `level_is_motion` (a vibration module), an active level means the
    dice are still moving; for a tilt switch only changes count, because it
    may rest closed.
    """

    settle_s: float
    level_is_motion: bool = True
    rolling: bool = False
    active: bool = False
    last_activity: float = 0.0

    def motion(self, active: bool, now: float) -> str | None:
        """The sensor changed; returns "throw" when this starts a throw."""
        self.active = active
        # Callbacks from two threads may arrive slightly out of time order.
        self.last_activity = max(self.last_activity, now)
        if self.rolling:
            return None
        self.rolling = True
        return THROW

    def poll(self, now: float) -> str | None:
        """Returns "settled" once the dice have been quiet for `settle_s`."""
        if not self.rolling:
            return None
        if self.level_is_motion and self.active:
            return None
        if now - self.last_activity < self.settle_s:
            return None
        self.rolling = False
        return SETTLED


class DiceTray(ClosesItself):
    """The tray on a backend: feeds the detector, reads dice, queues events."""

    def __init__(
        self,
        inputs: TrayInputs,
        config: TrayConfig,
        clock: Clock,
        source: DiceSource,
        on_event: Callable[[TrayEvent], None] | None = None,
    ) -> None:
        self.inputs = inputs
        self.clock = clock
        self.source = source
        self.on_event = on_event
        self.detector = ThrowDetector(config.settle_s, config.sensor_kind == "vibration")
        self.events: queue.Queue[TrayEvent] = queue.Queue()
        # Re-entrant: an `on_event` handler may call `poll()` or `drain()`.
        self._lock = threading.RLock()
        self._reading = False
        self._throw_during_read: float | None = None
        self._last_press: float | None = None
        self._started = False
        self._closed = False

    def start(self) -> None:
        """Start listening to the sensor and the button (idempotent)."""
        if not self._started:
            self._started = True
            self.inputs.start(self._motion, self._button)

    def _motion(self, active: bool) -> None:
        now = self.clock.now()
        with self._lock:
            kind = self.detector.motion(active, now)
            if kind is None:
                return
            if self._reading:
                # The last throw's values are being read: this throw follows its settle.
                self._throw_during_read = now
                return
            self._emit(TrayEvent(kind, now))

    def _button(self) -> None:
        now = self.clock.now()
        with self._lock:
            if self._last_press is not None and now - self._last_press < BUTTON_DEBOUNCE_S:
                self._last_press = now
                return
            self._last_press = now
        self._emit(self._with_values(BUTTON))

    def poll(self) -> TrayEvent | None:
        """Check for a settle now; call this often (every 10-50 ms).

        Returns the "settled" event (also queued), or None.
        """
        with self._lock:
            if self._reading:
                return None
            kind = self.detector.poll(self.clock.now())
            if kind is None:
                return None
            self._reading = True
        event = TrayEvent(kind, self.clock.now(), None, "the dice values could not be read")
        try:
            # Outside the lock: a serial dice reader may take a while.
            event = self._with_values(kind)
        finally:
            with self._lock:
                self._emit(event)
                self._reading = False
                thrown, self._throw_during_read = self._throw_during_read, None
                if thrown is not None:
                    self._emit(TrayEvent(THROW, thrown))
        return event

    def _with_values(self, kind: str) -> TrayEvent:
        try:
            return TrayEvent(kind, self.clock.now(), self.source.roll())
        except DeviceError as error:
            return TrayEvent(kind, self.clock.now(), None, str(error))

    def _emit(self, event: TrayEvent) -> None:
        self.events.put(event)
        if self.on_event is not None:
            self.on_event(event)

    def drain(self) -> list[TrayEvent]:
        """Every queued event, oldest first."""
        drained = []
        while True:
            try:
                drained.append(self.events.get_nowait())
            except queue.Empty:
                return drained

    def close(self) -> None:
        """Release the inputs and the dice reader (idempotent)."""
        if self._closed:
            return
        self._closed = True
        self.inputs.close()
        if self.source.reader is not None:
            self.source.reader.close()
