"""The whole companion, as `companion run` opens it: phones play whole matches through the
JSON API over HTTP while the touchscreen (headless) shows them; the screen, the phones and
the log agree."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "offscreen"

from companion.app.product import RunRequest, open_product, product_screen
from companion.config import Config, load_config
from companion.event_log.store import Store
from tests.product.phone import Phone
from ui.app import App

MATCHES = [
    ("backgammon", {"match_length": 3}, "board", 2),
    ("minigam", {}, "board", 2),
    ("multigam", {}, "board", 4),
    ("classic", {"target": 100, "mode": "referee"}, "uno", 2),
    ("tiki", {"target": 100, "mode": "referee"}, "uno", 3),
    ("duo", {"target": 100, "mode": "referee"}, "uno", 2),
    ("yahtzee", {}, "yahtzee", 2),
]
NAMES = ["Ana", "Ben", "Cleo", "Dev"]


@pytest.fixture
def sim_config(tmp_path: Path) -> Config:
    path = tmp_path / "config.toml"
    path.write_text('backend = "sim"\n[web]\npin = "4821"\n', encoding="utf-8")
    return load_config(path)


def texts(app: App) -> str:
    return "\n".join(widget.text for widget in app.scene.visible_widgets() if widget.text)


@pytest.fixture
def running(tmp_path: Path, sim_config: Config) -> Iterator[tuple[App, Phone, Path]]:
    request = RunRequest(port=0, db=tmp_path / "log.db", headless=True, seed=11,
                         size=(800, 480))
    with open_product(request, sim_config) as product, product_screen(product, request) as app:
        assert product.page is not None and product.phone is not None
        assert product.phone.pin == "4821"
        app.step(None)  # the first frame, as the app's loop draws it at once
        assert app.scene.name == "home"
        yield app, Phone(product.page.port, product.phone.pin), request.db or Path()


def catch_up(app: App) -> None:
    """Let the screen take what the table published (the table wakes it, as in its loop)."""
    app.settle()
    app.step(None)


@pytest.mark.parametrize(("game", "options", "scene", "players"), MATCHES,
                         ids=[m[0] for m in MATCHES])
def test_a_whole_match_played_from_phones_shows_on_the_screen_and_is_all_in_the_log(
    running: tuple[App, Phone, Path], game: str, options: dict, scene: str, players: int
) -> None:
    app, phone, log = running
    rng = random.Random(f"product-{game}")
    match_id = phone.new_match(game, NAMES[:players], options)
    catch_up(app)
    assert app.scene.name == scene  # the screen follows a match a phone started
    for _ in range(3000):
        match = phone.state()
        if match["is_over"]:
            break
        phone.play_one(rng)
        if len(phone.answered) % 7 == 0:  # the screen keeps up while the phones play
            catch_up(app)
            assert app.snapshot is not None and app.snapshot.seq == phone.state()["seq"]
    catch_up(app)
    final = phone.state()
    assert final["is_over"] and final["id"] == match_id
    shown = app.snapshot
    assert shown is not None and shown.is_over
    assert (shown.match_id, shown.seq, list(shown.scores)) == (
        match_id, final["seq"], final["scores"])
    winner = final["players"][final["winners"][0]]["name"]
    assert winner in texts(app), texts(app)
    with Store.open(log) as store:
        events = store.events(match_id)
    assert [event.seq for event in events] == list(range(1, final["seq"] + 1))
    assert phone.answered == sorted(phone.answered) and phone.answered[-1] == final["seq"]


def test_a_match_a_phone_starts_leaves_someone_in_the_settings_alone(
    running: tuple[App, Phone, Path],
) -> None:
    app, phone, _ = running
    app.go("settings")
    phone.new_match("backgammon", ["Ana", "Ben"], {})
    catch_up(app)
    assert app.scene.name == "settings"
    app.go("home")
    catch_up(app)
    assert "Resume Backgammon" in texts(app)
