"""`companion firmware install [--port PORT]`, against the pty Pico and a stand-in mpremote."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.app.commands import firmware as firmware_command
from firmware import version
from tests.firmware.harness import PtyBoard


@pytest.fixture(autouse=True)
def quick_reboots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(firmware_command, "REBOOT_WAIT_S", 0.2)
    monkeypatch.setattr(firmware_command, "HANDSHAKE_WAIT_S", 3.0)


def fake_mpremote(board: PtyBoard, calls: list[list[str]], reported: str = version.FIRMWARE_VERSION,
                  returncode: int = 0, stderr: str = ""):  # type: ignore[no-untyped-def]
    """Stands in for `python -m mpremote`: 'copies' and resets by rebooting the pty board."""

    def run(command: list[str]) -> subprocess.CompletedProcess[str]:
        calls.append(command)
        if returncode == 0:
            board.unplug()
            board.replug(reboot=True)
            if reported != version.FIRMWARE_VERSION:
                real_hello = board.controller.cmd_hello
                board.controller.cmd_hello = (  # type: ignore[method-assign]
                    lambda fields: dict(real_hello(fields), firmware=reported))
        return subprocess.CompletedProcess(command, returncode, "", stderr)

    return run


def test_install_copies_every_file_then_checks_the_reported_version(
    pty_board: PtyBoard, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[list[str]] = []
    monkeypatch.setattr(firmware_command, "run_mpremote", fake_mpremote(pty_board, calls))
    assert main(["firmware", "install", "--port", str(pty_board.path)]) == 0
    (command,) = calls
    assert command[1:4] == ["-m", "mpremote", "connect"]
    copied = [Path(arg).name for arg in command if arg.endswith(".py")]
    assert copied == list(firmware_command.FIRMWARE_FILES)
    assert command[-3:] == [":", "+", "reset"]
    out = capsys.readouterr().out
    assert "Asked the running firmware to hand the board over" in out
    assert f"runs firmware {version.FIRMWARE_VERSION}" in out


def test_the_running_firmware_is_asked_to_reboot_into_the_repl_first(
    pty_board: PtyBoard, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []

    def run(command: list[str]) -> subprocess.CompletedProcess[str]:
        seen.append(pty_board.controller.reboot_to_repl)
        return fake_mpremote(pty_board, [])(command)

    monkeypatch.setattr(firmware_command, "run_mpremote", run)
    assert main(["firmware", "install", "--port", str(pty_board.path)]) == 0
    assert seen == [True]


def test_the_install_waits_for_the_reboot_even_when_the_repl_ack_is_lost(
    pty_board: PtyBoard, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from firmware import protocol

    board_write = pty_board.port.write
    lost: list[bytes] = []

    def reset_before_the_ack_left(data: bytes) -> None:
        messages = protocol.FrameDecoder().feed(data)
        if not lost and (2, protocol.ACK, {}) in messages:
            lost.append(data)  # the REPL command's ACK, lost in the reset
            return
        board_write(data)

    monkeypatch.setattr(pty_board.port, "write", reset_before_the_ack_left)
    waits: list[str] = []
    real_wait = firmware_command.wait_for_reboot
    monkeypatch.setattr(firmware_command, "wait_for_reboot",
                        lambda pattern: (waits.append(pattern), real_wait(pattern)))
    monkeypatch.setattr(firmware_command, "run_mpremote", fake_mpremote(pty_board, []))
    assert main(["firmware", "install", "--port", str(pty_board.path)]) == 0
    assert lost
    assert "Asked the running firmware to hand the board over" in capsys.readouterr().out
    assert len(waits) == 2  # after the REPL request, and after the copy


def test_a_board_reporting_another_version_after_install_is_an_error(
    pty_board: PtyBoard, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(firmware_command, "run_mpremote",
                        fake_mpremote(pty_board, [], reported="0.9.0"))
    assert main(["firmware", "install", "--port", str(pty_board.path)]) == 1
    assert "runs firmware 0.9.0" in capsys.readouterr().err


def test_a_failing_mpremote_is_reported_with_its_reason(
    pty_board: PtyBoard, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(firmware_command, "run_mpremote", fake_mpremote(
        pty_board, [], returncode=1, stderr="mpremote: could not enter raw repl\n"))
    assert main(["firmware", "install", "--port", str(pty_board.path)]) == 1
    err = capsys.readouterr().err
    assert "failed (mpremote: could not enter raw repl)" in err
    assert "unplug and replug the Pico" in err


def test_a_board_that_ignores_mpremote_ends_the_install_with_the_way_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The real mpremote, against a board that never answers (it would wait forever).
    import os
    import tty

    master, slave = os.openpty()
    tty.setraw(slave)
    monkeypatch.setattr(firmware_command, "MPREMOTE_TIMEOUT_S", 3.0)
    try:
        assert main(["firmware", "install", "--port", os.ttyname(slave)]) == 1
    finally:
        os.close(slave)
        os.close(master)
    err = capsys.readouterr().err
    assert "did not answer mpremote within 3 s" in err
    assert "hold its BOOTSEL button" in err


def test_a_missing_mpremote_is_named_with_the_fix(
    pty_board: PtyBoard, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import importlib.util

    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "mpremote" else real_find_spec(name, *a))
    assert main(["firmware", "install", "--port", str(pty_board.path)]) == 1
    assert "mpremote is not installed" in capsys.readouterr().err


def test_a_missing_board_gives_a_clear_sentence(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "companion", "firmware", "install", "--port",
         str(tmp_path / "usb-MicroPython_Board_*")],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert result.returncode == 1
    assert "No Pico found at" in result.stderr
    assert "connect the table controller by USB" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_udev_rule_names_the_pico_and_gives_it_to_dialout() -> None:
    rule = Path(__file__).resolve().parents[2] / "systemd" / "99-companion-pico.rules"
    lines = [line for line in rule.read_text().splitlines() if line and not line.startswith("#")]
    assert len(lines) == 1
    keys = dict(part.strip().split("==" if "==" in part else "=", 1)
                for part in lines[0].split(", "))
    assert keys['ATTRS{idVendor}'] == '"2e8a"' and keys['ATTRS{idProduct}'] == '"0005"'
    assert keys["SUBSYSTEM"] == '"tty"'
    assert keys["GROUP"] == '"dialout"' and keys["MODE"] == '"0660"'
    assert keys["SYMLINK+"] == '"companion-pico"'


def test_without_port_the_configured_serial_port_is_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text(f'[serial]\nport = "{tmp_path}/usb-Pico-from-config-*"\n')
    assert main(["firmware", "install", "--config", str(config)]) == 1
    assert f"No Pico found at {tmp_path}/usb-Pico-from-config-*" in capsys.readouterr().err
