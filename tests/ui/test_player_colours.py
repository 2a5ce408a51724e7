"""Each player's colour looks like its name: a "red" player is not taken for orange."""

from __future__ import annotations

import colorsys

import pytest

from ui.theme import PLAYER_COLOURS

HUES = {"red": (345, 15), "orange": (30, 45), "yellow": (50, 65), "green": (100, 175),
        "blue": (190, 250)}
"""Where each colour's hue lies, in degrees round the colour wheel (red wraps past 0)."""


def hue(rgb: tuple[int, int, int]) -> float:
    return colorsys.rgb_to_hls(*(channel / 255 for channel in rgb))[0] * 360


@pytest.mark.parametrize("name", HUES)
def test_a_players_colour_has_the_hue_its_name_says(name: str) -> None:
    low, high = HUES[name]
    shown = hue(PLAYER_COLOURS[name].rgb)
    assert (low <= shown <= high) if low < high else (shown >= low or shown <= high), shown


def test_red_and_orange_are_far_apart_on_the_colour_wheel() -> None:
    apart = abs(hue(PLAYER_COLOURS["red"].rgb) - hue(PLAYER_COLOURS["orange"].rgb))
    assert min(apart, 360 - apart) >= 30
