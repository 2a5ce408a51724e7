"""The phone draws each game as the table's screen does, with the screen's words.

The Yahtzee ring is the screen's square ring (square 1 at the top left, the rest
clockwise: `ui.yahtzee.board_drawing.ring_cells`), not a circle, with its shield on
a protected tile; the rounds of the
scores are named as the screen's scoresheet names them ("Claim 2" on the Yahtzee
board, "Game 2" in backgammon: `ui.game_scenes.family_screens`); the header says
"Live" once, and the scores say their heading once.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pygame
import pytest

from companion import i18n
from companion.app.commands.demo import choose_command
from companion.table import Table
from companion.web import WebServer
from companion.web.words import page_words
from tests.web.conftest import play, start
from tests.web.phone_pages import NEEDS_CHROMIUM, WAIT_MS, phone, wait_for_seq
from ui.game_scenes import family_screens
from ui.yahtzee.board_drawing import ring_cells

__all__ = ["phone"]  # the fixture, from phone_pages


def _fill(template: str, **values: object) -> str:
    """`{n}` filled in as the page's script fills it."""
    return re.sub(r"\{(\w+)\}", lambda m: str(values.get(m.group(1), m.group(0))), template)


@pytest.mark.parametrize("language", ["en", "cy"])
def test_the_phone_names_each_familys_rounds_as_the_screens_scoresheet(language: str) -> None:
    i18n.use_language(language)
    try:
        words = page_words()
        for family, screen in family_screens().items():
            for number in (1, 12):
                assert _fill(words[f"round_label_{family}"], n=number) == screen.round_label(number)
    finally:
        i18n.use_language("en")


def _centres(cells: dict[int, tuple[float, float, float, float]]) -> dict[int, tuple[float, float]]:
    """Each square's centre, as a share of the ring's width and height (0 to 1)."""
    left = min(x for x, _y, _w, _h in cells.values())
    top = min(y for _x, y, _w, _h in cells.values())
    right = max(x + w for x, _y, w, _h in cells.values())
    bottom = max(y + h for _x, y, _w, h in cells.values())
    return {
        number: ((x + w / 2 - left) / (right - left), (y + h / 2 - top) / (bottom - top))
        for number, (x, y, w, h) in cells.items()
    }


@NEEDS_CHROMIUM
@pytest.mark.parametrize(("squares", "wild"), [(16, [1, 5, 9, 13]), (15, [1, 6, 11])])
def test_the_yahtzee_ring_is_the_screens_square_ring_numbered_from_the_top_left(
    phone: Any, server: WebServer, table: Table, squares: int, wild: list[int]
) -> None:
    start(table, "yahtzee", 3, {"squares": squares, "wild_squares": wild})
    snapshot = play(table, 5)
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, snapshot.seq)
    drawn = phone.locator("#board rect[data-square]").evaluate_all(
        "rects => rects.map(r => [Number(r.dataset.square), r.x.baseVal.value, r.y.baseVal.value,"
        " r.width.baseVal.value, r.height.baseVal.value])"
    )
    phone_cells = {int(n): (x, y, w, h) for n, x, y, w, h in drawn}
    assert sorted(phone_cells) == list(range(1, squares + 1))
    screen = ring_cells(pygame.Rect(0, 0, 464, 464), squares, 4)
    screen_cells = {n: (float(r.x), float(r.y), float(r.w), float(r.h)) for n, r in screen.items()}
    on_phone, on_screen = _centres(phone_cells), _centres(screen_cells)
    for number in range(1, squares + 1):
        assert on_phone[number] == pytest.approx(on_screen[number], abs=0.03), number
    first, second = on_phone[1], on_phone[2]
    assert first == pytest.approx((min(x for x, _ in on_phone.values()),
                                   min(y for _, y in on_phone.values())), abs=0.01)  # top left
    assert second[0] > first[0] and second[1] == pytest.approx(first[1])  # then clockwise
    assert phone.script_errors == []


@NEEDS_CHROMIUM
@pytest.mark.parametrize(("game", "players", "word"), [("yahtzee", 3, "Claim"),
                                                       ("backgammon", 2, "Game")])
def test_the_scores_name_their_rounds_as_the_screen_and_say_scores_once(
    phone: Any, server: WebServer, table: Table, game: str, players: int, word: str
) -> None:
    start(table, game, players, {"match_length": 5} if game == "backgammon" else {})
    snapshot = play(table, 400 if game == "yahtzee" else 300)
    assert len(snapshot.rounds) >= 2, "the match scored fewer than two rounds"
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, snapshot.seq)
    heads = phone.locator("#scoreboard th.round").all_text_contents()
    total = len(snapshot.rounds)
    shown = range(max(1, total - 2), total + 1)
    assert heads == [f"{word} {n}" for n in shown]
    assert heads == [family_screens()[table.games[game].family].round_label(n) for n in shown]
    scores = phone.locator("#scoreboard").evaluate("t => t.closest('section').innerText")
    assert scores.count("Scores") == 1
    assert "Round" not in scores
    assert phone.script_errors == []


