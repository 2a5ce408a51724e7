"""The phone shows every player with the mark the table's screen draws them with.

One seat identity (`companion.seat_marks`): the public state gives each player
their letter, colour and ink, and the page draws them with it wherever it shows
a player (the scores, the board, the turn line), so "I'm yellow" is as true on a
phone as on the table: Mum is the red R and Dev the yellow Y on both.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.seat_marks import SEAT_MARKS, hex_colour
from companion.table import NewMatch, Player, Table
from companion.web import WebServer
from tests.web.conftest import PIN, play
from tests.web.phone_pages import NEEDS_CHROMIUM, WAIT_MS, phone, rgb, wait_for_seq
from ui.theme import player_colour

__all__ = ["phone"]  # the fixture, from phone_pages

FAMILY = [
    Player("Mum", "red"),
    Player("Dev", "yellow"),
    Player("Ana", "blue"),
    Player("Ben", "green"),
]


def test_the_state_gives_each_player_the_mark_the_screen_draws(
    client: FlaskClient, table: Table
) -> None:
    colours = list(SEAT_MARKS)[:4]
    players = tuple(Player(f"P{index}", colour) for index, colour in enumerate(colours))
    assert table.post(NewMatch("classic", players, {})).result().applied
    marks = [player["mark"] for player in client.get("/api/state").get_json()["match"]["players"]]
    screen = [player_colour(colour) for colour in colours]
    assert marks == [
        {"letter": drawn.mark, "colour": hex_colour(drawn.rgb), "ink": hex_colour(drawn.ink)}
        for drawn in screen
    ]


def _badges(page: Any, selector: str) -> list[tuple[str, str, str]]:
    """Each badge's letter, background and text colour, as the browser draws them."""
    drawn = page.locator(selector).evaluate_all(
        "items => items.map(item => [item.textContent, getComputedStyle(item).backgroundColor,"
        " getComputedStyle(item).color])"
    )
    return [tuple(badge) for badge in drawn]


def _screen_badge(player: Player) -> tuple[str, str, str]:
    drawn = player_colour(player.colour)
    return (drawn.mark, rgb(drawn.rgb), rgb(drawn.ink))


@NEEDS_CHROMIUM
@pytest.mark.parametrize(("game", "players"), [("classic", 4), ("backgammon", 2), ("yahtzee", 3)])
def test_the_phone_shows_every_player_with_the_screens_letter_and_colour(
    phone: Any, server: WebServer, table: Table, game: str, players: int
) -> None:
    seated = tuple(FAMILY[:players])
    assert table.post(NewMatch(game, seated, {})).result().applied
    snapshot = play(table, 6)
    phone.goto(f"http://127.0.0.1:{server.port}/")
    wait_for_seq(phone, snapshot.seq)
    expected = [_screen_badge(player) for player in seated]
    assert expected[0] == ("R", "rgb(204, 32, 44)", "rgb(255, 255, 255)")  # Mum, red R
    assert expected[1] == ("Y", "rgb(240, 228, 66)", "rgb(0, 0, 0)")  # Dev, yellow Y
    assert _badges(phone, "#scoreboard .badge") == expected
    if snapshot.to_move is not None and snapshot.chance is None:
        assert _badges(phone, "#turn .badge") == [expected[snapshot.to_move]]
    if game == "classic":
        assert _badges(phone, "#board .hand .badge") == expected
    else:
        # The checkers and tokens on the board: each seat's colour with its letter.
        pieces = "#board .checker, #board .token"
        drawn = phone.locator(pieces).evaluate_all(
            "items => items.map(item => [Number(item.dataset.seat), getComputedStyle(item).fill])"
        )
        assert drawn, "no checker or token drawn"
        for seat, fill in drawn:
            assert fill == expected[seat][1], (seat, fill)
        letters = phone.locator("#board .checker-label, #board .token-label").evaluate_all(
            "items => items.map(item => [Number(item.dataset.seat), item.textContent])"
        )
        for seat, letter in letters:
            assert letter == expected[seat][0] or letter.isdigit(), (seat, letter)
    assert phone.script_errors == []


def test_the_history_gives_each_past_player_their_mark_and_the_match_its_family(
    client: FlaskClient, table: Table
) -> None:
    seated = tuple(FAMILY[:3])
    assert table.post(NewMatch("yahtzee", seated, {})).result().applied
    match_id = table.snapshot.match_id
    for past in (client.get(f"/api/matches/{match_id}").get_json(),
                 client.get("/api/matches").get_json()[-1]):
        assert past["family"] == table.games["yahtzee"].family
        assert [player["mark"]["letter"] for player in past["players"]] == [
            player_colour(player.colour).mark for player in seated]
        assert [player["mark"]["colour"] for player in past["players"]] == [
            hex_colour(player_colour(player.colour).rgb) for player in seated]


@NEEDS_CHROMIUM
def test_the_join_forms_names_carry_the_screens_letter_and_colour(
    phone: Any, server: WebServer, table: Table
) -> None:
    """Tapping your name to join: Mum's button shows the red R the table's screen shows her
    with, Dev's the yellow Y, each button edged in that colour."""
    assert table.post(NewMatch("yahtzee", tuple(FAMILY), {})).result().applied
    phone.goto(f"http://127.0.0.1:{server.port}/")
    phone.tap("#seat-join")
    phone.fill("#seat-pin", PIN)
    phone.tap("#seat-pin-next")
    phone.wait_for_selector(".seat-name", timeout=WAIT_MS)
    expected = [_screen_badge(player) for player in FAMILY]
    assert _badges(phone, ".seat-name .badge") == expected
    edges = phone.locator(".seat-name").evaluate_all(
        "names => names.map(name => [name.dataset.name, getComputedStyle(name).borderLeftColor])"
    )
    colours = [badge[1] for badge in expected]
    assert edges == [[player.name, colour] for player, colour in zip(FAMILY, colours, strict=True)]
    assert phone.script_errors == []
