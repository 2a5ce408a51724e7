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

from companion.cli import main
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

    def __init__(self, root: Path) -> None:
        self.root = root
        self.commands: list[list[str]] = []
        self.installed: set[str] = {"python3"}
        self.users: dict[str, int] = {"pi": 1000}
        self.groups: dict[str, list[str]] = {name: ["pi"] for name in
                                              ("gpio", "dialout", "video", "render", "input")}
        self.enabled = False
        self.owners: dict[Path, tuple[int, int]] = {}

    def system(self, script: ModuleType) -> Any:
        return script.System(root=self.root, run=self.run, output_of=self.output_of,
                             user=self.user, group=self.group, chown=self.chown,
                             owner=self.owner)

    def run(self, command: list[str], advice: str) -> None:
        self.commands.append(command)
        words = [word for word in command if not word.startswith("-")]
        if words[:3] == ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]:
            self.installed.update(words[4:])
        elif words[0] == "useradd":
            self.users[words[-1]] = 998
        elif words[0] == "usermod":
            for name in words[1].split(","):
                self.groups[name].append(words[-1])
        elif words[:2] == ["systemctl", "enable"]:
            self.enabled = True

    def output_of(self, command: list[str]) -> str:
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
    assert first[4:] == [
        "udevadm control --reload-rules",
        "udevadm trigger --subsystem-match=tty --subsystem-match=backlight --action=add",
        "modprobe cdc_acm", "systemctl daemon-reload", "systemctl enable companion.service",
        "systemctl try-reload-or-restart avahi-daemon.service"]
    config = Path("etc/companion/config.toml")
    assert pi.owners == {config.parent: (998, 998), config: (998, 998)}
    assert (pi.root / "etc/systemd/system/companion.service").is_file()
    pi.commands.clear()
    assert script.main(["--no-venv"], machine=pi.system(script)) == 0
    assert pi.commands == [["modprobe", "cdc_acm"]]  # harmless when loaded: nothing else ran

