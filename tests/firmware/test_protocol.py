"""The framed protocol: CRC16-CCITT, COBS, frames, and a decoder that never gives up."""

from __future__ import annotations

import importlib.util
import random
import runpy
import sys
import types
from array import array
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware import protocol


@pytest.mark.parametrize(
    ("data", "crc"),
    [
        (b"123456789", 0x29B1),  # the CCITT-FALSE check value
        (b"", 0xFFFF),
        (b"\x00", 0xE1F0),
        (b"A", 0xB915),
    ],
)
def test_crc16_ccitt_matches_the_published_check_values(data: bytes, crc: int) -> None:
    assert protocol.crc16_ccitt(data) == crc


@settings(deadline=None)  # each example compiles crc_native.py anew: a wall-clock limit
@given(st.binary(max_size=600), st.integers(0, 0xFFFF))  # measures the machine's load
def test_the_pico_s_compiled_crc_loop_is_the_plain_one(data: bytes, start: int) -> None:
    # The viper function run by CPython: its pointers as memoryviews, the same
    # arithmetic (it never leaves 24 bits, so machine words change nothing).
    from tests.firmware import fakes

    fakes.install()  # `micropython.viper` leaves the function as it is on CPython
    source = Path(protocol.__file__).with_name("crc_native.py")
    viper = runpy.run_path(str(source), {"ptr8": memoryview, "ptr16": memoryview})
    words = array("H", protocol._CRC_TABLE)
    expected = protocol._crc16_loop(data, start, protocol._CRC_TABLE)
    assert viper["crc16_loop"](data, start, words) == expected


def test_the_host_computes_the_crc_with_the_plain_loop() -> None:
    # `crc_native` is imported only where the firmware files sit at the root (the Pico).
    assert protocol._crc16 is protocol._crc16_loop


def load_protocol_beside(crc_native_source: str, folder: Path) -> types.ModuleType:
    """A fresh copy of the protocol module, with this `crc_native.py` importable as on the Pico."""
    (folder / "crc_native.py").write_text(crc_native_source)
    spec = importlib.util.spec_from_file_location("protocol_on_the_pico", protocol.__file__)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(folder))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop("crc_native", None)
    return module


@pytest.mark.parametrize(
    "source",
    [
        'raise MemoryError("memory allocation failed")\n',  # compiling at boot ran out
        'raise RuntimeError("anything else")\n',
        "def crc16_loop(data, crc, table):\n    return 0\n",  # compiled, but wrong
    ],
)
def test_a_compiled_crc_that_fails_in_any_way_leaves_the_plain_loop_and_the_board_boots(
    tmp_path: Path, source: str
) -> None:
    pico_protocol = load_protocol_beside(source, tmp_path)
    assert pico_protocol._crc16 is pico_protocol._crc16_loop
    assert pico_protocol.crc16_ccitt(b"123456789") == 0x29B1


def test_a_compiled_crc_that_gives_the_check_value_is_used(tmp_path: Path) -> None:
    source = "def crc16_loop(data, crc, table):\n    return CRC(data, crc, table)\n"
    source = "from firmware.protocol import _crc16_loop as CRC\n" + source
    pico_protocol = load_protocol_beside(source, tmp_path)
    assert pico_protocol._crc16 is not pico_protocol._crc16_loop
    assert pico_protocol._crc16.__module__ == "crc_native"


@pytest.mark.parametrize(
    ("raw", "encoded"),
    [
        (b"", b"\x01"),
        (b"\x00", b"\x01\x01"),
        (b"\x00\x00", b"\x01\x01\x01"),
        (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
        (b"\x11\x22\x33\x44", b"\x05\x11\x22\x33\x44"),
        (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
        (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255)) + b"\x01"),
    ],
)
def test_cobs_encoding_matches_the_reference_examples(raw: bytes, encoded: bytes) -> None:
    assert protocol.cobs_encode(raw) == encoded
    assert protocol.cobs_decode(encoded) == raw


