"""End to end over a pseudo-terminal: pyserial on one side, the firmware's loop on the other.

Real time cannot be avoided here (pty I/O between threads), so the rotor is
small, moves are short and every wait has a bound of a few seconds.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from companion.config import Config, HomeConfig, SerialConfig, SpinnerConfig
from device import serial_backend
from device.backend import LinkState, StepSchedule
from device.errors import DeviceError, LinkError
from device.serial_port import FirmwareMismatch
from device.spinner import Spinner
from tests.firmware.conftest import STEPS_PER_TURN, homing_plan, serial_config
from tests.firmware.harness import PtyBoard


def eventually(condition: Callable[[], bool], within_s: float = 5.0) -> bool:
    """Poll a condition that depends on the other threads (bounded)."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return condition()


def spinner_config(config: Config) -> Config:
    spinner = SpinnerConfig(
        steps_per_rev=50, microstepping=8, max_speed_rps=6.0, max_accel_rps2=30.0,
        max_jerk_rps3=300.0, extra_revolutions=1, seat_angles=(0.0, 90.0, 180.0, 270.0),
        home=HomeConfig(fast_rps=6.0, slow_rps=2.0, backoff_deg=10.0, timeout_s=5.0,
                        tolerance_steps=3),
    )
    assert spinner.steps_per_turn == STEPS_PER_TURN
    return replace(config, spinner=spinner)


@pytest.fixture
def spinner(pty_board: PtyBoard) -> Iterator[Spinner]:
    from device.backends import open_spinner_backend

    config = spinner_config(serial_config(pty_board))
    spinner = Spinner(open_spinner_backend(config), config.spinner, rng=random.Random(4))
    yield spinner
    spinner.close()


def even_schedule(steps: int, rate_hz: float = 4000.0) -> StepSchedule:
    return StepSchedule(tuple((index + 1) / rate_hz for index in range(steps)))


def test_spins_over_the_link_stop_the_pointer_on_the_drawn_seat(
    spinner: Spinner, pty_board: PtyBoard
) -> None:
    spinner.home()
    assert pty_board.world.rotor % STEPS_PER_TURN == 0
    for _ in range(2):
        outcome = spinner.spin()
        assert not outcome.software_pick, outcome.reason
        assert outcome.missed_steps == 0
        assert outcome.revolutions >= 1
        assert pty_board.world.rotor % STEPS_PER_TURN == spinner.position % STEPS_PER_TURN


def test_a_nine_turn_spin_at_eighth_microstepping_runs_on_the_controller(tmp_path: Path) -> None:
    # 16,000+ steps, more than the controller's buffer: only the speed-up and
    # slow-down are uploaded, the cruise goes as one gap and a count.
    board = PtyBoard(tmp_path, steps_per_turn=1600, flag_steps=13, rotor=1500)
    config = serial_config(board)
    spin = SpinnerConfig(extra_revolutions=9, max_speed_rps=10.0, max_accel_rps2=40.0,
                         max_jerk_rps3=400.0, home=HomeConfig(fast_rps=2.5, slow_rps=0.5))
    from device.backends import open_spinner_backend

    try:
        with Spinner(open_spinner_backend(config), spin, rng=random.Random(1)) as spinner:
            outcome = spinner.spin()
            assert not outcome.software_pick, outcome.reason
            assert outcome.revolutions > 10 and outcome.fault is None
            assert board.world.rotor % 1600 == spinner.position
            assert spinner.position == round(outcome.stop_angle_deg / 360 * 1600) % 1600
    finally:
        board.close()


def test_missed_steps_over_the_link_are_detected_and_fixed_by_rehoming(
    spinner: Spinner, pty_board: PtyBoard
) -> None:
    spinner.home()
    pty_board.world.missed_step_every = 60
    outcome = spinner.spin()
    assert outcome.rehomed and outcome.missed_steps != 0


def test_tray_shakes_and_button_presses_reach_the_tray_callbacks(pty_board: PtyBoard) -> None:
    tray = serial_backend.open_serial_tray(serial_config(pty_board))
    seen: list[object] = []
    tray.start(seen.append, lambda: seen.append("button"))
    try:
        assert tray.link.wait_online(3)
        pty_board.world.shake(1)
        pty_board.world.shake(0)
        assert eventually(lambda: seen == [True, False])
        pty_board.world.press_button()
        assert eventually(lambda: seen == [True, False, "button"])
    finally:
        tray.close()


