"""Screenshots of the phone page for the docs: each game family, portrait and landscape,
light and dark, each family's result at the end of a match, the phone of a player who
joins (the PIN typed, the names to tap, their turn to roll, their hand to count, waiting
for their turn, an undo asked of the table's screen) and New match asking before it
abandons an unfinished match, in Debian's chromium through Playwright.

Usage: .venv/bin/python scripts/web_screenshots.py OUT_DIR [WIDTH HEIGHT]

Each match is a seeded demo match played part of the way (or, for the result, to its
end) on a real table and a temporary log, served by the real page; the files are named
`phone-<game>-<portrait|landscape>-<light|dark>.png`, `phone-<game>-result-<light|dark>.png`
and, for a player's phone, `phone-<game>-<pin|join|roll|count|wait|undo|new>-<light|dark>.png`.
With phones as hands (a classic UNO match the companion deals), a player's hand with a Wild
it may play: `phone-classic-hand-<light|dark>.png`, and the Wild's colour asked once it is
tapped, `phone-classic-hand-wild-<light|dark>.png`. Joining before the match exists (the
lobby the table's screen offers): `phone-lobby-<join|wait>-<light|dark>.png`.
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
from companion.games.uno.actions import CountHand, PlayCard
from companion.table import (
    FairChance,
    NewMatch,
    Player,
    SoftwareSpinner,
    Table,
    TableSnapshot,
)
from companion.table.lobby import Lobby, LobbyPlayer
from companion.table.undo_asks import UndoAsks
from companion.web import PinGuard, StreamSettings, WebServer, create_app
from companion.web.seat_turns import chance_seat

PIN = "000000"


@dataclass(frozen=True)
class Shot:
    """One match to picture: its game, players and options, and how far it is played."""

    game: str
    names: tuple[str, ...]
    commands: int | None
    """Commands played before the picture; None: to the end of the match (its result)."""
    options: dict[str, Any] = field(default_factory=dict)

    seat_view: str = ""
    """A player's phone instead of a spectator's: "pin" (the PIN typed), "join" (the names
    to tap), "roll" (the player's turn to roll), "count" (the player's hand to count at a
    round's end), "wait" (another is to move), "undo" (an undo asked of the table's
    screen); or "new": a spectator's New match, asked before abandoning the match."""

    @property
    def views(self) -> tuple[str, ...]:
        if self.seat_view:
            return (self.seat_view,)
        return ("result",) if self.commands is None else ("portrait", "landscape")


