"""Home-sensor edges met during a move, recorded by a hard interrupt.

The home interrupt is hard (the step count is read within microseconds of
the edge, not after a garbage collection), so it may not allocate: it fills
a table taken at boot with (steps done, position, direction) of each edge.
"""

from array import array

try:
    from firmware import protocol
except ImportError:  # on the Pico
    import protocol

MAX_CROSSINGS = protocol.MAX_HOME_EDGES


class HomeCrossings:
    """The edges of the current move, at most MAX_CROSSINGS."""

    def __init__(self) -> None:
        self._table = array("i", [0] * (3 * MAX_CROSSINGS))
        self.count = 0

    def record(self, stepper) -> None:
        """Called from the hard interrupt: note the edge if a move runs (allocates nothing)."""
        count = self.count
        if count < MAX_CROSSINGS and stepper.moving():
            done = stepper.steps_done()  # first: the sooner after the edge, the truer
            table = self._table
            table[3 * count] = done
            table[3 * count + 1] = stepper.position + stepper.direction * done
            table[3 * count + 2] = stepper.direction
            self.count = count + 1

    def forward(self) -> list:
        """(steps done, position) of each edge met moving forward."""
        table = self._table
        found = []
        for index in range(self.count):
            if table[3 * index + 2] > 0:
                found.append((table[3 * index], table[3 * index + 1]))
        return found

    def clear(self) -> None:
        """Forget them (a new move or homing leg starts)."""
        self.count = 0