def test_the_trays_pull_up_setting_reaches_the_controller(pty_board: PtyBoard) -> None:
    from companion.config import TrayConfig

    config = replace(serial_config(pty_board),
                     tray=TrayConfig(sensor_kind="tilt", sensor_pull_up=True,
                                     sensor_active_high=False))
    with serial_backend.open_serial_tray(config) as tray:
        assert tray.link.wait_online(3)
        board = pty_board.controller.board
        assert board.motion.pull == board.motion.PULL_UP
        assert pty_board.controller.settings["motion_active_high"] is False


def test_dice_reader_values_arrive_as_a_serial_roll(pty_board: PtyBoard) -> None:
    from tests.firmware import fakes

    reader = serial_backend.open_serial_dice_reader(serial_config(pty_board))
    try:
        assert reader.link.wait_online(3)
        assert eventually(lambda: 0 in fakes.UART.instances)
        fakes.UART.instances[0].inject(b"4 2\n")
        roll = reader.read_dice(2, 6, timeout_s=3)
        assert (roll.values, roll.cocked, roll.source) == ((4, 2), False, "serial")
        with pytest.raises(DeviceError, match="no reading"):
            reader.read_dice(2, 6, timeout_s=0.05)
    finally:
        reader.close()


def test_spins_and_tray_events_survive_corrupted_dropped_and_delayed_frames(
    faulty_board: PtyBoard,
) -> None:
    config = spinner_config(serial_config(faulty_board))
    # Timed on the Pico's time: a resend is for a frame the board lost, not for a test
    # process the machine held up.
    backend = serial_backend.open_serial_spinner(config, clock=faulty_board.clock)
    tray = serial_backend.open_serial_tray(config, clock=faulty_board.clock)
    spinner = Spinner(backend, config.spinner, rng=random.Random(9))
    presses: list[str] = []
    tray.start(lambda active: None, lambda: presses.append("press"))
    try:
        spinner.home()
        for _ in range(3):
            outcome = spinner.spin()
            assert not outcome.software_pick, outcome.reason
            assert faulty_board.world.rotor % STEPS_PER_TURN == spinner.position % STEPS_PER_TURN
        for _ in range(5):
            faulty_board.world.press_button()
            faulty_board.clock.advance(0.06)  # presses a person makes, past the debounce time
        assert eventually(lambda: len(presses) == 5)
        assert faulty_board.port.damaged > 0
        assert backend.link.decoder.counters.dropped() > 0  # host side dropped bad frames
        assert faulty_board.controller.decoder.counters.dropped() > 0  # and the firmware did
        assert faulty_board.controller.duplicates > 0  # resends were recognised
    finally:
        tray.close()
        spinner.close()


def test_unplug_mid_spin_fails_the_move_clearly_and_the_spinner_rehomes_after_replug(
    pty_board: PtyBoard,
) -> None:
    backend = serial_backend.open_serial_spinner(serial_config(pty_board))
    try:
        backend.enable(True)
        backend.home(homing_plan())
        errors: list[Exception] = []

        def long_move() -> None:
            try:
                backend.move(even_schedule(4000, 2000))
            except LinkError as error:
                errors.append(error)

        homing_pulses = pty_board.world.pulses
        mover = threading.Thread(target=long_move)
        mover.start()
        assert eventually(lambda: pty_board.world.pulses > homing_pulses + 300)
        pty_board.unplug()
        mover.join(timeout=5)
        assert errors and "disconnected during the move" in str(errors[0])
        assert eventually(lambda: backend.state == LinkState.OFFLINE)
        with pytest.raises(LinkError, match="offline"):
            backend.link.request(0x02, {})
        pty_board.replug()
        assert eventually(lambda: backend.rehomes == 1, 8)
        assert pty_board.world.rotor % STEPS_PER_TURN == 0
        report = backend.move(even_schedule(STEPS_PER_TURN + 10))
        assert report.home_edges == (STEPS_PER_TURN,)
    finally:
        backend.close()


def test_a_board_that_lost_power_is_rehomed_when_it_comes_back(pty_board: PtyBoard) -> None:
    backend = serial_backend.open_serial_spinner(serial_config(pty_board))
    try:
        backend.enable(True)
        backend.home(homing_plan())
        pty_board.unplug()
        assert eventually(lambda: backend.state == LinkState.OFFLINE)
        pty_board.world.rotor += 77  # someone turned the idol by hand meanwhile
        pty_board.replug(reboot=True)
        assert eventually(lambda: backend.rehomes == 1, 8)
        assert pty_board.world.rotor % STEPS_PER_TURN == 0
    finally:
        backend.close()


