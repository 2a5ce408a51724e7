"""The host side's pure helpers: the one retry helper, port names, versions, schedules."""

from __future__ import annotations

import itertools
import operator
import time
from dataclasses import replace
from pathlib import Path

import pytest

from companion.config import SpinnerConfig
from device import serial_backend, serial_moves
from device.backend import StepSchedule
from device.errors import DeviceError, LinkError
from device.motion import plan_spin
from device.serial_port import (
    AttemptTimedOut,
    LinkTimeout,
    backoff_delays,
    check_versions,
    resolve_port,
    with_retries,
)
from firmware import protocol, version
from tests.firmware.conftest import serial_config
from tests.firmware.harness import PtyBoard


def test_resends_wait_twice_as_long_each_time_up_to_the_cap() -> None:
    assert list(itertools.islice(backoff_delays(0.25, 1.0), 6)) == [0.25, 0.5, 1.0, 1.0, 1.0, 1.0]


def test_the_retry_helper_returns_the_first_answer_and_counts_timeouts() -> None:
    timeouts: list[float] = []
    counted: list[int] = []

    def attempt(timeout_s: float) -> str:
        timeouts.append(timeout_s)
        if len(timeouts) < 3:
            raise AttemptTimedOut()
        return "ack"

    result = with_retries(attempt, backoff_delays(0.1, 10), 6, "no answer",
                          on_timeout=lambda: counted.append(1))
    assert result == "ack"
    assert timeouts == [0.1, 0.2, 0.4]
    assert len(counted) == 2


def test_the_retry_helper_gives_up_with_the_sentence_after_the_last_attempt() -> None:
    calls: list[float] = []

    def attempt(timeout_s: float) -> None:
        calls.append(timeout_s)
        raise AttemptTimedOut()

    with pytest.raises(LinkTimeout, match="check its USB cable") as caught:
        with_retries(attempt, backoff_delays(0.05, 10), 4, "No answer: check its USB cable.")
    assert calls == [0.05, 0.1, 0.2, 0.4]
    assert isinstance(caught.value, LinkError) and isinstance(caught.value, TimeoutError)


def test_a_port_is_found_by_glob_path_or_url(tmp_path: Path) -> None:
    (tmp_path / "usb-MicroPython_Board_b-if00").touch()
    (tmp_path / "usb-MicroPython_Board_a-if00").touch()
    assert resolve_port(str(tmp_path / "usb-MicroPython_*")) == str(
        tmp_path / "usb-MicroPython_Board_a-if00")
    assert resolve_port(str(tmp_path / "usb-MicroPython_Board_b-if00")) is not None
    assert resolve_port(str(tmp_path / "nothing-*")) is None
    assert resolve_port(str(tmp_path / "absent")) is None
    assert resolve_port("loop://") == "loop://"


@pytest.mark.parametrize(
    ("hello", "refused"),
    [
        ({"firmware": version.FIRMWARE_VERSION, "protocol": protocol.PROTOCOL_VERSION}, False),
        ({"firmware": "0.9.0", "protocol": protocol.PROTOCOL_VERSION}, True),
        ({"firmware": version.FIRMWARE_VERSION, "protocol": 99}, True),
        ({}, True),
    ],
)
def test_the_handshake_refuses_any_other_firmware(hello: dict, refused: bool) -> None:
    problem = check_versions(hello)
    assert bool(problem) == refused
    if refused:
        assert "companion firmware install" in problem


def test_schedules_become_whole_microsecond_gaps_without_drift() -> None:
    times = tuple(index / 3000 for index in range(1, 3001))  # 333.33 us apart
    intervals = serial_moves.schedule_intervals_us(StepSchedule(times))
    assert set(intervals) == {333, 334}
    assert sum(intervals) == 1_000_000


def times_of(gaps_us: list[int]) -> tuple[float, ...]:
    return tuple(itertools.accumulate(gap / 1e6 for gap in gaps_us))


@pytest.mark.parametrize(
    ("gaps", "problem"),
    [
        ([10, 10], "outside 20 us to 60 s"),
        ([1000, 61_000_000], "outside 20 us to 60 s"),
        # 16,001 gaps that never settle at one speed: no cruise to send as a count.
        ([20 + 2 * index for index in range(16_001)], "more than the table controller holds"),
    ],
)
def test_moves_the_firmware_cannot_run_are_refused(gaps: list[int], problem: str) -> None:
    with pytest.raises(DeviceError, match=problem):
        serial_moves.controller_move(StepSchedule(times_of(gaps)))


def played_gaps(move: serial_moves.ControllerMove) -> list[int]:
    """The gap before every step, as the firmware plays the move."""
    after = move.cruise_after
    gaps = list(move.gaps_us)
    return gaps[:after] + [move.cruise_gap_us] * move.cruise_steps + gaps[after:]


@pytest.mark.parametrize("extra_revolutions", [2, 9, 20])
def test_a_spin_is_sent_as_its_speed_up_a_cruise_and_its_slow_down(
    extra_revolutions: int,
) -> None:
    config = replace(SpinnerConfig(), extra_revolutions=extra_revolutions)
    schedule = plan_spin(0, 1599, config)
    planned = serial_moves.schedule_intervals_us(schedule)
    move = serial_moves.controller_move(schedule)
    assert move.steps == schedule.steps
    assert len(move.gaps_us) < 3_000 < protocol.MOVE_BUFFER_STEPS  # whatever the turns
    played = played_gaps(move)
    # Never sooner than planned, and at most 1 us later a step.
    assert all(0 <= late <= 1 for late in map(operator.sub, played, planned))
    assert move.cruise_gap_us == 251  # 2.5 turns a second at 0.999 of the limit: 250.25 us


