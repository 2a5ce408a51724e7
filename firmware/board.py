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


READ_CHUNK = 512
"""Bytes one `UsbPort.read` takes at most: about half a LOAD frame, a few ms of work."""


class UsbPort:
    """USB serial on the Pico: stdin/stdout, read without blocking.

    MicroPython's USB serial says only that a byte is waiting, not how many,
    and a read of n bytes blocks until n have come: so it is read one byte
    at a time, but with nothing allocated per byte (`ipoll` and `readinto`
    reuse their objects) and up to READ_CHUNK bytes per call, so a LOAD
    frame takes two calls rather than four, and no poll list or one-byte
    `bytes` is made for each of its 900 bytes.
    """

    def __init__(self, stdin=None, stdout=None, poller=None) -> None:
        import select

        stdin = stdin or sys.stdin
        if poller is None:
            poller = select.poll()
            poller.register(stdin, select.POLLIN)
        self._ipoll = poller.ipoll
        self._readinto = getattr(stdin, "buffer", stdin).readinto
        self._stdout = stdout or sys.stdout.buffer
        self._chunk = bytearray(READ_CHUNK)
        self._byte = bytearray(1)

    def read(self, wait_ms: int) -> bytes:
        """Up to READ_CHUNK waiting bytes; waits at most `wait_ms` for the first."""
        ipoll, readinto = self._ipoll, self._readinto
        chunk, byte = self._chunk, self._byte
        count = 0
        wait = wait_ms
        while count < READ_CHUNK:
            ready = False
            for _ in ipoll(wait):
                ready = True
            if not ready:
                break
            readinto(byte)
            chunk[count] = byte[0]
            count += 1
            wait = 0
        return bytes(chunk[:count])

    def write(self, data: bytes) -> None:
        """Send bytes to the Pi."""
        self._stdout.write(data)
