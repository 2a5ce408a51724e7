"""The made card: the dice thrown at the table, and only what they made tapped on screen."""

from __future__ import annotations

import pytest

from companion.games.actions import action_from_json
from tests.ui.yahtzee.yahtzee_players import yahtzee_scene

START = ("new yahtzee --players 3 --names Ana,Ben,Cleo", "roll 6 5", "roll 4 3", "roll 2 1")
"""Ana, Ben, Cleo in that order, on squares 1, 5 and 9."""


def last_event(screen):
    return screen.store.events(screen.store.matches()[-1].id)[-1]


def test_a_number_tile_is_claimed_in_one_tap_and_logged_as_said(screen) -> None:
    screen.run(*START, "tap face:2")
    assert "made_card" in screen.names() and "What did Ana make?" in screen.texts()
    screen.run("tap made:fives:4", "expect Ana claims Fives (four 5s) on square 3")
    screen.run("expect Ana made four 5s")
    event = last_event(screen)
    assert event.kind == "chance" and event.detail["source"] == "touch"
    assert event.action == {"action": "declared", "made": "fives", "value": 4}
    assert event.detail["outcome"] == {"made": "fives", "value": 4}
    assert event.text.startswith("The touchscreen enters what the dice made. Ana made four 5s.")
    # No dice values anywhere: the game's dice were never thrown.
    game = yahtzee_scene(screen).view.game
    assert action_from_json("yahtzee", event.action).tile.value == "fives"
    assert game.holdings[game.options.tiles[4]].value == 4


def test_chance_is_said_with_its_total_on_a_pad(screen) -> None:
    screen.run(*START, "tap face:2", "tap made:chance")
    names = screen.names()
    assert [name for name in names if name.startswith("made:chance:")] == [
        f"made:chance:{total}" for total in range(25, 31)]
    assert "made:fives:4" not in names
    screen.run("tap made:back")
    assert "made:fives:4" in screen.names()
    screen.run("tap made:chance", "tap made:chance:27",
               "expect Ana claims Chance (total 27) on square 3")


def test_a_yahtzee_is_said_with_its_face_then_any_tile_is_claimed(screen) -> None:
    screen.run(*START, "tap face:2", "tap made:yahtzee", "tap made:yahtzee:6",
               "expect Yahtzee! Ana may claim any tile", "tap tile:large_straight",
               "expect The Yahtzee protection marker is now on Large Straight")


def test_nothing_ends_the_turn(screen) -> None:
    screen.run(*START, "tap face:2", "tap made:nothing", "expect Ana made nothing: the turn ends",
               "expect Ben: roll the die to move")


def test_a_steal_square_offers_only_its_tile_at_the_counts_that_steal(screen) -> None:
    screen.run(*START, "tap face:2", "tap made:sixes:2")  # Ana's Sixes on square 3
    for face in (6, 6, 1, 6, 1, 1):  # Ben to 11, Cleo to 15, Ana to 4, Ben to 1, Cleo, Ana
        screen.run(f"tap face:{face}", "tap made:nothing")
    screen.run("tap face:2", "expect Square 3 holds")  # Ben to 3
    made = sorted(name for name in screen.names() if name.startswith("made:"))
    assert made == ["made:nothing", "made:sixes:2", "made:sixes:3", "made:sixes:4",
                    "made:yahtzee"]
    assert "Sixes (Ana)" in screen.texts()
    screen.run("tap made:sixes:2", "expect Ben steals Sixes (two 6s) from Ana")


def test_a_face_tapped_enters_the_dice_one_by_one_until_made_brings_the_card_back(
        screen) -> None:
    screen.run(*START, "tap face:2", "tap face:6")
    assert "made_card" not in screen.names()
    screen.run("tap face:6", "tap face:2", "tap face:3", "tap face:4", "tap stop",
               "tap tile:sixes", "tap face:3")
    # Ben's turn: the dice are tapped in one by one still, and Say made offers the card again.
    assert "made_card" not in screen.names() and "made" in screen.names()
    screen.run("tap made")
    assert "made_card" in screen.names()


def test_the_card_stays_down_when_the_dice_tray_reads_the_dice(screen) -> None:
    screen.run(*START, "tap face:2", "roll 6 6 6 2 1")
    assert "made_card" not in screen.names()
    screen.run("tap stop", "tap tile:sixes", "expect Ana claims Sixes (three 6s) on square 3")


def test_with_the_companions_dice_no_card_is_offered(make_screen) -> None:
    screen = make_screen((800, 480), dice_source="fair")
    screen.run(*START[:1], "roll", "roll", "roll")
    screen.run("tap roll")
    assert "made_card" not in screen.names() and "made" not in screen.names()


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (1920, 1080),
                                  (720, 1280)])
def test_the_whole_card_fits_over_the_board_a_finger_high(make_screen, size) -> None:
    screen = make_screen(size)
    screen.run(*START, "tap face:2")
    card = screen.widget("made_card").rect
    board = next(w for w in screen.app.scene.widgets if w.name == "board").rect
    buttons = [w for w in screen.app.scene.visible_widgets() if w.name.startswith("made:")]
    assert len(buttons) == 24 + 5 + 1 + 1 + 1  # the counts, the patterns, Chance, Yahtzee...
    look = screen.app.look
    for button in buttons:
        assert card.contains(button.rect), button.name
        assert min(button.rect.size) >= look.px(48), button.name
    assert board.contains(card)
