"""Everything the Yahtzee board screen writes is whole and readable: no name or sentence cut,
no word of a square dropped, the panel's words at the readable size (the board and a long
narration no smaller than 80% of it), on the landscape panel and on portrait ones; the
choice card's tiles are a finger high."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.readable import Written, written
from tests.ui.yahtzee.test_yahtzee_at_the_table import SMALL_BOARD
from tests.ui.yahtzee.yahtzee_players import yahtzee_scene
from ui import theme
from ui.yahtzee.scene import YahtzeeScene

GALLERY = Path(__file__).resolve().parents[3] / "scripts" / "gallery.d" / "yahtzee-board.script"
SIZES = [(800, 480), (480, 800), (720, 1280)]
SHRINKING = ("board", "unclaimed", "challenge", "last", "tile:", "made")
"""What may shrink to 80% of the readable size to stay whole: the board's squares and its
middle, the narration of what happened, the tiles on the choice card and the made card;
everything else is written at the readable size."""
BOARD = ("board", "unclaimed", "challenge")
SMALL_GAME = [SMALL_BOARD, "roll 6 5", "roll 2 1", "roll 1", "roll 6 6 6 2 1", "tap stop"]


def _problems(screen) -> list[str]:
    """What is cut, dropped or too small on the Yahtzee screen now."""
    look = screen.app.look
    scene = yahtzee_scene(screen)
    texts = written(scene.visible_widgets(), look, screen.app.size)
    problems = [f"{text.widget}: {text.text!r} is cut" for text in texts if "…" in text.text]
    problems += [f"{text.widget}: {text.text!r} at {text.pixels} px" for text in texts
                 if text.pixels < _least(text, look)]
    board = next(widget for widget in scene.widgets if widget.name == "board")
    drawn = " ".join(text.text for text in texts if text.widget == "board").split()
    covered = board not in scene.visible_widgets()  # under the choice or result card
    for square in [] if covered else board.squares:
        for word in " ".join(board.lines[square.number]).split():
            if word not in drawn:
                problems.append(f"square {square.number}: {word!r} is not drawn")
    middle = board.middle
    wanted = [tile.label for tile, _points in middle.numbers]
    wanted += [points for _tile, points in (*middle.numbers[:1], *middle.others)]
    wanted += [word for line in middle.lines for word in line.split()]
    for word in [] if covered else " ".join(wanted).split():
        if word not in drawn:
            problems.append(f"the middle: {word!r} is not drawn")
    return problems


def _least(text: Written, look: theme.Theme) -> float:
    if text.widget in BOARD and len(text.text) == 1:
        return 0  # a token's letter, the shield's Y: marks sized to what they mark
    if text.widget.startswith(SHRINKING):
        return look.px(theme.TEXT_MIN) * 0.8 - 1
    return look.px(theme.TEXT_MIN)


def _walk(screen, lines: list[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("shot "):
            if isinstance(screen.app.scene, YahtzeeScene):
                found[line.rsplit("/", 1)[-1]] = _problems(screen)
            continue
        screen.run(line)
    return found


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_nothing_on_any_yahtzee_screen_of_the_gallery_is_cut_or_too_small(
        make_screen, size: tuple[int, int]) -> None:
    screen = make_screen(size)
    found = _walk(screen, GALLERY.read_text(encoding="utf-8").splitlines())
    assert len(found) >= 12
    assert {shot: problems for shot, problems in found.items() if problems} == {}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_the_six_square_boards_middle_lists_its_tiles_whole(
        make_screen, size: tuple[int, int]) -> None:
    screen = make_screen(size)
    found = _walk(screen, [SMALL_BOARD, "shot OUT/start", *SMALL_GAME[1:], "shot OUT/claimed"])
    assert found == {"start": [], "claimed": []}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_every_tile_of_the_yahtzee_choice_card_is_a_finger_high_and_whole(
        make_screen, size: tuple[int, int]) -> None:
    screen = make_screen(size)
    screen.run("new yahtzee --names Ana,Ben", "roll 6 5", "roll 2 1", "roll 2",
               "roll 3 3 3 3 3", "tap stop", "expect Yahtzee! Ana may claim any tile")
    look = screen.app.look
    tiles = [widget for widget in screen.app.scene.visible_widgets()
             if widget.name.startswith("tile:")]
    assert len(tiles) == 12
    for tile in tiles:
        assert min(tile.rect.size) >= look.px(theme.TARGET_MIN), f"{tile.name} {tile.rect}"
    assert _problems(screen) == []
