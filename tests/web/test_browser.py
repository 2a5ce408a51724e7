"""The page in a real browser (Debian's chromium through Playwright) at phone size, with touch.

One browser serves the whole session (tests/web/phone_pages.py); each test opens a fresh page
on its own table and server. Skipped, saying why, where no chromium is installed
(`scripts/setup test` installs it).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from companion.table import DrawChance, NewMatch, Player, Table
from companion.web import WebServer
from tests.web.conftest import play, start
from tests.web.phone_pages import NEEDS_CHROMIUM, PHONE, WAIT_MS

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = NEEDS_CHROMIUM


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("dialog", lambda dialog: (errors.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    page.script_errors = errors
    yield page
    context.close()


def shown_seq(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.seq"))


def wait_for_seq(page: Any, seq: int) -> None:
    # Functions, not expressions: the page's CSP forbids evaluating strings, as it should.
    page.wait_for_function(
        "seq => document.body.dataset.seq === seq", arg=str(seq), timeout=WAIT_MS, polling="raf"
    )


def wait_for_connection(page: Any, kind: str) -> None:
    page.wait_for_function(
        "kind => document.body.dataset.connection === kind", arg=kind, timeout=WAIT_MS
    )


def test_the_page_shows_the_live_match_and_each_command_is_pushed_to_it_not_polled(
    phone: Any, server: WebServer, table: Table
) -> None:
    """Each state reaches the page on its stream as the table applies it, with no request of
    the page's own: that is what keeps it within 100 ms of the table (a figure printed by
    bench/web.py, not timed here, where the machine's load would decide it)."""
    start(table, "backgammon")
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, 0)
    wait_for_connection(phone, "live")
    assert phone.locator("#match-title").text_content() == "Backgammon"
    asked: list[str] = []
    phone.on("request", lambda request: asked.append(request.url))
    for _ in range(5):
        outcome = table.post(DrawChance() if table.snapshot.chance else _any_play(table)).result()
        wait_for_seq(phone, outcome.seq)
    assert [url for url in asked if "/api/state" in url] == []  # pushed, never polled for
    assert phone.evaluate("document.body.dataset.connection") == "live"
    assert phone.locator("#recent li").first.text_content().startswith(f"#{outcome.seq}")
    assert phone.script_errors == []


def _any_play(table: Table) -> Any:
    from companion.table import PlayAction

    snapshot = table.snapshot
    return PlayAction(snapshot.legal_actions[0], seat=snapshot.to_move)


def test_a_stream_killed_from_the_page_reconnects_and_shows_what_it_missed(
    phone: Any, server: WebServer, table: Table
) -> None:
    start(table, "classic", 3)
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, 0)
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # reconnects
    phone.context.set_offline(True)
    snapshot = play(table, 6)
    phone.context.set_offline(False)
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    wait_for_seq(phone, snapshot.seq)
    # The newest event comes with the snapshot; the ones missed while offline come from the
    # history a moment later: wait until the page shows all five, newest first.
    phone.wait_for_function(
        "seq => document.querySelector('#recent li').dataset.seq === seq"
        " && document.querySelectorAll('#recent li').length === 5",
        arg=str(snapshot.seq),
        timeout=WAIT_MS,
    )
    seqs = [int(s) for s in phone.locator("#recent li").evaluate_all(
        "items => items.map(item => item.dataset.seq)")]
    assert seqs == list(range(snapshot.seq, snapshot.seq - 5, -1))
    assert phone.script_errors == []


def test_the_recent_moves_are_read_again_when_the_first_read_of_the_log_fails(
    phone: Any, server: WebServer, table: Table
) -> None:
    """A phone that opens the page as the Wi-Fi blinks still gets the match's last moves:
    the failed read of the log is tried again, not left until the next move."""
    start(table, "classic", 3)
    snapshot = play(table, 6)
    failures = []

    def fail_once(route: Any) -> None:
        if not failures:
            failures.append(route.request.url)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    phone.route("**/api/matches/*", fail_once)
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, snapshot.seq)
    phone.wait_for_function(
        "() => document.querySelectorAll('#recent li').length === 5", timeout=WAIT_MS
    )
    assert len(failures) == 1
    seqs = [int(s) for s in phone.locator("#recent li").evaluate_all(
        "items => items.map(item => item.dataset.seq)")]
    assert seqs == list(range(snapshot.seq, snapshot.seq - 5, -1))


def test_a_hostile_name_shows_as_text_and_runs_no_script(
    phone: Any, server: WebServer, table: Table
) -> None:
    hostile = "<svg onload=alert(1)>"
    other = "</script><img src=x>"
    players = (Player(hostile, "red"), Player(other, "blue"))
    assert table.post(NewMatch("backgammon", players, {})).result().applied
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, 0)
    names = phone.locator("#scoreboard .name").all_text_contents()
    assert names == [hostile, other]
    assert phone.locator("#scoreboard svg, #scoreboard img, #recent img").count() == 0
    phone.goto(f"http://127.0.0.1:{server.port}/#/history")
    phone.wait_for_selector("#history-list li", timeout=WAIT_MS)
    assert hostile in phone.locator("#history-list").text_content()
    assert phone.script_errors == []


def test_the_page_polls_when_the_stream_is_refused(
    phone: Any, server: WebServer, table: Table
) -> None:
    start(table, "yahtzee", 3)
    phone.route("**/api/events", lambda route: route.fulfill(status=503, body="busy"))
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, 0)
    wait_for_connection(phone, "polling")
    snapshot = play(table, 3)
    wait_for_seq(phone, snapshot.seq)
    assert phone.script_errors == []


@pytest.mark.parametrize(("game", "players"), [("backgammon", 2), ("classic", 3), ("yahtzee", 3)])
def test_every_game_family_fits_a_360_px_phone_in_portrait_and_landscape(
    phone: Any, server: WebServer, table: Table, game: str, players: int
) -> None:
    start(table, game, players)
    snapshot = play(table, 4)
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, snapshot.seq)
    for size in (PHONE, {"width": PHONE["height"], "height": PHONE["width"]}):
        phone.set_viewport_size(size)
        assert phone.locator("#board > *").count() > 0
        overflow = phone.evaluate("() => document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0, (size, overflow)
    assert phone.script_errors == []


def luminance(css_colour: str) -> float:
    """Rough brightness, 0 to 255, of a computed `rgb(r, g, b)` colour."""
    red, green, blue = (int(part) for part in css_colour.strip("rgba()").split(",")[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def test_the_page_follows_the_phones_light_or_dark_mode(
    phone: Any, server: WebServer, table: Table
) -> None:
    start(table, "backgammon")
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, 0)
    shades = {}
    for scheme in ("light", "dark"):
        phone.emulate_media(color_scheme=scheme)
        shades[scheme] = [
            luminance(phone.evaluate(f"() => getComputedStyle(document.body).{prop}"))
            for prop in ("backgroundColor", "color")
        ]
    assert shades["light"][0] > 128 > shades["light"][1]  # dark text on a light page
    assert shades["dark"][0] < 128 < shades["dark"][1]  # and the other way round
