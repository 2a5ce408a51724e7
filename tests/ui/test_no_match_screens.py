"""A game family's screen with no match of its family on the table says so and leads home."""

from __future__ import annotations

import pytest

from tests.ui.conftest import Screen
from ui.game_scenes import family_screens

WORDS = {
    "board": "No match of the backgammon family is on the table.",
    "uno": "No UNO match is on the table.",
    "yahtzee": "No Yahtzee board game is on the table.",
}


@pytest.mark.parametrize("scene", sorted(screen.scene.name for screen in family_screens().values()))
def test_a_family_screen_without_its_match_says_so_and_back_goes_home(
    screen: Screen, scene: str
) -> None:
    screen.app.go(scene)
    screen.app.draw()
    assert screen.widget("status").text == WORDS[scene]
    screen.run("tap back")
    assert screen.app.scene.name == "home"
