"""Nothing is lost by one tap: undo only where the match is shown, said in words, redone."""

from __future__ import annotations

import pytest

FIRST_PLAYS = {
    "yahtzee": ["roll"],
    "tiki": ["tap dealer:1", "tap tab:red", "tap 'card:Red 5'", "tap play", "tap tab:red",
             "tap 'card:Red 9'"],
}
"""A first play of a match of each other family, as taps."""


def opened_and_played(screen) -> None:
    """Ana opens with 3-1 and makes her 5 point; Ben is to decide."""
    screen.run("new backgammon --names Ana,Ben", "roll 3 1", "tap point:8", "tap point:5",
               "tap point:6", "tap point:5", "tap confirm", "expect Ben")


def test_the_home_screen_cannot_undo_a_match_it_does_not_show(screen) -> None:
    opened_and_played(screen)
    screen.run("tap back", "expect Resume")
    assert "undo" not in screen.names()
    screen.run("tap resume", "expect Ben")


def test_undo_says_what_it_took_back_in_the_players_words(screen) -> None:
    opened_and_played(screen)
    screen.run("tap undo")
    # The last step of the play is the table's last command.
    assert screen.widget("message").text == "Took back: Ana moved 6/5"


def test_the_last_undo_is_redone_with_one_tap(screen) -> None:
    opened_and_played(screen)
    screen.run("tap undo", "tap redo", "expect Ben")
    assert "redo" not in screen.names()
    assert [event.kind for event in screen.store.events(1)][-2:] == ["undo", "play"]


def test_a_new_move_after_an_undo_leaves_nothing_to_redo(screen) -> None:
    opened_and_played(screen)
    screen.run("tap undo", "expect redo")
    screen.run("tap point:6", "tap point:5", "wait")
    assert "redo" not in screen.names()


@pytest.mark.parametrize("panel", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("game", FIRST_PLAYS)
def test_every_match_screen_offers_redo_after_an_undo(make_screen, panel, game) -> None:
    screen = make_screen(panel)
    screen.run(f"new {game} --names Ana,Ben", *FIRST_PLAYS[game], "tap undo")
    assert screen.widget("message").text.startswith("Took back: ")
    redo = screen.widget("redo")
    assert all(not redo.rect.colliderect(screen.widget(name).rect) for name in ("back", "undo"))
    screen.run("tap redo")
    assert "redo" not in screen.names()


@pytest.mark.parametrize("game", ["backgammon", *FIRST_PLAYS])
def test_what_an_undo_took_back_is_said_once_not_again_as_the_last_action(
    make_screen, game
) -> None:
    screen = make_screen((800, 480))
    plays = (["roll 3 1", "tap point:8", "tap point:5", "tap point:6", "tap point:5",
              "tap confirm"] if game == "backgammon" else FIRST_PLAYS[game])
    screen.run(f"new {game} --names Ana,Ben", *plays, "tap undo")
    shown = [widget.text for widget in screen.app.scene.visible_widgets() if widget.text]
    assert any(text.startswith("Took back: ") for text in shown)
    assert not any("Undo #" in text for text in shown), shown
