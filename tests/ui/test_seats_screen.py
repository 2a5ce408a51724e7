"""The seats screen: jog the pointer, save each seat, write them; the spinner stops there after."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion.config import Config, load_config
from companion.games.base import ChanceRequest
from companion.hardware.table_spinner import TableSpinner
from device.backends import open_spinner
from device.clock import VirtualClock
from tests.device.test_gpio import MockRotor
from tests.ui.companion_rig import WAIT_S, companion
from tests.ui.conftest import Screen
from tests.ui.readable import written
from ui import theme

TO_120 = ["tap jog:++"] * 12
"""Twelve 10-degree jogs: the pointer moves 120 degrees."""


@pytest.fixture
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The companion's state directory for this test (where seats.toml goes)."""
    folder = tmp_path / "state"
    monkeypatch.setenv("STATE_DIRECTORY", str(folder))
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    return folder


def sim_config(tmp_path: Path, extra: str = "") -> Config:
    path = tmp_path / "config.toml"
    path.write_text(f'backend = "sim"\n{extra}', encoding="utf-8")
    return load_config(path)


def sim_spinner(config: Config) -> TableSpinner:
    return TableSpinner(open_spinner(config, VirtualClock(), random.Random(4)))


def pointer(screen: Screen) -> float | None:
    return screen.app.scenes["seats"].pointer_deg  # type: ignore[attr-defined]


def seats_on_screen(screen: Screen) -> list[str]:
    return [w.text for w in screen.app.scene.visible_widgets() if w.name.startswith("seat:")]


def three_seats(screen: Screen) -> None:
    """Seats at 0, 120 and 240 degrees, saved and written, as a person taps them."""
    screen.run("tap setup", "tap seats", "tap save", *TO_120, "tap save", *TO_120, "tap save",
               "tap write")


def test_fine_and_coarse_jogs_move_the_pointer_and_its_angle_is_shown(
    tmp_path: Path, state: Path
) -> None:
    config = sim_config(tmp_path)
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        screen.run("tap setup", "tap seats", "expect Pointer at 0.00")
        # 1600 steps a turn: the motor step nearest each whole degree.
        steps = [("jog:++", 9.9), ("jog:+", 11.025), ("jog:-", 9.9), ("jog:--", 0.0),
                 ("jog:-", 359.1)]
        for button, angle in steps:
            screen.run(f"tap {button}")
            assert pointer(screen) == pytest.approx(angle)
        screen.run("expect Pointer at 359.10°", "expect pointer at 359.10 degrees")


def test_written_seats_are_used_by_the_next_spin_the_dials_and_face_player(
    tmp_path: Path, state: Path
) -> None:
    config = sim_config(tmp_path)
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        three_seats(screen)
        screen.run("expect wrote 3 seats")
        saved = tomllib.loads((state / "seats.toml").read_text(encoding="utf-8"))
        angles = tuple(saved["seat_angles"])
        assert angles == pytest.approx((0.0, 119.925, 240.075))
        assert screen.app.seat_angles == angles and screen.app.config.spinner.seat_angles == angles
        spinner.stop_next_at((1,))
        spinner.outcome(ChanceRequest("spin", "Spin!", seats=(0, 1, 2)))
        assert spinner.wait_idle(WAIT_S)
        assert spinner.outcomes[-1].stop_angle_deg == pytest.approx(angles[1])


def test_a_config_file_that_only_writes_out_the_built_in_seats_starts_the_calibration_empty(
    tmp_path: Path, state: Path
) -> None:
    """`companion config default` (and the Pi's installed file) lists every default, the
    built-in seats too: nobody calibrated them, so the first seat saved is seat 1."""
    config = sim_config(tmp_path, "[spinner]\nseat_angles = [0.0, 90.0, 180.0, 270.0]\n")
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        three_seats(screen)
        screen.run("expect wrote 3 seats")
        assert seats_on_screen(screen)[:1] == ["1: 0.00°"]


def test_seats_set_in_the_config_file_are_where_the_calibration_starts(
    tmp_path: Path, state: Path
) -> None:
    config = sim_config(tmp_path, "[spinner]\nseat_angles = [0.0, 120.0, 240.0]\n")
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        screen.run("tap setup", "tap seats")
        assert len(seats_on_screen(screen)) == 3


