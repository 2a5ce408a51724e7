"""The framed link between the Pi and the Pico: one implementation for both sides.

This module runs unchanged under CPython (the host imports it as
`firmware.protocol`) and under MicroPython on the Pico (copied as
`protocol.py`). So it uses only what both have: no typing imports, no
dataclasses, no f-strings, plain classes and the `json` module. Annotations
name builtins only; MicroPython compiles and ignores them.

A frame on the wire is 0x00, COBS(payload + crc), 0x00, where

    payload = seq (1 byte) | kind (1 byte) | body (UTF-8 JSON object)
    crc     = CRC16-CCITT (poly 0x1021, init 0xFFFF) of payload, big-endian

`docs/protocol.md` is the specification; this module is its reference.
"""

import json
from array import array

PROTOCOL_VERSION = 3
DELIMITER = 0
MAX_FRAME = 2048  # bytes of an encoded frame, delimiter excluded

# What the controller runs (docs/protocol.md, "Moves"). The host checks its
# plans, and the configuration of the serial backend, against these.
MOVE_BUFFER_STEPS = 16000  # uploaded gaps of one move: its speed-up and slow-down
# Steps of a MOVE's cruise, and of a homing leg, at most: every count on the Pico
# stays a small int (no allocation in the hard home interrupt; array('i') holds it).
MAX_CRUISE_STEPS = 1 << 24
MIN_GAP_US = 20  # between two steps: 50,000 steps a second at most
MAX_GAP_US = 60000000  # a minute: slower than any plan the configuration allows
MIN_STEP_HZ = 10  # slowest constant rate (homing legs, test profiles)
MAX_STEP_HZ = 50000  # fastest rate of a profile (1 / MIN_GAP_US)
MAX_HOME_HZ = 20000  # fastest homing rate
MAX_HOME_EDGES = 32  # home edges one move reports; a spin passes home 22 times at most
# How late after a home edge its step count may be read: MicroPython's hard
# interrupt entry and the handler's reads on an RP2040 at 125 MHz, with margin.
# An estimate until measured on a Pico; the host's slip make-up allows for it.
HOME_EDGE_LATENCY_US = 100

# Commands, Pi -> Pico. Every one is answered by ACK or NAK with the same seq.
HELLO = 0x01
PING = 0x02
SETUP = 0x03
ENABLE = 0x04
MOVE = 0x05
HOME = 0x06
STOP = 0x07
REPL = 0x08
LOAD = 0x09
# Replies and events, Pico -> Pi.
ACK = 0x40
NAK = 0x41
EVENT = 0x42

COMMAND_KINDS = (HELLO, PING, SETUP, ENABLE, MOVE, HOME, STOP, REPL, LOAD)
KIND_NAMES = {
    HELLO: "hello",
    PING: "ping",
    SETUP: "setup",
    ENABLE: "enable",
    MOVE: "move",
    HOME: "home",
    STOP: "stop",
    REPL: "repl",
    LOAD: "load",
    ACK: "ack",
    NAK: "nak",
    EVENT: "event",
}


def _crc_table() -> list:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_CRC_TABLE = _crc_table()


def _crc16_loop(data, crc, table):  # type: (bytes, int, list | array) -> int
    """Table-driven CRC16: one lookup a byte (the same loop as `crc_native`)."""
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ table[((crc >> 8) ^ byte) & 0xFF]
    return crc


# On the Pico the same loop compiled to machine code (firmware/crc_native.py), if
# it imports and gives the check value; it reads the table as 16-bit words. Else
# (the host, a MicroPython without the native emitter, a MemoryError while
# compiling it at boot: anything at all) the plain loop with the list, which
# CPython indexes fastest, so the board always boots and talks.
_crc16 = _crc16_loop
_crc_words = _CRC_TABLE  # type: list | array
try:
    from crc_native import crc16_loop as _compiled  # type: ignore[import-not-found]

    _words = array("H", _CRC_TABLE)
    if _compiled(b"123456789", 0xFFFF, _words) == 0x29B1:
        _crc16, _crc_words = _compiled, _words
except Exception:  # anything: the plain loop always works
    pass