def test_a_mismatched_firmware_is_refused_with_a_clear_message(pty_board: PtyBoard) -> None:
    real_hello = pty_board.controller.cmd_hello

    def old_hello(fields: dict) -> dict:
        return dict(real_hello(fields), firmware="0.9.0")

    pty_board.controller.cmd_hello = old_hello  # type: ignore[method-assign]
    backend = serial_backend.open_serial_spinner(serial_config(pty_board))
    try:
        assert eventually(lambda: backend.state == LinkState.MISMATCH)
        with pytest.raises(FirmwareMismatch,
                           match=r"runs firmware 0\.9\.0.*companion firmware install"):
            backend.enable(True)
    finally:
        backend.close()


def test_a_silent_controller_turns_the_link_offline_then_recovers(pty_board: PtyBoard) -> None:
    backend = serial_backend.open_serial_spinner(serial_config(pty_board))
    states: list[str] = []
    backend.link.add_state_listener(lambda state, problem: states.append(state))
    try:
        assert backend.link.wait_online(3)
        pty_board.paused.set()
        assert eventually(lambda: backend.state == LinkState.OFFLINE)
        with pytest.raises(LinkError):
            backend.enable(True)
        pty_board.paused.clear()
        assert backend.link.wait_online(5)
        assert LinkState.OFFLINE in states and states[-1] == LinkState.ONLINE
    finally:
        backend.close()


def test_garbage_from_the_board_is_dropped_and_the_link_keeps_working(
    pty_board: PtyBoard,
) -> None:
    backend = serial_backend.open_serial_spinner(serial_config(pty_board))
    try:
        assert backend.link.wait_online(3)
        rng = random.Random(5)
        for _ in range(20):
            pty_board.send_raw(bytes(rng.randrange(256) for _ in range(200)))
        backend.enable(True)
        assert backend.home_sensor_active() is False
        assert backend.link.decoder.counters.dropped() > 0
        assert backend.state == LinkState.ONLINE
    finally:
        backend.close()


def test_no_board_plugged_in_gives_a_clear_sentence(tmp_path: Path) -> None:
    config = Config(backend="serial", serial=SerialConfig(
        port=str(tmp_path / "usb-MicroPython_*"), handshake_timeout_s=0.2))
    backend = serial_backend.open_serial_spinner(config)
    try:
        with pytest.raises(LinkError,
                           match=r"not connected: no board matches .*plug in the Pico"):
            backend.enable(True)
    finally:
        backend.close()


def test_an_unplugged_controller_is_reported_as_such_not_as_a_wiring_fault(
    tmp_path: Path,
) -> None:
    # `companion hw home` with no Pico: the reason names the controller and
    # the fix, and promises nothing of a program that is about to exit.
    config = spinner_config(Config(backend="serial", serial=SerialConfig(
        port=str(tmp_path / "usb-MicroPython_*"), handshake_timeout_s=0.2)))
    from device.backends import open_spinner_backend

    with Spinner(open_spinner_backend(config), config.spinner) as spinner:
        with pytest.raises(LinkError) as raised:
            spinner.home()
        reason = spinner.unavailable_reason
    assert str(raised.value) == reason
    assert reason.startswith("The table controller is not connected: no board matches ")
    assert reason.endswith("; plug in the Pico, or set serial.port in the configuration.")
    assert "hardware failed" not in reason and "reconnect" not in reason


def test_a_port_held_by_another_program_is_not_shared(pty_board: PtyBoard) -> None:
    import serial

    holder = serial.Serial()
    holder.port = str(pty_board.path)
    holder.exclusive = True
    holder.open()
    backend = serial_backend.open_serial_spinner(serial_config(pty_board, handshake_timeout_s=0.3))
    try:
        with pytest.raises(LinkError, match="cannot be opened"):
            backend.enable(True)
    finally:
        backend.close()
        holder.close()


def test_a_throw_on_the_serial_tray_gives_one_throw_and_one_settle_with_read_dice(
    pty_board: PtyBoard,
) -> None:
    from companion.config import TrayConfig
    from device.backends import open_dice_reader, open_tray_inputs
    from device.clock import RealClock
    from device.dice import DiceSource
    from device.tray import DiceTray
    from tests.firmware import fakes

    config = replace(serial_config(pty_board),
                     tray=TrayConfig(settle_s=0.15, dice_source="serial", dice_count=2))
    reader = open_dice_reader(config)
    source = DiceSource("serial", 2, 6, reader=reader, read_timeout_s=3.0)
    seen: list = []
    tray = DiceTray(open_tray_inputs(config), config.tray, RealClock(), source,
                    on_event=seen.append)
    tray.start()
    try:
        assert reader.link.wait_online(3)  # type: ignore[attr-defined]
        assert eventually(lambda: 0 in fakes.UART.instances)
        for _ in range(15):  # dice bouncing for about 75 ms
            pty_board.world.shake(1)
            time.sleep(0.003)
            pty_board.world.shake(0)
            time.sleep(0.002)
        fakes.UART.instances[0].inject(b"6 1\n")  # the reader sees the faces
        assert eventually(lambda: tray.poll() is not None, 3)  # the table polls the tray
        assert [event.kind for event in seen] == ["throw", "settled"]
        assert seen[1].roll.values == (6, 1) and seen[1].roll.source == "serial"
        # The button asks the reader from the tray's callback: the values still arrive.
        pty_board.world.press_button()
        time.sleep(0.1)
        fakes.UART.instances[0].inject(b"2 2\n")
        assert eventually(lambda: len(seen) == 3, 4)
        assert seen[2].kind == "button" and seen[2].roll.values == (2, 2)
    finally:
        tray.close()


