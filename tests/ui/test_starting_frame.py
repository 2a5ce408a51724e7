"""The first frame comes before the log, the devices and the phone page are opened: the home
screen's backdrop with "Starting…" in the table's language; a script draws none."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.app import product
from companion.app.product import RunRequest, Stopper
from companion.config import Config
from companion.errors import CompanionError
from ui import splash, theme


class Opened(CompanionError):
    """Raised by the stand-in for opening the product, once it saw what was on screen."""


@pytest.fixture
def seen_at_opening(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[pygame.Surface | None]]:
    """What the panel showed when the product began to open (a copy), one per opening."""
    seen: list[pygame.Surface | None] = []

    @contextlib.contextmanager
    def opening(_request: RunRequest, _config: Config, _said_as: str = "") -> Iterator[None]:
        shown = pygame.display.get_surface() if pygame.display.get_init() else None
        seen.append(shown.copy() if shown is not None else None)
        raise Opened("stopped where the log would be opened")
        yield

    monkeypatch.setattr(product, "open_product", opening)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    yield seen
    pygame.display.quit()


def run(tmp_path: Path, **asked: object) -> None:
    request = RunRequest(db=tmp_path / "log.db", size=(800, 480), phone_page=False, **asked)
    with pytest.raises(Opened):
        product.run_until_stopped(request, Config(), Stopper())


def test_starting_is_on_screen_before_the_log_and_the_devices_are_opened(
        tmp_path: Path, seen_at_opening: list[pygame.Surface | None],
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    said: list[str] = []

    def translated(message: str) -> str:
        said.append(message)
        return message

    monkeypatch.setattr(splash, "_", translated)
    with caplog.at_level(logging.INFO, logger="ui.app"):
        run(tmp_path)
    [shown] = seen_at_opening
    assert shown is not None and shown.get_size() == (800, 480)
    assert shown.get_at((10, 10))[:3] == theme.BACKGROUND
    middle = [shown.get_at((x, 240))[:3] for x in range(300, 500)]
    assert theme.TEXT in middle  # the words are written across the middle
    assert said == ["Starting…"]
    assert "Starting frame on screen." in caplog.messages


@pytest.mark.parametrize("asked", [{"headless": True}, {"script": ["wait"]}],
                         ids=["headless", "script"])
def test_a_headless_or_scripted_screen_draws_no_starting_frame(
        tmp_path: Path, seen_at_opening: list[pygame.Surface | None],
        asked: dict[str, object]) -> None:
    run(tmp_path, **asked)
    assert seen_at_opening == [None]
