"""What the UNO screen shows and lets a person do at the moments the whole-match tests pass by."""

from __future__ import annotations

import pytest

from companion.table import PlayAction, Undo
from tests.ui.uno.uno_players import uno_scene
from ui import theme
from ui.script import ScriptError


def _to_the_match_end(screen) -> None:
    """Ana and Ben to 20: Ana goes out with Blue 5 and Ben's hand is counted 50."""
    screen.run("new classic --names Ana,Ben --option hand_size=2 --option target=20",
               "tap dealer:1", "tap tab:red", 'tap "card:Red 5"',
               "tap play", "tap uno:0", "tap tab:wild", 'tap "card:Wild Draw Four"',
               "tap colour:blue", "tap challenge", "tap innocent",
               "tap play", "tap tab:blue", 'tap "card:Blue 5"')


def test_a_final_count_typed_wrong_is_taken_back_from_the_match_end_card(screen) -> None:
    _to_the_match_end(screen)
    screen.run("tap count:1", "tap digit:5", "tap digit:0", "tap done", "expect won the match")
    screen.run("tap undo")
    assert uno_scene(screen).notice is None
    assert not screen.app.snapshot.is_over
    screen.run("expect Count the cards left", "tap count:1", "tap digit:2", "tap digit:5",
               "tap done", "expect won the match")
    assert screen.app.snapshot.scores == (25, 0)


def test_an_undo_from_a_phone_takes_the_round_end_card_away(screen) -> None:
    screen.run("new classic --names Ana,Ben --option hand_size=2 --option target=500",
               "tap dealer:1", "tap tab:red", 'tap "card:Red 5"',
               "tap play", "tap uno:0", "tap tab:red", 'tap "card:Red 7"',
               "tap draw", "tap keep", "tap play", "tap tab:red", 'tap "card:Red 8"',
               "tap count:1", "tap digit:1", "tap digit:2", "tap done", "expect Round 1")
    screen.app.post(Undo())
    screen.app.settle()
    assert uno_scene(screen).notice is None
    assert "result" not in screen.names() and "count:1" in screen.names()


def test_the_match_end_card_is_shown_alone_and_nothing_behind_it_can_be_tapped(
        screen) -> None:
    _to_the_match_end(screen)
    screen.run("tap count:1", "tap digit:5", "tap digit:0", "tap done")
    names = screen.names()
    assert names.count("undo") == 1 and "back" not in names and "seat:0" not in names
    with pytest.raises(ScriptError, match="no visible widget is called 'back'"):
        screen.run("tap back")


def test_the_match_end_card_shows_no_sliver_of_the_table_behind_it(screen) -> None:
    _to_the_match_end(screen)
    screen.run("tap count:1", "tap digit:5", "tap digit:0", "tap done")
    app = screen.app
    app.draw()
    card = screen.widget("dialog").rect
    picture = app.logical
    width, height = app.size
    margin = [(x, y) for y in range(height) for x in (*range(card.x), *range(card.right, width))]
    margin += [(x, y) for x in range(width) for y in (*range(card.y), *range(card.bottom, height))]
    assert {tuple(picture.get_at(point))[:3] for point in margin} == {theme.BACKGROUND}


def test_the_challenge_question_shows_the_colour_in_play_before_the_wild_draw_four(
        screen) -> None:
    screen.run("new classic --names Ana,Ben", "tap dealer:1", "tap tab:red", 'tap "card:Red 5"',
               "tap play", "tap tab:wild", 'tap "card:Wild Draw Four"', "tap colour:blue",
               "tap challenge", "expect In play before the Wild Draw Four: Red (Red 5)")


def test_a_draw_two_says_who_draws(screen) -> None:
    screen.run("new classic --names Ana,Ben", "tap dealer:1", "tap tab:red", 'tap "card:Red 5"',
               "tap play", "tap tab:red", 'tap "card:Red Draw Two"')
    assert "Ben draws 2" in screen.widget("last").text


def test_a_start_card_that_goes_back_says_so_when_the_next_is_asked(screen) -> None:
    screen.run("new classic --names Ana,Ben", "tap dealer:1", "tap tab:wild",
               'tap "card:Wild Draw Four"')
    title = screen.widget("picker").text
    assert "Wild Draw Four" in title and title.endswith("The start card turned up:")


def test_no_uno_is_shown_while_the_duo_hands_are_drafted(screen) -> None:
    screen.run("new duo --names Ana,Ben --option hand_size=3", "tap dealer:0", "tap keep")
    assert not any("UNO" in screen.widget(f"seat:{seat}").text for seat in (0, 1))
    screen.run("expect turn the next face up")



def test_a_count_half_typed_survives_a_phone_counting_another_hand(screen) -> None:
    screen.run("new classic --players 3 --names Ana,Ben,Cleo --option hand_size=2"
               " --option target=500",
               "tap dealer:2", "tap tab:red", 'tap "card:Red 5"',
               "tap play", "tap uno:0", "tap tab:red", 'tap "card:Red 7"',
               "tap draw", "tap keep", "tap draw", "tap keep",
               "tap play", "tap tab:red", 'tap "card:Red 8"',
               "tap count:1", "tap digit:1")
    count_cleo = next(action for action in screen.app.snapshot.legal_actions
                      if getattr(action, "counted", None) == 2)
    phone = type(count_cleo)(counted=2, points=9, seat=count_cleo.seat)
    assert screen.app.table.post(PlayAction(phone)).result().applied
    screen.run("wait", "tap digit:2", "tap done")
    counts = {e.action["counted"]: e.action["points"]
              for e in screen.store.events(screen.store.matches()[-1].id)
              if e.action and e.action.get("action") == "count_hand"}
    assert counts == {1: 12, 2: 9}


def test_no_seat_is_ringed_once_a_player_goes_out_and_the_hands_are_counted(screen) -> None:
    screen.run("new classic --names Ana,Ben --option hand_size=2 --option target=500",
               "tap dealer:1", "tap tab:red", 'tap "card:Red 5"',
               "tap play", "tap uno:0", "tap tab:red", 'tap "card:Red 7"',
               "tap draw", "tap keep")
    assert [screen.widget(f"seat:{seat}").acting for seat in (0, 1)] == [True, False]
    screen.run("tap play", "tap tab:red", 'tap "card:Red 8"',  # Ana goes out
               "expect Count the cards left")
    assert [screen.widget(f"seat:{seat}").acting for seat in (0, 1)] == [False, False]
