"""`companion hw test`: each device's check tells the truth, OK or the reason."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.config import Config, parse_config
from device import selftest, sim
from device.clock import Clock, VirtualClock


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