def test_a_new_app_reads_the_written_seats_and_spins_to_them(tmp_path: Path, state: Path) -> None:
    config = sim_config(tmp_path)
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        three_seats(screen)
    restarted = sim_config(tmp_path)  # the same file and state directory, read afresh
    assert restarted.spinner.seat_angles == pytest.approx((0.0, 119.925, 240.075))
    with sim_spinner(restarted) as spinner, companion(tmp_path, restarted, spinner) as screen:
        screen.run("tap setup", "tap seats")
        assert seats_on_screen(screen) == ["1: 0.00°", "2: 119.92°", "3: 240.07°"]
        spinner.stop_next_at((2,))
        spinner.outcome(ChanceRequest("spin", "Spin!", seats=(0, 1, 2)))
        assert spinner.wait_idle(WAIT_S)
        assert spinner.outcomes[-1].stop_angle_deg == pytest.approx(240.075)


def test_a_test_spin_turns_the_dial_and_stops_at_the_seat(tmp_path: Path, state: Path) -> None:
    config = sim_config(tmp_path)
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        screen.run("tap setup", "tap seats", "tap save", *TO_120, "tap save", "tap seat:0",
                   "tap test", "expect Test spin: spinning")
        motion = screen.app.spin
        assert motion is not None and motion.plan.revolutions >= 1
        assert motion.plan.stop_angle_deg == pytest.approx(0.0, abs=1e-6)
        screen.run("wait", "expect the pointer stopped at 0.00° (seat 1)")
        assert pointer(screen) == pytest.approx(0.0, abs=1e-6)
        assert not spinner.outcomes[-1].software_pick


def test_a_seat_saved_twice_and_seats_too_close_are_refused_in_the_calibrations_words(
    tmp_path: Path, state: Path
) -> None:
    config = sim_config(tmp_path)
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        screen.run("tap setup", "tap seats", "tap save", "tap save",
                   "expect a seat is already saved at 0.00 degrees; jog to the next player")
        screen.run("tap jog:++", "tap save", "tap write",
                   "expect too close for margin_deg 4; spread the seats or lower margin_deg.")
        assert not (state / "seats.toml").exists()
        assert screen.widget("status").background is not None
        screen.run("tap undo", "expect seat 2 at 9.90 degrees forgotten")


def test_a_seat_in_the_middle_is_forgotten_and_the_next_move_up(
    tmp_path: Path, state: Path
) -> None:
    config = sim_config(tmp_path)
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        screen.run("tap setup", "tap seats", "tap save", *TO_120, "tap save", *TO_120,
                   "tap save", "tap seat:1", "tap forget", "expect the seats after it move up")
        assert seats_on_screen(screen) == ["1: 0.00°", "2: 240.07°"]


def test_a_spinner_that_cannot_home_says_why_and_offers_to_home_again(
    tmp_path: Path, state: Path
) -> None:
    config = sim_config(tmp_path, "[sim]\ndead_home_sensor = true\n")
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        screen.run("tap setup", "tap seats", "expect Spinner unavailable",
                   "expect Pointer: not homed", "tap jog:+", "expect The spinner cannot move")
        assert "home" in screen.names()
        screen.run("tap home", "expect Spinner unavailable")


def test_without_a_spinner_the_buttons_say_why(screen: Screen) -> None:
    screen.run("tap setup", "tap seats", "expect This screen has no spinner",
               "tap jog:+", "expect no spinner to calibrate")
    assert not screen.widget("save").enabled


@pytest.fixture
def mock_pins(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[MockFactory, VirtualClock]]:
    """gpiozero's MockFactory as the pin factory, its timestamps on a virtual clock."""
    clock = VirtualClock(start=100.0)
    monkeypatch.setattr("gpiozero.pins.mock.monotonic", clock.now)
    saved = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory, clock
    factory.reset()
    Device.pin_factory = saved


def gpio_spinner(config: Config, factory: MockFactory, clock: VirtualClock,
                 rotor: MockRotor | None) -> tuple[TableSpinner, MockRotor]:
    """The gpio spinner on the mock pins, a rotor turning with its pulses, homing at once."""
    spinner = open_spinner(config, clock, random.Random(6))
    rotor = rotor or MockRotor(factory, clock, 700)
    return TableSpinner(spinner), rotor


