"""The companion remembers its setup: started without --config it reads and saves the
person's own configuration file, and phones keep the table PIN from one start to the next.

Each test has its own config directory (`$XDG_CONFIG_HOME`, tests/conftest.py), its own
data directory and no /etc file: nothing here reads or writes the real home.
"""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")

from companion.app.cli import build_parser
from companion.app.product import RunRequest, open_product, product_screen, screen_ports
from companion.config import load_start_config, user_config_path
from companion.datadir import PIN_NAME
from ui.script import run_script


@pytest.fixture(autouse=True)
def no_other_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither $COMPANION_CONFIG nor /etc names a file: the person's own is the one."""
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setattr("companion.config.SYSTEM_CONFIG_PATH", tmp_path / "no-etc.toml")
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))


def phones_pin(db: Path, new_pin: bool = False) -> str:
    """Start the companion without a screen (as `companion web` does) and read its PIN."""
    request = RunRequest(ui=False, spinner=False, port=0, db=db, new_pin=new_pin)
    with open_product(request, load_start_config()) as product:
        assert product.page is not None
        return product.page.pin


def test_phones_keep_the_table_pin_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "data" / "log.db"
    first = phones_pin(db)
    assert phones_pin(db) == first
    assert first.isdigit() and len(first) == 6


def test_only_the_companions_user_may_read_the_kept_pin(tmp_path: Path) -> None:
    db = tmp_path / "data" / "log.db"
    phones_pin(db)
    assert stat.S_IMODE((db.parent / PIN_NAME).stat().st_mode) == 0o600


def test_a_new_pin_asked_for_at_the_start_is_kept_from_then_on(tmp_path: Path) -> None:
    db = tmp_path / "data" / "log.db"
    old = phones_pin(db)
    new = {phones_pin(db, new_pin=True) for _ in range(3)}  # one draw in a million repeats
    assert new != {old}
    last = phones_pin(db, new_pin=True)
    assert phones_pin(db) == last


def test_a_pin_fixed_in_the_configuration_wins_over_the_kept_one(tmp_path: Path) -> None:
    own = user_config_path()
    own.parent.mkdir(parents=True)
    own.write_text('[web]\npin = "4821"\n', encoding="utf-8")
    assert phones_pin(tmp_path / "log.db") == "4821"


@pytest.mark.parametrize("command", ["web", "run"])
def test_new_pin_is_an_option_of_the_commands_that_serve_phones(command: str) -> None:
    assert build_parser().parse_args([command, "--new-pin"]).new_pin is True
    assert build_parser().parse_args([command]).new_pin is False


def _tap_settings(db: Path, lines: list[str]) -> tuple[str, int]:
    """Start the whole companion without --config, play `lines` on its screen; what the
    settings screen says of its file, and the script's failing line (0: none)."""
    request = RunRequest(port=0, db=db, headless=True, size=(800, 480))
    with open_product(request, load_start_config()) as product, \
            product_screen(product, request) as app:
        result = run_script(app, ["tap setup", "tap settings", *lines], io.StringIO())
        file_words = next(w.text for w in app.scene.visible_widgets() if w.name == "file")
    return file_words, result.failed_line


def test_settings_saved_without_a_config_file_are_in_ones_own_file_at_the_next_start(
    tmp_path: Path,
) -> None:
    own = user_config_path()
    assert load_start_config().spinner.mode == "fair"
    words, failed = _tap_settings(tmp_path / "log.db", ["tap spin_mode"])
    assert failed == 0
    assert str(own) in words
    again = load_start_config()
    assert again.spinner.mode == "physical"
    assert again.source == str(own)


def test_a_broken_file_of_ones_own_is_said_and_the_companion_starts_on_the_defaults(
    tmp_path: Path,
) -> None:
    own = user_config_path()
    own.parent.mkdir(parents=True)
    broken = '[spinner\nmode = "physical"\n'
    own.write_text(broken, encoding="utf-8")
    config = load_start_config()
    assert config.source == "built-in defaults"
    assert str(own) in config.unread and "not valid TOML" in config.unread
    request = RunRequest(port=0, db=tmp_path / "log.db", headless=True, size=(800, 480))
    with open_product(request, config) as product:
        assert config.unread in screen_ports(product, request).said
    _tap_settings(tmp_path / "log.db", ["tap spin_mode"])
    assert own.read_text(encoding="utf-8") == broken  # bad input changes nothing


def test_a_broken_file_named_on_the_command_line_still_stops_the_start(
    tmp_path: Path,
) -> None:
    from companion.errors import ConfigError

    named = tmp_path / "named.toml"
    named.write_text("[spinner\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_start_config(named)


@pytest.mark.parametrize("kept", ["", "12", "abcdef", "123456789", "\x00\xff"])
def test_a_kept_pin_that_is_no_pin_is_replaced_by_a_new_one(tmp_path: Path, kept: str) -> None:
    from companion.datadir import kept_pin

    (tmp_path / PIN_NAME).write_text(kept, encoding="latin-1")
    pin = kept_pin(tmp_path)
    assert pin.isdigit() and len(pin) == 6
    assert kept_pin(tmp_path) == pin


def test_a_pin_that_cannot_be_kept_still_lets_phones_play_and_says_why(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / PIN_NAME).mkdir()  # in the way of the file: it cannot be written
    pin = phones_pin(tmp_path / "log.db")
    assert pin.isdigit() and len(pin) == 6
    assert "The table's PIN cannot be kept in" in caplog.text


def test_config_path_names_the_file_the_settings_screen_would_make(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from companion.app.cli import main

    assert main(["config", "path"]) == 0
    assert str(user_config_path()) in capsys.readouterr().out
