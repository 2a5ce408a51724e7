"""A setting the screen refuses is said in a person's words; the file's line stays for the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.config_refusals import PIN_DIGITS, ConfigRefused, said_on_screen
from companion.config_save import check_text
from companion.errors import ConfigError

TEMPLATE = Path(__file__).resolve().parents[2] / "companion" / "locale" / "companion.pot"
with TEMPLATE.open("rb") as template:
    MESSAGES = {message.id for message in read_po(template) if message.id}
"""The catalogue's messages (its template, as `scripts/translations extract` writes it)."""


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


def test_seats_too_close_for_the_margin_are_said_as_the_margin_the_screen_changes() -> None:
    with pytest.raises(ConfigError) as refused:
        check_text("[spinner]\nmargin_deg = 5.0\nseat_angles = [0.0, 17.0, 180.0, 270.0]\n",
                   source="config.toml")
    assert said_on_screen(refused.value) == (
        "Two seats are only 17° apart, and a margin of 5° needs them more than 20° apart: "
        "lower the margin, or calibrate the seats further apart.")
    assert str(refused.value) == (
        "config.toml: spinner.seat_angles has two seats only 17 degrees apart, too close for "
        "margin_deg 5; spread the seats or lower margin_deg.")


SCREEN_REFUSALS = [
    ('[web]\npin = "12"\n', "web.pin"),
    ('[web]\npin = "12ab"\n', "web.pin"),
    ("[spinner]\nmargin_deg = -1.0\n", "spinner.margin_deg"),
    ("[spinner]\nmargin_deg = 46.0\n", "spinner.margin_deg"),
    ("[spinner]\nmargin_deg = 30.0\n", "spinner.seat_angles"),
    ("[spinner]\nmargin_deg = 0.0\nseat_angles = [0.0, 0.5, 180.0]\n", "spinner.seat_angles"),
]
"""A refusal of every kind that a value the settings screen sets can meet, with its key: the
screen changes the PIN and the margin by value; the language, rotation, turning, spin mode and
dice source it only cycles through the values the file allows."""


@pytest.mark.parametrize(("text", "key"), SCREEN_REFUSALS)
def test_every_refusal_the_settings_screen_can_meet_has_a_sentence_of_the_catalogue(
        text: str, key: str) -> None:
    with pytest.raises(ConfigRefused) as refused:
        check_text(text, source="config.toml")
    assert [line.split(" ")[1] for line in refused.value.lines] == [key]
    said = refused.value.said[0]
    assert said is not None and said.sentence in MESSAGES
    assert "config.toml" not in said.words() and key not in said.words()
