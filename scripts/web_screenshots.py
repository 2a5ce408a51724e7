"""Screenshots of the phone page for the docs: each game family, portrait and landscape,
light and dark, and each family's result at the end of a match, in Debian's chromium
through Playwright.

Usage: .venv/bin/python scripts/web_screenshots.py OUT_DIR [WIDTH HEIGHT]

Each match is a seeded demo match played part of the way (or, for the result, to its
end) on a real table and a temporary log, served by the real page; the files are named
`phone-<game>-<portrait|landscape>-<light|dark>.png` and `phone-<game>-result-<light|dark>.png`.
Default size 360 x 740, the phone the browser tests use.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from companion.app.commands.demo import choose_command
from companion.event_log.store import Store
from companion.table import FairChance, NewMatch, Player, Table
from companion.web import PinGuard, StreamSettings, WebServer, create_app


@dataclass(frozen=True)
class Shot:
    """One match to picture: its game, players and options, and how far it is played."""

    game: str
    names: tuple[str, ...]
    commands: int | None
    """Commands played before the picture; None: to the end of the match (its result)."""
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def views(self) -> tuple[str, ...]:
        return ("result",) if self.commands is None else ("portrait", "landscape")


SHOTS = (
    Shot("backgammon", ("Ana", "Ben"), 23),
    Shot("classic", ("Ana", "Ben", "Cleo", "Dev"), 30),
    Shot("yahtzee", ("Ana", "Ben", "Cleo"), 60),
    Shot("backgammon", ("Ana", "Ben"), None, {"match_length": 3}),
    Shot("classic", ("Ana", "Ben", "Cleo", "Dev"), None, {"target": 250}),
    Shot("yahtzee", ("Ana", "Ben", "Cleo"), None),
)
COLOURS = ("red", "blue", "green", "yellow")
MOST_COMMANDS = 20_000
"""A match played to its end stops here at the latest (none of these needs as many)."""


def play_to(table: Table, commands: int | None, seed: int) -> None:
    """Play `commands` of a seeded demo match, stopping while a player is to move; None:
    play the match to its end."""
    rng = random.Random(seed)
    for count in range(MOST_COMMANDS if commands is None else commands * 3):
        snapshot = table.snapshot
        assert snapshot is not None
        if snapshot.is_over:
            return
        if commands is not None and count >= commands and snapshot.chance is None:
            return
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
    if commands is None:
        raise SystemExit(f"The demo match did not end within {MOST_COMMANDS} commands.")


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
        for shot in SHOTS:
            with tempfile.TemporaryDirectory() as folder:
                log = Path(folder) / "companion.db"
                with Store.open(log) as store, Table(store, chance=FairChance(5)) as table:
                    players = tuple(Player(n, c) for n, c in zip(shot.names, COLOURS, strict=False))
                    table.post(NewMatch(shot.game, players, shot.options)).result()
                    play_to(table, shot.commands, seed=11)
                    app = create_app(table, log, PinGuard("0000"), StreamSettings())
                    with WebServer(app, "127.0.0.1", 0) as server:
                        for view in shot.views:
                            for scheme in ("light", "dark"):
                                size = (height, width) if view == "landscape" else (width, height)
                                path = out / f"phone-{shot.game}-{view}-{scheme}.png"
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
    dimensions = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (360, 740)
    shoot(target, *dimensions)
