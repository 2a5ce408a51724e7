"""The hardware test screen: each device's line as it finishes, OK or the reason."""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion import i18n
from companion.config import Config, load_config
from companion.hardware.self_test import HeldDevicesSelfTest
from companion.hardware.table_spinner import TableSpinner
from companion.hardware.table_tray import TrayFeed
from device import selftest
from device.backends import make_clock, open_spinner, open_tray
from device.clock import VirtualClock
from device.selftest import Check, Reason
from tests.catalogs import load_script
from tests.device.test_gpio import MockRotor
from tests.device.test_selftest import ENGLISH_LINES
from tests.ui.companion_rig import WAIT_S, companion
from tests.ui.conftest import Screen
from tests.ui.readable import written
from ui import theme
from ui.screens.hwtest_words import WORDS, line_words

KEYS = ["spinner", "tray", "dice"]


@pytest.fixture(autouse=True)
def state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "state"
    monkeypatch.setenv("STATE_DIRECTORY", str(folder))
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    return folder


def config_of(tmp_path: Path, text: str) -> Config:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return load_config(path)


def table_spinner(config: Config) -> TableSpinner:
    return TableSpinner(open_spinner(config, VirtualClock(), random.Random(2)))


def states(screen: Screen) -> dict[str, str]:
    return {w.name.split(":")[1]: w.text for w in screen.app.scene.visible_widgets()
            if w.name.startswith("state:")}


def line(screen: Screen, key: str) -> str:
    return screen.widget(f"check:{key}").text


def test_with_the_simulated_devices_every_line_is_ok(tmp_path: Path) -> None:
    config = config_of(tmp_path, 'backend = "sim"\n')
    with table_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        screen.run("tap setup", "tap hwtest", "expect Every device passed (3 checks)")
        assert states(screen) == dict.fromkeys(KEYS, "OK")
        assert line(screen, "spinner").startswith(
            "Spinner (simulated, step/dir): OK (homed in ")
        assert spinner.status.available


def test_a_dead_home_sensor_fails_its_line_with_the_reason(tmp_path: Path) -> None:
    config = config_of(tmp_path, 'backend = "sim"\n[sim]\ndead_home_sensor = true\n')
    with table_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        screen.run("tap setup", "tap hwtest", "expect 1 of 3 devices failed")
        assert states(screen) == {"spinner": "FAILED", "tray": "OK", "dice": "OK"}
        assert "FAILED: The spinner's home sensor was not found" in line(screen, "spinner")
        assert "check the sensor's wiring" in line(screen, "spinner")


