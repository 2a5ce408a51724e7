"""`companion doctor` on faked machines: a Pi with problems, a healthy Pi, a laptop."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from companion.app.cli import main
from companion.app.commands.doctor import ask_firmware, report
from companion.app.doctor import FirmwareAnswer, PortUse, Probe, Verdict, examine
from companion.config import Config
from tests.firmware.conftest import STEPS_PER_TURN, serial_config
from tests.firmware.harness import PtyBoard
from tests.install.conftest import install_pi

PICO = "dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00"
EVERY_GROUP = {"pi", "gpio", "dialout", "video", "render", "input", "audio"}
GB = 10**9


def fake_pi(root: Path, *, display: bool = True, service_groups: str = "companion") -> Path:
    """A Raspberry Pi 4's files below `root`: the companion installed, a Pico plugged in."""
    install_pi(root)
    files = {
        "proc/device-tree/model": "Raspberry Pi 4 Model B Rev 1.4\0",
        "sys/class/drm/card1-HDMI-A-1/status": "connected\n" if display else "disconnected\n",
        "sys/class/drm/card1-HDMI-A-2/status": "disconnected\n",
        "etc/passwd": "pi:x:1000:1000::/home/pi:/bin/bash\n"
                      "companion:x:998:998::/var/lib/companion:/usr/sbin/nologin\n",
        "etc/group": "".join(f"{name}:x:{900 + i}:{service_groups}\n"
                             for i, name in enumerate(("gpio", "dialout", "video", "render",
                                                       "input", "audio")))
                     + "companion:x:998:\n",
    }
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text)
    for device in ("dev/dri/card0", "dev/dri/card1", "dev/dri/renderD128", "dev/gpiochip0",
                   "dev/gpiochip4", PICO):
        (root / device).parent.mkdir(parents=True, exist_ok=True)
        (root / device).touch()
    config = root / "etc/companion/config.toml"
    config.write_text('backend = "gpio"\n' + config.read_text())
    return root


def probe_of(root: Path, **changes: object) -> Probe:
    """A probe of the machine below `root`; every answer healthy unless changed."""
    config = root / "etc/companion/config.toml"
    probe = Probe(
        root=root,
        user="pi",
        user_groups=lambda: EVERY_GROUP,
        command=lambda argv: "active" if argv[:2] == ["systemctl", "is-active"] else None,
        firmware=lambda path, config: FirmwareAnswer("1.2.0"),
        port_use=lambda port: PortUse.COMPANION,  # the running service holds it
        free_bytes=lambda path: 20 * GB,
        module_found=lambda name: True,
        config_file=str(config) if config.exists() else None,
    )
    return replace(probe, **changes)  # type: ignore[arg-type]


def findings_of(probe: Probe) -> dict[str, tuple[Verdict, str]]:
    return {f.topic: (f.verdict, f.detail) for f in examine(probe)}


@pytest.fixture
def pi(tmp_path: Path) -> Path:
    return fake_pi(tmp_path / "pi")


