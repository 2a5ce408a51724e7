"""The one sentence that says which devices a run drives, in the journal; the screen says
what it plays without in a family's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.product import devices_sentence
from companion.config import load_config


def config_with(tmp_path: Path, backend: str) -> object:
    path = tmp_path / "config.toml"
    path.write_text(f'backend = "{backend}"\n', encoding="utf-8")
    return load_config(path)


def test_real_hardware_is_named_when_it_opened(tmp_path: Path) -> None:
    config = config_with(tmp_path, "gpio")
    assert devices_sentence(config) == "Devices: this Raspberry Pi's pins (gpio backend)."


def test_the_pico_is_not_said_to_run_before_its_link_has_answered(tmp_path: Path) -> None:
    config = config_with(tmp_path, "serial")
    assert devices_sentence(config) == (
        "Devices: the Pico table controller on USB (serial backend), once it answers.")


def test_hardware_that_could_not_be_opened_is_not_called_in_use(tmp_path: Path) -> None:
    config = config_with(tmp_path, "serial")
    neither = devices_sentence(config, spinner_opened=False, tray_opened=False)
    assert neither.startswith("Devices: none could be opened on the Pico table controller")
    assert "picks the spins and rolls the dice itself" in neither
    no_spinner = devices_sentence(config, spinner_opened=False)
    assert "but the spinner could not be opened" in no_spinner


def test_the_simulator_says_why_it_simulates(tmp_path: Path) -> None:
    assert "backend = \"sim\" in the config" in devices_sentence(config_with(tmp_path, "sim"))


def test_the_devices_sentence_is_in_the_journal_and_covers_no_player_on_the_screen(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
    from companion.app.product import RunRequest, open_product, screen_ports
    from companion.ports import DevicesMissing

    config = config_with(tmp_path, "auto")
    request = RunRequest(port=0, db=tmp_path / "log.db", headless=True, size=(800, 480))
    with caplog.at_level("INFO"), open_product(request, config) as product:
        ports = screen_ports(product, request)
    assert "Devices: simulated (no Raspberry Pi found" in caplog.text
    assert ports.said == ""
    assert ports.missing == DevicesMissing()  # simulated on a laptop, as asked: nothing missing


def test_configured_hardware_that_could_not_be_opened_is_missing_for_the_screen(
    tmp_path: Path,
) -> None:
    from companion.app.product import _missing
    from companion.ports import DevicesMissing

    gpio = config_with(tmp_path, "gpio")
    assert _missing(gpio, spinner_opened=False, tray_opened=True) == DevicesMissing(spinner=True)
    assert _missing(gpio, spinner_opened=True, tray_opened=True) == DevicesMissing()
    sim = config_with(tmp_path, "sim")
    assert _missing(sim, spinner_opened=False, tray_opened=False) == DevicesMissing()