def test_a_short_move_is_uploaded_gap_by_gap() -> None:
    move = serial_moves.controller_move(StepSchedule(times_of([900, 500, 400, 500, 900])))
    assert move.gaps_us == (900, 500, 400, 500, 900) and move.cruise_steps == 0
    assert move.move_fields(3, -1) == {"move": 3, "dir": -1, "steps": 5}


def test_the_cruise_follows_an_uploaded_step_in_the_move_command() -> None:
    gaps = [900, 600] + [300, 301] * 20 + [600, 900]
    move = serial_moves.controller_move(StepSchedule(times_of(gaps)))
    assert move.gaps_us == (900, 600, 600, 900)
    assert move.move_fields(4, 1) == {"move": 4, "dir": 1, "steps": 44,
                                      "cruise": [2, 301, 40]}
    loads = move.load_fields(4)
    assert loads == [{"move": 4, "offset": 0, "intervals": [900, 600, 600, 900]}]


def test_a_full_load_chunk_fits_in_one_frame() -> None:
    intervals = [protocol.MAX_GAP_US] * serial_moves.LOAD_CHUNK
    frame = protocol.encode_frame(255, protocol.LOAD, {"move": 2**31, "offset": 15_999,
                                                       "intervals": intervals})
    assert len(frame) <= protocol.MAX_FRAME


def test_failing_listeners_and_callbacks_stop_neither_the_reader_nor_the_tray(
    pty_board: PtyBoard,
) -> None:
    tray = serial_backend.open_serial_tray(serial_config(pty_board))
    presses: list[str] = []

    def clumsy(*args: object) -> None:
        raise RuntimeError("a bug in a listener")

    tray.link.add_event_listener(clumsy)
    tray.start(clumsy, lambda: presses.append("press"))
    try:
        assert tray.link.wait_online(3)
        pty_board.world.shake(1)
        pty_board.world.press_button()
        tray.link.poll()
        deadline = time.monotonic() + 3
        while not presses and time.monotonic() < deadline:
            time.sleep(0.005)
        assert presses == ["press"]
        assert tray.link.reader_errors >= 2
        assert tray.link.state == "online"
    finally:
        tray.close()


def test_the_link_is_shared_by_the_devices_and_closed_by_the_last(pty_board: PtyBoard) -> None:
    config = serial_config(pty_board)
    spinner = serial_backend.open_serial_spinner(config)
    tray = serial_backend.open_serial_tray(config)
    assert spinner.link is tray.link
    spinner.close()
    spinner.close()  # idempotent
    assert tray.link.state != "closed"
    tray.close()
    assert tray.link.state == "closed"


def test_the_serial_devices_close_themselves_in_a_with_block(pty_board: PtyBoard) -> None:
    config = serial_config(pty_board)
    with serial_backend.open_serial_spinner(config) as spinner, \
            serial_backend.open_serial_dice_reader(config) as reader:
        assert spinner.link is reader.link
        assert spinner.link.wait_online(3)
    assert spinner.link.state == "closed"


class RecordingSerial:
    """Stands in for pyserial's Serial: records what the link sets before opening."""

    def __init__(self, url: str, **options: object) -> None:
        self.url = url
        self.options = options
        self.exclusive: bool | None = None
        self.dtr: bool | None = None
        self.opened_with: tuple[bool | None, bool | None] | None = None

    def open(self) -> None:
        self.opened_with = (self.exclusive, self.dtr)


def test_the_board_is_opened_exclusively_with_dtr_asserted(monkeypatch: pytest.MonkeyPatch) -> None:
    import serial

    from device.serial_port import open_serial_port

    monkeypatch.setattr(serial, "serial_for_url",
                        lambda url, **options: RecordingSerial(url, **options))
    port = open_serial_port("/dev/serial/by-id/usb-MicroPython_Board_x-if00", 115200)
    assert isinstance(port, RecordingSerial)
    assert port.options["do_not_open"] is True and port.options["baudrate"] == 115200
    assert port.opened_with == (True, True)


def test_a_port_that_cannot_open_gives_a_sentence_about_dialout(tmp_path: Path) -> None:
    from device.serial_port import open_serial_port

    with pytest.raises(LinkError, match="dialout group"):
        open_serial_port(str(tmp_path / "missing-tty"), 115200)


@pytest.mark.parametrize(
    ("event", "values", "cocked"),
    [
        ({"values": [3, 5]}, (3, 5), False),  # two dice read: the roll
        ({"values": [3, 5], "cocked": True}, (3, 5), True),  # the reader saw one leaning
        ({"values": [3]}, (3,), True),  # one die of two read: not a roll
        ({"values": [3, 7]}, (3, 7), True),  # a face no six-sided die has
        ({}, (), True),  # nothing read at all
    ],
)
def test_the_dice_readers_event_is_a_roll_or_a_cocked_throw(
    event: dict, values: tuple[int, ...], cocked: bool,
) -> None:
    roll = serial_backend._dice_roll(event, 2, 6)
    assert (roll.values, roll.cocked, roll.source) == (values, cocked, "serial")
