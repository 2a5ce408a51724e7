"""A game with more players than calibrated seats still spins on the touchscreen, and says why.

UNO Tiki Twist for six on a spinner calibrated for four: the simulated
spinner spaces the six evenly and points; the motor on real hardware (the
`gpio` backend, here on gpiozero's MockFactory) leaves the spin to a
software pick. Either way the screen turns the idol, lands on one of the
six, and says once, in a sentence, why (`device.seat_fit`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.config import Config, load_config
from companion.event_log.store import Store
from companion.games.base import ChanceRequest
from companion.hardware.table_spinner import TableSpinner
from companion.table import FairChance, Table
from companion.table.lines import SOFTWARE_PICK
from device import results
from device.backends import open_spinner
from device.clock import VirtualClock
from device.seat_fit import evenly_spaced
from tests.device.test_gpio import STEP, MockRotor, rising_edge_times
from tests.ui.test_spin_view import FakeClock, _seen
from ui.app import MESSAGE_SECONDS, App, ScreenSetup
from ui.main import SCENES
from ui.script import run_script
from ui.spin_view import SpinDial

WAIT_S = 20.0
SPREAD = ("The spinner knows 4 seats and this game has 6 players: the simulated spinner spaces"
          " them evenly.")
CALIBRATE = ("The spinner knows 4 seats and this game has 6 players: the companion picks the"
             " seat instead; calibrate 6 seats with `companion hw calibrate`.")
DECK = ('["Red 1","Red 2","Red 3","Red 4","Red 5","Red 6","Red 7","Red 8","Red 9","Blue 1",'
        '"Blue 2","Blue 3","Blue 4","Blue 5","Blue 6","Blue 7","Tiki Draw 1","Tiki Draw 2",'
        '"Tiki Go To","Wild Tiki"]')
TO_A_SPIN = [
    "new tiki --players 6 --names Ana,Ben,Cleo,Dev,Emil,Fay --option hand_size=2"
    f" --option 'deck_cards={DECK}'",
    "tap dealer:3", "tap tab:red", 'tap "card:Red 5"',
    "tap play", "tap tab:wild", 'tap "card:Tiki Draw 1"', "expect spins the idol",
]
"""A referee-mode Tiki Twist match of six brought to its first spin."""


def config_on(tmp_path: Path, backend: str) -> Config:
    """The defaults (four calibrated seats) on `backend`, with no saved seats."""
    path = tmp_path / "config.toml"
    path.write_text(f'backend = "{backend}"\n[spinner]\nseats_file = "'
                    + str(tmp_path / "seats.toml") + '"\n', encoding="utf-8")
    return load_config(path)


def touchscreen(tmp_path: Path, spinner: TableSpinner) -> Iterator[tuple[App, Store]]:
    """The whole touchscreen on the table's spinner, the seats as configured, at the spin."""
    clock = FakeClock()
    with (
        spinner,
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(3), spinner=spinner) as table,
        App(table, SCENES, ScreenSetup(headless=True,
                                       seat_angles=spinner.spinner.config.seat_angles),
            clock=clock.now, sleep=clock.sleep, spinner=spinner) as app,
    ):
        assert spinner.wait_idle(WAIT_S) and spinner.status.available
        result = run_script(app, TO_A_SPIN)
        assert result.ok, result.reason
        yield app, store


@pytest.fixture
def mock_pins(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[MockFactory, VirtualClock]]:
    """gpiozero's MockFactory as the pin factory, its pins stamped by a virtual clock."""
    clock = VirtualClock(start=100.0)
    monkeypatch.setattr("gpiozero.pins.mock.monotonic", clock.now)
    saved = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory, clock
    factory.reset()
    Device.pin_factory = saved


def dial_angles(app: App) -> list[float]:
    dial = next(widget for widget in app.scene.widgets if isinstance(widget, SpinDial))
    return [seat.angle_deg for seat in dial.seats]


def lands_on_a_seat_of_six(app: App, margin_deg: float) -> tuple[int, ...]:
    """The spin on screen stops where the six seats' arcs say it landed."""
    motion = app.spin
    assert motion is not None and motion.plan.revolutions >= 1
    assert set(motion.result) <= set(range(6))
    assert results.read_stop(motion.plan.stop_angle_deg, evenly_spaced(6),
                             margin_deg) == motion.result
    return motion.result


def test_six_players_on_the_sim_spinner_are_spaced_evenly_and_it_points_at_them(
    tmp_path: Path,
) -> None:
    config = config_on(tmp_path, "sim")
    spinner = TableSpinner(open_spinner(config, VirtualClock(), random.Random(9)))
    for app, store in touchscreen(tmp_path, spinner):
        assert run_script(app, ["tap spin"]).ok
        assert dial_angles(app) == list(evenly_spaced(6))
        assert app.spin is not None and not app.spin.software_pick
        assert _seen(app)["message"] == SPREAD
        assert run_script(app, ["wait"]).ok
        landed = lands_on_a_seat_of_six(app, config.spinner.margin_deg)
        assert spinner.outcomes[-1].result == landed and not spinner.outcomes[-1].software_pick
        events = store.events(store.matches()[-1].id)
        assert events[-1].detail["source"] == "spinner"


def test_the_reason_is_said_once_not_at_every_spin(tmp_path: Path) -> None:
    config = config_on(tmp_path, "sim")
    spinner = TableSpinner(open_spinner(config, VirtualClock(), random.Random(9)))
    for app, _store in touchscreen(tmp_path, spinner):
        assert run_script(app, ["tap spin", "wait"]).ok
        app.sleep(MESSAGE_SECONDS)
        app.step(None)
        assert "message" not in _seen(app)
        spinner.outcome(ChanceRequest("spin", "Spin!", seats=tuple(range(6))))
        assert app.settle(WAIT_S)
        assert app.message is None


def test_six_players_on_hardware_calibrated_for_four_get_a_software_spin_that_says_why(
    tmp_path: Path, mock_pins: tuple[MockFactory, VirtualClock]
) -> None:
    factory, clock = mock_pins
    config = config_on(tmp_path, "gpio")
    MockRotor(factory, clock, 700)
    step_pin = factory.pin(STEP)
    spinner = TableSpinner(open_spinner(config, clock, random.Random(3)))
    for app, store in touchscreen(tmp_path, spinner):
        step_pin.clear_states()
        assert run_script(app, ["tap spin"]).ok
        seen = _seen(app)
        assert seen["dial"] == "Software spin: Spinning…" and seen["message"] == CALIBRATE
        assert dial_angles(app) == list(evenly_spaced(6))
        assert run_script(app, ["wait"]).ok
        landed = lands_on_a_seat_of_six(app, config.spinner.margin_deg)
        assert app.spin is not None and app.spin.software_pick
        assert spinner.status.available and spinner.status.last_result == landed
        assert rising_edge_times(step_pin.states) == []  # the motor was left alone
        events = store.events(store.matches()[-1].id)
        assert events[-1].detail["source"] == SOFTWARE_PICK