def crc16_ccitt(data: bytes, crc: int = 0xFFFF) -> int:
    """CRC16-CCITT (CCITT-FALSE): poly 0x1021, initial value 0xFFFF, no reflection."""
    return _crc16(data, crc, _crc_words)


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing: the result holds no 0x00 byte."""
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out.extend(block)
            block = bytearray()
        else:
            block.append(byte)
            if len(block) == 254:
                out.append(255)
                out.extend(block)
                block = bytearray()
    out.append(len(block) + 1)
    out.extend(block)
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    """Undo `cobs_encode`.

    Raises:
        ValueError: the bytes are not a valid COBS encoding (a zero byte, or a
            code byte pointing past the end).
    """
    out = bytearray()
    index = 0
    length = len(data)
    while index < length:
        code = data[index]
        if code == 0:
            raise ValueError("zero byte inside a COBS block")
        end = index + code
        if end > length:
            raise ValueError("COBS block runs past the end of the frame")
        chunk = data[index + 1 : end]
        if 0 in chunk:
            raise ValueError("zero byte inside a COBS block")
        out.extend(chunk)
        index = end
        if code != 255 and index < length:
            out.append(0)
    return bytes(out)


def encode_frame(seq: int, kind: int, fields: dict) -> bytes:
    """One complete frame, delimiter included, ready to write.

    Raises:
        ValueError: seq or kind outside 0..255, or the frame exceeds MAX_FRAME.
    """
    if not 0 <= seq <= 255 or not 0 <= kind <= 255:
        raise ValueError("seq and kind must each fit in one byte")
    body = json.dumps(fields).encode()
    payload = bytes([seq, kind]) + body
    crc = crc16_ccitt(payload)
    encoded = cobs_encode(payload + bytes([crc >> 8, crc & 0xFF]))
    if len(encoded) > MAX_FRAME:
        raise ValueError("frame of " + str(len(encoded)) + " bytes exceeds " + str(MAX_FRAME))
    # A leading delimiter ends any garbage the receiver holds, so a frame that
    # follows noise is not lost with it.
    return bytes([DELIMITER]) + encoded + bytes([DELIMITER])


def decode_payload(encoded: bytes) -> tuple:
    """Decode one frame (delimiter stripped) into (seq, kind, fields).

    Raises:
        ValueError: the frame is truncated, fails its CRC, or its body is not
            a JSON object. The message says which.
    """
    raw = cobs_decode(encoded)
    if len(raw) < 4:
        raise ValueError("truncated")
    payload = raw[:-2]
    received = (raw[-2] << 8) | raw[-1]
    if crc16_ccitt(payload) != received:
        raise ValueError("crc")
    # No `raise ... from` in firmware code: MicroPython prints a warning for it,
    # and on the Pico that warning would go down the link.
    try:
        fields = json.loads(payload[2:].decode())
    except (ValueError, UnicodeError):
        fields = None
    if not isinstance(fields, dict):
        raise ValueError("body")
    return payload[0], payload[1], fields


class Counters:
    """What a decoder has seen: good frames and dropped ones, by reason."""

    def __init__(self) -> None:
        self.frames = 0
        self.crc = 0
        self.truncated = 0
        self.malformed = 0
        self.oversize = 0

    def dropped(self) -> int:
        """Frames dropped for any reason."""
        return self.crc + self.truncated + self.malformed + self.oversize

    def as_dict(self) -> dict:
        """The counters as a plain dict (sent in replies, shown by tools)."""
        return {
            "frames": self.frames,
            "crc": self.crc,
            "truncated": self.truncated,
            "malformed": self.malformed,
            "oversize": self.oversize,
        }


class FrameDecoder:
    """Turns a byte stream into messages; bad frames are counted and dropped.

    Feed it whatever arrived, in any chunking; it returns the complete, valid
    messages as (seq, kind, fields) tuples. Nothing it is fed makes it raise.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self.max_frame = max_frame
        self.counters = Counters()
        self._buffer = bytearray()
        self._overflow = False

    def feed(self, data: bytes) -> list:
        """Add received bytes; return the messages completed by them."""
        data = bytes(data)
        messages = []  # type: list[tuple[int, int, dict]]
        start = 0
        while True:
            end = data.find(b"\x00", start)
            if end < 0:
                self._append(data[start:])
                return messages
            self._append(data[start:end])
            message = self._finish()
            if message is not None:
                messages.append(message)
            start = end + 1

    def reset(self) -> None:
        """Forget a partly received frame (after a reconnect)."""
        self._buffer = bytearray()
        self._overflow = False

    def _append(self, chunk: bytes) -> None:
        if self._overflow or not chunk:
            return
        if len(self._buffer) + len(chunk) > self.max_frame:
            self._overflow = True
            self._buffer = bytearray()
            return
        self._buffer.extend(chunk)

    def _finish(self):  # type: () -> tuple[int, int, dict] | None
        if self._overflow:
            self._overflow = False
            self.counters.oversize += 1
            return None
        if not self._buffer:
            return None  # idle delimiters are allowed: senders may use them to resync
        encoded = bytes(self._buffer)
        self._buffer = bytearray()
        try:
            message = decode_payload(encoded)
        except ValueError as error:
            reason = str(error)
            if reason == "crc":
                self.counters.crc += 1
            elif reason == "truncated":
                self.counters.truncated += 1
            else:
                self.counters.malformed += 1
            return None
        self.counters.frames += 1
        return message
