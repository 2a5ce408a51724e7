"""What the screens say of the companion's setup: the kept phone PIN and a new one, the
devices it plays without (in a family's words), and the join screen as players see it
while the phone page runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.config import default_config_text, load_config
from companion.datadir import read_kept_pin
from companion.ports import DevicesMissing
from tests.ui.readable import written
from tests.ui.test_system_screens import system_screen
from ui.system import SystemSetup


@pytest.fixture
def config_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    path = tmp_path / "config.toml"
    path.write_text(default_config_text().replace('pin = ""', 'pin = "4821"'), encoding="utf-8")
    return path


def test_a_new_random_pin_replaces_the_fixed_one_is_kept_and_is_said(
    tmp_path: Path, config_file: Path
) -> None:
    data = tmp_path / "data"
    system = SystemSetup(config=load_config(config_file), config_file=config_file,
                         log_path=data / "log.db")
    with system_screen(tmp_path, system) as screen:
        screen.run("tap setup", "tap settings", "expect 4821", "tap pin", "tap random")
        kept = read_kept_pin(data)
        assert kept is not None
        assert screen.widget("message").text == (
            f"New PIN {kept}: phones use it from the companion's next start.")
        assert screen.widget("pin").text == kept
        assert "dialog" not in screen.names()
    assert load_config(config_file).web.pin == ""


def test_the_settings_say_where_ones_own_file_will_be_made(tmp_path: Path) -> None:
    own = tmp_path / "own" / "config.toml"
    system = SystemSetup(config_file=own)
    with system_screen(tmp_path, system) as screen:
        screen.run("tap setup", "tap settings")
        assert screen.widget("file").text == f"Saved in {own} (made by the first change)"
        screen.run("tap face_player")
        assert screen.widget("file").text == f"Saved in {own}"
    assert load_config(own).screen.face_player is True


@pytest.mark.parametrize(("missing", "words"), [
    (DevicesMissing(spinner=True, tray=True), "Playing without the spinner and the dice tray."),
    (DevicesMissing(spinner=True), "Playing without the spinner."),
    (DevicesMissing(tray=True), "Playing without the dice tray."),
])
@pytest.mark.parametrize("panel", [(800, 480), (720, 1280)])
def test_the_home_screen_says_in_a_familys_words_which_devices_it_plays_without(
    tmp_path: Path, missing: DevicesMissing, words: str, panel: tuple[int, int]
) -> None:
    with system_screen(tmp_path, SystemSetup(missing=missing), panel=panel) as screen:
        line = screen.widget("devices")
        assert line.text == words
        shown = written([line], screen.app.look, screen.app.size)
        assert " ".join(text.text for text in shown) == words  # whole, nothing cut
        covered = [w.name for w in screen.app.scene.visible_widgets()
                   if w.name not in ("devices", "match_setup") and w.rect.colliderect(line.rect)]
        assert covered == []


def test_simulated_devices_are_not_called_missing_on_the_home_screen(tmp_path: Path) -> None:
    with system_screen(tmp_path, SystemSetup()) as screen:
        assert "devices" not in screen.names()


@pytest.mark.parametrize("panel", [(800, 480), (720, 1280), (480, 800)])
def test_the_join_screen_shows_the_served_address_on_one_line_with_its_pin(
    tmp_path: Path, panel: tuple[int, int]
) -> None:
    system = SystemSetup(address=lambda: "192.168.1.20")
    with system_screen(tmp_path, system, panel=panel) as screen:
        screen.run("phones 8080 482193", "tap setup", "tap join")
        assert screen.widget("qr").text == "http://192.168.1.20:8080/"
        address = screen.widget("address")
        shown = written([address], screen.app.look, screen.app.size)
        assert [text.text for text in shown] == ["http://192.168.1.20:8080/"]
        assert screen.widget("pin").text == "PIN: 482193"
        assert "does not run" not in screen.widget("how").text


def test_a_script_refuses_phones_without_a_port_and_a_pin(tmp_path: Path) -> None:
    with system_screen(tmp_path, SystemSetup()) as screen, \
            pytest.raises(Exception, match="phones takes a port and a PIN"):
        screen.run("phones 8080")
