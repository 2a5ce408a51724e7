"""The configuration file: defaults, validation messages, where it is read from."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.config import (
    DEFAULT_SERIAL_PORT,
    Config,
    config_warnings,
    default_config_text,
    load_config,
    parse_config,
    save_seat_angles,
    with_backend,
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
        ("[web]\nport = 0", "web.port", "use a port from 1 to 65535"),
        ("[web]\nport = 65536", "web.port", "use a port from 1 to 65535"),
        ("[sim]\ndead_home_sensor = 1", "sim.dead_home_sensor", "true or false"),
        ("spinner = 3", "spinner", "must be a table"),
        (
            "[spinner.pins]\ndirection = 20",
            "spinner.pins.direction",
            "already used by spinner.pins.step",
        ),
        ("[tray]\nbutton_pin = 26", "tray.button_pin", "already used by spinner.pins.home"),
        ("[spinner.pins]\nenable = 30", "spinner.pins.enable", "or -1 when it is not wired"),
        ("[spinner]\nseat_angles = [0, 90, 90, 180]", "spinner.seat_angles", "the same angle"),
        ("[spinner]\nseat_angles = [0, 360]", "spinner.seat_angles", "the same angle"),
        (
            "[spinner]\nseat_angles = [0, 180, 90, 270]",
            "spinner.seat_angles",
            "e.g. [0, 90, 180, 270]",
        ),
        ("[sim]\nreal_time = 1", "sim.real_time", "got 1; set it to e.g. false"),
        (
            'backend = "serial"\n[spinner]\ndriver = "uln2003"\nmicrostepping = 1',
            "spinner.driver",
            'set backend = "gpio"',
        ),
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


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[spinner.home]\nfast_rps = -0.5", "spinner.home.fast_rps"),  # not "slow is above fast"
        ("[spinner.home]\nslow_rps = 0", "spinner.home.slow_rps"),
        ("[spinner]\nmargin_deg = 50", "spinner.margin_deg"),  # not "seats too close"
        ('[spinner]\ndriver = "uln2003"\nmicrostepping = 0', "spinner.microstepping"),
        ("[spinner]\nsteps_per_rev = 100000\nmicrostepping = 256", "spinner.steps_per_rev"),
    ],
)
def test_a_key_out_of_range_is_reported_once_not_as_the_cause_of_others(
    write_config, text: str, key: str  # type: ignore[no-untyped-def]
) -> None:
    path = write_config(text + "\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    lines = str(caught.value).splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}: {key} is ")


@pytest.mark.parametrize(
    ("steps_per_rev", "microstepping", "accepted"),
    [(200, 256, True), (400, 128, True), (400, 256, False), (4096, 16, False)],
)
def test_a_turn_may_have_at_most_51200_steps(
    steps_per_rev: int, microstepping: int, accepted: bool
) -> None:
    data = {"spinner": {"steps_per_rev": steps_per_rev, "microstepping": microstepping}}
    if accepted:
        assert parse_config(data).spinner.steps_per_turn <= 51_200
        return
    with pytest.raises(ConfigError) as caught:
        parse_config(data, source="c.toml")
    assert str(caught.value).startswith(
        f"c.toml: spinner.microstepping is {microstepping} with steps_per_rev = "
        f"{steps_per_rev}: {steps_per_rev * microstepping:,} steps a turn, more than the "
        "companion plans (51,200"
    )
    assert "set steps_per_rev to the motor's full steps" in str(caught.value)


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


def test_config_check_warns_when_gpio_cannot_keep_up_with_the_files_own_speed(
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    text = 'backend = "gpio"\n[spinner]\nmax_speed_rps = 2.5\n'
    assert main(["config", "check", str(write_config(text))]) == 0
    assert 'use backend = "serial"' in capsys.readouterr().err


def test_the_gpio_backend_defaults_to_a_speed_it_steps_steadily_and_does_not_warn(
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    assert main(["config", "check", str(write_config('backend = "gpio"\n'))]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "max_speed_rps = 0.625\n" in captured.out  # 1,000 steps/s at 1,600 steps a turn


def test_choosing_the_gpio_backend_on_the_command_line_brings_its_default_speed() -> None:
    config = with_backend(parse_config({}), "gpio")
    assert config.spinner.max_speed_rps == 0.625
    assert config_warnings(config) == []
    assert with_backend(config, "serial").spinner.max_speed_rps == 2.5


def test_config_check_warns_when_a_28byj48_would_stall(
    write_config, capsys: pytest.CaptureFixture[str]  # type: ignore[no-untyped-def]
) -> None:
    text = '[spinner]\ndriver = "uln2003"\nsteps_per_rev = 4096\nmicrostepping = 1\n'
    assert main(["config", "check", str(write_config(text))]) == 0
    assert "28BYJ-48 stalls" in capsys.readouterr().err


def test_config_default_prints_the_documented_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["config", "default"]) == 0
    assert capsys.readouterr().out == default_config_text()


@pytest.mark.parametrize(
    "seat_angles",
    [
        [0, 90, 180, 270],
        [270, 0, 90, 180],  # starts anywhere round the table
        [0, 270, 180, 90],  # play goes the other way round
        [300, 20],
        [10, 250, 130],
    ],
)
def test_seats_listed_round_the_table_in_either_direction_are_accepted(
    write_config, seat_angles: list[int]  # type: ignore[no-untyped-def]
) -> None:
    config = load_config(write_config(f"[spinner]\nseat_angles = {seat_angles}\n"))
    assert config.spinner.seat_angles == tuple(float(a) for a in seat_angles)


def test_pins_of_the_driver_not_in_use_may_overlap(write_config) -> None:  # type: ignore[no-untyped-def]
    # The ULN2003 coils are unused with a step/dir driver, so they may share pins.
    config = load_config(write_config("[spinner.pins]\ncoils = [20, 21, 16, 26]\n"))
    assert config.spinner.pins.coils == (20, 21, 16, 26)


def test_a_disabled_tray_frees_its_pins(write_config) -> None:  # type: ignore[no-untyped-def]
    config = load_config(write_config("[tray]\nenabled = false\nsensor_pin = 20\n"))
    assert config.tray.sensor_pin == 20


BROKEN_FILES = [
    ("syntax.toml", b"[spinner\nmode = 1\n", "not valid TOML"),
    ("latin1.toml", b"# caf\xe9\n[spinner]\n", "is not UTF-8 text"),
    ("types.toml", b"[spinner]\nextra_revolutions = true\n", "got true; set it to e.g. 2"),
    ("unknown.toml", b"[spinner]\nspeed = 3\n", "spinner.speed is not a known key"),
    ("pins.toml", b"[spinner.pins]\nstep = 40\n", "spinner.pins.step is 40"),
    ("dup.toml", b"[tray]\nsensor_pin = 21\n", "tray.sensor_pin is GPIO 21, already used"),
    ("order.toml", b"[spinner]\nseat_angles = [0, 180, 90, 270]\n", "playing order"),
]


@pytest.mark.parametrize(("name", "content", "message"), BROKEN_FILES)
def test_config_check_explains_a_broken_file_without_a_traceback(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    content: bytes,
    message: str,
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    assert main(["config", "check", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{path}: " in captured.err and message in captured.err
    assert "Traceback" not in captured.err


def test_config_check_on_a_directory_names_the_file_to_give(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["config", "check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path}: is a directory" in err and str(tmp_path / "config.toml") in err


def test_config_check_on_a_missing_file_says_how_to_make_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["config", "check", str(tmp_path / "absent.toml")]) == 1
    err = capsys.readouterr().err
    assert "no such configuration file" in err and "companion config default" in err


def test_a_seats_file_that_is_a_directory_is_an_error_naming_the_key(
    write_config, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    path = write_config(f'[spinner]\nseats_file = "{tmp_path}"\n')
    with pytest.raises(ConfigError, match=rf"{path}: spinner.seats_file names .* a directory"):
        load_config(path)


def test_saving_seats_out_of_playing_order_changes_nothing(sim_config: Config) -> None:
    with pytest.raises(ConfigError, match="playing order"):
        save_seat_angles(sim_config, (0.0, 180.0, 90.0, 270.0))
    assert load_config(sim_config.source).spinner.seat_angles == (0.0, 90.0, 180.0, 270.0)
