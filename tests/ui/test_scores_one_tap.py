"""One tap for one intent: the match's scoresheet is one tap from its screen, and back."""

from __future__ import annotations

import pytest

STARTS = {
    "backgammon": ["roll 3 1"],
    "yahtzee": ["roll 6 5"],
    "tiki": ["tap dealer:1", "tap tab:red", "tap 'card:Red 5'"],
}
"""A match of each family started, as taps."""


@pytest.mark.parametrize("panel", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("game", STARTS)
def test_the_scoresheet_is_one_tap_from_the_match_and_back_returns_to_it(
    make_screen, panel, game
) -> None:
    screen = make_screen(panel)
    screen.run(f"new {game} --names Ana,Ben", *STARTS[game])
    match_scene = screen.app.scene.name
    screen.run("tap scores")
    assert screen.app.scene.name == "history"
    assert "sheet:now" in screen.names()
    screen.run("tap back")
    assert screen.app.scene.name == match_scene


def test_the_scoresheet_from_the_setup_menu_still_goes_back_there(screen) -> None:
    screen.run("new backgammon --names Ana,Ben", "tap back", "tap setup", "tap history",
               "tap back")
    assert screen.app.scene.name == "setup"
