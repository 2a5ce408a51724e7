"""Pieces of the Pico link that hold no state: errors, retries, ports, versions.

`with_retries` is the one retry helper: every resend of a command goes
through it, with the doubling delays of `backoff_delays` (which also spaces
the reconnect attempts).
"""

from __future__ import annotations

import glob
from collections.abc import Callable, Iterator
from typing import Any, Protocol, TypeVar

from device.errors import LinkError
from firmware import protocol, version

T = TypeVar("T")


class LinkTimeout(LinkError, TimeoutError):
    """A command got no answer after every resend."""


class CommandRefused(LinkError, ValueError):
    """The firmware answered a command with NAK (the reason is in the message)."""


class FirmwareMismatch(LinkError):
    """The board runs a firmware version this companion cannot drive."""


class Port(Protocol):
    """What the link needs of a pyserial `Serial`."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...



def backoff_delays(first_s: float, cap_s: float) -> Iterator[float]:
    """first, 2*first, 4*first, ... never above `cap_s` (endless)."""
    delay = first_s
    while True:
        yield min(delay, cap_s)
        delay *= 2


class AttemptTimedOut(Exception):
    """One attempt of `with_retries` got no answer in time."""


def with_retries(attempt: Callable[[float], T], delays: Iterator[float], attempts: int,
                 failure: str, on_timeout: Callable[[], None] | None = None) -> T:
    """The one retry helper: call `attempt(timeout)` until it answers.

    Each timeout is the next of `delays` (doubling); `attempt` raises
    `AttemptTimedOut` when its timeout passes unanswered.

    Raises:
        LinkTimeout: `attempts` attempts all timed out; `failure` is the message.
    """
    for _ in range(max(1, attempts)):
        try:
            return attempt(next(delays))
        except AttemptTimedOut:
            if on_timeout is not None:
                on_timeout()
    raise LinkTimeout(failure)


def resolve_port(pattern: str) -> str | None:
    """The first device matching `pattern` (a path, a glob or a pyserial URL)."""
    if "://" in pattern:
        return pattern
    if any(char in pattern for char in "*?["):
        matches = sorted(glob.glob(pattern))
        return matches[0] if matches else None
    return pattern if glob.glob(glob.escape(pattern)) else None


def open_serial_port(path: str, baud: int, read_timeout_s: float = 0.05) -> Port:
    """Open the board exclusively, with DTR asserted (the Pico sends nothing without it).

    Raises:
        LinkError: the port cannot be opened (the reason is given).
    """
    import serial

    try:
        port = serial.serial_for_url(path, do_not_open=True, baudrate=baud, timeout=read_timeout_s,
                                     write_timeout=1.0)
        if hasattr(port, "exclusive"):
            port.exclusive = True
        port.dtr = True  # applied by open(); ignored quietly on ports without modem lines
        port.open()
    except (serial.SerialException, OSError, ValueError) as error:
        raise LinkError(
            f"The table controller at {path} cannot be opened ({str(error).rstrip('.')}); check"
            " that no other program uses it and that this user is in the dialout group."
        ) from error
    return port


def check_versions(hello: dict[str, Any]) -> str:
    """An empty string when the board's firmware matches this companion, else the sentence."""
    firmware = hello.get("firmware")
    proto = hello.get("protocol")
    if firmware == version.FIRMWARE_VERSION and proto == protocol.PROTOCOL_VERSION:
        return ""
    return (f"The table controller runs firmware {firmware} (protocol {proto}) but this "
            f"companion needs firmware {version.FIRMWARE_VERSION} (protocol "
            f"{protocol.PROTOCOL_VERSION}): run `companion firmware install` to update it.")