@NEEDS_CHROMIUM
def test_the_header_says_live_once(phone: Any, server: WebServer, table: Table) -> None:
    start(table, "classic", 3)
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, 0)
    phone.wait_for_function(
        "() => document.body.dataset.connection === 'live'", timeout=WAIT_MS
    )
    header = phone.locator("header").inner_text()
    assert header.count("Live") == 1, header
    # Still said to whoever cannot see the green dot.
    assert phone.locator("#connection").get_attribute("aria-label") == "Live"
    assert phone.script_errors == []


@NEEDS_CHROMIUM
def test_a_yahtzee_protected_tile_wears_the_screens_shield(
    phone: Any, server: WebServer, table: Table
) -> None:
    start(table, "yahtzee", 3)
    rng = random.Random(1)
    for _ in range(3000):
        snapshot = table.snapshot
        assert snapshot is not None and not snapshot.is_over
        protected = (snapshot.public_state() or {}).get("protected")
        if protected:
            break
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
    else:
        pytest.fail("no tile was protected in 3000 commands")
    square = snapshot.public_state()["tiles"][protected]["square"]
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, snapshot.seq)
    shields = phone.locator("#board .yz-shield")
    assert shields.count() == 1
    inside = shields.evaluate(
        """(shield, square) => {
          const cell = document.querySelector(`#board rect[data-square="${square}"]`).getBBox();
          const mark = shield.getBBox();
          return mark.x >= cell.x && mark.x + mark.width <= cell.x + cell.width
            && mark.y >= cell.y && mark.y + mark.height <= cell.y + cell.height;
        }""",
        square,
    )
    assert inside, f"the shield is not on square {square}"
    assert phone.script_errors == []


def _play_until(table: Table, rng: random.Random, rolled: bool) -> tuple[Any, dict[str, Any]]:
    """Commands as the demo chooses them until a player's dice show (`rolled`: after a
    roll; else before the first): the snapshot and its dice."""
    for _ in range(200):
        snapshot = table.snapshot
        assert snapshot is not None
        dice = (snapshot.public_state() or {}).get("dice") or {}
        if "rolls" in dice and bool(dice["rolls"]) == rolled:
            return snapshot, dice
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
    pytest.fail("the dice never came to that in 200 commands")


@NEEDS_CHROMIUM
def test_the_yahtzee_dice_on_the_board_say_the_roll_they_came_from(
    phone: Any, server: WebServer, table: Table
) -> None:
    """Before a turn's first roll the board counts no roll (the prompt says "roll 1 of
    3"); after it, "Roll 1 of 3" under the dice, where it said "Rolls: 0 of 3" under
    "roll 1 of 3"."""
    start(table, "yahtzee", 3)
    rng = random.Random(1)
    snapshot, dice = _play_until(table, rng, rolled=False)
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, snapshot.seq)
    assert f"roll 1 of {dice['max_rolls']}" in phone.locator("main").inner_text()
    assert phone.locator("#board .yz-rolls").count() == 0
    snapshot, dice = _play_until(table, rng, rolled=True)
    wait_for_seq(phone, snapshot.seq)
    shown = phone.locator("#board .yz-rolls").text_content()
    assert shown == f"Roll {dice['rolls']} of {dice['max_rolls']}"
    assert phone.script_errors == []


@NEEDS_CHROMIUM
@pytest.mark.parametrize(("points", "said"), [(1, "1 point"), (2, "2 points"), (55, "55 points")])
def test_a_hand_left_at_a_rounds_end_says_its_points_in_the_singular_for_one(
    phone: Any, server: WebServer, table: Table, points: int, said: str
) -> None:
    """The phone's round-end card (phones as hands) says "1 point", not "1 points"."""
    start(table, "classic", 2)
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, 0)
    shown = phone.evaluate(
        """(points) => {
          const words = JSON.parse(document.getElementById("words").textContent);
          const players = [{ name: "Ana" }, { name: "Ben" }];
          const state = { top_card: "Red 1", hand_counts: [0, 1], hands_left: [[], ["Red 1"]],
            rounds: [{ winner: 0, points: [0, points], totals: [points, 0] }], target: 500 };
          const [table] = Boards.drawing("uno")({ players, state }, words);
          return table.querySelector('#round-end li[data-seat="1"] .points').textContent;
        }""",
        points,
    )
    assert shown == said
    assert phone.script_errors == []
