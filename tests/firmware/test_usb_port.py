"""The Pico's USB serial port: read what is waiting, in chunks, never blocking."""

from __future__ import annotations

import io
from collections.abc import Iterator

from tests.firmware import fakes

fakes.install()

from firmware.board import READ_CHUNK, UsbPort  # noqa: E402


class WaitingBytes:
    """A poller and stdin over bytes that have arrived (MicroPython's `ipoll`, `readinto`)."""

    def __init__(self, data: bytes) -> None:
        self.stream = io.BytesIO(data)
        self.left = len(data)
        self.waits: list[int] = []

    def ipoll(self, timeout_ms: int) -> Iterator[tuple[object, int]]:
        self.waits.append(timeout_ms)
        if self.left:
            yield (self.stream, 1)

    def readinto(self, buffer: bytearray) -> int:
        # MicroPython's USB serial blocks until the buffer is full: only ever ask for one.
        assert len(buffer) == 1
        self.left -= 1
        return self.stream.readinto(buffer)


def test_everything_waiting_is_read_in_one_call_up_to_a_chunk() -> None:
    frame = bytes(range(1, 256)) * 4  # a LOAD frame is about 900 bytes
    waiting = WaitingBytes(frame)
    port = UsbPort(stdin=waiting, stdout=io.BytesIO(), poller=waiting)
    first, second, third = port.read(5), port.read(5), port.read(5)
    assert len(first) == READ_CHUNK and first + second == frame and third == b""


def test_only_the_first_byte_is_waited_for() -> None:
    waiting = WaitingBytes(b"\x00abc")
    port = UsbPort(stdin=waiting, stdout=io.BytesIO(), poller=waiting)
    assert port.read(7) == b"\x00abc"
    assert waiting.waits == [7, 0, 0, 0, 0]  # then it returns at once: nothing more waits
