"""`companion firmware install`: put the Pico firmware on the table controller.

Steps: find the board (its `/dev/serial/by-id/` name, or `--port`); if our
firmware already runs there, ask it to reboot into the REPL (it ignores
Ctrl-C, so mpremote could not interrupt it otherwise); copy the files with
`python -m mpremote`; hard-reset; and check the version the board reports
in the link's handshake.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from companion.errors import CompanionError

FIRMWARE_FILES = (
    "main.py",
    "board.py",
    "bodies.py",
    "crossings.py",
    "protocol.py",
    "crc_native.py",
    "stepper_pio.py",
    "homing.py",
    "sensors.py",
    "tray_inputs.py",
    "version.py",
)
REBOOT_WAIT_S = 3.0
"""How long a rebooting board may take to leave and rejoin the USB bus."""
HANDSHAKE_WAIT_S = 8.0
MPREMOTE_TIMEOUT_S = 60.0
"""Copying the eleven files takes seconds; mpremote waits forever on a board that ignores it."""


class FirmwareInstallError(CompanionError, RuntimeError):
    """The firmware could not be installed or verified (the sentence says why)."""


def register(subparsers: Any) -> None:
    """Add `companion firmware install [--port PORT]`."""
    parser = subparsers.add_parser(
        "firmware",
        help="the Pico table controller's firmware",
        description="The Pico table controller's firmware (MicroPython), installed with mpremote.",
    )
    commands = parser.add_subparsers(dest="firmware_command", metavar="ACTION")
    install = commands.add_parser(
        "install",
        help="copy the firmware to a connected Pico and check its version",
        description="Copy the firmware to the Pico on the configured serial port with mpremote,"
        " restart it and check that it answers with this companion's protocol version.",
    )
    install.add_argument(
        "--port",
        metavar="PORT",
        help="the Pico's serial device or a glob (default: serial.port from the configuration)",
    )
    install.add_argument("--config", metavar="FILE", help="configuration file to read")
    install.set_defaults(func=run_install)
    parser.set_defaults(default_func=lambda args: parser.print_help())


def firmware_dir() -> Path:
    """Where the firmware files of this installation are."""
    import firmware

    return Path(firmware.__file__).resolve().parent


def run_install(args: argparse.Namespace) -> int:
    """Install and verify; prints one line per step."""
    from device.serial_port import resolve_port
    from firmware import version

    pattern = args.port or configured_port(args.config)
    path = resolve_port(pattern)
    if path is None:
        raise FirmwareInstallError(
            f"No Pico found at {pattern}: connect the table controller by USB (a MicroPython "
            "board shows up in /dev/serial/by-id/), or name its port with --port."
        )
    print(f"Table controller found at {path}")
    if request_repl(path):
        print("Asked the running firmware to hand the board over")
        wait_for_reboot(pattern)
        path = resolve_port(pattern) or path
    copy_files(path)
    print(f"Copied {len(FIRMWARE_FILES)} files; restarting the board")
    wait_for_reboot(pattern)
    reported = check_version(pattern)
    print(
        f"The table controller runs firmware {reported} (protocol {version_protocol()}), "
        f"as this companion needs ({version.FIRMWARE_VERSION})"
    )
    return 0


def configured_port(config_file: str | None) -> str:
    """`serial.port` from the configuration (a glob by default)."""
    from companion.config import load_config

    return load_config(config_file).serial.port


def version_protocol() -> int:
    """The protocol version both sides speak."""
    from firmware import protocol

    return protocol.PROTOCOL_VERSION


def _link(port: str, timeout_s: float) -> Any:
    from device.serial_link import LinkSettings, SerialLink

    settings = LinkSettings(
        port=port, handshake_timeout_s=timeout_s, ack_timeout_s=0.1, retries=3, reconnect_max_s=0.5
    )
    return SerialLink(settings).start()


def request_repl(path: str, timeout_s: float = 1.0) -> bool:
    """If a firmware of ours (any version) answers on `path`, ask it to reboot into the REPL.

    Returns True if it answered HELLO and was sent REPL (its ACK may be lost
    in the reset; the caller waits for a reboot either way). A fresh
    MicroPython does not answer; mpremote then interrupts it as usual.
    """
    from device.errors import LinkError
    from device.serial_port import open_serial_port
    from firmware import protocol

    try:
        port = open_serial_port(path, 115200)
    except LinkError:
        return False
    ours = False
    try:
        decoder = protocol.FrameDecoder()
        for seq, kind in ((1, protocol.HELLO), (2, protocol.REPL)):
            port.write(protocol.encode_frame(seq, kind, {}))
            deadline = time.monotonic() + timeout_s
            answered = False
            while not answered and time.monotonic() < deadline:
                messages = decoder.feed(port.read(max(1, port.in_waiting)))
                answered = any(m[0] == seq and m[1] == protocol.ACK for m in messages)
            if not answered:
                return ours
            ours = True
        return True
    except Exception:  # the board vanished (resetting) or misbehaves: mpremote tries next
        return ours
    finally:
        port.close()


def wait_for_reboot(pattern: str) -> None:
    """Give a resetting board time to leave the bus and come back."""
    from device.serial_port import resolve_port

    deadline = time.monotonic() + REBOOT_WAIT_S
    while time.monotonic() < deadline and resolve_port(pattern) is not None:
        time.sleep(0.05)
    deadline = time.monotonic() + REBOOT_WAIT_S * 2
    while time.monotonic() < deadline and resolve_port(pattern) is None:
        time.sleep(0.05)


def copy_files(path: str) -> None:
    """Copy the firmware with mpremote, then hard-reset the board.

    Raises:
        FirmwareInstallError: mpremote is missing, got no answer, or failed (its
            last line is quoted).
    """
    if importlib.util.find_spec("mpremote") is None:
        raise FirmwareInstallError(
            "mpremote is not installed in the companion's Python; run scripts/setup, then "
            "`companion firmware install` again."
        )
    folder = firmware_dir()
    files = [str(folder / name) for name in FIRMWARE_FILES]
    command = [
        sys.executable,
        "-m",
        "mpremote",
        "connect",
        path,
        "fs",
        "cp",
        *files,
        ":",
        "+",
        "reset",
    ]
    try:
        result = run_mpremote(command)
    except subprocess.TimeoutExpired as error:
        raise FirmwareInstallError(
            f"The board at {path} did not answer mpremote within {MPREMOTE_TIMEOUT_S:g} s: the "
            "program running on it ignores mpremote. Unplug the Pico, hold its BOOTSEL button "
            "while plugging it back in, copy MicroPython's .uf2 file onto the drive that "
            "appears (flash_nuke.uf2 first if that is not enough), then run "
            "`companion firmware install` again."
        ) from error
    except OSError as error:
        raise FirmwareInstallError(
            f"mpremote could not run ({error}); reinstall the companion with scripts/setup."
        ) from error
    if result.returncode != 0:
        detail = (result.stderr or result.stdout).strip().splitlines()
        raise FirmwareInstallError(
            f"Copying the firmware to {path} failed ({detail[-1] if detail else 'no output'}); "
            "unplug and replug the Pico, then run `companion firmware install` again."
        )


def run_mpremote(command: list[str]) -> subprocess.CompletedProcess[str]:
    """Run mpremote (a seam for tests)."""
    return subprocess.run(
        command, capture_output=True, text=True, timeout=MPREMOTE_TIMEOUT_S, check=False
    )


def check_version(pattern: str) -> str:
    """The firmware version the board reports in the handshake.

    Raises:
        FirmwareInstallError: no handshake, or a version other than this companion's.
    """
    from device.backend import LinkState

    link = _link(pattern, HANDSHAKE_WAIT_S)
    try:
        online = link.wait_online(HANDSHAKE_WAIT_S)
        if link.state == LinkState.MISMATCH:
            raise FirmwareInstallError(link.problem)
        if not online:
            raise FirmwareInstallError(
                f"The board did not answer after the install ({link.problem}); unplug and "
                "replug it, then run `companion firmware install` again."
            )
        return str(link.hello.get("firmware"))
    finally:
        link.close()
