"""Backends are chosen from one table: name -> openers of the spinner, tray, dice reader, clock."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.config import BACKENDS, Config
from device import backends, sim
from device.backend import DiceReader, SpinnerBackend, TrayInputs
from device.backends import BACKEND_OPENERS, BackendOpeners
from device.clock import Clock, RealClock, VirtualClock
from device.errors import DeviceUnavailable


def test_every_configurable_backend_has_openers_and_nothing_else_does() -> None:
    assert set(BACKEND_OPENERS) == set(BACKENDS)


def test_the_table_entry_of_the_configured_backend_opens_every_device(
    sim_config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    clock = VirtualClock()
    spinner_backend = sim.open_sim_spinner(sim_config, clock)
    tray_inputs = sim.SimTray(clock)
    reader = sim.SimDiceReader()

    def spinner(_config: Config, _clock: Clock) -> SpinnerBackend:
        opened.append("spinner")
        return spinner_backend

    def tray(_config: Config, _clock: Clock) -> TrayInputs:
        opened.append("tray")
        return tray_inputs

    def dice_reader(_config: Config) -> DiceReader:
        opened.append("dice reader")
        return reader

    def own_clock(_config: Config) -> Clock:
        opened.append("clock")
        return clock

    openers = BackendOpeners(spinner, tray, dice_reader, own_clock)
    monkeypatch.setitem(BACKEND_OPENERS, "sim", openers)
    assert backends.open_spinner(sim_config).backend is spinner_backend
    assert backends.open_tray_inputs(sim_config, clock) is tray_inputs
    assert backends.open_dice_reader(sim_config) is reader
    assert backends.make_clock(sim_config) is clock
    assert opened == ["clock", "spinner", "tray", "dice reader", "clock"]


def test_the_sim_backend_opens_simulated_devices_on_a_virtual_clock(sim_config: Config) -> None:
    clock = backends.make_clock(sim_config)
    assert isinstance(clock, VirtualClock)
    spinner = backends.open_spinner(sim_config, clock)
    assert isinstance(spinner.backend, sim.SimSpinner)
    spinner.close()
    assert isinstance(backends.open_tray_inputs(sim_config, clock), sim.SimTray)
    assert isinstance(backends.open_dice_reader(sim_config), sim.SimDiceReader)


def test_real_hardware_and_a_real_time_sim_run_on_the_real_clock(sim_config: Config) -> None:
    real_time_sim = replace(sim_config, sim=replace(sim_config.sim, real_time=True))
    assert isinstance(backends.make_clock(real_time_sim), RealClock)
    for name in ("gpio", "serial"):
        assert isinstance(backends.make_clock(replace(sim_config, backend=name)), RealClock)


def test_a_backend_name_not_in_the_table_is_refused_with_the_names_to_use(
    sim_config: Config,
) -> None:
    with pytest.raises(DeviceUnavailable, match='no backend named "pigpio"; set backend to one of'):
        backends.open_spinner(replace(sim_config, backend="pigpio"))
