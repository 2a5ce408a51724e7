"""`companion doctor`: check a Pi and say what to fix, one line each.

The checks are in `companion.app.doctor`; this module runs them on this machine
(`machine_probe`) and prints the report. Exit 0 when nothing needs fixing, 1
otherwise.
"""

from __future__ import annotations

import argparse
import errno
import grp
import http.client
import importlib.util
import os
import pwd
import shutil
import socket
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.app.doctor import (
    Finding,
    FirmwareAnswer,
    PortUse,
    Probe,
    Verdict,
    config_file_for,
    environment,
    examine,
)
from companion.config import Config

COMMAND_TIMEOUT_S = 10.0
ASK_PAGE_TIMEOUT_S = 3.0
"""How long the doctor waits for the server on the web port to say who it is."""


def register(subparsers: Any) -> None:
    """Add `companion doctor`."""
    parser = subparsers.add_parser(
        "doctor",
        help="check this Pi (groups, display, GPIO, Pico, config, log, port, service)",
        description="Check this Raspberry Pi for the companion and say what to fix, one line"
        " each: the groups, the display, the pin factory, the Pico and its firmware, the"
        " configuration, the log's directory, the web port and the service. On another"
        " machine the Pi-only checks are skipped. Exit 1 when something needs fixing.",
    )
    parser.add_argument("--config", metavar="FILE", help="configuration file to check")
    parser.set_defaults(func=run_doctor)


def run_doctor(args: argparse.Namespace) -> int:
    """Check this machine; 1 when anything needs fixing."""
    return report(examine(machine_probe(Path("/"), args.config)))


def report(findings: list[Finding]) -> int:
    """Print one line per finding and a closing sentence; 1 when anything needs fixing."""
    for finding in findings:
        print(finding.line())
    to_fix = sum(finding.verdict == Verdict.FIX for finding in findings)
    if to_fix:
        things = "One thing needs" if to_fix == 1 else f"{to_fix} things need"
        print(f"{things} fixing; run `companion doctor` again afterwards.")
        return 1
    print("Nothing to fix.")
    return 0


def machine_probe(root: Path, config_file: str | None) -> Probe:
    """The probe that looks at this machine (its files below `root`)."""
    uid = os.geteuid()
    try:
        user = pwd.getpwuid(uid).pw_name
    except KeyError:
        user = str(uid)
    return Probe(
        root=root,
        user=user,
        user_groups=running_groups,
        command=command_output,
        firmware=ask_firmware,
        port_use=port_use,
        free_bytes=lambda path: shutil.disk_usage(path).free,
        module_found=module_is_installed,
        config_file=config_file_for(root, config_file),
        environ=environment(),
    )


def running_groups() -> set[str]:
    """The names of this process's groups (a new membership counts after logging in again)."""
    names = set()
    for gid in {os.getegid(), *os.getgroups()}:
        try:
            names.add(grp.getgrgid(gid).gr_name)
        except KeyError:
            continue
    return names


def command_output(argv: list[str]) -> str | None:
    """What a command prints on stdout, stripped; None when it is not installed."""
    if shutil.which(argv[0]) is None:
        return None
    try:
        result = subprocess.run(argv, capture_output=True, text=True, check=False,
                                timeout=COMMAND_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return result.stdout.strip()


def port_use(port: int) -> PortUse:
    """Who holds `port`: nobody (a server could listen on every address now, as the phone
    page does), a companion (its page answers as one), another program, or nobody this
    user may replace (a port below 1024 without the privilege)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("", port))
        except PermissionError:
            return PortUse.FORBIDDEN
        except OSError as error:
            if error.errno != errno.EADDRINUSE:
                return PortUse.FREE
            return PortUse.COMPANION if answers_as_companion(port) else PortUse.OTHER
    return PortUse.FREE


def answers_as_companion(port: int) -> bool:
    """True when the server on this machine's `port` is a companion's phone page (its
    server names itself `companion`)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=ASK_PAGE_TIMEOUT_S)
    try:
        connection.request("HEAD", "/api/state")
        return connection.getresponse().getheader("Server", "") == "companion"
    except (OSError, http.client.HTTPException):
        return False
    finally:
        connection.close()


def module_is_installed(name: str) -> bool:
    """The companion's Python finds the module `name`."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def ask_firmware(path: str, config: Config) -> FirmwareAnswer:
    """Connect to the Pico on `path` as the companion does and read its version from the handshake.

    Uses the link of the `serial` backend (`device.serial_link.SerialLink`), with the
    timing from `[serial]`; a firmware this companion cannot drive is reported with
    the link's own sentence (which says to run `companion firmware install`).
    """
    from device.serial_link import SerialLink
    from device.serial_sharing import link_settings

    settings = replace(link_settings(config), port=path)
    link = SerialLink(settings).start()
    try:
        if link.wait_online(settings.handshake_timeout_s + 1.0):
            return FirmwareAnswer(str(link.hello.get("firmware")))
        return FirmwareAnswer(None, link.problem)
    finally:
        link.close()
