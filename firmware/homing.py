"""Homing as a small state machine: fast approach, back off, slow approach.

Sensors bounce and fast approaches overshoot, so the zero is taken on a slow
second approach. The edge itself is caught by the home pin's interrupt, so a
fast approach that runs past a narrow flag still knows where the edge was.

The machine is pure: the controller runs each `Leg` it is given on the
stepper, stops a leg early when the sensor reaches the leg's `until` state,
and reports back with `leg_finished`.
"""

IDLE = "idle"
SEEK_FAST = "seek_fast"
CLEAR = "clear"
BACK_OFF = "back_off"
SEEK_SLOW = "seek_slow"
RETURN = "return"
DONE = "done"
FAILED = "failed"


class Leg:
    """One constant-rate move: stop early when the sensor reads `until` (None: never)."""

    def __init__(self, direction: int, steps: int, hz: int, until) -> None:
        self.direction = direction
        self.steps = steps
        self.hz = hz
        self.until = until

    def segments(self) -> list:
        """The leg as a one-segment profile for the stepper."""
        return [[self.steps, self.hz, self.hz]]

    def __repr__(self) -> str:
        parts = (self.direction, self.steps, self.hz, self.until)
        return "Leg(" + ", ".join([str(part) for part in parts]) + ")"


class Homing:
    """Find the home sensor's edge; `state` ends as DONE or FAILED (see `error`)."""

    def __init__(self, fast_hz: float, slow_hz: float, backoff_steps: int, max_steps: int) -> None:
        self.fast_hz = fast_hz
        self.slow_hz = slow_hz
        self.backoff_steps = backoff_steps
        self.max_steps = max_steps
        self.state = IDLE
        self.error = ""

    def start(self, sensor_active: bool):  # -> Leg
        """Begin homing; return the first leg to run."""
        self.error = ""
        if sensor_active:
            return self._clear()
        self.state = SEEK_FAST
        return Leg(1, self.max_steps, self.fast_hz, True)

    def leg_finished(self, sensor_active: bool, overshoot: int = 0):  # -> Leg | None
        """The last leg ended (run out or stopped by the sensor): return the next, or None.

        `sensor_active` is whether the leg found what it looked for (the home
        interrupt counts, even if a fast approach has run past the flag);
        `overshoot` is how far past the home edge an approach stopped.
        """
        state = self.state
        if state == SEEK_FAST:
            if not sensor_active:
                return self._fail("the home sensor was not found within the step limit")
            self.state = BACK_OFF
            return Leg(-1, overshoot + self.backoff_steps, self.fast_hz, None)
        if state == CLEAR:
            if sensor_active:
                return self._fail("the home sensor stays triggered while the spinner turns")
            self.state = BACK_OFF
            return Leg(-1, self.backoff_steps, self.slow_hz, None)
        if state == BACK_OFF:
            self.state = SEEK_SLOW
            return Leg(1, self.backoff_steps + self.max_steps, self.slow_hz, True)
        if state == SEEK_SLOW:
            if not sensor_active:
                return self._fail("the home sensor was lost on the slow approach: is it loose?")
            if overshoot > 0:  # stopped a little past the edge: step back onto it
                self.state = RETURN
                return Leg(-1, overshoot, self.slow_hz, None)
            self.state = DONE
            return None
        if state == RETURN:
            self.state = DONE
            return None
        return None

    def abort(self, reason: str) -> None:
        """Give up (a stop command, a lost link)."""
        self._fail(reason)

    def _clear(self):  # -> Leg
        self.state = CLEAR
        return Leg(-1, self.max_steps, self.fast_hz, False)

    def _fail(self, reason: str) -> None:
        self.state = FAILED
        self.error = reason
        return None
