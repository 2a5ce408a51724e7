"""`companion hw test` and `hw tray` on the serial backend tell the truth about the controller."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.config import Config, SerialConfig, TrayConfig
from device import selftest, serial_backend
from device.clock import RealClock
from firmware import protocol, version
from tests.firmware import fakes
from tests.firmware.conftest import serial_config
from tests.firmware.harness import PtyBoard
from tests.firmware.test_end_to_end import spinner_config

NOT_CONNECTED = "The table controller is not connected: no board matches "


def no_controller(tmp_path: Path, **tray: object) -> Config:
    return Config(backend="serial", tray=TrayConfig(**tray),  # type: ignore[arg-type]
                  serial=SerialConfig(port=str(tmp_path / "usb-MicroPython_*"),
                                      handshake_timeout_s=0.2))


def test_without_a_controller_every_serial_check_fails_with_the_reason(tmp_path: Path) -> None:
    checks = selftest.self_test(no_controller(tmp_path, dice_source="serial"), RealClock())
    assert [check.ok for check in checks] == [False, False, False, False]
    assert checks[0].device.startswith("table controller (")
    for check in checks:
        assert check.detail.startswith(NOT_CONNECTED), check.line()


def test_a_controller_on_the_link_passes_without_any_dice_thrown(pty_board: PtyBoard) -> None:
    config = replace(spinner_config(serial_config(pty_board)),
                     tray=TrayConfig(dice_source="serial"))
    controller, spinner, tray, dice = selftest.self_test(config, RealClock())
    assert controller.ok, controller.line()
    assert f"firmware {version.FIRMWARE_VERSION} (protocol {protocol.PROTOCOL_VERSION})" in (
        controller.detail)
    assert spinner.ok, spinner.line()
    assert tray.line() == (
        "dice tray sensor and button (serial): OK (the table controller answers; its sensor "
        "pin is set to no pull, active high, and its button pin is watched)"
    )
    assert dice.ok and "the table controller listens to the dice reader" in dice.detail
    assert "0 reading(s)" in dice.detail and "throw dice" in dice.detail


def test_a_dice_reader_sending_only_noise_fails_its_check(pty_board: PtyBoard) -> None:
    config = replace(serial_config(pty_board), tray=TrayConfig(dice_source="serial"))
    with serial_backend.open_serial_dice_reader(config) as reader:
        assert reader.link.wait_online(3)
        fakes.UART.instances[0].inject(b"\xff\xfe garbage\n")
        deadline = time.monotonic() + 3
        while reader.confirm()["dice_bad_lines"] == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        check = selftest.check_dice(config)
    assert not check.ok
    assert "heard only unreadable lines from the dice reader" in check.detail


@pytest.mark.parametrize(
    ("line", "count", "sides", "roll"),
    [
        (b"4 2\n", 2, 6, ((4, 2), False)),
        (b"12 20\n", 2, 20, ((12, 20), False)),
        (b"3 5 6\n", 2, 6, ((3, 5, 6), True)),  # three dice read for two: not a roll of them
        (b"7 2\n", 2, 6, ((7, 2), True)),  # no 7 on a d6: the reader is set up for other dice
        (b"5 ?\n", 2, 6, ((5,), True)),
    ],
)
def test_a_reading_is_checked_against_the_dice_asked_for(
    pty_board: PtyBoard, line: bytes, count: int, sides: int,
    roll: tuple[tuple[int, ...], bool],
) -> None:
    with serial_backend.open_serial_dice_reader(serial_config(pty_board)) as reader:
        assert reader.link.wait_online(3)
        fakes.UART.instances[0].inject(line)
        got = reader.read_dice(count, sides, timeout_s=3)
    assert (got.values, got.cocked) == roll


def test_watching_the_tray_without_a_controller_says_so_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    path = tmp_path / "config.toml"
    path.write_text(f'backend = "serial"\n[serial]\nport = "{tmp_path}/usb-MicroPython_*"\n'
                    "handshake_timeout_s = 0.2\n", encoding="utf-8")
    code = main(["hw", "tray", "--config", str(path), "--duration", "2"])
    captured = capsys.readouterr()
    assert code == 1
    assert "watching" not in captured.out
    assert NOT_CONNECTED in captured.err and "plug in the Pico" in captured.err


def test_watching_the_tray_on_a_controller_says_where(
    pty_board: PtyBoard, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    path = tmp_path / "config.toml"
    path.write_text(f'backend = "serial"\n[serial]\nport = "{pty_board.path}"\n',
                    encoding="utf-8")
    assert main(["hw", "tray", "--config", str(path), "--duration", "0.1"]) == 0
    assert capsys.readouterr().out == (
        "watching the tray on the table controller; Ctrl-C stops\n"
    )
