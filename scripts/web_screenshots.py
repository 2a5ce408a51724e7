"""Screenshots of the phone page for the docs: each game family, portrait and landscape,
light and dark, in Debian's chromium through Playwright.

Usage: .venv/bin/python scripts/web_screenshots.py OUT_DIR [WIDTH HEIGHT]

Each match is a seeded demo match played part of the way on a real table and a
temporary log, served by the real page; the files are named
`phone-<game>-<portrait|landscape>-<light|dark>.png`. Default size 390 x 844.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from companion.app.commands.demo import choose_command
from companion.event_log.store import Store
from companion.table import FairChance, NewMatch, Player, Table
from companion.web import PinGuard, StreamSettings, WebServer, create_app

MATCHES = {
    "backgammon": (["Ana", "Ben"], 23),
    "classic": (["Ana", "Ben", "Cleo", "Dev"], 30),
    "yahtzee": (["Ana", "Ben", "Cleo"], 60),
}
"""The game, its players and how many commands are played before the picture."""


def play_to(table: Table, commands: int, seed: int) -> None:
    """Play `commands` of a seeded demo match, stopping while a player is to move."""
    rng = random.Random(seed)
    for count in range(commands * 3):
        snapshot = table.snapshot
        assert snapshot is not None
        if snapshot.is_over or (count >= commands and snapshot.chance is None):
            return
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()


def shoot(out: Path, width: int, height: int) -> None:
    """Take every picture into `out`."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise SystemExit("No chromium on PATH: install Debian's chromium package.")
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        for game, (names, commands) in MATCHES.items():
            with tempfile.TemporaryDirectory() as folder:
                log = Path(folder) / "companion.db"
                with Store.open(log) as store, Table(store, chance=FairChance(5)) as table:
                    colours = ("red", "blue", "green", "yellow")
                    players = tuple(Player(n, c) for n, c in zip(names, colours, strict=False))
                    table.post(NewMatch(game, players, {})).result()
                    play_to(table, commands, seed=11)
                    app = create_app(table, log, PinGuard("0000"), StreamSettings())
                    with WebServer(app, "127.0.0.1", 0) as server:
                        for scheme in ("light", "dark"):
                            for orientation in ("portrait", "landscape"):
                                size = (width, height)
                                if orientation == "landscape":
                                    size = (height, width)
                                path = out / f"phone-{game}-{orientation}-{scheme}.png"
                                _picture(browser, server.port, size, scheme, path)
        browser.close()


def _picture(browser, port: int, size: tuple[int, int], scheme: str, path: Path) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        has_touch=True,
        is_mobile=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_selector("#match:not([hidden])")
    page.wait_for_selector("#recent li:nth-child(3)")
    page.screenshot(path=str(path))
    context.close()
    print(path)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images")
    dimensions = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (390, 844)
    shoot(target, *dimensions)
