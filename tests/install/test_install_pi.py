"""`scripts/install-pi --root`: the files of a Pi install, written once and kept."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from types import ModuleType

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
    loader.exec_module(module)
    return module


def test_a_root_that_cannot_be_written_is_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    result = install_pi(blocker)
    assert result.returncode == 1
    assert "cannot be written" in result.stderr and "Traceback" not in result.stderr
