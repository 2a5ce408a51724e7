"""The panel itself: how the app shows itself (`ScreenSetup`) and opening it with SDL
(`open_display`), saying which video driver SDL gave and whether that is a screen at all."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from companion.i18n import _
from ui.rotation import facing_rotation

if TYPE_CHECKING:
    from companion.config import Config
    from companion.ports import ScreenRequest

log = logging.getLogger("ui.app")  # the driver line stays where people read it

OFFSCREEN_DRIVERS = frozenset({"offscreen", "dummy"})
"""SDL video drivers that draw into memory: a screen only when asked for (scripts, tests)."""
GPU_ONLY_DRIVERS = frozenset({"kmsdrm"})
"""SDL video drivers with no plain window framebuffer: the copy to the panel goes through
the GPU (on a Pi, KMS/DRM through its OpenGL ES driver)."""

@dataclass(frozen=True)
class ScreenSetup:
    """How the app shows itself: panel size, rotation, and whether it follows the player."""

    panel: tuple[int, int] = (800, 480)
    rotation: int = 0
    face_player: bool = False
    seat_angles: tuple[float, ...] = ()
    fullscreen: bool = False
    headless: bool = False

    def facing(self, seat: int) -> int | None:
        """The rotation that turns the picture toward `seat`, when the screen follows the
        player on roll and that seat is calibrated; None when it does not turn."""
        if not self.face_player or seat >= len(self.seat_angles):
            return None
        return facing_rotation(self.seat_angles[seat], self.rotation)


PLAIN_SETUP = ScreenSetup()
"""An 800x480 window, upright, as the app opens without a setup."""


def screen_setup(config: Config, request: ScreenRequest) -> ScreenSetup:
    """How to show the app, from the config and what the command line overrides."""
    screen = config.screen
    panel = request.size or screen.window_size
    fullscreen = screen.full_screen(os.environ)
    return ScreenSetup(
        panel=panel,
        rotation=screen.rotation if request.rotate is None else request.rotate,
        face_player=screen.face_player,
        seat_angles=config.spinner.seat_angles,
        fullscreen=fullscreen and not request.headless and request.size is None,
        headless=request.headless,
    )


def open_display(setup: ScreenSetup) -> pygame.Surface:
    """Open the window or panel, logging the video driver SDL actually gave us.

    Raises:
        pygame.error: no display could be opened (the caller says so in a sentence).
    """
    if setup.headless:
        os.environ["SDL_VIDEODRIVER"] = "offscreen"
    # SDL turns SIGINT and SIGTERM into a quit event it may never be asked for (a script
    # does not read events): Python's own handling stops the companion instead.
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    asked = os.environ.get("SDL_VIDEODRIVER", "")
    pygame.display.init()
    driver = pygame.display.get_driver()
    if driver in OFFSCREEN_DRIVERS and asked != driver:
        # SDL falls back to drawing into memory when it finds no display: nobody would
        # see the screen, so say there is none (the product then serves phones alone).
        pygame.display.quit()
        raise pygame.error(f"no display was found (SDL fell back to its {driver} driver)")
    pygame.font.init()
    if driver not in GPU_ONLY_DRIVERS:
        # The screen is drawn in software and changes a few times a second: SDL's plain
        # window framebuffer carries it. Its "accelerated" framebuffer would load an OpenGL
        # driver for the copy (Mesa's llvmpipe on a machine without a GPU: about 90 MB
        # resident and 10-15 ms a frame at 1920x1080, bench/startup.py and bench/ui.py).
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    flags = 0
    size = setup.panel
    if setup.fullscreen and not setup.headless:
        flags = pygame.FULLSCREEN
        desktops = pygame.display.get_desktop_sizes()
        if desktops:
            size = desktops[0]
    display = pygame.display.set_mode(size, flags)
    pygame.display.set_caption(_("Tabletop Companion"))
    log.info("video driver: %s, %dx%d", pygame.display.get_driver(), *display.get_size())
    if not setup.headless:
        pygame.mouse.set_visible(not setup.fullscreen)
    return display


__all__ = ["GPU_ONLY_DRIVERS", "OFFSCREEN_DRIVERS", "PLAIN_SETUP", "ScreenSetup", "open_display",
           "screen_setup"]
