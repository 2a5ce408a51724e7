"""Each game family's screens are found from the games registry: a new family adds its
screen package (`ui.<family>`, exposing its `FamilyScreen` as ``SCREEN``) and no line to
the touchscreen's own modules."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

import ui.game_scenes
from companion.games.registry import family_names
from ui.game_scenes import FamilyScreen, family_screens, game_scene
from ui.main import SCENES
from ui.scene import MatchScene


class LudoScene(MatchScene):
    """A scene of a family that is not in the companion (only this test adds it)."""

    name = "ludo"
    family = "ludo"


@pytest.fixture
def more_families(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry lists two more families: one with a screen package (`ui.ludo`), and one
    with none (`ui.chess` does not exist)."""
    ludo = types.ModuleType("ui.ludo")
    ludo.SCREEN = FamilyScreen(LudoScene, lambda n: f"Turn {n}")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ui.ludo", ludo)
    monkeypatch.setattr(ui.game_scenes, "family_names",
                        lambda: (*family_names(), "ludo", "chess"))
    family_screens.cache_clear()
    yield
    family_screens.cache_clear()


def test_every_family_of_the_registry_is_shown_by_its_own_screen_package() -> None:
    screens = family_screens()
    assert list(screens) == list(family_names())
    for family, screen in screens.items():
        assert screen.scene.__module__.startswith(f"ui.{family}.")
        assert screen.scene.family == family
        assert screen.scene in SCENES


@pytest.mark.usefixtures("more_families")
def test_a_new_family_is_found_by_its_package_and_one_without_screens_is_not_offered() -> None:
    screens = family_screens()
    assert screens["ludo"].scene is LudoScene
    assert screens["ludo"].round_label(2) == "Turn 2"
    assert "chess" not in screens


def test_a_family_package_that_names_no_screen_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ui.checkers", types.ModuleType("ui.checkers"))
    monkeypatch.setattr(ui.game_scenes, "family_names", lambda: ("checkers",))
    family_screens.cache_clear()
    try:
        with pytest.raises(TypeError, match=r"ui\.checkers must expose its FamilyScreen"):
            family_screens()
    finally:
        family_screens.cache_clear()


def test_each_game_is_shown_by_the_scene_of_its_family() -> None:
    assert game_scene("tiki") == game_scene("classic") == "uno"
    assert game_scene("minigam") == "board"
    assert game_scene("chess") is None
