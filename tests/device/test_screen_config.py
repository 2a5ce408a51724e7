"""The `[screen]` table: rotation, facing the player, language, window, full screen."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from companion.app.cli import main
from companion.config import (
    SECTIONS,
    ScreenConfig,
    config_warnings,
    default_config_text,
    load_config,
    parse_config,
)
from companion.errors import ConfigError

WriteConfig = Callable[[str], Path]


def test_the_screen_defaults_are_a_landscape_7_inch_panel_in_english() -> None:
    screen = parse_config({}).screen
    assert screen == ScreenConfig(
        rotation=0, face_player=False, language="en", window="800x480", fullscreen="auto"
    )
    assert screen.window_size == (800, 480)


def test_the_shipped_file_writes_out_every_screen_default() -> None:
    assert tomllib.loads(default_config_text())["screen"] == asdict(ScreenConfig())


def test_every_section_is_listed_once_in_the_shipped_file_and_the_effective_one() -> None:
    shipped = tomllib.loads(default_config_text())
    effective = parse_config({}).to_dict()
    tables = {key for key, value in effective.items() if isinstance(value, dict)}
    assert tables == set(SECTIONS) == set(shipped) - {"backend"}
    assert list(shipped) == list(SECTIONS), "the shipped file lists the sections in order"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rotation = 0", {"rotation": 0}),
        ("rotation = 90", {"rotation": 90}),
        ("rotation = 180", {"rotation": 180}),
        ("rotation = 270", {"rotation": 270}),
        ("face_player = true", {"face_player": True}),
        ('language = "cy"', {"language": "cy"}),
        ('language = "pt_BR"', {"language": "pt_BR"}),
        ('window = "720x1280"', {"window": "720x1280", "window_size": (720, 1280)}),
        ('window = "240x7680"', {"window_size": (240, 7680)}),
        ('fullscreen = "yes"', {"fullscreen": "yes"}),
        ('fullscreen = "no"', {"fullscreen": "no"}),
    ],
)
def test_a_good_screen_value_is_taken_as_written(
    write_config: WriteConfig, text: str, expected: dict[str, object]
) -> None:
    screen = load_config(write_config(f"[screen]\n{text}\n")).screen
    assert {key: getattr(screen, key) for key in expected} == expected


@pytest.mark.parametrize(
    ("text", "key", "fix"),
    [
        ("rotation = 45", "screen.rotation", "is 45; use 0, 90, 180 or 270"),
        ("rotation = 360", "screen.rotation", "use 0, 90, 180 or 270"),
        ("rotation = -90", "screen.rotation", "use 0, 90, 180 or 270"),
        ('rotation = "90"', "screen.rotation", 'whole number, got "90"; set it to e.g. 0'),
        ("rotation = 90.0", "screen.rotation", "whole number, got 90.0"),
        ('face_player = "yes"', "screen.face_player", "must be true or false"),
        ('language = "Welsh"', "screen.language", "not a language code; use two small letters"),
        ('language = ""', "screen.language", 'e.g. "cy" or "pt_BR"'),
        ('language = "cym"', "screen.language", 'e.g. "cy" or "pt_BR"'),
        ('language = "en-GB"', "screen.language", 'is "en-GB"; write it as "en_GB"'),
        ('language = "CY"', "screen.language", 'write it as "cy"'),
        ("language = 44", "screen.language", "must be a string in quotes"),
        ('window = "800*480"', "screen.window", 'width x height in pixels, e.g. "800x480"'),
        ('window = "800 x 480"', "screen.window", 'e.g. "800x480"'),
        ('window = "100x480"', "screen.window", "each side must be 240 to 7680 pixels"),
        ('window = "800x9000"', "screen.window", "each side must be 240 to 7680 pixels"),
        ("window = [800, 480]", "screen.window", "must be a string in quotes, got [800, 480]"),
        ("fullscreen = true", "screen.fullscreen", 'use one of "auto", "yes", "no"'),
        ('fullscreen = "maybe"', "screen.fullscreen", 'use one of "auto", "yes", "no"'),
        ("undo_seconds = 5", "screen.undo_seconds", "not a known key; remove it"),
    ],
)
def test_a_bad_screen_value_names_the_file_the_key_and_the_fix(
    write_config: WriteConfig, text: str, key: str, fix: str
) -> None:
    path = write_config(f"[screen]\n{text}\n")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    lines = str(caught.value).splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{path}: {key} ")
    assert fix in lines[0]


def test_a_screen_that_is_not_a_table_says_so(write_config: WriteConfig) -> None:
    path = write_config('screen = "big"\n')
    with pytest.raises(ConfigError, match=rf"{path}: screen must be a table \(\[screen\]\)"):
        load_config(path)


def test_every_screen_error_is_reported_at_once(write_config: WriteConfig) -> None:
    text = '[screen]\nrotation = 1\nlanguage = "x"\nwindow = "1x1"\nfullscreen = "no!"\n'
    with pytest.raises(ConfigError) as caught:
        load_config(write_config(text))
    keys = [line.split(": ")[1].split()[0] for line in str(caught.value).splitlines()]
    assert sorted(keys) == [
        "screen.fullscreen",
        "screen.language",
        "screen.rotation",
        "screen.window",
    ]


@pytest.mark.parametrize(
    ("fullscreen", "environ", "full"),
    [
        ("auto", {}, True),  # a Pi's console: no desktop
        ("auto", {"DISPLAY": ""}, True),
        ("auto", {"DISPLAY": ":0"}, False),
        ("auto", {"WAYLAND_DISPLAY": "wayland-0"}, False),
        ("yes", {"DISPLAY": ":0"}, True),
        ("no", {}, False),
    ],
)
def test_auto_fills_the_screen_only_where_there_is_no_desktop(
    fullscreen: str, environ: dict[str, str], full: bool
) -> None:
    assert ScreenConfig(fullscreen=fullscreen).full_screen(environ) is full


def test_config_check_prints_the_screen_in_effect(
    write_config: WriteConfig, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_config('[screen]\nrotation = 90\nwindow = "1280x720"\n')
    assert main(["config", "check", str(path)]) == 0
    captured = capsys.readouterr()
    effective = tomllib.loads(captured.out)["screen"]
    assert effective == {**asdict(ScreenConfig()), "rotation": 90, "window": "1280x720"}
    assert captured.err == ""


@pytest.mark.parametrize("language", ["en", "en_GB"])
def test_english_needs_no_catalog_and_no_warning(language: str) -> None:
    assert config_warnings(parse_config({"screen": {"language": language}})) == []


def test_config_check_warns_that_a_language_without_a_catalog_shows_english(
    write_config: WriteConfig, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["config", "check", str(write_config('[screen]\nlanguage = "fr"\n'))]) == 0
    err = capsys.readouterr().err
    assert 'warning: screen.language "fr" has no catalog here, so the screen shows English' in err
    assert "docs/translating.md" in err


def write_catalog(locale_dir: Path, language: str) -> None:
    mo = locale_dir / language / "LC_MESSAGES" / "companion.mo"
    mo.parent.mkdir(parents=True)
    catalog = Catalog(locale=language)
    catalog.add("Undo", "Dadwneud")
    with mo.open("wb") as file:
        write_mo(file, catalog)


@pytest.mark.parametrize("language", ["cy", "cy_GB"])
def test_a_language_with_a_catalog_is_not_warned_about(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    write_catalog(tmp_path, "cy")
    monkeypatch.setattr("companion.i18n.LOCALE_DIR", tmp_path)
    assert config_warnings(parse_config({"screen": {"language": language}})) == []


def test_facing_the_player_with_uncalibrated_seats_is_warned_about() -> None:
    config = parse_config({"screen": {"face_player": True}})
    [warning] = config_warnings(config)
    assert warning.startswith("screen.face_player is true but the seats have their built-in")
    assert "companion hw calibrate" in warning
    seated = {"screen": {"face_player": True}, "spinner": {"seat_angles": [10, 130, 250]}}
    assert config_warnings(parse_config(seated)) == []


def test_config_default_still_prints_the_documented_file_with_the_screen(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["config", "default"]) == 0
    out = capsys.readouterr().out
    assert out == default_config_text()
    assert "\n[screen]\n" in out
