"""The configuration file: defaults, validation messages, where it is read from."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.cli import main
from companion.config import (
    DEFAULT_SERIAL_PORT,
    Config,
    default_config_text,
    load_config,
    parse_config,
    save_seat_angles,
)
from companion.errors import ConfigError


def test_the_documented_default_file_is_exactly_the_built_in_defaults() -> None:
    documented = parse_config(tomllib.loads(default_config_text()), source="default")
    built_in = parse_config({}, source="default")
    assert documented.to_dict() == built_in.to_dict()


def test_nothing_configured_and_no_pi_means_the_sim_backend() -> None:
    config = load_config()
    assert config.backend == "sim" and config.backend_setting == "auto"
    assert config.source == "built-in defaults"


def test_serial_backend_accepts_its_keys(write_config) -> None:  # type: ignore[no-untyped-def]
    path = write_config(
        'backend = "serial"\n[serial]\nport = "/dev/ttyACM0"\nbaud = 921600\n'
        "timeout_s = 0.5\nack_timeout_s = 0.1\nretries = 3\n"
    )
    config = load_config(path)
    assert config.backend == "serial"
    assert (config.serial.port, config.serial.baud, config.serial.retries) == (
        "/dev/ttyACM0",
        921600,
        3,
    )


def test_default_serial_port_is_the_picos_stable_name() -> None:
    assert load_config().serial.port == DEFAULT_SERIAL_PORT
    assert DEFAULT_SERIAL_PORT.startswith("/dev/serial/by-id/usb-MicroPython")


@pytest.mark.parametrize(
    ("text", "key", "fix"),
    [
        ('backend = "gpoi"', "backend", 'use one of "auto", "gpio", "serial", "sim"'),
        ('[spinner]\nmax_speed_rps = "fast"', "spinner.max_speed_rps", "set it to e.g. 2.5"),
        ("[spinner]\nmax_speed_rps = 0", "spinner.max_speed_rps", "set it to e.g. 2.5"),
        ("[spinner]\nmicrostepping = 8.5", "spinner.microstepping", "whole number"),
        ('[spinner]\ndriver = "a4988"', "spinner.driver", '"step_dir", "uln2003"'),
        ('[spinner]\nmode = "random"', "spinner.mode", '"fair", "physical"'),
        ("[spinner]\nseat_angles = [10]", "spinner.seat_angles", "companion hw calibrate"),
        ("[spinner]\nseat_angles = [0, 3]", "spinner.seat_angles", "lower margin_deg"),
        ("[spinner]\nspeed = 3", "spinner.speed", "remove it"),
        ("[spinner.pins]\nstep = 40", "spinner.pins.step", "BCM number from 0 to 27"),
        ("[spinner.pins]\ncoils = [1, 2]", "spinner.pins.coils", "list of 4 pin numbers"),
        ("[spinner.home]\nslow_rps = 2.0", "spinner.home.slow_rps", "must be slower"),
        ('[spinner]\ndriver = "uln2003"', "spinner.microstepping", "set microstepping = 1"),
        ("[tray]\nsettle_s = -1", "tray.settle_s", "set it to e.g. 0.8"),
        ('[tray]\ndice_source = "camera"', "tray.dice_source", '"touch", "fair", "serial"'),
        ("[tray]\nsensor_pull_up = true", "tray.sensor_active_high", "set sensor_active_high"),
        ('[serial]\nport = ""', "serial.port", DEFAULT_SERIAL_PORT),
        ("[sim]\ndead_home_sensor = 1", "sim.dead_home_sensor", "true or false"),
        ("spinner = 3", "spinner", "must be a table"),
    ],
)
def test_a_bad_value_names_the_file_the_key_and_the_fix(
    write_config,
    text: str,
    key: str,
    fix: str,  # type: ignore[no-untyped-def]
) -> None:
    path = write_config(text + "\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    message = str(caught.value)
    assert f"{path}: {key} " in message
    assert fix in message


def test_every_error_is_reported_at_once(write_config) -> None:  # type: ignore[no-untyped-def]
    path = write_config('backend = "x"\n[tray]\ndice_count = 0\n[spinner]\nsteps_per_rev = 1\n')
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert len(str(caught.value).splitlines()) == 3


def test_broken_toml_names_the_file_and_says_to_fix_the_syntax(write_config) -> None:  # type: ignore[no-untyped-def]
    path = write_config("[spinner\nmode = 'fair'\n")
    with pytest.raises(ConfigError, match=f"{path}: not valid TOML .*fix the syntax"):
        load_config(path)


def test_a_missing_named_file_is_an_error_not_the_defaults(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such configuration file"):
        load_config(tmp_path / "absent.toml")


def test_the_environment_variable_names_the_file(
    write_config,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setenv("COMPANION_CONFIG", str(write_config('[spinner]\nmode = "physical"\n')))
    assert load_config().spinner.mode == "physical"


def test_an_explicit_file_wins_over_the_environment(
    write_config,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.setenv("COMPANION_CONFIG", str(write_config('[spinner]\nmode = "physical"\n')))
    explicit = write_config('[spinner]\nmode = "fair"\n', name="explicit.toml")
    assert load_config(explicit).spinner.mode == "fair"


def test_the_system_file_is_read_when_present(
    write_config,
    monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    system = write_config("[tray]\ndice_count = 3\n", name="etc.toml")
    monkeypatch.setattr("companion.config.SYSTEM_CONFIG_PATH", system)
    assert load_config().tray.dice_count == 3


def test_calibrated_seats_persist_and_override_the_file(sim_config: Config) -> None:
    path = save_seat_angles(sim_config, (10.0, 130.0, 250.0))
    reloaded = load_config(sim_config.source)
    assert reloaded.spinner.seat_angles == (10.0, 130.0, 250.0)
    assert reloaded.seats_source == str(path)


def test_saving_seats_too_close_changes_nothing(sim_config: Config) -> None:
    with pytest.raises(ConfigError, match="too close"):
        save_seat_angles(sim_config, (10.0, 11.0))
    assert load_config(sim_config.source).spinner.seat_angles == (0.0, 90.0, 180.0, 270.0)


def test_config_check_prints_the_effective_configuration(
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    path = write_config('backend = "sim"\n[spinner]\nextra_revolutions = 3\n')
    assert main(["config", "check", str(path)]) == 0
    out = capsys.readouterr().out
    effective = tomllib.loads(out)
    assert effective["spinner"]["extra_revolutions"] == 3
    assert effective["tray"]["settle_s"] == 0.8
    assert f"from {path}" in out


def test_config_check_lists_the_errors_and_fails(
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    path = write_config("[spinner]\nmargin_deg = 90\n")
    assert main(["config", "check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{path}: spinner.margin_deg is 90.0, outside 0 to 45" in captured.err


def test_config_check_warns_when_gpio_cannot_keep_up(
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    assert main(["config", "check", str(write_config('backend = "gpio"\n'))]) == 0
    assert 'use backend = "serial"' in capsys.readouterr().err


def test_config_check_warns_when_a_28byj48_would_stall(
    write_config, capsys: pytest.CaptureFixture[str]  # type: ignore[no-untyped-def]
) -> None:
    text = '[spinner]\ndriver = "uln2003"\nsteps_per_rev = 4096\nmicrostepping = 1\n'
    assert main(["config", "check", str(write_config(text))]) == 0
    assert "28BYJ-48 stalls" in capsys.readouterr().err


def test_config_default_prints_the_documented_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "default"]) == 0
    assert capsys.readouterr().out == default_config_text()