SHOTS = (
    Shot("backgammon", ("Ana", "Ben"), 23),
    Shot("classic", ("Ana", "Ben", "Cleo", "Dev"), 30),
    Shot("yahtzee", ("Ana", "Ben", "Cleo"), 60),
    Shot("backgammon", ("Ana", "Ben"), None, {"match_length": 3}),
    Shot("classic", ("Ana", "Ben", "Cleo", "Dev"), None, {"target": 250}),
    Shot("yahtzee", ("Ana", "Ben", "Cleo"), None),
    Shot("yahtzee", ("Ana", "Ben", "Cleo"), 0, seat_view="pin"),
    Shot("yahtzee", ("Ana", "Ben", "Cleo"), 0, seat_view="join"),
    Shot("yahtzee", ("Ana", "Ben", "Cleo"), 13, seat_view="wait"),
    Shot("yahtzee", ("Ana", "Ben", "Cleo"), 13, seat_view="undo"),
    Shot("classic", ("Ana", "Ben", "Cleo", "Dev"), 30, seat_view="new"),
    Shot("yahtzee", ("Ana", "Ben", "Cleo"), 12, seat_view="roll"),
    Shot("tiki", ("Ana", "Ben", "Cleo", "Dev"), 0, {"mode": "referee"}, seat_view="count"),
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


def asked_seat(snapshot: TableSnapshot, view: str) -> int | None:
    """The seat whose phone a seat view pictures at `snapshot`, None while it is not yet
    there: the seat whose whole throw (five dice or more) is asked for ("roll"), the first
    hand to count ("count"), the seat to move choosing ("undo"), the seat after it
    ("wait")."""
    if view in ("wait", "undo"):
        if snapshot.chance is not None or snapshot.to_move is None:
            return None
        return (snapshot.to_move + int(view == "wait")) % len(snapshot.players)
    if view == "roll":
        dice = snapshot.chance.dice if snapshot.chance else None
        return chance_seat(snapshot) if dice is not None and dice >= 5 else None
    counted = [a.counted for a in snapshot.legal_actions if isinstance(a, CountHand)]
    return min(counted) if counted else None


def play_to_seat(table: Table, shot: Shot, seed: int) -> int:
    """Play a seeded demo match on (past `shot.commands`) to where its seat view is asked;
    the seat pictured (the first for "join")."""
    rng = random.Random(seed)
    for count in range(MOST_COMMANDS):
        snapshot = table.snapshot
        assert snapshot is not None and not snapshot.is_over
        seat = 0 if shot.seat_view in ("pin", "join", "new") else asked_seat(
            snapshot, shot.seat_view)
        if seat is not None and count >= (shot.commands or 0):
            return seat
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
    raise SystemExit(f"No phone was asked to {shot.seat_view} within {MOST_COMMANDS} commands.")


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
                with (
                    Store.open(log) as store,
                    Table(store, chance=FairChance(5), spinner=SoftwareSpinner(5)) as table,
                ):
                    players = tuple(Player(n, c) for n, c in zip(shot.names, COLOURS, strict=False))
                    table.post(NewMatch(shot.game, players, shot.options)).result()
                    seat = None
                    if shot.seat_view == "new":
                        play_to(table, shot.commands, seed=11)
                    elif shot.seat_view:
                        seat = play_to_seat(table, shot, seed=11)
                    else:
                        play_to(table, shot.commands, seed=11)
                    asks = UndoAsks()
                    asks.attach(lambda: None)  # a screen answers undos (none will, here)
                    app = create_app(table, log, PinGuard(PIN), StreamSettings(), asks)
                    with WebServer(app, "127.0.0.1", 0) as server:
                        for view in shot.views:
                            for scheme in ("light", "dark"):
                                size = (height, width) if view == "landscape" else (width, height)
                                path = out / f"phone-{shot.game}-{view}-{scheme}.png"
                                name = None if seat is None else shot.names[seat]
                                name = None if shot.seat_view == "new" else name
                                _picture(browser, server.port, size, scheme, path, name, view)
        shoot_hands(browser, out, width, height)
        shoot_lobby(browser, out, width, height)
        browser.close()


LOBBY = (LobbyPlayer("Mum", "red"), LobbyPlayer("Dev", "yellow"), LobbyPlayer("Ana", "blue"),
         LobbyPlayer("Ben", "green"))
"""The players the table's screen sets up in the lobby pictures, before any match exists."""


def shoot_lobby(browser: Any, out: Path, width: int, height: int) -> None:
    """A phone joining before the match exists: the lobby's names to tap
    (`phone-lobby-join-*`), then that phone waiting for the match (`phone-lobby-wait-*`)."""
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "companion.db"
        with Store.open(log) as store, Table(store, chance=FairChance(5)) as table:
            lobby = Lobby()
            lobby.offer(LOBBY)
            app = create_app(table, log, PinGuard(PIN), StreamSettings(), lobby=lobby)
            with WebServer(app, "127.0.0.1", 0) as server:
                for scheme in ("light", "dark"):
                    context = browser.new_context(
                        viewport={"width": width, "height": height}, has_touch=True,
                        is_mobile=True, color_scheme=scheme)
                    page = context.new_page()
                    page.goto(f"http://127.0.0.1:{server.port}/")
                    page.tap("#seat-join")
                    page.fill("#seat-pin", PIN)
                    page.tap("#seat-pin-next")
                    page.wait_for_selector('.seat-name[data-name="Dev"]')
                    for view in ("join", "wait"):
                        if view == "wait":
                            page.tap('.seat-name[data-name="Dev"]')
                            page.wait_for_function("() => document.body.dataset.seatName")
                        path = out / f"phone-lobby-{view}-{scheme}.png"
                        page.screenshot(path=str(path), animations="disabled", caret="hide")
                        print(path)
                    page.tap("#seat-leave")  # the next picture's phone joins Dev afresh
                    page.wait_for_function("() => !document.body.dataset.seatName")
                    context.close()


def wild_to_play(snapshot: TableSnapshot) -> int | None:
    """The seat to move when it may play a Wild from its hand now (the picture's moment)."""
    plays = [a for a in snapshot.legal_actions if isinstance(a, PlayCard) and a.colour]
    return snapshot.to_move if plays and snapshot.chance is None else None


def shoot_hands(browser: Any, out: Path, width: int, height: int) -> None:
    """A hand on a phone, with phones as hands: its cards (the ones it may play lit), the
    colour a Wild asks for, and the round's end (every hand counted), in light and dark."""
    names = ("Ana", "Ben", "Cleo", "Dev")
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "companion.db"
        with (
            Store.open(log) as store,
            Table(store, chance=FairChance(5), spinner=SoftwareSpinner(5)) as table,
        ):
            players = tuple(Player(n, c) for n, c in zip(names, COLOURS, strict=True))
            table.post(NewMatch("classic", players, hands="phones")).result()
            rng = random.Random(11)
            for _ in range(MOST_COMMANDS):
                snapshot = table.snapshot
                assert snapshot is not None and not snapshot.is_over
                seat = wild_to_play(snapshot)
                if seat is not None:
                    break
                table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
            else:
                raise SystemExit("Nobody could play a Wild within the demo match.")
            app = create_app(table, log, PinGuard(PIN), StreamSettings())
            with WebServer(app, "127.0.0.1", 0) as server:
                for view in ("hand", "hand-wild"):
                    for scheme in ("light", "dark"):
                        path = out / f"phone-classic-{view}-{scheme}.png"
                        _picture(browser, server.port, (width, height), scheme, path,
                                 names[seat], view)
                _play_to_a_round_end(table, rng)
                for scheme in ("light", "dark"):
                    path = out / f"phone-classic-round-end-{scheme}.png"
                    _picture(browser, server.port, (width, height), scheme, path,
                             names[0], "round-end")


def _play_to_a_round_end(table: Table, rng: random.Random) -> None:
    """Play on until a player goes out and the companion has counted every hand."""
    for _ in range(MOST_COMMANDS):
        snapshot = table.snapshot
        assert snapshot is not None
        if (snapshot.public_state() or {}).get("hands_left") is not None:
            return
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
    raise SystemExit("Nobody went out within the demo match.")


def _picture(  # type: ignore[no-untyped-def]
    browser, port: int, size: tuple[int, int], scheme: str, path: Path,
    name: str | None = None, view: str = "",
) -> None:  # fmt: skip
    """One picture; with `name`, of that player's phone joining, then at its `view`."""
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        has_touch=True,
        is_mobile=True,
        color_scheme=scheme,
    )
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{port}/")
    page.wait_for_selector("#match:not([hidden])")
    if name is not None:
        _seat_view(page, name, view)
    elif view == "new":
        page.tap("#new-match-open")
        page.fill("#new-match-pin", PIN)
        page.tap("#new-match-start")
        page.wait_for_selector("#new-match-question:not([hidden])")
    else:
        page.wait_for_selector("#recent li:nth-child(3)")
    page.screenshot(path=str(path), animations="disabled", caret="hide")
    context.close()
    print(path)


