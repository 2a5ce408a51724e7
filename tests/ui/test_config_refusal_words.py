"""A setting the screen refuses is said in a person's words; the file's line stays for the log."""

from __future__ import annotations

import pytest

from companion.config_refusals import PIN_DIGITS, said_on_screen
from companion.config_save import check_text
from companion.errors import ConfigError


def test_a_bad_pin_is_said_in_the_screens_words_and_the_log_keeps_the_files_line() -> None:
    with pytest.raises(ConfigError) as refused:
        check_text('[web]\npin = "12"\n', source="config.toml")
    assert said_on_screen(refused.value) == PIN_DIGITS
    assert str(refused.value).startswith("config.toml: web.pin must be 4 to 8 digits")


def test_a_margin_out_of_range_names_the_setting_as_the_screen_does() -> None:
    with pytest.raises(ConfigError) as refused:
        check_text("[spinner]\nmargin_deg = 50\n", source="config.toml")
    assert said_on_screen(refused.value) == "The spinner's margin can be 0 to 45, not 50."
    assert "spinner.margin_deg is 50" in str(refused.value)
