"""Frames of a turning dial: the idol alone is drawn and sent to the panel, and the picture
is the one a whole redraw would make."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.config import Config, load_config
from companion.event_log.store import Store
from companion.games.base import ChanceRequest
from companion.hardware.table_spins import SoftwareSpins
from companion.table import FairChance, SoftwarePick, Table
from tests.ui.test_spin_view import ANGLES, PLAYERS, DialScene, FakeClock, motion_to
from ui.app import FRAME_SECONDS, App, ScreenSetup
from ui.spin_view import SpinDial, idol_bounds, spin_dial
from ui.theme import Theme

PANEL = (800, 480)


@pytest.fixture
def sim_config() -> Config:
    """The built-in defaults, no seats file read."""
    return load_config(None, with_seats_file=False)


@pytest.fixture(params=[0, 90])
def turning(request: pytest.FixtureRequest, tmp_path: Path, sim_config: Config,
            monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[App, list[object]]]:
    """An app whose dial turns a software spin (its words on the felt), the panel turned by
    the parameter; the second item lists what each frame sent to the panel."""
    sent: list[object] = []
    flip, update = pygame.display.flip, pygame.display.update
    monkeypatch.setattr(pygame.display, "flip", lambda: (sent.append("flip"), flip())[1])
    monkeypatch.setattr(pygame.display, "update",
                        lambda rects: (sent.append(list(rects)), update(rects))[1])
    spins = SoftwareSpins(SoftwarePick(2), sim_config.spinner, "No spinner here.")
    clock = FakeClock()
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(3)) as table,
        App(table, [DialScene], ScreenSetup(panel=PANEL, rotation=request.param, headless=True,
                                            seat_angles=ANGLES),
            clock=clock.now, sleep=clock.sleep, spinner=spins) as app,
    ):
        spins.outcome(ChanceRequest("spin", "Spin!", seats=(0, 1, 2, 3)))
        app.step(None)  # the spin starts: drawn whole
        assert app.spin is not None and app.spin.software_pick
        sent.clear()
        yield app, sent


def picture(app: App) -> bytes:
    return pygame.image.tobytes(app.screenshot(), "RGB")


def test_a_frame_of_the_turning_idol_alone_is_the_whole_redraw_pixel_for_pixel(
    turning: tuple[App, list[object]],
) -> None:
    app, _sent = turning
    assert app.spin is not None
    frames = 0
    while app.animating and app.now() < app.spin.until - FRAME_SECONDS:
        app.sleep(FRAME_SECONDS * 3)  # a fast idol: far from where it was
        app.step(None)
        turned = picture(app)
        app.changed()
        app.draw()
        assert picture(app) == turned, f"frame at {app.now() - app.spin.started:.3f} s"
        frames += 1
    assert frames > 20


def test_only_the_rects_the_idol_changed_go_to_the_panel(
    turning: tuple[App, list[object]],
) -> None:
    app, sent = turning
    assert app.spin is not None
    for _ in range(10):
        app.sleep(FRAME_SECONDS)
        app.step(None)
    assert len(sent) == 10 and "flip" not in sent
    dial = app.scene.widgets[0]
    assert isinstance(dial, SpinDial)
    for rects in sent:
        assert isinstance(rects, list) and len(rects) == 1
        panel_area = PANEL[0] * PANEL[1]
        assert rects[0].w * rects[0].h < panel_area // 2


def test_anything_else_that_changed_draws_the_whole_scene(
    turning: tuple[App, list[object]],
) -> None:
    app, sent = turning
    app.sleep(FRAME_SECONDS)
    app.say("Ana: it is your turn.")
    app.step(None)
    assert sent == ["flip"]


def test_the_spins_last_frame_is_drawn_whole(turning: tuple[App, list[object]]) -> None:
    app, sent = turning
    app.finish_animation()
    assert sent[-1] == "flip" and not app.animating


def test_a_scenes_own_animation_draws_whole_frames(turning: tuple[App, list[object]]) -> None:
    app, sent = turning
    app.animate(app.now() + 0.1)
    app.sleep(FRAME_SECONDS)
    app.step(None)
    assert sent == ["flip"]


@pytest.mark.parametrize("angle", [i * 7.5 for i in range(48)])
def test_the_idols_bounds_hold_every_pixel_it_draws(sim_config: Config, angle: float) -> None:
    pygame.font.init()
    dial = spin_dial(pygame.Rect(0, 0, 480, 480), PLAYERS, ANGLES,
                     motion_to(angle, (0,), sim_config), lambda: 99.0)
    look = Theme()
    centre, radius, _ = dial.geometry(look)
    drawn = dial._draw_idol(pygame.Surface((480, 480)), look, centre, radius, angle)
    assert idol_bounds(look, centre, radius, angle).contains(drawn)
