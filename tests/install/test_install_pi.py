"""`scripts/install-pi`: the files of a Pi install (`--root`), written once and kept, and the
steps of an install on a Pi, against a faked Raspberry Pi OS."""

from __future__ import annotations

import grp
import importlib.machinery
import importlib.util
import os
import pwd
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.app.cli import main
from tests.install.conftest import INSTALL_PI, REPO, install_pi

DEBIAN_PATHS = {
    "etc/systemd/system/companion.service",
    "etc/companion/config.toml",
    "etc/udev/rules.d/99-companion-pico.rules",
    "etc/udev/rules.d/99-companion-backlight.rules",
    "etc/modules-load.d/companion.conf",
    "etc/avahi/services/companion.service",
}


def tree(root: Path) -> dict[str, tuple[bytes, int, int]]:
    """Every file below `root`: its bytes, mode and modification time."""
    found = {}
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            status = path.stat()
            found[str(path.relative_to(root))] = (path.read_bytes(), status.st_mode,
                                                  status.st_mtime_ns)
    return found


def test_the_files_land_at_the_paths_debian_uses_and_nowhere_else(installed: Path) -> None:
    assert set(tree(installed)) == DEBIAN_PATHS


def test_installing_again_leaves_the_tree_byte_identical(installed: Path) -> None:
    before = tree(installed)
    result = install_pi(installed)
    assert result.returncode == 0, result.stderr
    assert tree(installed) == before
    assert "every file was already up to date" in result.stdout


def test_an_edited_configuration_is_kept_and_nothing_is_left_beside_it(installed: Path) -> None:
    config = installed / "etc/companion/config.toml"
    edited = config.read_text().replace("port = 8080", "port = 8090")
    config.write_text(edited)
    result = install_pi(installed)
    assert result.returncode == 0, result.stderr
    assert config.read_text() == edited
    assert set(tree(installed)) == DEBIAN_PATHS  # no config.toml.new, no temporary files
    assert "kept /etc/companion/config.toml" in result.stdout


def test_the_avahi_file_follows_the_configured_web_port(installed: Path) -> None:
    config = installed / "etc/companion/config.toml"
    config.write_text(config.read_text().replace("port = 8080", "port = 8090"))
    install_pi(installed)
    service = ElementTree.parse(installed / "etc/avahi/services/companion.service").getroot()
    assert service.findtext("service/port") == "8090"


def test_the_avahi_file_advertises_the_phone_page_under_the_hostname(installed: Path) -> None:
    group = ElementTree.parse(installed / "etc/avahi/services/companion.service").getroot()
    name = group.find("name")
    assert name is not None and "%h" in (name.text or "")
    assert name.get("replace-wildcards") == "yes"
    assert group.findtext("service/type") == "_http._tcp"
    assert group.findtext("service/port") == "8080"


def test_the_installed_configuration_passes_config_check(
    installed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["config", "check", str(installed / "etc/companion/config.toml")]) == 0
    out = capsys.readouterr().out
    # Left out, the backend is found at start: gpio on a Pi, simulated elsewhere.
    assert 'backend = "auto"' in out


@pytest.mark.parametrize(
    ("installed_path", "shipped"),
    [
        ("etc/systemd/system/companion.service", "systemd/companion.service"),
        ("etc/udev/rules.d/99-companion-pico.rules", "systemd/99-companion-pico.rules"),
        ("etc/udev/rules.d/99-companion-backlight.rules",
         "systemd/99-companion-backlight.rules"),
        ("etc/companion/config.toml", "companion/default_config.toml"),
    ],
)
def test_the_shipped_files_are_installed_as_they_are(
    installed: Path, installed_path: str, shipped: str
) -> None:
    assert (installed / installed_path).read_bytes() == (REPO / shipped).read_bytes()


def test_cdc_acm_is_loaded_at_boot(installed: Path) -> None:
    text = (installed / "etc/modules-load.d/companion.conf").read_text()
    modules = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert modules == ["cdc_acm"]


