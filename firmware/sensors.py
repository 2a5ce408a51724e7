"""The tray's inputs: vibration sensor, button and an optional dice reader.

Each watcher is pure: it is given edges or bytes with the time in
milliseconds and returns the events to send. Throw and settle detection stays
on the Pi (the same code as the GPIO backend); the firmware forwards the
sensor's shaking as start/stop events so a buzzing sensor cannot flood the link.

Times are MicroPython `ticks_ms` values, which wrap (every 2**30 ms, about
12 days on), so they are only ever compared through `ticks_diff`.
"""

TICKS_PERIOD = 1 << 30
"""MicroPython's ticks wrap at this value on every port."""

try:
    from time import ticks_diff
except ImportError:  # CPython: the same arithmetic, so tests can cross the wrap

    def ticks_diff(end: int, start: int) -> int:
        """end - start for wrapping ticks (as MicroPython's `time.ticks_diff`)."""
        half = TICKS_PERIOD // 2
        return ((end - start + half) & (TICKS_PERIOD - 1)) - half


class MotionWatcher:
    """The tray sensor as motion events, at most one per `quiet_ms`.

    A vibration sensor chatters thousands of times a second; forwarding every
    edge would flood the link. The first edge sends `active=True` at once;
    while edges keep coming, one more `active=True` goes every `quiet_ms`
    (so the Pi knows the dice still move); once the sensor reads inactive
    with no edge for `quiet_ms`, `active=False` goes. The Pi's `DiceTray`
    then debounces these with its own settle time, as it does the GPIO
    sensor's changes. A tilt switch resting closed never sends False; the
    Pi's detector counts only its changes.
    """

    def __init__(self, quiet_ms: int = 20) -> None:
        self.quiet_ms = quiet_ms
        self.active = False
        self._last_edge = 0
        self._last_sent = 0
        self._settle_from = 0
        self._settle_ms = 0

    def settle(self, now_ms: int, settle_ms: int) -> None:
        """Ignore the edges of the next `settle_ms` (the pin's pull is about to change)."""
        self._settle_from = now_ms
        self._settle_ms = settle_ms

    def on_edge(self, now_ms: int) -> bool:
        """The sensor changed; True when an `active=True` event should go now."""
        if 0 <= ticks_diff(now_ms, self._settle_from) < self._settle_ms:
            return False  # the pin is still settling to its new pull: not the dice
        self._last_edge = now_ms
        if self.active and ticks_diff(now_ms, self._last_sent) < self.quiet_ms:
            return False
        self.active = True
        self._last_sent = now_ms
        return True

    def poll(self, now_ms: int, sensor_active: bool):  # -> bool | None
        """The event to send now, if any: True (still moving), False (stopped) or None."""
        if not self.active:
            return None
        since_sent = ticks_diff(now_ms, self._last_sent)
        if ticks_diff(self._last_edge, self._last_sent) > 0 and since_sent >= self.quiet_ms:
            self._last_sent = now_ms
            return True
        if not sensor_active and ticks_diff(now_ms, self._last_edge) >= self.quiet_ms:
            self.active = False
            return False
        return None


class ButtonWatcher:
    """A debounced push button: one press per `debounce_ms`, edges in between ignored."""

    def __init__(self, debounce_ms: int = 50) -> None:
        self.debounce_ms = debounce_ms
        self._last = None

    def on_press_edge(self, now_ms: int) -> bool:
        """The contact closed; True when this is a new press."""
        if self._last is not None and ticks_diff(now_ms, self._last) < self.debounce_ms:
            return False
        self._last = now_ms
        return True


MAX_FACE = 100
"""The highest face a reading may hold (`tray.dice_sides` goes up to 100)."""


class DiceLineReader:
    """Parse a dice reader's lines: faces separated by spaces or commas.

    `3 5` gives [3, 5]; `12,20` [12, 20]; `?` stands for a cocked die. Faces
    are 1 to MAX_FACE: the firmware does not know the dice, the Pi checks a
    reading against `tray.dice_count` and `tray.dice_sides`. Lines that are
    none of these are counted in `bad_lines` and dropped; an endless line is
    cut at `max_line` bytes. Good lines are counted in `readings`.
    """

    def __init__(self, max_line: int = 64) -> None:
        self.max_line = max_line
        self.bad_lines = 0
        self.readings = 0
        self._line = bytearray()

    def feed(self, data: bytes) -> list:
        """Add bytes from the reader; return a list of (values, cocked) readings."""
        readings = []
        for byte in data:
            if byte in (10, 13):
                if self._line:
                    reading = self._parse(bytes(self._line))
                    self._line = bytearray()
                    if reading is None:
                        self.bad_lines += 1
                    else:
                        self.readings += 1
                        readings.append(reading)
            elif len(self._line) < self.max_line:
                self._line.append(byte)
            else:
                self.bad_lines += 1
                self._line = bytearray()
        return readings

    def _parse(self, line: bytes):  # -> tuple | None
        try:
            text = line.decode()
        except UnicodeError:
            return None
        tokens = text.replace(",", " ").split()
        if not tokens or len(tokens) > 10:
            return None
        values = []
        cocked = False
        for token in tokens:
            if token == "?":
                cocked = True
            elif len(token) <= 3 and token.isdigit() and 1 <= int(token) <= MAX_FACE:
                values.append(int(token))
            else:
                return None
        return values, cocked
