"""The configuration of the serial backend asks nothing the table controller cannot run.

`companion config check` (and every load) refuses settings beyond the
firmware's limits with the key and a value that fits; whatever it accepts,
the controller runs: checked here against the host's own planning of the
longest spin.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.app.cli import main
from companion.config import Config, parse_config
from companion.errors import ConfigError
from device.motion import MotionLimits, plan_move, plan_spin
from device.serial_moves import controller_move, schedule_intervals_us
from firmware import protocol


def serial(**spinner: Any) -> dict[str, Any]:
    return {"backend": "serial", "spinner": spinner}


@pytest.mark.parametrize(
    "spinner",
    [
        {"extra_revolutions": 9},  # 16,005 steps: the cruise goes as one gap and a count
        {"extra_revolutions": 20},
        {"microstepping": 32},  # with the default 2 extra turns
        {"microstepping": 16, "max_speed_rps": 3.0, "extra_revolutions": 20},
    ],
)
def test_long_spins_and_fine_microstepping_are_accepted_and_run(spinner: dict[str, Any]) -> None:
    config = parse_config(serial(**spinner), source="c.toml")
    longest = plan_spin(0, config.spinner.steps_per_turn - 1, config.spinner)
    move = controller_move(longest)
    assert move.steps == longest.steps
    assert len(move.gaps_us) <= protocol.MOVE_BUFFER_STEPS
    passes = longest.steps // config.spinner.steps_per_turn
    assert passes <= protocol.MAX_HOME_EDGES


@pytest.mark.parametrize(
    ("spinner", "key", "fix"),
    [
        ({"microstepping": 64}, "spinner.max_speed_rps",
         "speeding up to it and slowing down take 23,218 steps at 12,800 steps a turn, more "
         "than the table controller holds for one move (16,000); set it to 2.04 or less"),
        ({"microstepping": 128}, "spinner.max_speed_rps",
         "64,000 steps a second at 25,600 steps a turn, faster than the table controller steps "
         "(at most 50,000); set it to 1.39 or less"),
        ({"max_speed_rps": 20}, "spinner.max_speed_rps", "set it to 6.12 or less"),
        ({"home": {"slow_rps": 0.006}}, "spinner.home.slow_rps",
         "homing at 9.6 steps a second (1,600 a turn) is slower than the table controller "
         "steps (at least 10); set it to 0.00625 or more"),
        ({"microstepping": 32, "max_speed_rps": 4, "max_accel_rps2": 40, "max_jerk_rps3": 400,
          "home": {"fast_rps": 4}},
         "spinner.home.fast_rps", "faster than the table controller homes (at most 20,000); "
         "set it to 3.12 or less"),
        ({"driver": "uln2003", "microstepping": 1}, "spinner.driver", 'set backend = "gpio"'),
    ],
)
def test_settings_beyond_the_controller_name_the_key_and_a_value_that_fits(
    spinner: dict[str, Any], key: str, fix: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(serial(**spinner), source="c.toml")
    (line,) = str(caught.value).splitlines()
    assert line.startswith(f"c.toml: {key} is ")
    assert fix in line


@pytest.mark.parametrize("microstepping", [16, 32, 64, 128])
@pytest.mark.parametrize("accel", [1.0, 4.0, 20.0])
def test_the_value_offered_as_the_fix_is_accepted_and_its_spins_fit(
    microstepping: int, accel: float
) -> None:
    spinner: dict[str, Any] = {"microstepping": microstepping, "max_accel_rps2": accel}
    try:
        config = parse_config(serial(**spinner))
    except ConfigError as error:
        offered = str(error).split("set it to ")[1].split(" ")[0]
        config = parse_config(serial(**spinner, max_speed_rps=float(offered)))
    longest = plan_spin(0, config.spinner.steps_per_turn - 1, config.spinner)
    assert len(controller_move(longest).gaps_us) <= protocol.MOVE_BUFFER_STEPS


def test_the_slowest_settings_accepted_plan_no_gap_the_controller_cannot_time() -> None:
    # Homing must step at 10 a second or more, so the top speed does too;
    # the slowest move is then one step at the lowest acceleration and jerk.
    config = parse_config(serial(steps_per_rev=4, microstepping=1, max_speed_rps=6.0,
                                 max_accel_rps2=0.01, max_jerk_rps3=0.01,
                                 home={"fast_rps": 5.0, "slow_rps": 2.5}))
    spinner = config.spinner
    moves = [plan_move(1, MotionLimits.from_config(spinner, 0.25)), plan_spin(0, 1, spinner)]
    gaps = [gap for move in moves for gap in schedule_intervals_us(move)]
    assert min(gaps) >= protocol.MIN_GAP_US and max(gaps) <= protocol.MAX_GAP_US


def test_config_check_reports_them_with_the_file(tmp_path: Any, capsys: Any) -> None:
    path = tmp_path / "config.toml"
    path.write_text('backend = "serial"\n[spinner]\nmicrostepping = 64\n', encoding="utf-8")
    assert main(["config", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: spinner.max_speed_rps is 2.5 with max_accel_rps2 = 4" in err


def test_the_backend_chosen_on_the_command_line_is_checked_too(
    tmp_path: Any, capsys: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    path = tmp_path / "config.toml"
    path.write_text('backend = "sim"\n[spinner]\nmicrostepping = 64\n', encoding="utf-8")
    assert main(["hw", "spin", "--config", str(path), "--backend", "serial"]) == 1
    err = capsys.readouterr().err
    assert f"{path} (with --backend serial): spinner.max_speed_rps is 2.5" in err


def test_the_other_backends_are_not_held_to_the_controllers_limits() -> None:
    config = parse_config({"backend": "sim", "spinner": {"microstepping": 64}})
    assert isinstance(config, Config) and config.spinner.microstepping == 64


def test_every_spin_the_configuration_allows_fits_in_one_move_of_the_controller() -> None:
    # The longest turn (1/256 microstepping) with the most extra turns: a turn,
    # the extra turns and almost one more, within the cruise's cap.
    from companion.config_rules import MAX_STEPS_PER_TURN

    config = parse_config(serial(steps_per_rev=200, microstepping=256, max_speed_rps=0.1,
                                 extra_revolutions=20), source="c.toml")
    assert config.spinner.steps_per_turn == MAX_STEPS_PER_TURN
    assert (20 + 2) * MAX_STEPS_PER_TURN <= protocol.MAX_CRUISE_STEPS


def test_a_spin_longer_than_the_controller_runs_in_one_move_is_refused_with_the_key() -> None:
    from companion.config_schema import SpinnerConfig
    from companion.config_serial import serial_problems

    spinner = SpinnerConfig(steps_per_rev=200, microstepping=256, max_speed_rps=0.1,
                            extra_revolutions=400)
    assert ("spinner.extra_revolutions",
            "is 400: a spin of up to 20,582,400 steps at 51,200 steps a turn is longer than the "
            "table controller runs in one move (16,777,216 steps); set it to 325 or less, or "
            "lower the microstepping") in serial_problems(spinner)


def test_a_move_cruising_longer_than_the_controller_runs_is_refused_before_uploading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from device.errors import DeviceError

    monkeypatch.setattr(protocol, "MAX_CRUISE_STEPS", 100)  # 2**24 steps is slow to plan
    limits = MotionLimits(max_speed=2000.0, max_accel=20000.0, max_jerk=400000.0)
    with pytest.raises(DeviceError, match=r"would run \d{3} of them at one speed, more than the "
                       r"table controller runs in one move \(100\); move in shorter parts"):
        controller_move(plan_move(400, limits))
