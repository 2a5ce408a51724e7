"""The motion the table's spinner tells the screen: the motor's own plan, angle by angle."""

from __future__ import annotations

import itertools
import random
import threading

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import Config, load_config
from companion.games.base import ChanceRequest
from companion.hardware.table_spinner import TableSpinner
from device.backends import open_spinner
from device.clock import VirtualClock
from device.motion import plan_spin, spin_profile, step_times
from device.pointer_motion import PointerMotion, software_motion
from device.sim import SimSpinner
from tests.device.test_gpio import STEP, MockRotor, rising_edge_times

WAIT_S = 20.0
"""Upper bound for the worker thread to finish (an event wait, never a sleep)."""


def spin_request(players: int) -> ChanceRequest:
    return ChanceRequest("spin", "Spin!", seats=tuple(range(players)))


def heard(spinner: TableSpinner) -> list[PointerMotion]:
    motions: list[PointerMotion] = []
    spinner.add_motion_listener(motions.append)
    return motions


def as_seats(answer: object) -> tuple[int, ...]:
    return (answer,) if isinstance(answer, int) else tuple(answer)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["fair", "physical"])
def test_the_sim_spinner_tells_the_stop_angle_and_duration_it_then_turns(
    sim_config: Config, mode: str
) -> None:
    spinner = open_spinner(sim_config, VirtualClock(), random.Random(4))
    with TableSpinner(spinner, mode=mode) as table_spinner:
        assert table_spinner.wait_idle(WAIT_S)  # homed
        motions = heard(table_spinner)
        answers = [table_spinner.outcome(spin_request(4)) for _ in range(5)]
        assert table_spinner.wait_idle(WAIT_S)
        backend = spinner.backend
        assert isinstance(backend, SimSpinner)
        assert len(motions) == 5
        for motion, done, answer in zip(motions, table_spinner.outcomes, answers, strict=True):
            assert not motion.software_pick and motion.reason == ""
            assert motion.result == done.result == as_seats(answer)
            assert motion.stop_angle_deg == done.stop_angle_deg
            assert motion.duration_s == pytest.approx(done.duration_s, abs=1e-9)
            assert motion.revolutions == pytest.approx(done.revolutions)
            assert motion.revolutions >= 1
        # Each spin starts where the last stopped; the last stops where the rotor is.
        for before, after in itertools.pairwise(motions):
            assert after.start_angle_deg == pytest.approx(before.stop_angle_deg)
        assert backend.stepper.rotor_angle_deg == pytest.approx(motions[-1].stop_angle_deg)


