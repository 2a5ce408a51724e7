"""The tray's inputs on the Pico: edges noted by interrupts, events made by the loop.

The tray sensor's and the button's interrupts only note which input changed
and when (at most MAX_PENDING edges wait); the main loop turns them into
events with the watchers of `sensors` (pure, given the times), and reads the
dice reader's lines. SETUP's tray settings are applied here.
"""

from machine import Pin

try:
    from firmware import sensors
except ImportError:  # on the Pico
    import sensors

MAX_PENDING = 32
PULL_SETTLE_MS = 50
"""Tray sensor edges ignored after SETUP switches the pin's pull: a floating GP7 moves
to its new level (RP2040 pull-ups are 50-80 kOhm; with up to 100 nF on the line, five
time constants are 40 ms), and that is no throw."""


class TrayInputs:
    """The tray sensor (GP7), the button (GP8) and the dice reader of one board."""

    def __init__(self, board, clock, settings: dict) -> None:
        self.board = board
        self.clock = clock
        self.motion = sensors.MotionWatcher(settings["motion_quiet_ms"])
        self.button = sensors.ButtonWatcher(settings["button_debounce_ms"])
        self.dice = sensors.DiceLineReader()
        self.dice_reader = False
        self.pull_up = False  # GP7 floats until SETUP asks for the pull-up
        self._pending = []
        self._arm_motion()
        board.button.irq(handler=self._on_button_edge, trigger=Pin.IRQ_FALLING)

    def _arm_motion(self) -> None:
        both_edges = Pin.IRQ_FALLING | Pin.IRQ_RISING
        self.board.motion.irq(handler=self._on_motion_edge, trigger=both_edges)

    def _on_motion_edge(self, pin) -> None:
        if len(self._pending) < MAX_PENDING:
            self._pending.append(("motion", self.clock()))

    def _on_button_edge(self, pin) -> None:
        if len(self._pending) < MAX_PENDING:
            self._pending.append(("button", self.clock()))

    def apply(self, settings: dict) -> None:
        """Take SETUP's tray settings (checked by the caller)."""
        board = self.board
        board.motion_active_high = settings["motion_active_high"]
        if settings["motion_pull_up"] != self.pull_up:
            # From before the change, so the pin's own edge (noted now) falls inside.
            self.motion.settle(self.clock(), PULL_SETTLE_MS)
            self.pull_up = settings["motion_pull_up"]
        board.pull_up_motion(self.pull_up)
        self._arm_motion()
        self.motion.quiet_ms = settings["motion_quiet_ms"]
        self.button.debounce_ms = settings["button_debounce_ms"]
        self.dice_reader = settings["dice_reader"]
        if self.dice_reader:
            board.open_dice_reader()

    def events(self) -> list:
        """The events the noted edges and the dice reader's bytes make now."""
        found = []
        while self._pending:
            name, at = self._pending.pop(0)
            if name == "motion" and self.motion.on_edge(at):
                found.append({"ev": "motion", "active": True})
            elif name == "button" and self.button.on_press_edge(at):
                found.append({"ev": "button"})
        change = self.motion.poll(self.clock(), self.board.motion_active())
        if change is not None:
            found.append({"ev": "motion", "active": change})
        if self.dice_reader:
            for values, cocked in self.dice.feed(self.board.read_dice()):
                found.append({"ev": "dice", "values": values, "cocked": cocked})
        return found

    def counts(self, reply: dict) -> dict:
        """Add what the dice reader sent since boot: good readings and unreadable lines."""
        reply["dice_readings"] = self.dice.readings
        reply["dice_bad_lines"] = self.dice.bad_lines
        return reply
