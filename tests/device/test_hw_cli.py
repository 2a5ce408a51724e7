"""`companion hw ...`: the command-line contract."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.app.cli import main
from companion.app.commands import hw
from device.clock import VirtualClock
from device.spinner import MissedSteps, SpinOutcome


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_spin_json_lists_every_spin_with_the_documented_keys(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        ["hw", "spin", "--backend", "sim", "--seats", "3", "--spins", "5", "--json"], capsys
    )
    assert code == 0
    spins = json.loads(out)["spins"]
    assert len(spins) == 5
    for spin in spins:
        assert set(spin) == {"result", "stop_angle_deg", "revolutions", "duration_s"}
        assert spin["result"] in (0, 1, 2)
        assert 0 <= spin["stop_angle_deg"] < 360
        assert spin["revolutions"] >= 3  # one turn plus two extra by default
        assert 0 < spin["duration_s"] < 4


def test_seats_are_numbered_from_zero_in_the_order_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["hw", "spin", "--seat-angles", "270,0,90", "--spins", "30", "--json"]
    code, out, _ = run([*args, "--mode", "fair"], capsys)
    assert code == 0
    for spin in json.loads(out)["spins"]:
        seat_angle = (270.0, 0.0, 90.0)[spin["result"]]
        gap = abs((spin["stop_angle_deg"] - seat_angle + 180) % 360 - 180)
        assert gap < 90


def test_physical_mode_with_a_wide_margin_returns_seat_pairs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["hw", "spin", "--seats", "4", "--spins", "40", "--mode", "physical"]
    code, out, _ = run([*args, "--margin", "40", "--json"], capsys)
    assert code == 0
    results = [spin["result"] for spin in json.loads(out)["spins"]]
    pairs = [r for r in results if isinstance(r, list)]
    assert pairs and all(len(p) == 2 and p[0] != p[1] for p in pairs)


def test_spin_prints_one_line_per_spin_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["hw", "spin", "--spins", "3"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 3 and all(
        line.startswith(f"spin {i + 1}: seat") for i, line in enumerate(lines)
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "1"], "--seats must be 2 to 10"),
        (["--seat-angles", "0,abc"], "degrees separated by commas"),
        (["--seat-angles", "0,0.0"], "the same angle"),
        (["--seat-angles", "0,180,90,270"], "playing order"),
        (["--seats", "10", "--margin", "20", "--mode", "fair"], "too narrow"),
        (["--spins", "0"], "--spins must be 1"),
        (["--margin", "-2"], "--margin must be 0 to 45"),
    ],
)
def test_bad_spin_options_get_a_sentence_and_exit_1(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["hw", "spin", *args], capsys)
    assert code == 1 and out == ""
    assert message in err


@pytest.mark.parametrize(
    ("fault", "told"),
    [
        (MissedSteps(37, 3, 3), "(missed 37 steps: re-homed and corrected)"),
        (MissedSteps(-12, 3, 3), "(ran 12 steps ahead: re-homed and corrected)"),
        (MissedSteps(0, 3, 0), "(the home sensor did not fire where expected: re-homed and"
                               " corrected)"),
    ],
)
def test_a_spin_line_says_what_made_the_spinner_rehome(fault: MissedSteps, told: str) -> None:
    outcome = SpinOutcome((1,), 90.0, 3.0, 2.5, missed_steps=fault.offset, rehomed=True,
                          fault=fault)
    line = hw._spin_line(1, outcome)
    assert line.endswith(told)
    assert "missed 0" not in line


FALLBACK_SENTENCE = (
    "At the table, the companion would fall back to a software pick for each spin, shown on"
    " the screen, until the spinner works."
)


def test_a_dead_sensor_fails_the_spin_test_and_says_the_table_would_pick_in_software(
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    path = write_config('backend = "sim"\n[sim]\ndead_home_sensor = true\n')
    code, out, err = run(["hw", "spin", "--config", str(path), "--json"], capsys)
    assert code == 1
    assert json.loads(out)["spins"][0]["revolutions"] == 0.0
    assert "software pick" in err and "home sensor" in err
    assert FALLBACK_SENTENCE in err


def test_spinning_on_the_serial_backend_with_no_board_fails_and_says_what_the_table_does(
    write_config, tmp_path: Path, capsys: pytest.CaptureFixture[str]  # type: ignore[no-untyped-def]
) -> None:
    # No board: the configured port names nothing (no device file matches it).
    missing = tmp_path / "no-such-board" / "ttyACM9"
    path = write_config(
        f'backend = "sim"\n[serial]\nport = "{missing}"\nhandshake_timeout_s = 0.2\n'
    )
    code, out, err = run(["hw", "spin", "--config", str(path), "--backend", "serial"], capsys)
    assert code == 1
    assert out.startswith("spin 1: seat ") and "software pick" in out
    assert f"The table controller is not connected: no board matches {missing}" in err
    assert FALLBACK_SENTENCE in err


def test_home_reports_success(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["hw", "home"], capsys)
    assert code == 0 and out.startswith("spinner homed in")


def test_home_fails_with_the_reason(write_config, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    path = write_config('backend = "sim"\n[sim]\ndead_home_sensor = true\n')
    code, _, err = run(["hw", "home", "--config", str(path)], capsys)
    assert code == 1 and "home sensor was not found" in err


def test_self_test_prints_ok_for_every_device(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["hw", "test"], capsys)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert all(": OK (" in line for line in lines)


def test_self_test_names_the_failing_device_and_the_reason(
    write_config,
    capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    path = write_config('backend = "sim"\n[sim]\ndead_home_sensor = true\n')
    code, out, _ = run(["hw", "test", "--config", str(path)], capsys)
    assert code == 1
    assert out.splitlines()[0].startswith("spinner (sim, step_dir): FAILED: ")
    assert "home sensor" in out.splitlines()[0]


HOMED = r"homed in \d+\.\d\d s"
ROLL = r"\d \d"
SELF_TEST_LINES = {
    "": [
        rf"spinner \(sim, step_dir\): OK \({HOMED}; a full turn passed home on count\)",
        r"dice tray sensor and button \(sim\): OK \(simulated sensor and button\)",
        rf"dice source \(fair\): OK \(fair roll from secrets: {ROLL}\)",
    ],
    "[sim]\ndead_home_sensor = true\n": [
        r"spinner \(sim, step_dir\): FAILED: The spinner's home sensor was not found in \d+ steps"
        r" \(more than a turn\): check the sensor's wiring and that the pointer turns freely\.",
        r"dice tray sensor and button \(sim\): OK \(simulated sensor and button\)",
        rf"dice source \(fair\): OK \(fair roll from secrets: {ROLL}\)",
    ],
    "[sim]\nmissed_step_every = 50\n": [
        r"spinner \(sim, step_dir\): FAILED: The spinner was \+\d+ steps off at a home pass "
        r"\(missed steps\)\. It is more than the tolerance of 8 in one turn at half speed: check "
        r"the motor current and that the idol turns freely\.",
        r"dice tray sensor and button \(sim\): OK \(simulated sensor and button\)",
        rf"dice source \(fair\): OK \(fair roll from secrets: {ROLL}\)",
    ],
    "[tray]\nenabled = false\n": [
        rf"spinner \(sim, step_dir\): OK \({HOMED}; a full turn passed home on count\)",
        r"dice tray sensor and button \(sim\): OK \(not enabled in the configuration, "
        r"skipped\)",
        r"dice source \(fair\): OK \(tray not enabled, skipped\)",
    ],
    "[tray]\ndice_source = \"touch\"\n": [
        rf"spinner \(sim, step_dir\): OK \({HOMED}; a full turn passed home on count\)",
        r"dice tray sensor and button \(sim\): OK \(simulated sensor and button\)",
        r"dice source \(touch\): OK \(values are entered on the touchscreen\)",
    ],
}
"""`companion hw test`'s English lines, a public interface: exactly as printed (the times, the
steps and the roll vary)."""


@pytest.mark.parametrize("config", SELF_TEST_LINES, ids=["ok", "dead_sensor", "missed_steps",
                                                          "no_tray", "touch_dice"])
def test_self_test_prints_each_devices_line_in_english_as_it_always_has(
    write_config, config: str, capsys: pytest.CaptureFixture[str],  # type: ignore[no-untyped-def]
) -> None:
    path = write_config(f'backend = "sim"\n{config}')
    code, out, _ = run(["hw", "test", "--config", str(path)], capsys)
    lines = out.splitlines()
    assert len(lines) == len(SELF_TEST_LINES[config]), out
    for line, pattern in zip(lines, SELF_TEST_LINES[config], strict=True):
        assert re.fullmatch(pattern, line), line
    assert code == (1 if "FAILED" in out else 0)


def test_tray_simulated_throws_print_a_throw_and_a_settle_each(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(["hw", "tray", "--backend", "sim", "--simulate-throws", "3"], capsys)
    assert code == 0
    kinds = [line.split()[1].rstrip(":") for line in out.splitlines()]
    assert kinds == ["throw", "settled"] * 3
    assert all(len(line.split(":")[1].split()) == 2 for line in out.splitlines()[1::2])


def test_interactive_sim_tray_throws_on_enter(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\nb\nq\n"))
    code, out, _ = run(["hw", "tray"], capsys)
    assert code == 0
    kinds = [line.split()[1].rstrip(":") for line in out.splitlines()[1:]]
    assert kinds == ["throw", "settled", "button"]


@pytest.mark.parametrize("value", ["-3", "0", "nan", "-0.5", "2.5", "many"])
def test_tray_refuses_a_throw_count_that_is_not_one_or_more_with_a_sentence_and_exit_2(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["hw", "tray", "--backend", "sim", f"--simulate-throws={value}"])
    captured = capsys.readouterr()
    assert stopped.value.code == 2 and captured.out == ""
    assert (
        f"argument --simulate-throws: give a whole number of throws, 1 or more, not {value!r}."
        in captured.err
    )


@pytest.mark.parametrize("value", ["-1", "0", "-0.0", "nan", "NaN", "inf", "soon"])
def test_tray_refuses_a_watch_duration_that_is_not_above_zero_with_a_sentence_and_exit_2(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["hw", "tray", "--backend", "sim", f"--duration={value}"])
    captured = capsys.readouterr()
    assert stopped.value.code == 2 and captured.out == ""
    assert (
        f"argument --duration: give the seconds to watch, above 0 (such as 30), not {value!r};"
        " leave it out to watch until Ctrl-C." in captured.err
    )


def test_tray_watches_for_the_duration_given_in_seconds(
    mock_factory: MockFactory,
    virtual_clock: VirtualClock,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The gpio tray on mock pins: the watch is the path that honours --duration.
    monkeypatch.setattr(hw, "_clock", lambda _config: virtual_clock)
    start = virtual_clock.now()
    code, out, _ = run(["hw", "tray", "--backend", "gpio", "--duration", "0.5"], capsys)
    assert code == 0 and out.startswith("watching the tray")
    assert 0.5 <= virtual_clock.now() - start < 0.6


def test_simulated_throws_need_the_sim_backend(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["hw", "tray", "--backend", "gpio", "--simulate-throws", "1"], capsys)
    assert code == 1 and "--backend sim" in err


def test_calibrate_from_stdin_saves_each_seat(
    isolated_state: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    keys = "FFFFFFFFF s " + "FFFFFFFFF" * 2 + " s " + "FFFFFFFFF" + "s w"
    monkeypatch.setattr("sys.stdin", io.StringIO(keys))
    code, out, _ = run(["hw", "calibrate"], capsys)
    assert code == 0
    assert "seat 2 saved" in out
    saved = tomllib.loads((isolated_state / "seats.toml").read_text())
    angles = saved["seat_angles"]
    # Ten-degree jogs land on whole degrees: 9, 18 and 9 jogs from home.
    assert angles == pytest.approx([90.0, 270.0, 0.0], abs=0.25)
    # The next spin uses the calibrated seats.
    code, out, _ = run(["hw", "spin", "--spins", "20", "--json"], capsys)
    assert {spin["result"] for spin in json.loads(out)["spins"]} <= {0, 1, 2}


def test_calibrate_refuses_seats_too_close_and_lets_you_undo(
    isolated_state: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("FFFFs" + "fffff" + "sw" + "u" + "F" * 18 + "sw"))
    code, out, _ = run(["hw", "calibrate"], capsys)
    assert code == 0
    assert "cannot write" in out and "too close" in out
    assert "forgotten" in out
    saved = tomllib.loads((isolated_state / "seats.toml").read_text())
    assert len(saved["seat_angles"]) == 2


def test_calibrate_quit_writes_nothing(
    isolated_state: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("FsFFFFFsq"))
    code, out, _ = run(["hw", "calibrate"], capsys)
    assert code == 0 and "quit without writing" in out
    assert not (isolated_state / "seats.toml").exists()


def test_calibrate_input_ending_early_is_reported(
    isolated_state: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("Fs"))
    code, _, err = run(["hw", "calibrate"], capsys)
    assert code == 1 and "not written" in err


def test_python_dash_m_companion_hw_spin_json(isolated_state: Path, tmp_path: Path) -> None:
    env = {"STATE_DIRECTORY": str(isolated_state), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "hw",
            "spin",
            "--backend",
            "sim",
            "--spins",
            "2",
            "--json",
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)["spins"]) == 2


def test_watching_a_disabled_tray_says_how_to_enable_it(
    write_config, capsys: pytest.CaptureFixture[str]  # type: ignore[no-untyped-def]
) -> None:
    path = write_config('backend = "sim"\n[tray]\nenabled = false\n')
    code, _, err = run(["hw", "tray", "--config", str(path), "--simulate-throws", "1"], capsys)
    assert code == 1 and "tray.enabled = false" in err


def test_self_test_turns_a_28byj48_that_is_released_between_moves(
    write_config, capsys: pytest.CaptureFixture[str]  # type: ignore[no-untyped-def]
) -> None:
    path = write_config(
        'backend = "sim"\n[spinner]\ndriver = "uln2003"\nsteps_per_rev = 4096\n'
        "microstepping = 1\nmax_speed_rps = 0.12\n"
    )
    code, out, _ = run(["hw", "test", "--config", str(path)], capsys)
    assert code == 0, out
    assert out.splitlines()[0].startswith("spinner (sim, uln2003): OK")


def test_ctrl_c_during_a_spin_stops_with_a_sentence_and_releases_the_motor(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from device.sim import SimSpinner
    from device.spinner import Spinner

    opened: list[SimSpinner] = []

    def interrupted_spin(self: Spinner, *args: object) -> None:
        assert isinstance(self.backend, SimSpinner)
        opened.append(self.backend)
        raise KeyboardInterrupt

    monkeypatch.setattr(Spinner, "spin", interrupted_spin)
    code, out, err = run(["hw", "spin", "--spins", "3"], capsys)
    assert code == 130 and out == ""
    assert "stopped by Ctrl-C" in err and "Traceback" not in err
    assert opened[0].stepper.closed and not opened[0].stepper.enabled


def test_a_dead_sensor_is_reported_once_from_a_fresh_process(
    write_config, isolated_state: Path, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    path = write_config('backend = "sim"\n[sim]\ndead_home_sensor = true\n')
    env = {"STATE_DIRECTORY": str(isolated_state), "PATH": "/usr/bin:/bin"}
    result = subprocess.run(
        [sys.executable, "-m", "companion", "hw", "home", "--config", str(path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1 and result.stdout == ""
    # The reason once, as a sentence; the device log does not print it again.
    assert result.stderr.count("home sensor was not found") == 1
    assert result.stderr.startswith("companion: The spinner's home sensor")


def test_stepping_the_reference_build_from_gpio_warns_before_it_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The reference build's speed, written out (left out, gpio has a default speed of its own).
    path = tmp_path / "config.toml"
    path.write_text("[spinner]\nmax_speed_rps = 2.5\n", encoding="utf-8")
    # (--simulate-throws then refuses gpio: the warning came first, nothing was opened.)
    argv = ["hw", "tray", "--config", str(path), "--backend", "gpio", "--simulate-throws", "1"]
    _code, _out, err = run(argv, capsys)
    assert 'use backend = "serial"' in err
    assert "4000 steps/s" in err