def test_angle_at_follows_the_plan_step_by_step(sim_config: Config) -> None:
    spinner_config = sim_config.spinner
    turn = spinner_config.steps_per_turn
    profile = spin_profile(100, 1300, spinner_config)
    times = step_times(profile)
    motion = PointerMotion(100 * 360 / turn, 1300 * 360 / turn, profile, times[-1], turn, (2,))
    assert times == plan_spin(100, 1300, spinner_config).times_s
    for step in (1, 2, len(times) // 3, len(times) // 2, len(times) - 1, len(times)):
        expected = (100 + step) % turn * 360 / turn
        assert motion.angle_at(times[step - 1]) == pytest.approx(expected, abs=1e-6)
    assert motion.angle_at(-1.0) == pytest.approx(motion.start_angle_deg)
    assert motion.angle_at(motion.duration_s) == motion.stop_angle_deg
    assert motion.angle_at(motion.duration_s + 5) == motion.stop_angle_deg


def test_the_pointer_only_ever_turns_forward(sim_config: Config) -> None:
    profile = spin_profile(0, 777, sim_config.spinner)
    motion = PointerMotion(0.0, 777 * 360 / 1600, profile, profile.duration_s, 1600, (1,))
    frames = [motion.duration_s * k / 600 for k in range(601)]
    turned = [motion.turned_deg(t) for t in frames]
    assert all(b >= a - 1e-9 for a, b in itertools.pairwise(turned))
    assert turned[-1] == pytest.approx(profile.distance * 360 / 1600)


def test_a_dead_home_sensor_is_told_as_a_software_spin_with_the_reason(
    write_config,  # type: ignore[no-untyped-def]
) -> None:
    config = load_config(write_config('backend = "sim"\n[sim]\ndead_home_sensor = true\n'))
    spinner = open_spinner(config, VirtualClock(), random.Random(2))
    with TableSpinner(spinner) as table_spinner:
        motions = heard(table_spinner)
        first = table_spinner.outcome(spin_request(4))  # homing fails on the way
        assert table_spinner.wait_idle(WAIT_S)
        second = table_spinner.outcome(spin_request(4))  # unavailable: told at once
        assert table_spinner.wait_idle(WAIT_S)
    assert [motion.result for motion in motions] == [as_seats(first), as_seats(second)]
    for motion in motions:
        assert motion.software_pick
        assert "home sensor" in motion.reason
        assert motion.revolutions >= 1 and motion.duration_s > 0
    assert motions[1].start_angle_deg == pytest.approx(motions[0].stop_angle_deg)


def test_a_software_spin_turns_as_the_motor_would(sim_config: Config) -> None:
    motion = software_motion(45.0, 200.25, (1, 2), sim_config.spinner, "No spinner.")
    assert motion.software_pick and motion.ambiguous and motion.reason == "No spinner."
    assert motion.angle_at(0.0) == pytest.approx(45.0)
    assert motion.angle_at(motion.duration_s) == 200.25
    expected = spin_profile(200, 890, sim_config.spinner)
    assert motion.duration_s == pytest.approx(expected.duration_s)


def test_a_failing_motion_listener_does_not_stop_the_spin(sim_config: Config) -> None:
    def broken(motion: PointerMotion) -> None:
        raise RuntimeError("the screen fell over")

    spinner = open_spinner(sim_config, VirtualClock(), random.Random(1))
    with TableSpinner(spinner) as table_spinner:
        table_spinner.add_motion_listener(broken)
        motions = heard(table_spinner)
        table_spinner.outcome(spin_request(3))
        assert table_spinner.wait_idle(WAIT_S)
    assert len(motions) == 1 and not table_spinner.outcomes[0].software_pick


def test_a_removed_listener_hears_no_more_spins(sim_config: Config) -> None:
    spinner = open_spinner(sim_config, VirtualClock(), random.Random(1))
    with TableSpinner(spinner) as table_spinner:
        motions = heard(table_spinner)
        table_spinner.outcome(spin_request(3))
        assert table_spinner.wait_idle(WAIT_S)
        table_spinner.remove_motion_listener(motions.append)
        table_spinner.outcome(spin_request(3))
        assert table_spinner.wait_idle(WAIT_S)
    assert len(motions) == 1


def test_the_motion_is_told_before_the_motor_turns(sim_config: Config) -> None:
    spinner = open_spinner(sim_config, VirtualClock(), random.Random(6))
    backend = spinner.backend
    assert isinstance(backend, SimSpinner)
    told_at: list[float] = []
    with TableSpinner(spinner) as table_spinner:
        assert table_spinner.wait_idle(WAIT_S)
        table_spinner.add_motion_listener(lambda motion: told_at.append(backend.stepper.rotor))
        before = backend.stepper.rotor
        table_spinner.outcome(spin_request(4))
        assert table_spinner.wait_idle(WAIT_S)
    assert told_at == [before]


def test_the_gpio_step_pulses_of_a_spin_match_its_told_plan(
    mock_factory: MockFactory, virtual_clock: VirtualClock, write_config  # type: ignore[no-untyped-def]
) -> None:
    config = load_config(write_config('backend = "gpio"\n'))
    spinner = open_spinner(config, virtual_clock, random.Random(3))
    rotor = MockRotor(mock_factory, virtual_clock, 700)
    step_pin = mock_factory.pin(STEP)
    started = threading.Event()
    with TableSpinner(spinner) as table_spinner:
        assert table_spinner.wait_idle(WAIT_S)  # homed on the mock sensor
        step_pin.clear_states()
        rotor.steps.clear()
        motions = heard(table_spinner)
        table_spinner.add_motion_listener(lambda motion: started.set())
        answer = table_spinner.outcome(spin_request(4))
        assert started.wait(WAIT_S) and table_spinner.wait_idle(WAIT_S)
    [motion] = motions
    assert not motion.software_pick and motion.result == as_seats(answer)
    planned = step_times(motion.profile)
    edges = rising_edge_times(step_pin.states)
    assert len(edges) == len(planned) == motion.profile.distance
    # The pulses keep the plan's gaps, and every step turns the pointer forward.
    assert [t - edges[0] for t in edges] == pytest.approx(
        [t - planned[0] for t in planned], abs=1e-9
    )
    assert {direction for _, direction in rotor.steps} == {1}
    assert rotor.position % 1600 == round(motion.stop_angle_deg / 360 * 1600)
