"""The screen's language is chosen in settings: every word changes at once, and it is saved."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import load_config
from companion.i18n import use_language
from tests.ui.test_system_screens import config_file, settings_system, system_screen

__all__ = ["config_file"]  # the fixture, used by name


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    use_language("en")


def test_choosing_cymraeg_shows_the_settings_in_welsh_at_once_and_saves_it(
    tmp_path: Path, config_file: Path
) -> None:
    with system_screen(tmp_path, settings_system(config_file, tmp_path / "sys")) as screen:
        screen.run("tap setup", "tap settings")
        assert screen.widget("language").text == "English"
        screen.run("tap language")
        assert screen.widget("language").text == "Cymraeg"
        assert screen.widget("label:rotation").text == "Cylchdroi"
        assert screen.widget("label:language").text == "Iaith"
    assert load_config(config_file).screen.language == "cy"


def test_the_language_choice_goes_round_to_english_again(
    tmp_path: Path, config_file: Path
) -> None:
    with system_screen(tmp_path, settings_system(config_file, tmp_path / "sys")) as screen:
        screen.run("tap setup", "tap settings", "tap language", "tap language")
        assert screen.widget("language").text == "English"
        assert screen.widget("label:rotation").text == "Rotation"
    assert load_config(config_file).screen.language == "en"
