"""How the board screen answers what happens at a real table: phones, the tray, second thoughts."""

from __future__ import annotations

import random

import pytest

from companion.table import DrawChance, Undo
from tests.ui.backgammon.players import board_scene
from ui.script import ScriptError


def test_the_companions_roll_while_a_player_may_double_is_a_roll(screen) -> None:
    screen.run("new backgammon --names Ana,Ben", "roll 3 1", "tap point:8", "tap point:5",
               "tap point:6", "tap point:5", "tap confirm", "expect Ben: double", "roll")
    game = board_scene(screen).view.game
    assert game.player == 1 and game.dice is not None


def test_an_undo_from_a_phone_drops_the_step_held_for_confirm(screen) -> None:
    screen.run("new backgammon --names Ana,Ben", "roll 3 1", "tap point:8", "tap point:5",
               "tap point:6", "tap point:5", "expect confirm")
    assert board_scene(screen).view.complete
    screen.app.table.post(Undo()).result()  # the phone takes back 8/5
    screen.run("wait")
    view = board_scene(screen).view
    assert not view.held and not view.sent and not view.complete
    assert view.board() == view.game.board


def test_undo_into_the_last_game_shows_no_result_card(screen) -> None:
    screen.run("new backgammon --names Ana,Ben --option match_length=3", "roll 3 1",
               "tap point:8", "tap point:5", "tap point:6", "tap point:5", "tap confirm",
               "tap double", "tap pass", "expect Next game", "tap next", "tap undo")
    scene = board_scene(screen)
    assert scene.notice is None
    assert {"take", "pass"} <= set(screen.names())


def test_a_sentence_goes_with_the_next_touch_wherever_it_lands(screen) -> None:
    screen.run("new backgammon --names Ana,Ben", "roll 3 1", "tap point:3",
               "expect no checker there")
    screen.run("tap score:0")
    assert screen.app.message is None
    assert "message" not in screen.names()


def test_off_without_a_checker_says_what_to_tap_first(screen) -> None:
    screen.run("new backgammon", "roll 3 1", "tap off", "expect Tap the checker to bear off")


def test_off_for_a_checker_far_from_home_says_so(screen) -> None:
    screen.run("new backgammon", "roll 3 1", "tap point:8", "tap off",
               "expect too far from home to bear off with 3-1")


@pytest.mark.parametrize(
    ("lines", "why"),
    [
        (["new backgammon", "roll 9 1"], "a die shows 1 to 6"),
        (["new backgammon", "roll 3 1", "roll 5 5"], "the table refused the dice"),
        (["new backgammon", "spin 0"], "the table refused the spin"),
        (["new chess"], "no game 'chess' on the touchscreen"),
        (["new backgammon --names Ana,ana"], "Two players are called"),
        (["new backgammon --names 'Ana \U0001f3b2',Ben"], "font cannot draw"),
        (["shot a\x00b.png"], "NUL"),
    ],
)
def test_a_line_the_table_or_the_screen_refuses_fails(screen, lines: list[str], why: str) -> None:
    with pytest.raises(ScriptError, match=why):
        screen.run(*lines)


def test_a_new_match_over_an_unfinished_one_is_asked_first(screen) -> None:
    screen.run("new minigam --names Ana,Ben", "roll 5 2", "tap back", "tap start",
               "expect stays in the history as abandoned", "tap cancel")
    assert len(screen.store.matches()) == 1
    screen.run("tap start", "tap confirm")
    matches = screen.store.matches()
    assert [m.status for m in matches] == ["abandoned", "playing"]


def test_a_lost_turn_is_explained_and_confirmed(screen) -> None:
    # Mini-Gam from the bar: Ana makes points 1 and 2, and Ben's 1-1 finds every entry closed.
    screen.run("new minigam --names Ana,Ben --option enter_first=true")
    rng = random.Random(5)
    for _ in range(400):
        scene = board_scene(screen)
        if scene.notice is not None and scene.notice.kind == "lost_turn":
            break
        view = scene.view
        if view.snapshot.is_over:
            pytest.fail("no lost turn in this match: pick another seed")
        if scene.notice is not None:
            screen.run("tap next")
        elif view.snapshot.chance is not None:
            screen.run("roll " + " ".join(str(rng.randint(1, 6))
                                          for _ in range(view.snapshot.chance.dice)))
        else:
            play = rng.choice(view.snapshot.legal_actions)
            for step in play.steps:
                screen.run(f"tap {scene._layout.point_name(step.source)}",
                           f"tap {scene._layout.point_name(step.destination)}")
            screen.run("tap confirm")
    screen.run("expect cannot move", "tap confirm")
    assert board_scene(screen).notice is None


def test_the_companions_roll_is_for_the_state_it_was_tapped_on(screen, monkeypatch) -> None:
    """A second tap landing after the roll moved the table on (to a lost turn, then the
    next player's dice) must roll nothing: the roll carries the seq it was asked on."""
    screen.run("new backgammon --names Ana,Ben", "roll 3 1", "tap point:8", "tap point:5",
               "tap point:6", "tap point:5", "tap confirm", "tap roll", "expect Ben")
    posted: list[object] = []
    real_post = screen.app.post
    monkeypatch.setattr(screen.app, "post", lambda command, *a, **k: (
        posted.append(command), real_post(command, *a, **k))[1])
    seq = screen.app.snapshot.seq
    board_scene(screen).decide("roll")
    screen.app.settle()
    assert posted == [DrawChance(for_seq=seq)]
