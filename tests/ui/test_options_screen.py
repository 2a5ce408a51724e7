"""The options screen: every option of every game on screen, whole, on every panel shape."""

from __future__ import annotations

import pygame
import pytest

from companion.games.registry import game_specs

SHAPES = [((800, 480), 0), ((800, 480), 90), ((720, 1280), 0)]


@pytest.mark.parametrize(("panel", "rotation"), SHAPES, ids=["800x480", "480x800", "720x1280"])
@pytest.mark.parametrize("game", sorted(game_specs()))
def test_every_option_row_is_on_screen_whole_and_big_enough_for_a_finger(
    make_screen, panel: tuple[int, int], rotation: int, game: str
) -> None:
    screen = make_screen(panel, rotation)
    screen.run(f"tap game:{game}")
    assert screen.widget("options").enabled  # every game on the screen has options
    screen.run("tap options")
    screen.app.draw()
    whole = pygame.Rect((0, 0), screen.app.scene.stage.size)
    rows = [w for w in screen.app.scene.visible_widgets() if w.name.startswith("option:")]
    assert rows
    for widget in screen.app.scene.visible_widgets():
        assert whole.contains(widget.rect), (widget.name, widget.rect)
        if widget.name.startswith("label:"):
            assert not any(line.endswith("…") for line in widget.lines_shown), widget.name
    assert all(row.rect.h >= 48 for row in rows)
