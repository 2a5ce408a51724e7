"""The firmware on an emulated RP2040, against the host's real serial link.

MicroPython (built by scripts/build-micropython-image, kept in
tests/firmware/emulator/) runs on rp2040js with the firmware of the working
tree on its littlefs; the host's `SerialLink` talks to it over a pty. No
fakes: the PIO program, the DMA control-block chain written through `mem32`,
the viper CRC loop and the interrupts run on the emulated Cortex-M0+.

Every time asserted here is the emulator's own clock (STEP edges are stamped
with it), so the results do not depend on the load of the machine. The host
side waits on the chip's time too (`EmulatedPico.clock`, the link's clock
here): a busy machine runs the emulator slower, and the host waits as much
longer, for the same answers.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.config import Config, HomeConfig, SerialConfig, SpinnerConfig
from device import serial_backend
from device.backend import HomingPlan, StepSchedule
from device.motion import MotionLimits, plan_move
from device.serial_backend import SerialSpinner
from device.serial_moves import controller_move
from firmware import main as firmware_main
from firmware import protocol, version
from tests.firmware.emulator import STEP_NS, EmulatedPico, image_checksum_ok, node_available

pytestmark = [
    pytest.mark.skipif(not node_available(),
                       reason="needs Node and npm's rp2040js (scripts/setup)"),
    pytest.mark.timeout(900),
]

STEPS_PER_TURN = 400
BOOT_S = 30.0
"""Seconds of the chip's time a boot may take to answer the handshake (about 1.5 s does)."""
FLAG_STEPS = 6
HOME = 6
MOTION = 7
BUTTON = 8


def emulator_config(pico: EmulatedPico, **changes: Any) -> Config:
    """The host's configuration for the emulated board: its by-id name, patient timeouts.

    The emulator runs slower than a Pico: an answer takes longer in wall time, never
    comes in another order.
    """
    options: dict[str, Any] = {
        "port": str(pico.by_id / "usb-MicroPython_Board_*"),
        "ack_timeout_s": 3.0,
        "retries": 8,
        "handshake_timeout_s": 20.0,
        "reconnect_max_s": 0.5,
    }
    options.update(changes)
    spinner = SpinnerConfig(
        steps_per_rev=50, microstepping=8, max_speed_rps=5.0, max_accel_rps2=40.0,
        max_jerk_rps3=400.0, extra_revolutions=1, seat_angles=(0.0, 90.0, 180.0, 270.0),
        home=HomeConfig(fast_rps=5.0, slow_rps=1.0, backoff_deg=9.0, timeout_s=120.0,
                        tolerance_steps=2),
    )
    assert spinner.steps_per_turn == STEPS_PER_TURN
    return Config(backend="serial", serial=SerialConfig(**options), spinner=spinner)


@pytest.fixture(scope="module")
def pico(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmulatedPico]:
    """One emulated Pico for the module, booted once (about 15 s)."""
    assert image_checksum_ok(), "tests/firmware/emulator/firmware.uf2 is not its SHA256SUMS"
    board = EmulatedPico(tmp_path_factory.mktemp("pico"))
    board.rotor(STEPS_PER_TURN, FLAG_STEPS, rotor=150)
    yield board
    board.close()


@pytest.fixture
def spinner(pico: EmulatedPico) -> Iterator[SerialSpinner]:
    backend = serial_backend.open_serial_spinner(emulator_config(pico), clock=pico.clock)
    assert backend.link.wait_online(BOOT_S), pico.diagnostics()
    pico.take_edges()
    yield backend
    backend.close()


