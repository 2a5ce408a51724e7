"""What the Yahtzee board screen shows and lets a person do: holds, dice tapped in, the wild
square's choice, the choice on your own tile, a free square, and refusals in the engine's words."""

from __future__ import annotations

import pygame
import pytest

from companion.games.yahtzee import Phase
from tests.ui.yahtzee.test_yahtzee_at_the_table import SMALL_BOARD
from tests.ui.yahtzee.yahtzee_players import yahtzee_scene
from ui.yahtzee.view_model import YahtzeeView


def _started(screen, *options: str) -> None:
    """Ana and Ben on the small board; Ana plays first, from wild square 1."""
    screen.run(SMALL_BOARD + "".join(f" --option {option}" for option in options),
               "roll 6 5", "roll 2 1")


def _view(screen) -> YahtzeeView:
    view = yahtzee_scene(screen).view
    assert view is not None
    return view


def _last_action(screen) -> dict:
    return screen.store.events(screen.store.matches()[-1].id)[-1].action


def _message(screen) -> str:
    message = screen.app.message
    assert message is not None, "the screen said nothing"
    return message.text


def test_a_tapped_die_is_held_out_of_the_tray_and_a_second_tap_puts_it_back(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 2 1 3", "tap hold:2")
    assert screen.widget("hold:2").text == "6, held"
    assert screen.widget("dice").text == "6 6 held 2 1 3"
    screen.run("tap hold:2")
    assert screen.widget("hold:2").text == "6"
    assert yahtzee_scene(screen).held == set()


def test_throw_sends_the_held_values_and_the_tray_asks_for_the_other_dice_only(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 2 6 1 3", "tap hold:1", "tap hold:3", "expect Throw 3",
               "tap throw")
    assert _last_action(screen) == {"action": "roll_again", "kept": [6, 6], "seat": 0}
    assert screen.app.snapshot.chance.dice == 3
    screen.run("expect roll 3 dice (roll 2 of 3)")
    assert screen.widget("dice").text == "6 held ? 6 held ? ?"


def test_held_dice_waiting_for_a_throw_cannot_be_tapped_and_say_why(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 2 6 1 3", "tap hold:1", "tap throw")
    held = screen.widget("hold:1")
    assert not held.enabled
    assert held.refusal == "Dice first: Ana: roll 4 dice (roll 2 of 3)."
    screen.run("tap hold:1")
    assert _message(screen) == held.refusal


def test_a_refusal_gives_way_to_the_new_dice_once_they_arrive(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 2 1 3", "tap hold:1", "tap hold:2", "tap throw",
               "tap hold:1", "expect Dice first")
    assert "last" not in screen.names()
    screen.run("roll 4 4 5")  # the tray's dice: no one touched the screen
    assert screen.app.message is None
    assert {"last", "prompt"} <= set(screen.names())
    assert screen.widget("dice").text == "6 held 6 held 4 4 5"


def test_dice_kept_for_a_throw_stay_held_after_it_where_they_lie(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 2 6 1 3", "tap hold:1", "tap hold:3", "tap throw", "roll 6 4 5")
    assert _view(screen).dice.faces == (6, 6, 6, 4, 5)
    assert yahtzee_scene(screen).held == {0, 2}
    assert [screen.widget(f"hold:{n}").text for n in (1, 2, 3)] == ["6, held", "6", "6, held"]


def test_holds_start_afresh_on_the_next_players_turn(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 2 1 3", "tap hold:1", "tap stop", "roll 4", "roll 2 2 5 1 3")
    assert _view(screen).game.current == 1
    assert yahtzee_scene(screen).held == set()


def test_a_cocked_roll_is_thrown_again_and_the_held_dice_stay_held(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 2 1 3", "tap hold:1", "tap hold:2", "tap throw",
               "roll cocked",
               "expect The roll does not count: Ana rolls again")
    assert _view(screen).dice.kept == (6, 6)
    assert screen.app.snapshot.chance.dice == 3
    screen.run("roll 1 2 3")
    assert _view(screen).dice.faces == (6, 6, 1, 2, 3)


def test_faces_tapped_on_screen_are_sent_once_all_the_dice_asked_for_are_in(screen) -> None:
    _started(screen)
    screen.run("roll 1", "tap face:5", "tap face:5", "expect Tapped: 5 5")
    assert screen.widget("dice").text == "5 5 ? ? ?"
    assert screen.app.snapshot.chance is not None  # nothing sent yet
    screen.run("tap face:1", "tap face:2", "tap face:3")
    assert _view(screen).dice.faces == (5, 5, 1, 2, 3)
    event = screen.store.events(screen.store.matches()[-1].id)[-1]
    assert event.detail["source"] == "touch"


def test_roll_lets_the_companion_roll_the_dice_asked_for(screen) -> None:
    _started(screen)
    screen.run("tap roll")
    assert _view(screen).phase is Phase.ROLL
    event = screen.store.events(screen.store.matches()[-1].id)[-1]
    assert event.text.startswith("The companion rolls")


def test_a_double_tap_on_roll_rolls_the_die_asked_for_once_and_never_the_next_dice(
        screen) -> None:
    _started(screen)
    assert screen.app.snapshot.chance.dice == 1  # Ana's movement die
    scene = yahtzee_scene(screen)
    scene.roll()
    scene.roll()  # before the table's answer
    screen.app.settle()
    events = screen.store.events(screen.store.matches()[-1].id)
    assert [event.text.startswith("The companion rolls") for event in events][-2:] == [
        False, True]
    assert screen.app.snapshot.chance.dice == 5  # the five dice still wait for the tray
    assert screen.app.message is None


def test_a_wild_square_offers_every_tile_but_the_players_own_after_the_first_throw(
        screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 6 2 1", "tap stop",  # Ana: Sixes on 2
               "roll 4", "roll 1 2 3 4 6", "tap stop",  # Ben fails on 2
               "roll 2", "roll 5 5 5 3 3", "expect choose the tile to go for")
    tiles = sorted(name for name in screen.names() if name.startswith("tile:"))
    assert tiles == ["tile:fives", "tile:full_house"]
    assert "Wild square: choose any tile but your own" in screen.widget("prompt").text
    screen.run("tap tile:fives")
    assert _last_action(screen) == {"action": "choose_target", "tile": "fives", "seat": 0}
    screen.run("expect For Fives: at least one 5")
    assert screen.widget("last").text == "Ana went for Fives"  # the log: "Ana: Go for Fives"


def test_another_players_tile_on_the_wild_square_names_its_owner_and_value(screen) -> None:
    _started(screen)
    screen.run("roll 4", "roll 6 6 6 2 1", "tap stop")  # Ana's Sixes go on square 5
    screen.run("roll 3", "roll 5 5 5 3 3", "expect choose the tile to go for")  # Ben, wild 1
    assert screen.widget("tile:sixes").text == "Sixes (Ana, three 6s): 10 a die"


def test_your_own_tile_offers_to_stay_or_move_on(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 6 2 1", "tap stop", "roll 4", "roll 1 2 3 4 6", "tap stop",
               "roll 6", "expect stay on your Sixes to improve it, or move on")
    assert {"stay", "move"} <= set(screen.names())
    screen.run("tap stay", "expect To improve Sixes (three 6s): at least four 6s")
    assert _last_action(screen)["action"] == "stay"


def test_moving_on_from_your_own_tile_asks_for_the_movement_die_again(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 6 2 1", "tap stop", "roll 4", "roll 1 2 3 4 6", "tap stop",
               "roll 6", "tap move",
               "expect Ana: roll the die to move")
    assert _last_action(screen)["action"] == "move_on"


def test_a_new_tile_goes_on_the_free_square_tapped_when_players_choose(screen) -> None:
    _started(screen, "new_tile_placement=player_chooses")
    screen.run("roll 3", "roll 6 6 6 2 1", "tap tile:sixes", "tap stop",
               "expect tap a free square for Sixes")
    board = screen.widget("board")
    assert board.highlighted == frozenset({2, 3, 5, 6})
    screen.run("tap square:1")
    assert "Square 1 is not free: put the tile on one of 2, 3, 5, 6." in _message(screen)
    screen.run("tap square:6")
    assert _last_action(screen) == {"action": "place_tile", "square": 6, "seat": 0}
    assert "Ana's Sixes (three 6s). Ana is here." in screen.widget("square:6").text


def test_a_yahtzee_protects_the_tile_claimed_on_the_board(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 6 6 6", "tap stop", "expect Yahtzee! Ana may claim any tile",
               "tap tile:fives")
    assert screen.widget("square:2").text.startswith(
        "Square 2: Ana's Fives (four 5s), protected")
    assert screen.widget("board").squares[1].protected


@pytest.mark.parametrize(("lines", "said"), [
    (["tap hold:1", "tap hold:2", "tap hold:3", "tap hold:4", "tap hold:5"],
     "Leave at least one die to roll, or stop with the dice as they are."),
    (["tap hold:1", "tap throw"], "Dice first: Ana: roll 4 dice (roll 2 of 3)."),
])
def test_what_the_rules_refuse_is_said_in_the_engines_words_and_changes_nothing(
        screen, lines, said) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 2 1 3", *lines)
    events = len(screen.store.events(screen.store.matches()[-1].id))
    screen.run("tap throw" if "Leave" in said else "tap hold:1")
    assert said in _message(screen)
    assert screen.app.message.refusal
    assert len(screen.store.events(screen.store.matches()[-1].id)) == events


def test_a_square_tapped_says_what_it_holds(screen) -> None:
    _started(screen)
    screen.run("tap square:4")
    assert _message(screen) == "Wild square 4. Ben is here."
    assert not screen.app.message.refusal


@pytest.mark.parametrize("panel", [(800, 480), (720, 1280), (1280, 720), (480, 800)])
def test_every_widget_lies_on_the_screen_and_every_button_is_a_finger_wide(
        make_screen, panel) -> None:
    screen = make_screen(panel)
    screen.run("new yahtzee --players 4", "roll 6 5", "roll 4 3", "roll 2 1", "roll 5 4",
               "roll 2", "roll 6 6 2 1 3")
    look, (width, height) = screen.app.look, screen.app.size
    for widget in screen.app.scene.visible_widgets():
        rect = widget.rect
        assert pygame.Rect(0, 0, width, height).contains(rect), (
            f"{widget.name} {rect} is off the {width}x{height} screen")
        if widget.on_tap is not None and widget.name != "board":
            assert min(rect.size) >= look.px(48) - 1, f"{widget.name} is {rect.size}"


def test_a_held_die_stays_under_the_finger_through_the_hold_and_the_throw(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 2 6 1 6 3")
    before = screen.widget("hold:4").rect
    screen.run("tap hold:4")
    assert screen.widget("hold:4").rect == before
    assert screen.widget("hold:4").text == "6, held"
    screen.run("tap hold:2", "tap throw", "roll 5 4 6")
    assert screen.widget("dice").text == "5 6 held 4 6 held 6"
    assert screen.widget("hold:4").rect == before
    assert [screen.widget(f"hold:{n}").text for n in (2, 4)] == ["6, held", "6, held"]


def test_faces_tapped_between_throws_throw_the_dice_not_held_without_a_throw_tap(
        screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 2 6 1 3", "tap hold:1", "tap hold:3",
               "tap face:4", "tap face:4", "tap face:5")
    assert _view(screen).dice.faces == (6, 6, 4, 4, 5)
    assert screen.widget("dice").text == "6 held 4 6 held 4 5"
    event = screen.store.events(screen.store.matches()[-1].id)[-1]
    assert event.detail["source"] == "touch"


def test_the_tile_choice_shows_each_tiles_points_and_asks_its_question_once(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 6 5 5", "tap stop", "expect the dice make several tiles")
    assert screen.widget("tile:sixes").text == "Sixes: three 6s, 30 points"
    assert screen.widget("tile:full_house").text == "Full House: 30 points"
    question = screen.widget("question").text
    assert [text for text in screen.texts() if question in text] == [question]


def test_a_die_tapped_while_the_tile_card_is_open_says_to_choose_the_tile_first(
        screen) -> None:
    _started(screen)
    screen.run("roll 3", "roll 5 5 5 3 3", "expect choose the tile to go for", "tap hold:1")
    assert _message(screen) == "Ana: choose the tile to go for first, then hold dice."


def test_a_yahtzee_offers_each_tile_at_its_best_value_with_its_points(screen) -> None:
    _started(screen)
    screen.run("roll 1", "roll 6 6 6 6 6", "tap stop", "expect Yahtzee! Ana may claim any tile")
    assert screen.widget("tile:sixes").text == "Sixes: four 6s, 40 points"
    assert screen.widget("tile:fives").text == "Fives: four 5s, 40 points"
    assert screen.widget("tile:full_house").text == "Full House: 30 points"