def test_each_line_shows_as_it_finishes_while_the_screen_stays_live(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reached, release = threading.Event(), threading.Event()
    check_dice = selftest.check_dice

    def held(config: Config, rng: random.Random | None = None) -> Check:
        reached.set()
        assert release.wait(WAIT_S)
        return check_dice(config, rng)

    monkeypatch.setattr(selftest, "check_dice", held)
    config = config_of(tmp_path, 'backend = "sim"\n')
    with table_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        screen.app.go("hwtest")
        assert reached.wait(WAIT_S)
        screen.app.step(None)  # the loop goes on: the lines done so far come in
        assert states(screen) == {"spinner": "OK", "tray": "OK", "dice": "Testing…"}
        assert screen.widget("summary").text == "Testing 3 of 3 devices…"
        screen.app.scene.tap(screen.widget("again").rect.center)  # a driver's tap would wait
        assert screen.app.message is not None
        assert screen.app.message.text == "The test is still running."
        release.set()
        assert screen.app.settle(WAIT_S)
        assert states(screen) == dict.fromkeys(KEYS, "OK")


def test_a_check_that_breaks_is_a_failed_line_and_run_again_tests_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def broken(config: Config, rng: random.Random | None = None) -> Check:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the reader library crashed")
        return Check.of("dice source (fair)", True, Reason.FAIR_ROLL, roll="3 4")

    monkeypatch.setattr(selftest, "check_dice", broken)
    with companion(tmp_path, Config(), None) as screen:
        screen.run("tap setup", "tap hwtest")
        assert ("FAILED: the test itself failed (the reader library crashed)"
                in line(screen, "dice"))
        screen.run("tap again", "expect Every device passed")
    assert len(calls) == 2


def test_the_running_dice_tray_is_judged_as_it_runs_not_opened_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def opened_twice(config: Config, clock: object) -> Check:
        raise AssertionError("the tray's pins are already held by the companion")

    monkeypatch.setattr(selftest, "check_tray", opened_twice)
    config = config_of(tmp_path, 'backend = "sim"\n')
    tray = open_tray(config, make_clock(config))
    with table_spinner(config) as spinner, companion(tmp_path, config, spinner) as screen:
        with TrayFeed(tray, screen.app.table).start() as feed:
            self_test = screen.app.system.self_test
            assert isinstance(self_test, HeldDevicesSelfTest)
            self_test.tray = feed  # the product's test judges the tray it holds open
            screen.run("tap setup", "tap hwtest", "expect Every device passed")
        assert line(screen, "tray") == (
            "Dice tray sensor and button (simulated): OK (simulated sensor and button)")


@pytest.fixture
def mock_pins(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[MockFactory, VirtualClock]]:
    clock = VirtualClock(start=100.0)
    monkeypatch.setattr("gpiozero.pins.mock.monotonic", clock.now)
    saved = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory, clock
    factory.reset()
    Device.pin_factory = saved


def test_on_gpio_the_companions_own_spinner_is_tested_not_opened_again(
    tmp_path: Path, mock_pins: tuple[MockFactory, VirtualClock]
) -> None:
    factory, clock = mock_pins
    config = config_of(tmp_path, 'backend = "gpio"\n')
    motor = open_spinner(config, clock, random.Random(2))
    MockRotor(factory, clock, 900)  # before the spinner homes on it
    spinner = TableSpinner(motor)
    with spinner, companion(tmp_path, config, spinner) as screen:
        screen.run("tap setup", "tap hwtest", "expect Every device passed")
        assert line(screen, "spinner").startswith(
            "Spinner (the Pi's pins, step/dir): OK (homed in ")
        assert line(screen, "tray").endswith("(sensor on GPIO 17, button on GPIO 27)")


@pytest.mark.parametrize("size", [(800, 480), (480, 800), (720, 1280)])
def test_every_line_of_the_test_is_written_at_the_readable_size(
        tmp_path: Path, size: tuple[int, int]) -> None:
    config = config_of(tmp_path, 'backend = "sim"\n')
    with table_spinner(config) as spinner, companion(tmp_path, config, spinner, size) as screen:
        screen.run("tap setup", "tap hwtest", "expect Every device passed (3 checks)")
        look = screen.app.look
        texts = written(screen.app.scene.visible_widgets(), look, screen.app.size)
        lines = [text for text in texts if text.widget.startswith(("check:", "state:"))]
        assert lines
        assert [text for text in lines if text.pixels < look.px(theme.TEXT_MIN)] == []
        assert [text for text in lines if "…" in text.text] == []


@pytest.fixture(scope="module")
def pseudo_locale(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pseudo")
    load_script().pseudo(folder)
    return folder


DEVICE_SENTENCES = {"The spinner's home sensor was not found.", "boom"}
"""A device's own error, and a broken test's: shown as written (the values of a check)."""


def test_every_outcome_of_a_check_is_worded_from_the_catalogue_in_the_tables_language(
        pseudo_locale: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert set(WORDS) == {reason.value for reason in Reason}
    monkeypatch.setattr(i18n, "LOCALE_DIR", pseudo_locale)
    i18n.translation.cache_clear()
    i18n.use_language("xa")
    try:
        for check, english in ENGLISH_LINES:
            words = line_words("[Ŝṕíñńéŕ]", check.ok, check.reason, check.values)
            for sentence in DEVICE_SENTENCES:
                words = words.replace(sentence, "")
            assert re.findall(r"[A-Za-z]{2,}", words) == [], (english, words)
    finally:
        i18n.use_language("en")
        i18n.translation.cache_clear()