def test_every_installed_file_is_readable_by_everyone_and_written_by_its_owner_only(
    installed: Path,
) -> None:
    for relative, (_data, mode, _mtime) in tree(installed).items():
        assert mode & 0o777 == 0o644, relative


def test_without_root_it_refuses_to_touch_the_system(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = load_install_pi()

    def touched(*_args: object) -> None:
        raise AssertionError("an ordinary user's install-pi touched the system")

    for step in ("run", "output_of", "install_venv", "install_files"):
        monkeypatch.setattr(script, step, touched)
    monkeypatch.setattr(script.os, "geteuid", lambda: 1000)
    assert script.main(["--no-venv"]) == 1
    assert capsys.readouterr().err == "install-pi: run me as root: `sudo scripts/install-pi`\n"


PLAIN_DEBIAN = ("libegl1", "libgbm1", "libgles2", "libdrm2", "libasound2", "python3-venv",
                "avahi-daemon")
"""The installer's packages that every Debian has (python3-lgpio is Raspberry Pi OS's own)."""


def load_install_pi() -> ModuleType:
    """scripts/install-pi as a module (it has no .py suffix)."""
    loader = importlib.machinery.SourceFileLoader("install_pi", str(INSTALL_PI))
    spec = importlib.util.spec_from_loader("install_pi", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["install_pi"] = module  # its dataclasses look their module up
    loader.exec_module(module)
    return module


def test_a_root_that_cannot_be_written_is_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    result = install_pi(blocker)
    assert result.returncode == 1
    assert "cannot be written" in result.stderr and "Traceback" not in result.stderr


class FakePi:
    """A Raspberry Pi OS as install-pi sees it: its files below `root`, the commands it runs
    (recorded, each changing what later commands and lookups answer), its users and groups."""

    def __init__(self, root: Path, architecture: str = "arm64") -> None:
        self.root = root
        self.architecture = architecture
        self.commands: list[list[str]] = []
        self.installed: set[str] = {"python3"}
        self.available: set[str] = {"python3-lgpio"}  # Raspberry Pi OS's own repository
        self.failing: set[str] = set()
        """Commands (joined by spaces) that fail, as on a system that cannot run them."""
        (root / "run/udev").mkdir(parents=True)
        (root / "run/udev/control").touch()  # udevd runs
        self.users: dict[str, int] = {"pi": 1000}
        self.groups: dict[str, list[str]] = {name: ["pi"] for name in
                                              ("gpio", "dialout", "video", "render", "input")}
        self.enabled = False
        self.owners: dict[Path, tuple[int, int]] = {}

    def system(self, script: ModuleType) -> Any:
        self.error: type[Exception] = script.InstallError  # what a failing command raises
        return script.System(root=self.root, run=self.run, output_of=self.output_of,
                             user=self.user, group=self.group, chown=self.chown,
                             owner=self.owner)

    def run(self, command: list[str], advice: str) -> None:
        self.commands.append(command)
        if " ".join(command) in self.failing:
            raise self.error(f"`{' '.join(command)}` failed (exit 1): {advice}.")
        words = [word for word in command if not word.startswith("-")]
        if words[:3] == ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]:
            unknown = set(words[4:]) - self.available - {"python3"} - set(PLAIN_DEBIAN)
            if unknown:
                raise self.error(f"E: Unable to locate package {' '.join(unknown)}: {advice}.")
            self.installed.update(words[4:])
        elif words[0] == "modprobe":
            (self.root / "sys/module/cdc_acm").mkdir(parents=True)
        elif words[1:3] == ["venv", str(self.root / "opt/companion/venv")]:
            (self.root / "opt/companion/venv/bin").mkdir(parents=True)
            (self.root / "opt/companion/venv/bin/python").touch()
        elif words[0] == "useradd":
            self.users[words[-1]] = 998
        elif words[0] == "usermod":
            for name in words[1].split(","):
                self.groups[name].append(words[-1])
        elif words[:2] == ["systemctl", "enable"]:
            self.enabled = True

    def output_of(self, command: list[str]) -> str:
        if command == ["dpkg", "--print-architecture"]:
            return self.architecture
        if command[:2] == ["apt-cache", "policy"]:
            name = command[2]
            if name not in self.available:
                return ""  # apt has never heard of it
            return f"{name}:\n  Installed: (none)\n  Candidate: 0.2.2-1~rpt1\n"
        if command[0] == "dpkg-query":
            return "install ok installed" if command[-1] in self.installed else ""
        if command[:2] == ["systemctl", "is-enabled"]:
            return "enabled" if self.enabled else "disabled"
        if command[:2] == ["systemctl", "is-active"]:
            return "inactive"
        raise AssertionError(f"install-pi asked an unexpected command: {command}")

    def user(self, name: str) -> pwd.struct_passwd:
        uid = self.users[name]  # KeyError: no such user, as pwd says it
        return pwd.struct_passwd((name, "x", uid, uid, "", f"/home/{name}", "/bin/sh"))

    def group(self, name: str) -> grp.struct_group:
        members = self.groups[name]
        return grp.struct_group((name, "x", 900 + len(name), members))

    def chown(self, path: Path, uid: int, gid: int) -> None:
        self.owners[path.relative_to(self.root)] = (uid, gid)

    def owner(self, path: Path) -> tuple[int, int]:
        return self.owners.get(path.relative_to(self.root), (0, 0))  # root wrote it


def test_on_a_pi_every_step_runs_once_and_installing_again_runs_none(tmp_path: Path) -> None:
    script = load_install_pi()
    pi = FakePi(tmp_path / "pi")
    assert script.main(["--no-venv"], machine=pi.system(script)) == 0
    first = [" ".join(command) for command in pi.commands]
    assert first[:2] == ["apt-get update -q", "env DEBIAN_FRONTEND=noninteractive apt-get install"
                         " -y -q --no-install-recommends " + " ".join(
                             name for name in script.DEBIAN_PACKAGES if name != "python3")]
    assert first[2].startswith("useradd --system --user-group --home-dir /var/lib/companion")
    assert first[3] == "usermod --append --groups gpio,dialout,video,render,input companion"
    assert first[4:] == ACTIVATION
    config = Path("etc/companion/config.toml")
    assert pi.owners == {config.parent: (998, 998), config: (998, 998)}
    assert (pi.root / "etc/systemd/system/companion.service").is_file()
    pi.commands.clear()
    assert script.main(["--no-venv"], machine=pi.system(script)) == 0
    assert pi.commands == []
    assert not (pi.root / "var/lib/companion-install").exists()  # nothing was left undone


@pytest.mark.parametrize("architecture", ["armhf", "armel"])
def test_32_bit_raspberry_pi_os_is_refused_with_a_sentence_before_anything_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], architecture: str
) -> None:
    script = load_install_pi()
    # dpkg's architecture, not the kernel's: 32-bit Pi OS on a Pi 4 or 5 runs a 64-bit kernel.
    pi = FakePi(tmp_path / "pi", architecture=architecture)
    assert script.main(["--no-venv"], machine=pi.system(script)) == 1
    assert pi.commands == []
    assert not (pi.root / "etc").exists()
    error = capsys.readouterr().err
    assert f"32-bit Raspberry Pi OS ({architecture})" in error
    assert "Raspberry Pi OS Lite (64-bit)" in error and "Traceback" not in error