def test_a_healthy_pi_has_nothing_to_fix(pi: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert report(examine(probe_of(pi))) == 0
    out = capsys.readouterr().out
    assert "FIX" not in out and "skipped" not in out
    assert out.splitlines()[-1] == "Nothing to fix."


def test_a_pi_missing_a_group_and_a_display_says_what_to_fix_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = fake_pi(tmp_path / "pi", display=False)
    probe = probe_of(root, user_groups=lambda: EVERY_GROUP - {"render"})
    assert report(examine(probe)) == 1
    lines = capsys.readouterr().out.splitlines()
    to_fix = [line for line in lines if ": FIX: " in line]
    assert to_fix == [
        "groups: FIX: pi is not in render: run `sudo usermod -aG render pi`, then log out and"
        " in again",
        "display: FIX: no display is connected (outputs: card1-HDMI-A-1, card1-HDMI-A-2): plug"
        " the screen in (DSI ribbon or HDMI) and reboot; meanwhile the companion serves phones"
        " only",
    ]
    assert lines[-1] == "2 things need fixing; run `companion doctor` again afterwards."


def test_the_card_with_a_connected_display_is_named(pi: Path) -> None:
    verdict, detail = findings_of(probe_of(pi))["display"]
    assert verdict == Verdict.OK
    assert detail == "card1-HDMI-A-1 has a display connected (/dev/dri/card1)"


def test_no_dri_device_means_the_kms_driver_is_off(pi: Path) -> None:
    for card in (pi / "dev/dri").iterdir():
        card.unlink()
    verdict, detail = findings_of(probe_of(pi))["display"]
    assert verdict == Verdict.FIX and "dtoverlay=vc4-kms-v3d" in detail


def test_on_a_laptop_the_pi_only_checks_are_skipped_and_the_rest_run(tmp_path: Path) -> None:
    laptop = tmp_path / "laptop"
    laptop.mkdir()
    found = findings_of(probe_of(laptop, command=lambda argv: None,
                                 port_use=lambda port: PortUse.FREE))
    skipped = {topic for topic, (verdict, _detail) in found.items() if verdict == Verdict.SKIPPED}
    assert skipped == {"groups", "service user", "display", "pin factory", "service"}
    assert all(found[topic][1] == "not a Pi" for topic in skipped)
    for topic in ("machine", "table controller", "config", "log", "web port"):
        assert found[topic][0] == Verdict.OK, found[topic]
    assert found["table controller"][1] == "no Pico attached; not needed with backend sim"


def test_the_pico_is_named_by_its_stable_name_with_its_firmware_version(pi: Path) -> None:
    asked: list[str] = []

    def firmware(path: str, config: Config) -> FirmwareAnswer:
        asked.append(path)
        return FirmwareAnswer("1.2.0")

    probe = probe_of(pi, firmware=firmware, command=lambda argv: "inactive",
                     port_use=lambda port: PortUse.FREE)
    verdict, detail = findings_of(probe)["table controller"]
    assert asked == [f"/{PICO}"]
    assert (verdict, detail) == (Verdict.OK, f"/{PICO}, firmware 1.2.0")


def test_a_pico_that_does_not_answer_as_this_companion_needs_is_a_fix(pi: Path) -> None:
    refused = ("The table controller runs firmware 1.0.0 (protocol 1) but this companion needs"
               " firmware 1.2.0 (protocol 3): run `companion firmware install` to update it.")
    probe = probe_of(pi, firmware=lambda path, config: FirmwareAnswer(None, refused),
                     command=lambda argv: "inactive", port_use=lambda port: PortUse.FREE)
    verdict, detail = findings_of(probe)["table controller"]
    assert verdict == Verdict.FIX and detail == f"/{PICO} did not answer: {refused}"


def test_while_the_service_runs_the_pico_and_the_port_are_its_own(pi: Path) -> None:
    def firmware(path: str, config: Config) -> FirmwareAnswer:
        raise AssertionError("the running companion holds the port: it must not be opened")

    found = findings_of(probe_of(pi, firmware=firmware))
    assert found["table controller"][0] == Verdict.OK
    assert "held by the running service" in found["table controller"][1]
    assert found["web port"] == (Verdict.OK, "8080 is in use by the running companion service")


def test_a_companion_run_by_hand_holding_the_port_is_named_not_blamed_on_another_program(
    pi: Path,
) -> None:
    probe = probe_of(pi, command=lambda argv: "inactive", port_use=lambda port: PortUse.COMPANION)
    verdict, detail = findings_of(probe)["web port"]
    assert verdict == Verdict.OK and "a companion running now" in detail


@pytest.mark.parametrize(
    ("backend", "verdict"), [("serial", Verdict.FIX), ("gpio", Verdict.OK)]
)
def test_an_absent_pico_needs_fixing_only_when_the_devices_are_on_it(
    pi: Path, backend: str, verdict: Verdict
) -> None:
    (pi / PICO).unlink()
    config = pi / "etc/companion/config.toml"
    config.write_text(config.read_text().replace('backend = "gpio"', f'backend = "{backend}"', 1))
    assert findings_of(probe_of(pi))["table controller"][0] == verdict


def test_a_web_port_taken_by_another_program_is_a_fix(pi: Path) -> None:
    probe = probe_of(pi, command=lambda argv: "inactive", port_use=lambda port: PortUse.OTHER)
    verdict, detail = findings_of(probe)["web port"]
    assert verdict == Verdict.FIX and detail.startswith("8080 is in use by another program")


def test_a_configuration_with_errors_is_a_fix_naming_the_first(pi: Path) -> None:
    (pi / "etc/companion/config.toml").write_text('backend = "steam"\n')
    verdict, detail = findings_of(probe_of(pi))["config"]
    assert verdict == Verdict.FIX and "backend" in detail and "companion config check" in detail


def test_the_log_lives_in_the_service_state_directory_and_needs_free_space(pi: Path) -> None:
    found = findings_of(probe_of(pi))
    assert found["log"] == (Verdict.OK, "/var/lib/companion, made at the first start; 20.0 GB free")
    verdict, detail = findings_of(probe_of(pi, free_bytes=lambda path: 10**7))["log"]
    assert verdict == Verdict.FIX and detail.startswith("only 10 MB free on the disk of")


@pytest.mark.parametrize(
    ("state", "verdict"),
    [("active", Verdict.OK), ("failed", Verdict.FIX), ("inactive", Verdict.FIX)],
)
def test_the_service_state_comes_from_systemctl(pi: Path, state: str, verdict: Verdict) -> None:
    found = findings_of(probe_of(pi, command=lambda argv: state))
    assert found["service"][0] == verdict
    if verdict == Verdict.FIX:
        assert "journalctl -u companion" in found["service"][1]


def test_a_pi_without_the_install_is_told_to_run_install_pi(pi: Path) -> None:
    (pi / "etc/systemd/system/companion.service").unlink()
    verdict, detail = findings_of(probe_of(pi))["service"]
    assert verdict == Verdict.FIX and "sudo scripts/install-pi" in detail


def test_the_service_user_missing_from_a_device_group_is_a_fix(tmp_path: Path) -> None:
    root = fake_pi(tmp_path / "pi", service_groups="")
    verdict, detail = findings_of(probe_of(root))["service user"]
    assert verdict == Verdict.FIX and detail.startswith("companion is not in gpio, dialout")


@pytest.mark.parametrize(
    ("modules", "expected"),
    [({"gpiozero", "lgpio"}, Verdict.OK), ({"gpiozero"}, Verdict.FIX), (set(), Verdict.FIX)],
)
def test_the_pin_factory_needs_gpiozero_and_lgpio(
    pi: Path, modules: set[str], expected: Verdict
) -> None:
    finding = findings_of(probe_of(pi, module_found=lambda name: name in modules))
    assert finding["pin factory"][0] == expected
    if expected == Verdict.OK:
        assert finding["pin factory"][1] == "lgpio (gpiozero's default) on gpiochip0, gpiochip4"


@pytest.fixture
def pico(tmp_path: Path) -> Iterator[PtyBoard]:
    board = PtyBoard(tmp_path, steps_per_turn=STEPS_PER_TURN, flag_steps=5, rotor=123)
    yield board
    board.close()


def test_the_firmware_version_is_read_from_the_links_handshake(pico: PtyBoard) -> None:
    from firmware.version import FIRMWARE_VERSION

    assert ask_firmware(str(pico.path), serial_config(pico)) == FirmwareAnswer(FIRMWARE_VERSION)


def test_doctor_on_this_machine_prints_one_line_per_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[web]\nport = 8080\n")
    code = main(["doctor", "--config", str(config)])
    lines = capsys.readouterr().out.splitlines()
    topics = [line.split(":")[0] for line in lines[:-1]]
    assert topics == ["machine", "groups", "service user", "display", "pin factory",
                      "table controller", "config", "log", "web port", "service"]
    assert code == (1 if any(": FIX: " in line for line in lines) else 0)


def test_the_port_a_running_companion_serves_on_is_told_apart_from_another_programs(
    tmp_path: Path,
) -> None:
    from companion.app.commands.doctor import port_use
    from companion.config import load_config
    from companion.event_log.store import Store
    from companion.table import Table
    from companion.web.phone_page import serve_phone_page

    log = tmp_path / "log.db"
    with Store.open(log) as store, Table(store) as table, \
            serve_phone_page(table, log, load_config(None), port=0) as page:
        assert port_use(page.port) is PortUse.COMPANION
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        assert port_use(other.getsockname()[1]) is PortUse.OTHER
    with socket.socket() as closed:
        closed.bind(("", 0))
        free = closed.getsockname()[1]
    assert port_use(free) is PortUse.FREE


def test_a_port_this_user_may_not_open_is_a_fix_naming_the_ports_allowed(
    pi: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.app.commands import doctor

    def refuse(self: socket.socket, address: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(socket.socket, "bind", refuse)
    assert doctor.port_use(80) is PortUse.FORBIDDEN
    probe = probe_of(pi, command=lambda argv: "inactive", port_use=lambda port: PortUse.FORBIDDEN)
    verdict, detail = findings_of(probe)["web port"]
    assert verdict == Verdict.FIX and "1024" in detail and "web.port" in detail
