"""Homing: fast approach, back off, slow approach; failures give their reason."""

from __future__ import annotations

import sys

import pytest

from firmware import homing
from firmware import main as firmware_main
from firmware.board import Board
from tests.firmware import fakes
from tests.firmware.conftest import RecordingPort
from tests.firmware.world import SpinnerWorld

TURN = 400
FLAG = 5


def run_pure(start_rotor: int, sensor=None, late: int = 0):  # type: ignore[no-untyped-def]
    """Drive the pure state machine with a simulated rotor; return (machine, rotor, legs).

    A fast approach stops `late` steps after the edge, as a slow loop would.
    """
    rotor = start_rotor
    sensor = sensor or (lambda r: r % TURN < FLAG)
    machine = homing.Homing(fast_hz=4000, slow_hz=1000, backoff_steps=20, max_steps=620)
    leg = machine.start(sensor(rotor))
    legs = []
    while leg is not None:
        legs.append((machine.state, leg.direction, leg.until))
        found, overshoot = sensor(rotor), 0
        for _ in range(leg.steps):
            rotor += leg.direction
            if leg.until is not None and sensor(rotor) == leg.until:
                found = leg.until
                if machine.state in (homing.SEEK_FAST, homing.SEEK_SLOW):
                    rotor += late
                    overshoot = late
                break
        else:
            found = sensor(rotor)
        leg = machine.leg_finished(found, overshoot)
    return machine, rotor, legs


@pytest.mark.parametrize("start", [0, 2, FLAG, 100, TURN - 1, 399 + TURN * 3])
def test_homing_ends_on_the_flag_edge_approached_forward(start: int) -> None:
    machine, rotor, legs = run_pure(start)
    assert machine.state == homing.DONE
    assert rotor % TURN == 0
    assert legs[-1] == (homing.SEEK_SLOW, 1, True)


def test_a_slow_approach_that_stopped_past_the_edge_steps_back_onto_it() -> None:
    machine, rotor, legs = run_pure(100, late=2)
    assert legs[-1] == (homing.RETURN, -1, None)
    assert machine.state == homing.DONE and rotor % TURN == 0


def test_homing_off_the_flag_starts_with_the_fast_approach() -> None:
    _, _, legs = run_pure(100)
    assert [state for state, _, _ in legs] == [homing.SEEK_FAST, homing.BACK_OFF, homing.SEEK_SLOW]


@pytest.mark.parametrize("late", [1, FLAG + 3, 40])
def test_a_fast_approach_that_ran_past_the_flag_backs_off_far_enough(late: int) -> None:
    machine, rotor, _ = run_pure(100, late=late)
    assert machine.state == homing.DONE
    assert rotor % TURN == 0


def test_homing_on_the_flag_first_steps_off_it() -> None:
    _, _, legs = run_pure(2)
    assert [state for state, _, _ in legs] == [homing.CLEAR, homing.BACK_OFF, homing.SEEK_SLOW]


@pytest.mark.parametrize(
    ("sensor", "reason"),
    [
        (lambda rotor: False, "not found"),
        (lambda rotor: True, "stays triggered"),
    ],
)
def test_a_broken_sensor_fails_homing_with_the_reason(sensor, reason: str) -> None:  # type: ignore[no-untyped-def]
    machine, _, _ = run_pure(100, sensor)
    assert machine.state == homing.FAILED
    assert reason in machine.error


# -- the same, run by the firmware on the fake pins ---------------------------------


def controller_with_world(clock: fakes.ManualClock, **world: object):  # type: ignore[no-untyped-def]
    rotor_world = SpinnerWorld(steps_per_turn=TURN, flag_steps=FLAG, **world)  # type: ignore[arg-type]
    port = RecordingPort()
    controller = firmware_main.Controller(port, Board(), clock=clock.ms)
    return controller, rotor_world, port


def run_until_idle(controller, clock: fakes.ManualClock, limit_s: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(limit_s / 0.0002)):
        clock.advance(0.0002)
        controller.last_heard = clock.ms()  # the Pi keeps talking
        controller.step()
        if not controller.busy():
            return
    raise AssertionError("still busy")