def test_an_architecture_with_no_pygame_ce_wheel_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = load_install_pi()
    pi = FakePi(tmp_path / "pi", architecture="riscv64")
    assert script.main(["--no-venv"], machine=pi.system(script)) == 1
    assert pi.commands == []
    assert "no ready-built wheel for this system's architecture (riscv64)" in (
        capsys.readouterr().err)


def test_without_raspberry_pi_os_repository_lgpio_comes_from_pypi_into_the_venv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = load_install_pi()
    pi = FakePi(tmp_path / "pi")
    pi.available.clear()  # plain Debian arm64: no python3-lgpio
    assert script.main([], machine=pi.system(script)) == 0
    out = capsys.readouterr().out
    assert "python3-lgpio is not in this system's apt sources" in out
    assert "the lgpio wheel from PyPI goes into the venv instead" in out
    apt_install = [command for command in pi.commands if "install" in command
                   and "apt-get" in command]
    assert len(apt_install) == 1 and "python3-lgpio" not in apt_install[0]
    pip = [command for command in pi.commands if command[1:4] == ["-m", "pip", "install"]]
    assert len(pip) == 1 and pip[0][-1] == "lgpio"
    # Again: python3-lgpio is still not installed, but the venv holds its stand-in.
    pi.commands.clear()
    assert script.main([], machine=pi.system(script)) == 0
    assert pi.commands == []
    assert "the app in /opt/companion/venv is up to date" in capsys.readouterr().out