def test_on_the_gpio_backend_written_seats_survive_a_restart_and_the_rotor_stops_there(
    tmp_path: Path, state: Path, mock_pins: tuple[MockFactory, VirtualClock]
) -> None:
    factory, clock = mock_pins
    path = tmp_path / "config.toml"
    path.write_text('backend = "gpio"\n', encoding="utf-8")
    config = load_config(path)
    spinner, rotor = gpio_spinner(config, factory, clock, None)
    with spinner, companion(tmp_path, config, spinner) as screen:
        assert rotor.position % 1600 == 0  # homed on the mock sensor
        screen.run("tap setup", "tap seats", "tap save", *TO_120, "tap jog:+", "tap jog:-",
                   "tap save", *TO_120, "tap save", "tap write", "expect wrote 3 seats")
        assert rotor.position % 1600 == round(240.075 / 360 * 1600)
    restarted = load_config(path)
    assert restarted.spinner.seat_angles == pytest.approx((0.0, 119.925, 240.075))
    spinner, rotor = gpio_spinner(restarted, factory, clock, rotor)
    with spinner, companion(tmp_path, restarted, spinner) as screen:
        screen.run("tap setup", "tap seats")
        assert seats_on_screen(screen) == ["1: 0.00°", "2: 119.92°", "3: 240.07°"]
        spinner.stop_next_at((1,))
        spinner.outcome(ChanceRequest("spin", "Spin!", seats=(0, 1, 2)))
        assert spinner.wait_idle(WAIT_S)
        assert not spinner.outcomes[-1].software_pick
        assert rotor.position % 1600 == round(119.925 / 360 * 1600)


def _small_or_cut(screen: Screen) -> list[str]:
    """Each text on screen now below the readable size or cut with an ellipsis."""
    look = screen.app.look
    least = look.px(theme.TEXT_MIN)
    return [f"{text.widget}: {text.text!r} at {text.pixels} px"
            for text in written(screen.app.scene.visible_widgets(), look, screen.app.size)
            if text.pixels < least or "…" in text.text]


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (720, 1280)])
def test_the_hint_and_the_seats_are_readable_and_a_seat_shows_the_pointers_precision(
    tmp_path: Path, state: Path, size: tuple[int, int]
) -> None:
    config = sim_config(tmp_path)
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner, size) as screen:
        screen.run("tap setup", "tap seats")
        assert "Jog the pointer" in screen.widget("hint").text
        first = [line for line in _small_or_cut(screen) if line.startswith("hint")]
        screen.run("tap save", *TO_120, "expect Pointer at 119.92°", "tap save")
        assert seats_on_screen(screen) == ["1: 0.00°", "2: 119.92°"]
        assert screen.widget("hint").text == "Tap a seat to test-spin or forget it."
        later = [line for line in _small_or_cut(screen) if line.startswith(("hint", "status"))]
        assert first + later == []


def test_seats_are_numbered_from_one_for_people_on_every_label(
    tmp_path: Path, state: Path
) -> None:
    """The first seat is seat 1 on the screen (its widget stays `seat:0`, as the rules count)."""
    config = sim_config(tmp_path)
    with sim_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        screen.run("tap setup", "tap seats")
        assert screen.widget("save").text == "Save seat 1"
        screen.run("tap save", "expect seat 1 saved at 0.00 degrees", *TO_120, "tap save")
        assert screen.widget("save").text == "Save seat 3"
        assert seats_on_screen(screen) == ["1: 0.00°", "2: 119.92°"]
        dial = screen.widget("dial")
        assert [seat.name for seat in dial.seats] == ["1", "2"]  # type: ignore[attr-defined]
        screen.run("tap seat:0")
        assert screen.widget("test").text == "Test spin to 1"
        assert screen.widget("forget").text == "Forget seat 1"
        screen.run("tap test", "wait", "expect the pointer stopped at 0.00° (seat 1)")
        screen.run("tap seat:1", "tap forget", "expect seat 2 at 119.92 degrees forgotten")
        screen.run("tap undo", "expect seat 1 at 0.00 degrees forgotten")
