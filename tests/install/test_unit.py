"""The systemd unit: what a kiosk on tty1 needs, verified and scored by systemd-analyze."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.install.conftest import REPO

UNIT = REPO / "systemd" / "companion.service"
NO_DISPLAY = REPO / "systemd" / "companion.service.d" / "no-display.conf"
EXEC_START = "/opt/companion/venv/bin/companion"
MAX_EXPOSURE = 2.0  # scripts/check-pi holds the running unit to it too (--threshold=20)

needs_systemd_analyze = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None,
    reason="systemd-analyze is not installed here (it comes with systemd)",
)


def settings(path: Path) -> dict[str, list[str]]:
    """Every `Key=value` of a unit file; a key given several times keeps every value."""
    found: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        if line and not line.startswith(("#", "[")) and "=" in line:
            key, value = line.split("=", 1)
            found.setdefault(key, []).append(value)
    return found


def test_it_starts_the_one_command_from_the_venv_under_opt() -> None:
    assert settings(UNIT)["ExecStart"] == [f"{EXEC_START} run"]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("WantedBy", "multi-user.target"),
        ("Wants", "avahi-daemon.service"),
        ("Conflicts", "getty@tty1.service"),
        ("After", "getty@tty1.service"),
        ("TTYPath", "/dev/tty1"),
        ("Restart", "on-failure"),
        ("StateDirectory", "companion"),
        ("ConfigurationDirectory", "companion"),
        ("ProtectSystem", "strict"),
        ("ProtectHome", "true"),
        ("PrivateTmp", "true"),
        ("NoNewPrivileges", "true"),
        ("CapabilityBoundingSet", ""),
        ("AmbientCapabilities", ""),
        ("DevicePolicy", "closed"),
        ("DeviceAllow", "char-drm rw"),
        ("DeviceAllow", "char-input r"),
        ("DeviceAllow", "char-gpiochip rw"),
        ("DeviceAllow", "char-ttyACM rw"),
        ("DeviceAllow", "char-alsa rw"),
        ("DeviceAllow", "/dev/tty1 rw"),
        ("WorkingDirectory", "%S/companion"),  # lgpio writes its pipes in the working directory
    ],
)
def test_the_unit_sets(key: str, value: str) -> None:
    values = settings(UNIT).get(key, [])
    assert any(value == v or value in v.split() for v in values), f"{key}={value} not in {values}"


def test_it_starts_after_the_network_and_the_boot_splash() -> None:
    after = " ".join(settings(UNIT)["After"]).split()
    assert "network.target" in after and "plymouth-quit-wait.service" in after


def test_restarts_on_failure_are_limited() -> None:
    unit = settings(UNIT)
    assert int(unit["StartLimitBurst"][0]) > 1 and int(unit["StartLimitIntervalSec"][0]) > 0


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("PrivateDevices", "hides /dev/dri, /dev/input and the Pico"),
        ("PrivateUsers", "maps away the groups that open the devices"),
        ("ProcSubset", "hides /proc/device-tree, where the companion learns it is on a Pi"),
        ("Requires", "avahi is wanted, not required: the table works without the phone name"),
    ],
)
def test_the_unit_leaves_out_what_breaks_a_kiosk(key: str, reason: str) -> None:
    assert key not in settings(UNIT), reason


def test_stdin_is_the_terminal_but_the_log_goes_to_the_journal() -> None:
    unit = settings(UNIT)
    # A terminal on stdin would otherwise take stdout and stderr too: the log on the screen.
    assert unit["StandardInput"][0].startswith("tty")
    assert unit["StandardOutput"] == ["journal"] and unit["StandardError"] == ["journal"]


@needs_systemd_analyze
def test_systemd_analyze_verify_reports_nothing_but_the_missing_venv(installed: Path) -> None:
    result = subprocess.run(
        ["systemd-analyze", "verify", str(installed / "etc/systemd/system/companion.service")],
        capture_output=True, text=True, timeout=60, check=False,
    )
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    if Path(EXEC_START).exists():  # a machine with the companion installed
        assert lines == []
    else:
        assert len(lines) == 1 and EXEC_START in lines[0] and "not executable" in lines[0], lines


def exposure(root: Path) -> float:
    """`systemd-analyze security --offline`'s overall score of the unit installed below root."""
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", f"--root={root}",
         "companion.service"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    found = re.search(r"Overall exposure level for companion\.service: (\d+\.\d+)", result.stdout)
    assert found is not None, result.stdout + result.stderr
    return float(found.group(1))


@needs_systemd_analyze
def test_systemd_analyze_security_scores_the_unit_at_most_2(installed: Path) -> None:
    assert exposure(installed) <= MAX_EXPOSURE


def test_the_no_display_drop_in_runs_the_phone_page_only_with_no_terminal() -> None:
    drop_in = settings(NO_DISPLAY)
    # An empty ExecStart= first: a drop-in's ExecStart= adds a command unless reset.
    assert drop_in["ExecStart"] == ["", f"{EXEC_START} run --no-ui"]
    assert drop_in["StandardInput"] == ["null"]  # no /dev/tty1 needed: no 208/STDIN
    for key in ("TTYReset", "TTYVHangup", "TTYVTDisallocate"):
        assert drop_in[key] == ["no"], key
    # Only the service's start changes; the hardening stays the unit's.
    assert set(drop_in) == {"ExecStart", "StandardInput", "TTYReset", "TTYVHangup",
                            "TTYVTDisallocate"}


def test_the_unit_keeps_the_console_for_the_pi() -> None:
    unit = settings(UNIT)
    assert unit["TTYPath"] == ["/dev/tty1"] and unit["StandardInput"] == ["tty-fail"]


@needs_systemd_analyze
def test_with_the_no_display_drop_in_the_unit_still_scores_at_most_2(installed: Path) -> None:
    target = installed / "etc/systemd/system/companion.service.d/no-display.conf"
    target.parent.mkdir()
    target.write_bytes(NO_DISPLAY.read_bytes())
    assert exposure(installed) <= MAX_EXPOSURE
