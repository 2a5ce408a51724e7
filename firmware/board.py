"""The table controller's pins and its USB serial port.

Pin numbers are the Pico's GPIO numbers; docs/protocol.md shows the wiring.
"""

import sys

from machine import UART, Pin

try:
    from firmware import stepper_pio
except ImportError:
    import stepper_pio

PINS = {"step": 2, "dir": 3, "enable": 4, "home": 6, "motion": 7, "button": 8, "dice_rx": 1}


class Board:
    """The pins of the table controller."""

    def __init__(self, pins: dict = PINS) -> None:
        self.pins = pins
        self.stepper = stepper_pio.Stepper(pins["step"], pins["dir"], pins["enable"])
        self.home = Pin(pins["home"], Pin.IN, Pin.PULL_UP)
        # No pull until SETUP says (a module drives its own output; a bare switch
        # to GND needs the pull-up, `motion_pull_up`).
        self.motion = Pin(pins["motion"], Pin.IN, None)
        self.button = Pin(pins["button"], Pin.IN, Pin.PULL_UP)
        self.home_active_low = True
        self.motion_active_high = True
        self.dice_uart = None

    def home_active(self) -> bool:
        """True while the home sensor sees the pointer's flag."""
        return self.home.value() == (0 if self.home_active_low else 1)

    def pull_up_motion(self, on: bool) -> None:
        """Pull the tray sensor's pin up (a bare switch to GND), or leave it floating."""
        self.motion.init(Pin.IN, Pin.PULL_UP if on else None)

    def motion_active(self) -> bool:
        """True while the tray sensor reads shaking."""
        return self.motion.value() == (1 if self.motion_active_high else 0)

    def open_dice_reader(self) -> None:
        """Start listening to the dice reader (UART0, receive only)."""
        if self.dice_uart is None:
            self.dice_uart = UART(0, baudrate=9600, rx=Pin(self.pins["dice_rx"]))

    def read_dice(self) -> bytes:
        """Bytes waiting from the dice reader, if one is enabled."""
        uart = self.dice_uart
        if uart is None or not uart.any():
            return b""
        return uart.read() or b""


class UsbPort:
    """USB serial on the Pico: stdin/stdout, read without blocking."""

    def __init__(self) -> None:
        import select

        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._stdin = sys.stdin.buffer
        self._stdout = sys.stdout.buffer

    def read(self, wait_ms: int) -> bytes:
        """Up to 256 waiting bytes; waits at most `wait_ms` for the first."""
        data = bytearray()
        while len(data) < 256 and self._poll.poll(0 if data else wait_ms):
            data.extend(self._stdin.read(1))
        return bytes(data)

    def write(self, data: bytes) -> None:
        """Send bytes to the Pi."""
        self._stdout.write(data)