@settings(max_examples=80, deadline=None)
@given(st.binary(max_size=700))
def test_cobs_round_trips_and_never_emits_the_delimiter(data: bytes) -> None:
    encoded = protocol.cobs_encode(data)
    assert 0 not in encoded
    assert protocol.cobs_decode(encoded) == data


@pytest.mark.parametrize("bad", [b"\x05\x11\x22", b"\x02\x00", b"\x00"])
def test_invalid_cobs_is_refused(bad: bytes) -> None:
    with pytest.raises(ValueError):
        protocol.cobs_decode(bad)


def test_a_frame_carries_seq_kind_and_fields() -> None:
    frame = protocol.encode_frame(42, protocol.MOVE, {"move": 3, "dir": -1})
    assert frame[0] == 0 and frame[-1] == 0 and 0 not in frame[1:-1]
    assert protocol.FrameDecoder().feed(frame) == [(42, protocol.MOVE, {"move": 3, "dir": -1})]


@pytest.mark.parametrize(("seq", "kind"), [(-1, 1), (256, 1), (1, 300)])
def test_sequence_and_kind_must_fit_a_byte(seq: int, kind: int) -> None:
    with pytest.raises(ValueError):
        protocol.encode_frame(seq, kind, {})


def test_a_frame_over_the_size_limit_is_refused_by_the_sender() -> None:
    with pytest.raises(ValueError, match="exceeds"):
        protocol.encode_frame(1, protocol.LOAD, {"intervals": list(range(1000))})


def frame(seq: int) -> bytes:
    return protocol.encode_frame(seq, protocol.PING, {"seen": seq})


@pytest.mark.parametrize(
    ("stream", "good", "counter"),
    [
        (b"garbage" + frame(1), 1, "malformed"),
        (frame(1)[:-5] + frame(2), 1, "malformed"),  # truncated, then resynchronised
        (b"\x03\x05\x06" + frame(2), 1, "truncated"),  # valid COBS, too short for a frame
        (frame(1)[:6] + bytes([frame(1)[6] ^ 0x40]) + frame(1)[7:], 0, "crc"),
        (b"\x01" * 3000 + b"\x00" + frame(3), 1, "oversize"),
    ],
)
def test_bad_frames_are_counted_and_dropped_and_the_next_frame_is_read(
    stream: bytes, good: int, counter: str
) -> None:
    decoder = protocol.FrameDecoder()
    assert len(decoder.feed(stream)) == good
    assert getattr(decoder.counters, counter) == 1


def test_a_frame_split_into_single_bytes_is_reassembled() -> None:
    decoder = protocol.FrameDecoder()
    data = frame(9)
    messages = [m for index in range(len(data)) for m in decoder.feed(data[index : index + 1])]
    assert messages == [(9, protocol.PING, {"seen": 9})]


def test_a_json_body_that_is_not_an_object_is_dropped() -> None:
    payload = bytes([1, protocol.PING]) + b"[1, 2]"
    crc = protocol.crc16_ccitt(payload)
    data = b"\x00" + protocol.cobs_encode(payload + bytes([crc >> 8, crc & 0xFF])) + b"\x00"
    decoder = protocol.FrameDecoder()
    assert decoder.feed(data) == []
    assert decoder.counters.malformed == 1


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=3000))
def test_no_input_makes_the_decoder_raise(noise: bytes) -> None:
    decoder = protocol.FrameDecoder()
    decoder.feed(noise)
    assert decoder.feed(frame(5)) == [(5, protocol.PING, {"seen": 5})]


def test_ten_percent_corrupted_bytes_never_deliver_a_wrong_message() -> None:
    rng = random.Random(3)
    sent = [frame(seq % 256) for seq in range(2000)]
    stream = bytearray(b"".join(sent))
    for index in range(len(stream)):
        if rng.random() < 0.10:
            stream[index] ^= rng.randrange(1, 256)
    decoder = protocol.FrameDecoder()
    received = decoder.feed(bytes(stream))
    originals = {(seq % 256, protocol.PING, str({"seen": seq % 256})) for seq in range(2000)}
    assert all((s, k, str(f)) in originals for s, k, f in received)
    assert decoder.counters.dropped() > 1000