def homing_plan(config: Config) -> HomingPlan:
    return HomingPlan(fast_interval_s=1 / 2000, slow_interval_s=1 / 500, backoff_steps=12,
                      timeout_s=120.0, max_steps=STEPS_PER_TURN * 3 // 2)


def expected_gaps_us(schedule: StepSchedule) -> list[int]:
    """The gaps between steps the firmware is asked to make: the host's plan as sent."""
    move = controller_move(schedule)
    gaps = list(move.gaps_us)
    cruise = [move.cruise_gap_us] * move.cruise_steps
    return gaps[: move.cruise_after] + cruise + gaps[move.cruise_after :]


def edge_gaps_us(edges: list[list[int]]) -> list[float]:
    times = [edge[0] for edge in edges]
    return [(later - earlier) / STEP_NS for earlier, later in itertools.pairwise(times)]


def test_the_committed_image_is_the_one_its_checksum_names() -> None:
    assert image_checksum_ok()
    assert (Path(__file__).parent / "emulator" / "LICENSE").read_text().startswith(
        "The MIT License")


def test_the_handshake_reports_this_firmware_and_protocol(spinner: SerialSpinner) -> None:
    hello = spinner.link.hello
    assert hello["firmware"] == version.FIRMWARE_VERSION
    assert hello["protocol"] == protocol.PROTOCOL_VERSION


def test_homing_with_a_bouncing_sensor_finds_the_flags_edge(
    pico: EmulatedPico, spinner: SerialSpinner
) -> None:
    # Each change of the sensor flickers back three times within 150 us of emulated time.
    pico.rotor(STEPS_PER_TURN, FLAG_STEPS, rotor=150, bounce_ns=[40_000, 90_000, 150_000])
    config = emulator_config(pico)
    report = spinner.home(homing_plan(config))
    where = pico.where()
    assert where["rotor"] % STEPS_PER_TURN == 0, where
    assert where["home"] is True
    assert spinner.link.poll()["homed"] is True
    assert spinner.link.poll()["position"] == 0
    # The fast approach ran from 150 to the flag: 250 steps.
    assert report.approach_steps == STEPS_PER_TURN - 150
    edges = pico.take_edges()
    assert edges["overflows"] == 0
    pico.rotor(STEPS_PER_TURN, FLAG_STEPS, rotor=where["rotor"])


def start_move(spinner: SerialSpinner, schedule: StepSchedule, move_id: int) -> int:
    """Upload `schedule` and start it with `SerialSpinner.move`'s own frames; returns its id."""
    planned = controller_move(schedule)
    for load in planned.load_fields(move_id):
        spinner.link.request(protocol.LOAD, load)
    spinner.link.request(protocol.MOVE, planned.move_fields(move_id, schedule.direction))
    return move_id


def run_move(pico: EmulatedPico, spinner: SerialSpinner, schedule: StepSchedule) -> dict[str, Any]:
    """`SerialSpinner.move`'s frames (its own LOAD and MOVE bodies), then the chip's time
    until the move is done: twice the move's duration bounds it, however slowly the
    emulator runs."""
    pico.take_edges()
    done: list[dict[str, Any]] = []
    spinner.link.add_event_listener(
        lambda event: done.append(event) if event.get("ev") == "move_done" else None)
    move_id = start_move(spinner, schedule, 900 + len(pico.events))
    deadline = pico.clock.now() + 10 + 2 * schedule.duration_s
    while not any(event["move"] == move_id for event in done):
        assert pico.clock.now() < deadline, pico.diagnostics()
        pico.run_for(0.02)
    event = next(event for event in done if event["move"] == move_id)
    assert event["steps"] == schedule.steps and "fault" not in event, event
    return pico.take_edges()


def test_a_spin_steps_exactly_as_the_host_planned_it(
    pico: EmulatedPico, spinner: SerialSpinner
) -> None:
    config = emulator_config(pico)
    # Two turns and a half: a speed-up, a long cruise (one gap and a count) and a slow-down.
    schedule = plan_move(1000, MotionLimits.from_config(config.spinner), direction=1)
    planned = expected_gaps_us(schedule)
    move = controller_move(schedule)
    assert move.cruise_steps > 300 and move.cruise_after > 20
    start = pico.where()["rotor"]
    taken = run_move(pico, spinner, schedule)
    edges = taken["edges"]
    assert len(edges) == schedule.steps == len(planned)
    # Every gap, through the speed-up, the cruise and the slow-down, is the plan's to the
    # microsecond (the state machine's cycle), in the chip's own time.
    assert edge_gaps_us(edges) == planned[1:]
    assert {edge[1] for edge in edges} == {1}  # DIR high: forward
    assert {edge[2] for edge in edges} == {0}  # EN low (active low): the driver energised
    assert pico.where()["rotor"] == start + 1000
    # The FIFO never ran dry before the last step, and no word went into a full one.
    assert all(stall >= edges[-1][0] for stall in taken["stalls"]), taken["stalls"]
    assert taken["overflows"] == 0
    # The chain ended on its null block: the data channel was last loaded with a
    # read address of 0 and a count of 0, and nothing runs.
    data = [channel for channel in pico.dma()["channels"]
            if channel["write"] == 0x50200010 or channel["read"] == 0]
    assert any(channel["read"] == 0 and channel["count"] == 0
               and not channel["ctrl"] & (1 << 24) for channel in data), data


def test_a_reverse_move_sets_dir_low_and_release_sets_en_high(
    pico: EmulatedPico, spinner: SerialSpinner
) -> None:
    schedule = StepSchedule(tuple((index + 1) / 1500 for index in range(60)), direction=-1)
    start = pico.where()["rotor"]
    taken = run_move(pico, spinner, schedule)
    assert {edge[1] for edge in taken["edges"]} == {-1}
    assert pico.where()["rotor"] == start - 60
    assert edge_gaps_us(taken["edges"]) == expected_gaps_us(schedule)[1:]
    assert pico.pins()["enable"] == 0  # still energised after the move
    spinner.enable(False)
    assert pico.pins()["enable"] == 1
    spinner.enable(True)
    assert pico.pins()["enable"] == 0


def test_a_throw_on_the_tray_sensor_and_a_bouncing_button_press(pico: EmulatedPico) -> None:
    tray = serial_backend.open_serial_tray(emulator_config(pico), clock=pico.clock)
    seen: list[object] = []
    tray.start(seen.append, lambda: seen.append("button"))
    try:
        assert tray.link.wait_online(BOOT_S)
        # Dice rattle for 30 ms (an edge every 2 ms), then the tray is quiet.
        pico.wave(MOTION, [(index * 2_000_000, index % 2 == 0) for index in range(16)])
        # The button: pressed (low) with 3 bounces within a millisecond, held 100 ms.
        pico.wave(BUTTON, [(50_000_000, False), (50_200_000, True), (50_400_000, False),
                           (50_700_000, True), (51_000_000, False), (150_000_000, True)])
        deadline = pico.clock.now() + 10
        while seen.count("button") < 1 or False not in seen:
            assert pico.clock.now() < deadline, (seen, pico.diagnostics())
            pico.run_for(0.05)
        pico.run_for(0.3)  # nothing more comes: one throw, one press
        # One throw: active at its first edge, again every motion_quiet_ms (20 ms) while
        # the dice still rattle, then once settled; and one press for the bouncing button.
        motion = [item for item in seen if item != "button"]
        assert motion[0] is True and motion[-1] is False and False not in motion[:-1], seen
        assert 1 <= motion.count(True) <= 3, seen
        assert seen.count("button") == 1, seen
    finally:
        tray.close()


def test_garbage_and_ctrl_c_even_during_boot_are_dropped_and_counted(
    pico: EmulatedPico
) -> None:
    # 0x03 every 50 ms for the first 1.5 s of a boot, over the half second in which
    # main.py imports (compiles) the firmware: before the fix this left the board at
    # the REPL ("KeyboardInterrupt" at main.py's imports).
    for index in range(30):
        pico.command("send_at", delay=index * 50_000_000, bytes=[3, 0x55, 0xAA, 3])
    pico.reset()
    with serial_backend.open_serial_spinner(emulator_config(pico), clock=pico.clock) as backend:
        assert backend.link.wait_online(BOOT_S), pico.diagnostics()
        counters = backend.link.hello["counters"]
        assert counters["malformed"] + counters["crc"] + counters["truncated"] >= 1, counters
        assert backend.link.hello["faults"] == 0
    assert b"KeyboardInterrupt" not in pico.from_chip
    assert b"MicroPython v1.28" not in pico.from_chip  # no REPL banner: the loop runs


def test_a_usb_unplug_stops_the_motor_and_a_replug_handshakes_again(pico: EmulatedPico) -> None:
    config = emulator_config(pico)
    with serial_backend.open_serial_spinner(config, clock=pico.clock) as backend:
        assert backend.link.wait_online(BOOT_S)
        backend.enable(True)
        assert pico.pins()["enable"] == 0
        first = backend.link.connection
        pico.unplug()
        pico.run_for(1.5)  # the firmware's link silence (1 s of its own time)
        assert pico.pins()["enable"] == 1  # released: nobody is listening
        pico.plug()
        deadline = pico.clock.now() + BOOT_S
        while backend.link.connection == first or not backend.link.wait_online(1):
            assert pico.clock.now() < deadline, pico.diagnostics()
        assert backend.link.hello["firmware"] == version.FIRMWARE_VERSION
        assert backend.link.hello["homed"] is False



def test_a_hang_mid_spin_is_ended_by_the_watchdog_and_the_spinner_rehomes(
    pico: EmulatedPico, spinner: SerialSpinner
) -> None:
    config = emulator_config(pico)
    spinner.home(homing_plan(config))  # homed once: the host knows how to home again
    connection, boots = spinner.link.connection, pico.nanos_and_boots()[1]
    # Fourteen turns, 3 s: the hang comes 0.3 s in, and the watchdog's 2 s later the
    # reset, not the plan, ends the spin.
    schedule = plan_move(14 * STEPS_PER_TURN, MotionLimits.from_config(config.spinner))
    assert schedule.duration_s > 0.3 + firmware_main.WATCHDOG_MS / 1000 + 0.5
    pico.take_edges()
    after = len(pico.events)
    start_move(spinner, schedule, 700)
    pico.run_for(0.3)
    hung_at = pico.hang()  # the firmware stops mid-spin: nothing feeds the watchdog
    reset = pico.wait_event("reset", after)
    taken = pico.take_edges()  # the new boot is over a second of its time from stepping
    edges = taken["edges"]
    assert reset["reason"] == "timer"
    # The watchdog's own 2 s, counted from its last feed, a loop pass before the hang.
    assert 0 < hung_at + firmware_main.WATCHDOG_MS * 1_000_000 - reset["nanos"] < 50_000_000
    # The DMA played on through the hang, the plan's own gaps, and the reset cut it off:
    # no pulse after it, none beyond the plan, never a stuck or runaway rate.
    assert edges and edges[-1][0] < reset["nanos"] and edges[-1][0] > hung_at
    assert len(edges) < schedule.steps
    assert edge_gaps_us(edges) == expected_gaps_us(schedule)[1 : len(edges)]
    # EN is an input again (rp2040js's states 2 and up) with the chip's pull-down, which
    # the board's 10 kohm pull-up to 3V3 outweighs (docs/hardware.md): the motor is off.
    assert pico.pins()["enable"] >= 2
    # The chip boots again; the host's port vanished with it, and it shakes hands anew.
    pico.wait_event("boot", after)
    assert pico.nanos_and_boots()[1] == boots + 1
    deadline = pico.clock.now() + BOOT_S
    while spinner.link.connection == connection or not spinner.link.wait_online(1):
        assert pico.clock.now() < deadline, pico.diagnostics()
    assert spinner.link.hello["homed"] is False and spinner.link.hello["busy"] is False
    assert spinner.link.reconnects == 1
    # The position died with the chip: the spinner homes again by itself before any spin.
    deadline = pico.clock.now() + 30
    while spinner.rehomes == 0:
        assert pico.clock.now() < deadline and not spinner.rehome_error, spinner.rehome_error
        pico.run_for(0.05)
    assert pico.where()["rotor"] % STEPS_PER_TURN == 0
    assert spinner.link.poll()["homed"] is True
    after_rehome = StepSchedule(tuple((index + 1) / 1500 for index in range(60)))
    taken = run_move(pico, spinner, after_rehome)
    assert edge_gaps_us(taken["edges"]) == expected_gaps_us(after_rehome)[1:]
    assert pico.where()["rotor"] % STEPS_PER_TURN == 60
