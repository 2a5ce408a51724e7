"""The firmware's command handling, events, safety stops and tray inputs."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from firmware import main as firmware_main
from firmware import protocol
from firmware.board import Board
from firmware.tray_inputs import PULL_SETTLE_MS
from tests.firmware import fakes
from tests.firmware.conftest import RecordingPort
from tests.firmware.test_homing import HOME_FIELDS, TURN, controller_with_world, run_until_idle


def replies(port: RecordingPort) -> list[tuple[int, int, dict]]:
    decoder = protocol.FrameDecoder()
    return [m for frame in port.written for m in decoder.feed(frame) if m[1] != protocol.EVENT]


def events(port: RecordingPort) -> list[dict]:
    decoder = protocol.FrameDecoder()
    return [m[2] for frame in port.written for m in decoder.feed(frame) if m[1] == protocol.EVENT]


@pytest.fixture
def rig(manual_clock: fakes.ManualClock):  # type: ignore[no-untyped-def]
    controller, world, port = controller_with_world(manual_clock, rotor=123)
    return controller, world, port, manual_clock


@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        (protocol.HELLO, {}),
        (protocol.PING, {"seen": 0}),
        (protocol.SETUP, {"home_active_low": True, "motion_quiet_ms": 30}),
        (protocol.ENABLE, {"on": True}),
        (protocol.LOAD, {"move": 1, "offset": 0, "intervals": [1000, 1000]}),
        (protocol.MOVE, {"move": 2, "dir": 1, "segments": [[10, 1000, 1000]]}),
        (protocol.HOME, dict(HOME_FIELDS)),
        (protocol.STOP, {}),
    ],
)
def test_every_command_is_acknowledged_with_its_sequence_number(  # type: ignore[no-untyped-def]
    rig, kind: int, fields: dict
) -> None:
    controller, _, port, _ = rig
    controller.handle(77, kind, fields)
    assert [(seq, back) for seq, back, _ in replies(port)] == [(77, protocol.ACK)]


def test_hello_reports_the_firmware_and_protocol_versions(rig) -> None:  # type: ignore[no-untyped-def]
    controller, _, port, _ = rig
    controller.handle(1, protocol.HELLO, {})
    reply = replies(port)[0][2]
    assert reply["firmware"] == firmware_main.version.FIRMWARE_VERSION
    assert reply["protocol"] == protocol.PROTOCOL_VERSION
    assert reply["homed"] is False


@pytest.mark.parametrize(
    ("kind", "fields", "reason"),
    [
        (0x33, {}, "unknown command"),
        (protocol.SETUP, {"volume": 11}, "unknown setting"),
        (protocol.SETUP, {"motion_quiet_ms": -5}, "bad value"),
        (protocol.SETUP, {"home_active_low": "yes"}, "bad value"),
        (protocol.ENABLE, {}, "true or false"),
        (protocol.LOAD, {"move": 1, "offset": 5, "intervals": [100]}, "out of order"),
        (protocol.LOAD, {"move": 1, "offset": 0, "intervals": [5]}, "20 to 60000000"),
        (protocol.MOVE, {"move": 1, "dir": 1, "steps": 3}, "not fully loaded"),
        (protocol.MOVE, {"move": 1, "dir": 1, "steps": 3, "cruise": [1, 300]}, "cruise is"),
        (protocol.MOVE, {"move": 1, "dir": 1, "steps": 3, "cruise": [0, 300, 3]}, "after one"),
        (protocol.HOME, {**HOME_FIELDS, "max_steps": 2**30}, "max_steps must be at most 16777216"),
        (protocol.MOVE, {"move": 1, "dir": 0, "segments": []}, "dir 1 or -1"),
        (protocol.MOVE, {"move": 1, "dir": 1, "segments": [[1, 1, 1]]}, "within"),
        (protocol.HOME, {"fast_hz": 4000}, "positive slow_hz"),
        (protocol.PING, {"seen": "all"}, "whole number"),
    ],
)
def test_bad_commands_are_refused_with_a_reason_and_change_nothing(  # type: ignore[no-untyped-def]
    rig, kind: int, fields: dict, reason: str
) -> None:
    controller, _, port, _ = rig
    before = (dict(controller.settings), controller.busy(), controller.loaded.count)
    controller.handle(5, kind, fields)
    (seq, back, reply), = replies(port)
    assert (seq, back) == (5, protocol.NAK)
    assert reason in reply["error"]
    assert (dict(controller.settings), controller.busy(), controller.loaded.count) == before


@pytest.mark.parametrize("steps", [0, 2**24 + 1, 2**31, 1.5])
def test_a_cruise_is_refused_beyond_2_to_the_24_steps_so_counts_stay_small_ints(
    steps: object,
) -> None:
    from firmware.bodies import CommandError, check_cruise

    assert check_cruise([2, 300, 2**24], 5, 1_000_000)[2] == 2**24
    with pytest.raises(CommandError, match="cruise steps must be a whole number from 1 to "
                                           "16777216"):
        check_cruise([2, 300, steps], 5, 1_000_000)


def test_a_second_move_while_busy_is_refused(rig) -> None:  # type: ignore[no-untyped-def]
    controller, _, port, _ = rig
    controller.handle(1, protocol.MOVE, {"move": 1, "dir": 1, "segments": [[100, 500, 500]]})
    controller.handle(2, protocol.MOVE, {"move": 2, "dir": 1, "segments": [[100, 500, 500]]})
    assert replies(port)[1][1] == protocol.NAK
    assert "busy" in replies(port)[1][2]["error"]


def test_a_duplicate_command_is_re_acknowledged_without_running_again(rig) -> None:  # type: ignore[no-untyped-def]
    controller, _, port, _ = rig
    load = {"move": 1, "offset": 0, "intervals": [1000, 1000, 1000]}
    controller.handle(9, protocol.LOAD, load)
    controller.handle(9, protocol.LOAD, {"move": 1, "offset": 3, "intervals": [1000]})
    assert controller.loaded.count == 3
    first, second = replies(port)
    assert first == second == (9, protocol.ACK, {"loaded": 3})
    assert controller.duplicates == 1


def test_a_loaded_move_reports_every_forward_home_edge_by_step_count(rig) -> None:  # type: ignore[no-untyped-def]
    controller, world, port, clock = rig
    controller.handle(1, protocol.HOME, dict(HOME_FIELDS))
    run_until_idle(controller, clock)
    controller.handle(2, protocol.LOAD, {"move": 7, "offset": 0, "intervals": [300] * 150})
    controller.handle(3, protocol.LOAD, {"move": 7, "offset": 150, "intervals": [300] * 850})
    controller.handle(4, protocol.MOVE, {"move": 7, "dir": 1, "steps": 1000})
    run_until_idle(controller, clock)
    done = events(port)[-1]
    assert done["ev"] == "move_done" and done["steps"] == 1000
    assert done["edges"] == [TURN, 2 * TURN]
    assert world.rotor % TURN == 1000 % TURN


def test_a_move_longer_than_the_buffer_runs_its_cruise_and_reports_every_home_edge(  # type: ignore[no-untyped-def]
    rig,
) -> None:
    controller, world, port, clock = rig
    controller.handle(1, protocol.HOME, dict(HOME_FIELDS))
    run_until_idle(controller, clock)
    cruise_steps = controller.loaded.capacity + 2000  # more than the whole buffer
    speed_up, slow_down = [900, 700, 500, 400], [400, 500, 700, 900]
    controller.handle(2, protocol.LOAD, {"move": 3, "offset": 0,
                                         "intervals": speed_up + slow_down})
    steps = len(speed_up) + cruise_steps + len(slow_down)
    rotor = world.rotor
    controller.handle(3, protocol.MOVE, {"move": 3, "dir": 1, "steps": steps,
                                         "cruise": [len(speed_up), 100, cruise_steps]})
    assert replies(port)[-1] == (3, protocol.ACK, {"steps": steps})
    run_until_idle(controller, clock)
    done = events(port)[-1]
    assert done["ev"] == "move_done" and done["steps"] == steps
    assert done["edges"] == list(range(TURN, 33 * TURN, TURN))  # at most 32 a move
    assert world.rotor - rotor == steps


def test_a_move_passing_home_32_times_reports_every_pass(rig) -> None:  # type: ignore[no-untyped-def]
    controller, _, port, clock = rig
    controller.handle(1, protocol.HOME, dict(HOME_FIELDS))
    run_until_idle(controller, clock)
    steps = 32 * TURN + 10
    controller.handle(2, protocol.LOAD, {"move": 4, "offset": 0, "intervals": [200, 200]})
    controller.handle(3, protocol.MOVE, {"move": 4, "dir": 1, "steps": steps,
                                         "cruise": [1, 100, steps - 2]})
    run_until_idle(controller, clock)
    assert events(port)[-1]["edges"] == [TURN * k for k in range(1, 33)]


def test_a_command_failing_inside_the_firmware_is_refused_and_releases_the_motor(rig) -> None:  # type: ignore[no-untyped-def]
    controller, _, port, _ = rig
    controller.handle(1, protocol.ENABLE, {"on": True})

    def out_of_memory(fields: dict) -> dict:
        raise MemoryError("memory allocation failed")

    controller.cmd_ping = out_of_memory
    controller.handle(2, protocol.PING, {})
    assert replies(port)[-1] == (2, protocol.NAK, {"error": "internal error (MemoryError)"})
    assert not controller.stepper.enabled and controller.faults == 1
    assert events(port)[-1]["ev"] == "error"
    controller.handle(2, protocol.PING, {})  # the resend gets the same answer, not a rerun
    assert replies(port)[-1][1] == protocol.NAK and controller.faults == 1


def test_a_fault_while_stopping_still_releases_the_motor(rig) -> None:  # type: ignore[no-untyped-def]
    controller, _, port, _ = rig
    controller.handle(1, protocol.ENABLE, {"on": True})
    assert controller.stepper.enable_pin.level == 0  # EN active low: energised

    def broken_stop() -> int:
        raise RuntimeError("the state machine would not stop")

    controller.stepper.stop = broken_stop
    controller.handle(2, protocol.STOP, {})
    assert replies(port)[-1] == (2, protocol.NAK, {"error": "internal error (RuntimeError)"})
    assert controller.stepper.enable_pin.level == 1  # released all the same
    assert not controller.stepper.enabled


def test_the_home_edge_is_caught_by_a_hard_interrupt(rig) -> None:  # type: ignore[no-untyped-def]
    # A soft interrupt waits for the loop (a garbage collection, a long frame):
    # at thousands of steps a second the count it reads would be several steps late.
    controller = rig[0]
    home = controller.board.home
    assert home.hard is True and home.handler == controller._on_home_edge
    controller.handle(1, protocol.SETUP, {"home_active_low": False})
    assert home.hard is True and home.trigger == fakes.Pin.IRQ_RISING


def test_every_move_reuses_the_buffer_taken_at_boot(rig) -> None:  # type: ignore[no-untyped-def]
    controller, _, port, clock = rig
    words = controller.loaded.words
    for move in (1, 2):
        controller.handle(2 * move, protocol.LOAD,
                          {"move": move, "offset": 0, "intervals": [400] * 30})
        controller.handle(2 * move + 1, protocol.MOVE, {"move": move, "dir": 1, "steps": 30})
        run_until_idle(controller, clock)
        assert events(port)[-1]["ev"] == "move_done" and events(port)[-1]["steps"] == 30
    assert controller.loaded.words is words


def test_lost_steps_show_up_as_late_home_edges(manual_clock: fakes.ManualClock) -> None:
    controller, world, port = controller_with_world(manual_clock, rotor=0)
    controller.handle(1, protocol.HOME, dict(HOME_FIELDS))
    run_until_idle(controller, manual_clock)
    world.missed_step_every = 50
    controller.handle(2, protocol.MOVE, {"move": 1, "dir": 1, "segments": [[900, 3000, 3000]]})
    run_until_idle(controller, manual_clock)
    edges = events(port)[-1]["edges"]
    assert edges and edges[0] > TURN  # the rotor lagged behind the step count


def test_events_stay_queued_until_the_pi_confirms_them(rig) -> None:  # type: ignore[no-untyped-def]
    controller, world, port, clock = rig
    world.press_button()
    clock.advance(0.1)
    world.press_button()
    controller.step()
    controller.handle(1, protocol.PING, {"seen": 0})
    assert [e["id"] for e in replies(port)[-1][2]["events"]] == [1, 2]
    controller.handle(2, protocol.PING, {"seen": 1})
    assert [e["id"] for e in replies(port)[-1][2]["events"]] == [2]
    controller.handle(3, protocol.PING, {"seen": 2})
    assert replies(port)[-1][2]["events"] == []


def test_link_silence_stops_and_releases_the_motor(rig) -> None:  # type: ignore[no-untyped-def]
    controller, world, port, clock = rig
    controller.handle(1, protocol.MOVE, {"move": 4, "dir": 1, "segments": [[5000, 1000, 1000]]})
    for _ in range(120):
        clock.advance(0.01)
        controller.step()
    assert not controller.busy() and not controller.stepper.enabled
    assert world.enable_pin.level == 1  # EN high: driver off
    aborted = [e for e in events(port) if e["ev"] == "move_aborted"]
    assert aborted and aborted[0]["reason"] == "link silence"
    assert controller.homed is False


class BrokenPort(RecordingPort):
    def __init__(self) -> None:
        super().__init__()
        self.broken = True

    def read(self, wait_ms: int) -> bytes:
        if self.broken:
            self.broken = False
            raise MemoryError("out of memory")
        return super().read(wait_ms)


def test_an_internal_error_disables_the_motor_and_the_loop_goes_on(manual_clock) -> None:  # type: ignore[no-untyped-def]
    port = BrokenPort()
    controller = firmware_main.Controller(port, Board(), clock=manual_clock.ms)
    controller.stepper.enable(True)
    controller.step()
    assert not controller.stepper.enabled
    assert events(port)[-1]["error"] == "MemoryError: out of memory"
    port.incoming.extend(protocol.encode_frame(3, protocol.PING, {}))
    controller.step()
    assert replies(port)[-1][:2] == (3, protocol.ACK)


def test_the_watchdog_is_fed_on_every_pass(rig) -> None:  # type: ignore[no-untyped-def]
    controller, _, _, _ = rig
    controller.watchdog = fakes.WDT(2000)
    for _ in range(5):
        controller.step()
    assert controller.watchdog.feeds == 5


def test_tray_shaking_is_reported_at_a_bounded_rate_then_stopped(rig) -> None:  # type: ignore[no-untyped-def]
    controller, world, port, clock = rig
    for _ in range(50):  # a sensor chattering for 100 ms: 100 edges
        world.shake(1)
        clock.advance(0.002)
        world.shake(0)
        controller.step()
    clock.advance(0.05)
    controller.step()
    states = [e["active"] for e in events(port) if e["ev"] == "motion"]
    assert states[0] is True and states[-1] is False
    assert set(states[:-1]) == {True}
    assert 4 <= len(states) <= 100 // 20 + 2  # one per 20 ms at most, not one per edge


def test_the_tray_sensor_pin_floats_until_setup_asks_for_the_pull_up(rig) -> None:  # type: ignore[no-untyped-def]
    # A module (SW-420) drives its output; a bare ball switch to GND needs the pull-up.
    controller, world, port, clock = rig
    assert controller.board.motion.pull is None
    controller.handle(1, protocol.SETUP, {"motion_pull_up": True, "motion_active_high": False})
    assert replies(port)[-1] == (1, protocol.ACK, {})
    assert controller.board.motion.pull == fakes.Pin.PULL_UP
    clock.advance(PULL_SETTLE_MS / 1000)
    world.shake(0)  # the switch closes to GND
    world.shake(1)  # and opens: the pull-up brings the pin high
    clock.advance(0.001)
    controller.step()
    assert [e["ev"] for e in events(port)] == ["motion"]
    controller.handle(2, protocol.SETUP, {"motion_pull_up": False})
    assert controller.board.motion.pull is None


def test_the_edge_a_new_pull_makes_on_the_tray_sensor_is_not_a_throw(rig) -> None:  # type: ignore[no-untyped-def]
    # GP7 floats low; the pull-up SETUP switches on raises it: an edge, but no dice moved.
    controller, world, port, clock = rig

    def motion() -> list[bool]:
        return [e["active"] for e in events(port) if e["ev"] == "motion"]

    assert world.motion_pin.level == 0
    controller.handle(1, protocol.SETUP, {"motion_pull_up": True, "motion_active_high": False})
    assert world.motion_pin.level == 1  # the pin rose, and its interrupt fired
    for level in (0, 1, 0, 1):  # still settling (a slow line): whatever it does is no throw
        clock.advance(PULL_SETTLE_MS / 5000)
        world.shake(level)
        controller.step()
    clock.advance(PULL_SETTLE_MS / 5000)
    controller.step()
    assert motion() == []
    world.shake(0)  # the settle time is over: a throw
    world.shake(1)
    controller.step()
    clock.advance(0.1)
    controller.step()
    assert motion() == [True, False]
    controller.handle(2, protocol.SETUP, {"motion_pull_up": True, "motion_quiet_ms": 30})
    world.shake(0)  # the pull did not change: no settle time
    controller.step()
    assert motion() == [True, False, True]


def test_a_bouncing_button_gives_one_press(rig) -> None:  # type: ignore[no-untyped-def]
    controller, world, port, clock = rig
    for _ in range(4):
        world.press_button()
        clock.advance(0.005)
    controller.step()
    assert [e["ev"] for e in events(port)] == ["button"]


def test_dice_reader_lines_become_dice_events(rig) -> None:  # type: ignore[no-untyped-def]
    controller, _, port, _ = rig
    controller.handle(1, protocol.SETUP, {"dice_reader": True})
    fakes.UART.instances[0].inject(b"3 5\r\nnoise\n6,?\n")
    controller.step()
    dice = [(e["values"], e["cocked"]) for e in events(port) if e["ev"] == "dice"]
    assert dice == [([3, 5], False), ([6], True)]
    assert controller.tray.dice.bad_lines == 1


def test_the_dice_reader_counts_are_in_every_ping(rig) -> None:  # type: ignore[no-untyped-def]
    # So the Pi can tell a reader that talks from one that was never heard.
    controller, _, port, _ = rig
    controller.handle(1, protocol.SETUP, {"dice_reader": True})
    fakes.UART.instances[0].inject(b"3 5\nnoise\n12 20\n")
    controller.step()
    controller.handle(2, protocol.PING, {"seen": 0})
    reply = replies(port)[-1][2]
    assert (reply["dice_readings"], reply["dice_bad_lines"]) == (2, 1)


@pytest.mark.parametrize(
    ("line", "reading"),
    [
        (b"3 5", ([3, 5], False)),
        (b"12,20", ([12, 20], False)),  # a d12 and a d20: the Pi checks them against the dice
        (b"100 1", ([100, 1], False)),
        (b"6 ?", ([6], True)),
        (b"0 3", None),
        (b"101", None),
        (b"1000", None),
        (b"3.5", None),
        (b"-2", None),
    ],
)
def test_the_dice_reader_takes_faces_of_up_to_100(line: bytes, reading: object) -> None:
    from firmware import sensors

    reader = sensors.DiceLineReader()
    assert reader.feed(line + b"\n") == ([reading] if reading else [])
    assert reader.bad_lines == (0 if reading else 1)


def test_boot_disables_ctrl_c_and_a_repl_command_reboots_into_the_repl(
    fake_pins: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    micropython = sys.modules["micropython"]
    micropython.kbd_intr_calls.clear()  # type: ignore[attr-defined]
    monkeypatch.chdir(tmp_path)

    class ScriptedPort(RecordingPort):
        def __init__(self) -> None:
            super().__init__()
            self.incoming.extend(protocol.encode_frame(1, protocol.HELLO, {}))
            self.incoming.extend(b"\x03\x03")  # Ctrl-C bytes are just garbage now
            self.incoming.extend(protocol.encode_frame(2, protocol.REPL, {}))

    monkeypatch.setattr(firmware_main, "UsbPort", ScriptedPort)
    pauses: list[int] = []
    monkeypatch.setattr(firmware_main, "sleep_ms", pauses.append)
    with pytest.raises(SystemExit, match=r"machine\.reset"):
        firmware_main.main()
    # The REPL command's ACK gets time to leave the USB buffer before the reset.
    assert pauses == [firmware_main.REPL_ACK_FLUSH_MS]
    assert micropython.kbd_intr_calls == [-1, 3]  # type: ignore[attr-defined]
    assert micropython.emergency_buffers  # type: ignore[attr-defined]  # for the hard home IRQ
    assert (tmp_path / firmware_main.REPL_FLAG).exists()
    firmware_main.main()  # the next boot stays at the REPL: no loop, no watchdog
    assert not (tmp_path / firmware_main.REPL_FLAG).exists()


def test_a_step_fifo_overflow_is_checked_after_every_move_and_reported_as_a_fault(rig) -> None:  # type: ignore[no-untyped-def]
    # FDEBUG.TXOVER: a word written into the full TX FIFO was dropped, and its step with it.
    controller, _, port, clock = rig
    controller.handle(1, protocol.HOME, dict(HOME_FIELDS))
    run_until_idle(controller, clock)
    controller.handle(2, protocol.LOAD, {"move": 5, "offset": 0, "intervals": [500] * 40})
    controller.handle(3, protocol.MOVE, {"move": 5, "dir": 1, "steps": 40})
    run_until_idle(controller, clock)
    assert "fault" not in events(port)[-1] and controller.homed
    controller.handle(4, protocol.MOVE, {"move": 5, "dir": 1, "steps": 40})
    clock.advance(0.002)
    sys.modules["machine"].mem32[controller.stepper.sm.tx_address] = 123  # the FIFO is full
    run_until_idle(controller, clock)
    done = events(port)[-1]
    assert done["ev"] == "move_done" and done["fault"] == firmware_main.STEPS_LOST
    assert "home it again" in done["fault"]
    assert not controller.homed  # the position is unknown
    controller.handle(5, protocol.MOVE, {"move": 5, "dir": 1, "steps": 40})
    run_until_idle(controller, clock)
    assert "fault" not in events(port)[-1]  # the flag was cleared
