"""Every player's token stands inside the square it is on, at every supported size."""

from __future__ import annotations

import pytest

from tests.ui.yahtzee.yahtzee_players import yahtzee_scene
from ui.yahtzee.board_drawing import YahtzeeBoard

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080), (720, 1280)]
START = ("new yahtzee --players 4 --names Ana,Ben,Cleo,Dev", "roll 6 6", "roll 5 5", "roll 4 4",
         "roll 3 3")
"""Ana, Ben, Cleo and Dev in that order, on the four wild corners."""


def board(screen) -> YahtzeeBoard:
    found = [w for w in yahtzee_scene(screen).widgets if isinstance(w, YahtzeeBoard)]
    assert len(found) == 1
    return found[0]


def assert_tokens_inside(screen) -> int:
    """Check every token against its square; returns how many tokens stood on the board."""
    drawn = board(screen)
    tokens = drawn.token_rects()
    for square in drawn.squares:
        cell = drawn.cells[square.number]
        for seat in square.tokens:
            assert cell.contains(tokens[seat]), (
                f"{screen.app.size}: seat {seat}'s token {tokens[seat]} leaves square"
                f" {square.number} {cell}")
    return len(tokens)


@pytest.mark.parametrize("size", SIZES)
def test_every_token_stays_inside_its_square(make_screen, size) -> None:
    screen = make_screen(size)
    screen.run(*START)
    assert assert_tokens_inside(screen) == 4  # the corners
    # Each player onto a square of another side of the ring, then two on one square.
    for face in (2, 3, 4, 6):
        screen.run(f"tap face:{face}", "tap made:nothing")
        assert_tokens_inside(screen)
    for face in (5, 4, 3, 1):
        screen.run(f"tap face:{face}", "tap made:fives:2" if face == 5 else "tap made:nothing")
        assert_tokens_inside(screen)
    squares = [square for square in board(screen).squares if square.tokens]
    assert any(len(square.tokens) > 1 for square in squares) or len(squares) == 4
