"""The first frame, drawn before the companion opens its log, its devices and its phone page.

Opening those and importing the screens takes a second or two on a Pi; the panel shows
the home screen's backdrop with "Starting…" in the table's language at once instead, on
the same window the app then draws its home screen over. It imports only pygame, the
theme and the translation layer, so it is on screen a few tenths of a second after the
process starts (`bench/startup.py`). A script (`--script`) and `--headless` draw no
such frame: their pictures stay the same from run to run.
"""

from __future__ import annotations

import logging

import pygame

from companion.i18n import _
from ui import theme
from ui.display import ScreenSetup, open_display
from ui.rotation import Rotation

log = logging.getLogger("ui.app")  # beside the app's own "First frame on screen."

STARTING_TEXT = 36
"""The size of "Starting…", in pixels on 800x480."""


def show_starting(setup: ScreenSetup) -> bool:
    """Open the panel as the app will and draw "Starting…" on the home's backdrop; False
    when no display could be opened (the app says why when it tries in its turn)."""
    try:
        display = open_display(setup)
    except pygame.error as error:
        log.debug("No starting frame: %s", error)
        return False
    rotation = Rotation(display.get_size(), setup.rotation)
    picture = pygame.Surface(rotation.logical_size)
    picture.fill(theme.BACKGROUND)
    look = theme.Theme.for_size(rotation.logical_size)
    words = look.font(STARTING_TEXT, True).render(_("Starting…"), True, theme.TEXT)
    picture.blit(words, words.get_rect(center=picture.get_rect().center))
    rotation.present(picture, display)
    pygame.display.flip()
    log.info("Starting frame on screen.")
    return True


__all__ = ["show_starting"]