def _seat_view(page, name: str, view: str) -> None:  # type: ignore[no-untyped-def]
    """The phone of `name` joining as far as `view` shows."""
    page.tap("#seat-join")
    page.fill("#seat-pin", PIN)
    if view == "pin":
        return
    page.tap("#seat-pin-next")
    page.wait_for_selector(f'.seat-name[data-name="{name}"]')
    if view == "join":
        return
    page.tap(f'.seat-name[data-name="{name}"]')
    page.wait_for_function("name => document.body.dataset.seatName === name", arg=name)
    if view in ("roll", "count"):
        page.wait_for_selector("#seat-count" if view == "count" else "#seat-roll")
        page.wait_for_selector("#seat-prompt")
    elif view == "undo":  # asked once: the second picture's page takes the ask up
        page.wait_for_selector("#seat-undo, #seat-message.seat-news")
        if page.query_selector("#seat-undo"):
            page.tap("#seat-undo")
        page.wait_for_function("() => document.getElementById('seat-message').textContent")
    elif view == "round-end":
        page.wait_for_selector("#round-end .hand")
        page.evaluate("() => document.getElementById('round-end').scrollIntoView({block: 'start'})")
    elif view.startswith("hand"):
        page.wait_for_selector("#hand .card.lit")
        if view == "hand-wild":
            page.tap('#hand .card.lit[data-card^="Wild"] >> nth=0')
            page.wait_for_selector("#hand-choice .hand-colour")
        page.evaluate("() => document.getElementById('hand').scrollIntoView({block: 'end'})")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images")
    dimensions = (int(sys.argv[2]), int(sys.argv[3])) if len(sys.argv) > 3 else (360, 740)
    shoot(target, *dimensions)