def events(port: RecordingPort) -> list[dict]:
    from firmware import protocol

    decoder = protocol.FrameDecoder()
    return [fields for frame in port.written for _, kind, fields in decoder.feed(frame)
            if kind == protocol.EVENT]


HOME_FIELDS = {"fast_hz": 4000, "slow_hz": 1000, "backoff_steps": 20, "max_steps": 620}


@pytest.mark.parametrize("rotor", [123, 0, 3, 399])
def test_the_firmware_homes_the_rotor_to_the_flag_edge(
    manual_clock: fakes.ManualClock, rotor: int
) -> None:
    controller, world, port = controller_with_world(manual_clock, rotor=rotor)
    controller.handle(1, 0x06, dict(HOME_FIELDS))
    run_until_idle(controller, manual_clock)
    done = [e for e in events(port) if e["ev"] == "homed"]
    assert done and done[-1]["ok"] is True
    assert controller.homed
    assert world.rotor % TURN == controller.stepper.position % TURN == 0


def test_the_firmware_reports_the_fast_approach_length(manual_clock: fakes.ManualClock) -> None:
    controller, _, port = controller_with_world(manual_clock, rotor=100)
    controller.handle(1, 0x06, dict(HOME_FIELDS))
    run_until_idle(controller, manual_clock)
    assert events(port)[-1]["approach_steps"] == TURN - 100


def test_a_flag_too_narrow_for_the_loop_to_see_is_caught_by_the_interrupt(
    manual_clock: fakes.ManualClock,
) -> None:
    controller, world, port = controller_with_world(manual_clock, rotor=200)
    world.flag_steps = 1
    controller.handle(1, 0x06, dict(HOME_FIELDS))
    for _ in range(2000):  # a slow loop: eight fast steps go by between two passes
        manual_clock.advance(0.002)
        controller.last_heard = manual_clock.ms()
        controller.step()
        if not controller.busy():
            break
    assert events(port)[-1]["ok"] is True
    assert world.rotor % TURN == 0


def test_an_approach_that_meets_the_flag_while_the_loop_is_held_up_still_finds_it(
    manual_clock: fakes.ManualClock,
) -> None:
    # The fast approach ends two steps past the flag. The loop is held up (a garbage
    # collection, a USB interrupt) just after it took the edges met so far, two steps
    # short of the flag, while the state machine steps on over the whole flag and ends
    # the leg: the interrupt records the edge, too late for the edges already taken.
    controller, world, port = controller_with_world(manual_clock, rotor=100)
    edges_so_far = controller.crossings.forward

    def held_up_after_taking_the_edges() -> list:
        edges = edges_so_far()
        if world.rotor == TURN - 2:
            manual_clock.advance(0.01)
            fakes.advance_all()  # the PIO and the home interrupt do not wait for the loop
        return edges

    controller.crossings.forward = held_up_after_taking_the_edges
    controller.handle(1, 0x06, dict(HOME_FIELDS, max_steps=TURN - 100 + FLAG + 2))
    run_until_idle(controller, manual_clock)
    last = events(port)[-1]
    assert last["ev"] == "homed" and last["ok"] is True, last
    assert world.rotor % TURN == 0


def test_a_dead_sensor_ends_homing_with_a_failure_event(manual_clock: fakes.ManualClock) -> None:
    controller, _, port = controller_with_world(manual_clock, dead_sensor=True)
    controller.handle(1, 0x06, dict(HOME_FIELDS))
    run_until_idle(controller, manual_clock)
    last = events(port)[-1]
    assert last["ev"] == "homed" and last["ok"] is False
    assert "not found" in last["error"]
    assert not controller.homed


def test_step_pulses_lost_during_homing_fail_it_with_the_firmwares_sentence(
    manual_clock: fakes.ManualClock,
) -> None:
    controller, _, port = controller_with_world(manual_clock, rotor=100)
    controller.handle(1, 0x06, dict(HOME_FIELDS))
    manual_clock.advance(0.001)
    sys.modules["machine"].mem32[controller.stepper.sm.tx_address] = 7  # into the full FIFO
    run_until_idle(controller, manual_clock)
    last = events(port)[-1]
    assert last["ev"] == "homed" and last["ok"] is False
    assert last["fault"] == firmware_main.STEPS_LOST
    assert not controller.homed
