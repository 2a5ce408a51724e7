"""Nothing the Pi (or noise) sends can crash the firmware: it answers or drops, never faults."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from firmware import main as firmware_main
from firmware import protocol
from firmware.board import Board
from tests.firmware import fakes
from tests.firmware.conftest import RecordingPort
from tests.firmware.world import SpinnerWorld

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**40), 2**40) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
field_names = st.sampled_from(["move", "dir", "steps", "segments", "offset", "intervals", "on",
                               "seen", "fast_hz", "slow_hz", "backoff_steps", "max_steps",
                               "home_active_low", "motion_quiet_ms", "dice_reader", "x"])
commands = st.tuples(
    st.integers(0, 255),
    st.sampled_from([*protocol.COMMAND_KINDS, 0x00, 0x40, 0x7F]).filter(
        lambda kind: kind != protocol.REPL),
    st.dictionaries(field_names, json_values, max_size=5),
).filter(lambda command: frame_fits(*command))
"""Commands the host can send: it refuses to encode one over `MAX_FRAME` (a frame that
long reaches the firmware only as noise)."""


def frame_fits(seq: int, kind: int, fields: dict) -> bool:
    try:
        protocol.encode_frame(seq, kind, fields)
    except ValueError:
        return False
    return True


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(commands, st.binary(max_size=64)), max_size=12))
def test_any_mix_of_commands_and_noise_is_answered_or_dropped_never_fatal(stream: list) -> None:
    fakes.reset()
    clock = fakes.ManualClock()
    fakes.set_clock(clock)
    SpinnerWorld(steps_per_turn=400, flag_steps=5)
    port = RecordingPort()
    controller = firmware_main.Controller(port, Board(), clock=clock.ms)
    sent = 0
    for item in stream:
        if isinstance(item, bytes):
            port.incoming.extend(item)
        else:
            port.incoming.extend(protocol.encode_frame(*item))
            sent += 1
        controller.step()
        clock.advance(0.001)
    assert controller.faults == 0
    decoder = protocol.FrameDecoder()
    replies = [m for frame in port.written for m in decoder.feed(frame)
               if m[1] in (protocol.ACK, protocol.NAK)]
    assert len(replies) == sent  # every command frame got exactly one ACK or NAK
    fakes.reset()