def test_where_raspberry_pi_os_has_python3_lgpio_no_wheel_is_pipped(tmp_path: Path) -> None:
    script = load_install_pi()
    pi = FakePi(tmp_path / "pi")
    assert script.main([], machine=pi.system(script)) == 0
    assert "python3-lgpio" in pi.installed
    pip = [command for command in pi.commands if command[1:4] == ["-m", "pip", "install"]]
    assert len(pip) == 1 and "lgpio" not in pip[0]


ACTIVATION = [
    "udevadm control --reload-rules",
    "udevadm trigger --subsystem-match=tty --subsystem-match=backlight --action=add",
    "modprobe cdc_acm", "systemctl daemon-reload", "systemctl enable companion.service",
    "systemctl try-reload-or-restart avahi-daemon.service"]
"""A first install's activation, in order."""


@pytest.mark.parametrize("failing", [
    "udevadm control --reload-rules",
    "systemctl daemon-reload",
    "systemctl enable companion.service",
    "systemctl try-reload-or-restart avahi-daemon.service",
])
def test_a_rerun_finishes_the_activation_an_earlier_run_left_undone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], failing: str
) -> None:
    script = load_install_pi()
    pi = FakePi(tmp_path / "pi")
    pi.failing.add(failing)
    assert script.main(["--no-venv"], machine=pi.system(script)) == 1
    assert failing in capsys.readouterr().err
    pi.failing.clear()
    pi.commands.clear()
    # Every file is up to date now, yet what the first run did not get to is done.
    assert script.main(["--no-venv"], machine=pi.system(script)) == 0
    out = capsys.readouterr().out
    assert "every file was already up to date" in out
    assert "finishing what an earlier run left undone" in out
    # The reloads again; modprobe and enable only if the first run did not get to them.
    done = ACTIVATION[:ACTIVATION.index(failing)]
    once = ("modprobe cdc_acm", "systemctl enable companion.service")
    assert [" ".join(command) for command in pi.commands] == [
        step for step in ACTIVATION if not (step in done and step in once)]
    pi.commands.clear()
    assert script.main(["--no-venv"], machine=pi.system(script)) == 0
    assert pi.commands == []


def test_a_failed_modprobe_is_no_error_where_cdc_acm_is_built_in_or_absent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = load_install_pi()
    pi = FakePi(tmp_path / "pi")
    pi.failing.add("modprobe cdc_acm")
    assert script.main(["--no-venv"], machine=pi.system(script)) == 0
    assert "cdc_acm could not be loaded now (built into this kernel, or absent)" in (
        capsys.readouterr().out)
    assert ["systemctl", "enable", "companion.service"] in pi.commands


def test_where_udev_does_not_run_the_rules_wait_for_it_and_the_install_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = load_install_pi()
    pi = FakePi(tmp_path / "pi")
    (pi.root / "run/udev/control").unlink()  # a container: /sys is read-only, no udevd
    assert script.main(["--no-venv"], machine=pi.system(script)) == 0
    assert "udev is not running here" in capsys.readouterr().out
    assert not [command for command in pi.commands if command[0] == "udevadm"]