def test_ten_percent_corrupted_bytes_fail_commands_clearly_and_the_link_recovers(
    pty_board: PtyBoard,
) -> None:
    # One byte in ten damaged, both ways: hardly any frame survives. Nothing may crash;
    # every command either completes or fails with a sentence; the link heals afterwards.
    # The link runs on the Pico's time: with three resends it gives a command up after
    # 0.45 s the board lived through, not 0.45 s of a busy machine's wall time.
    backend = serial_backend.open_serial_spinner(serial_config(pty_board, retries=3),
                                                 clock=pty_board.clock)
    try:
        assert backend.link.wait_online(3)
        pty_board.faults.corrupt_bytes = 0.10
        outcomes = []
        for _ in range(3):
            try:
                backend.enable(True)
                outcomes.append("ok")
            except LinkError as error:
                outcomes.append(str(error))
        assert all(o == "ok" or "table controller" in o for o in outcomes), outcomes
        dropped = (backend.link.decoder.counters.dropped()
                   + pty_board.controller.decoder.counters.dropped())
        assert dropped > 0
        pty_board.faults.corrupt_bytes = 0.0
        assert backend.link.wait_online(5)
        backend.enable(True)
        backend.home(homing_plan())
        assert backend.move(even_schedule(STEPS_PER_TURN + 5)).home_edges == (STEPS_PER_TURN,)
        assert backend.link.reader_errors == 0
    finally:
        backend.close()


def test_a_refused_command_raises_the_firmwares_reason(pty_board: PtyBoard) -> None:
    from device.serial_port import CommandRefused

    backend = serial_backend.open_serial_spinner(serial_config(pty_board))
    try:
        with pytest.raises(CommandRefused, match="refused the move command: a move needs"):
            backend.link.request(0x05, {"move": 1, "dir": 0})
    finally:
        backend.close()


def test_a_spin_cut_off_by_an_unplug_falls_back_to_a_software_pick_with_the_reason(
    spinner: Spinner, pty_board: PtyBoard
) -> None:
    spinner.home()
    outcomes = []
    spin = threading.Thread(target=lambda: outcomes.append(spinner.spin()))
    pulses = pty_board.world.pulses
    spin.start()
    assert eventually(lambda: pty_board.world.pulses > pulses + 100)
    pty_board.unplug()
    spin.join(timeout=8)
    (outcome,) = outcomes
    assert outcome.software_pick
    assert "disconnected" in outcome.reason
    pty_board.replug()
    backend = spinner.backend
    assert backend.link.wait_online(5)  # type: ignore[attr-defined]
    spinner.home()  # the hardware screen's retry: waits for the automatic re-home first
    assert backend.rehomes == 1  # type: ignore[attr-defined]
    assert not spinner.spin().software_pick


def test_a_fault_the_controller_reports_after_a_move_is_raised_as_its_sentence(
    spinner: Spinner, pty_board: PtyBoard
) -> None:
    from firmware import main as firmware_main

    spinner.home()
    pty_board.controller.stepper.take_overflow = lambda: True  # type: ignore[method-assign]
    with pytest.raises(DeviceError) as raised:
        spinner.backend.move(even_schedule(50))
    assert str(raised.value) == firmware_main.STEPS_LOST
    outcome = spinner.spin()  # the spinner shows the sentence and picks on screen
    assert outcome.software_pick and "lost step pulses" in outcome.reason


def test_the_controllers_moves_say_how_late_their_home_edges_may_be_read(
    spinner: Spinner,
) -> None:
    from firmware import protocol

    spinner.home()
    report = spinner.backend.move(even_schedule(STEPS_PER_TURN + 5))
    assert report.home_edges == (STEPS_PER_TURN,)
    assert report.edge_latency_s == protocol.HOME_EDGE_LATENCY_US / 1_000_000
