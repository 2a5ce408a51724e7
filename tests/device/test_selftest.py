"""`companion hw test`: each device's check tells the truth, OK or the reason."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.config import Config, parse_config
from device import selftest, sim
from device.clock import Clock, VirtualClock
from device.selftest import Check, Reason


def sim_with(**sections: dict[str, object]) -> Config:
    return parse_config({"backend": "sim", **sections}, source="test.toml")


def spinner_that(monkeypatch: pytest.MonkeyPatch,
                 after_homing: Callable[[sim.SimSpinner], None]) -> None:
    """Open the simulated spinner so that `after_homing` runs once homing is done."""
    original = sim.open_sim_spinner

    def opened(config: Config, clock: Clock) -> sim.SimSpinner:
        spinner = original(config, clock)
        home = spinner.home

        def home_then(plan):  # type: ignore[no-untyped-def]
            report = home(plan)
            after_homing(spinner)
            return report

        spinner.home = home_then  # type: ignore[method-assign]
        return spinner

    monkeypatch.setattr(sim, "open_sim_spinner", opened)


def test_a_spinner_that_passes_home_on_count_is_ok() -> None:
    check = selftest.check_spinner(sim_with(), VirtualClock())
    assert check.ok and check.detail.endswith("a full turn passed home on count")


@pytest.mark.parametrize("lost", [1, 8])
def test_a_home_pass_a_few_steps_late_is_judged_by_the_tolerance(
    monkeypatch: pytest.MonkeyPatch, lost: int
) -> None:
    spinner_that(monkeypatch, lambda spinner: spinner.stepper.lose_next(lost))
    check = selftest.check_spinner(sim_with(), VirtualClock())
    assert check.ok, check.line()
    assert f"passed home {lost} step(s) late, within the tolerance of 8" in check.detail


def test_missed_steps_beyond_the_tolerance_fail_with_the_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spinner_that(monkeypatch, lambda spinner: spinner.stepper.lose_next(20))
    check = selftest.check_spinner(sim_with(), VirtualClock())
    assert not check.ok
    assert check.detail.startswith("The spinner was +20 steps off at a home pass (missed steps).")
    assert "more than the tolerance of 8" in check.detail


def test_steady_missed_steps_are_reported_as_such(monkeypatch: pytest.MonkeyPatch) -> None:
    # One step in 500: about 3 a turn, within the tolerance; the line says how many.
    check = selftest.check_spinner(sim_with(sim={"missed_step_every": 500}), VirtualClock())
    assert check.ok, check.line()
    assert "step(s) late, within the tolerance of 8" in check.detail


def test_a_sensor_that_never_fires_in_the_turn_fails_saying_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def blind(spinner: sim.SimSpinner) -> None:
        spinner.home_sensor.dead = True

    spinner_that(monkeypatch, blind)
    check = selftest.check_spinner(sim_with(), VirtualClock())
    assert not check.ok
    assert "the home sensor did not fire in a turn of 390 degrees" in check.detail


ENGLISH_LINES = [
    (Check.failed("spinner (sim, step_dir)", "The spinner's home sensor was not found."),
     "spinner (sim, step_dir): FAILED: The spinner's home sensor was not found."),
    (Check.of("spinner (gpio, step_dir)", False, Reason.MISSED_STEPS, offset=20, tolerance=8),
     "spinner (gpio, step_dir): FAILED: The spinner was +20 steps off at a home pass (missed "
     "steps). It is more than the tolerance of 8 in one turn at half speed: check the motor "
     "current and that the idol turns freely."),
    (Check.of("spinner (gpio, step_dir)", False, Reason.HOME_NOT_SEEN, homed_s=1.234,
              degrees=390.0),
     "spinner (gpio, step_dir): FAILED: homed in 1.23 s, but the home sensor did not fire in a "
     "turn of 390 degrees: check that it sees the flag at speed, and the motor current (a "
     "stalled motor does not turn)."),
    (Check.of("spinner (sim, step_dir)", True, Reason.HOME_ON_COUNT, homed_s=1.7),
     "spinner (sim, step_dir): OK (homed in 1.70 s; a full turn passed home on count)"),
    (Check.of("spinner (sim, step_dir)", True, Reason.HOME_LATE, homed_s=1.7, steps=3,
              tolerance=8),
     "spinner (sim, step_dir): OK (homed in 1.70 s; a full turn passed home 3 step(s) late, "
     "within the tolerance of 8)"),
    (Check.of("spinner (sim, step_dir)", True, Reason.HOME_EARLY, homed_s=1.7, steps=2,
              tolerance=8),
     "spinner (sim, step_dir): OK (homed in 1.70 s; a full turn passed home 2 step(s) early, "
     "within the tolerance of 8)"),
    (Check.of("dice tray sensor and button (gpio)", True, Reason.TRAY_SKIPPED),
     "dice tray sensor and button (gpio): OK (not enabled in the configuration, skipped)"),
    (Check.of("dice tray sensor and button (sim)", True, Reason.TRAY_SIMULATED),
     "dice tray sensor and button (sim): OK (simulated sensor and button)"),
    (Check.of("dice tray sensor and button (serial)", True, Reason.TRAY_ON_CONTROLLER,
              pull_up=True, active_high=False),
     "dice tray sensor and button (serial): OK (the table controller answers; its sensor pin "
     "is set to pulled up, active low, and its button pin is watched)"),
    (Check.of("dice tray sensor and button (serial)", True, Reason.TRAY_ON_CONTROLLER,
              pull_up=False, active_high=True),
     "dice tray sensor and button (serial): OK (the table controller answers; its sensor pin "
     "is set to no pull, active high, and its button pin is watched)"),
    (Check.of("dice tray sensor and button (gpio)", True, Reason.TRAY_GPIO, sensor_pin=17,
              button_pin=27),
     "dice tray sensor and button (gpio): OK (sensor on GPIO 17, button on GPIO 27)"),
    (Check.of("dice tray sensor and button (gpio)", True, Reason.TRAY_GPIO_NO_BUTTON,
              sensor_pin=17),
     "dice tray sensor and button (gpio): OK (sensor on GPIO 17, no button)"),
    (Check.of("dice source (fair)", True, Reason.DICE_SKIPPED),
     "dice source (fair): OK (tray not enabled, skipped)"),
    (Check.of("dice source (touch)", True, Reason.DICE_TOUCH),
     "dice source (touch): OK (values are entered on the touchscreen)"),
    (Check.of("dice source (fair)", True, Reason.FAIR_ROLL, roll="3 6"),
     "dice source (fair): OK (fair roll from secrets: 3 6)"),
    (Check.of("dice source (fair)", True, Reason.FAIR_ROLL_SEEDED, roll="3 6"),
     "dice source (fair): OK (fair roll from the seeded generator: 3 6)"),
    (Check.of("dice source (serial)", True, Reason.DICE_READ, roll="4 1"),
     "dice source (serial): OK (read: 4 1)"),
    (Check.of("dice source (serial)", True, Reason.DICE_COCKED, roll="4 1"),
     "dice source (serial): OK (cocked: 4 1)"),
    (Check.of("dice source (serial)", False, Reason.READER_UNREADABLE, readings=0,
              unreadable=4),
     "dice source (serial): FAILED: the table controller heard only unreadable lines from the "
     "dice reader (0 reading(s) and 4 unreadable line(s) since it started): check the reader "
     "sends 9600 baud lines of faces such as `3 5`"),
    (Check.of("dice source (serial)", True, Reason.READER_LISTENS, readings=2, unreadable=1),
     "dice source (serial): OK (the table controller listens to the dice reader; 2 reading(s) "
     "and 1 unreadable line(s) since it started)"),
    (Check.of("dice source (serial)", True, Reason.READER_NOT_HEARD, readings=0, unreadable=0),
     "dice source (serial): OK (the table controller listens to the dice reader; 0 reading(s) "
     "and 0 unreadable line(s) since it started (throw dice to check the reader itself))"),
    (Check.of("table controller (/dev/ttyACM0)", True, Reason.CONTROLLER_ANSWERS,
              firmware="1.4.0", protocol="3"),
     "table controller (/dev/ttyACM0): OK (firmware 1.4.0 (protocol 3) answers on its link)"),
    (Check.of("spinner (serial, step_dir)", False, Reason.SHUT_DOWN),
     "spinner (serial, step_dir): FAILED: the spinner was shut down during the test."),
    (Check.of("dice source (fair)", False, Reason.TEST_FAILED, error="boom"),
     "dice source (fair): FAILED: the test itself failed (boom); see the companion's log."),
]
"""Every reason's line in English, as `companion hw test` has always printed it."""


def test_every_reason_of_a_check_has_its_english_line_as_the_command_prints_it() -> None:
    assert {check.reason for check, _line in ENGLISH_LINES} == set(Reason)
    assert [check.line() for check, _line in ENGLISH_LINES] == [
        line for _check, line in ENGLISH_LINES]
