"""Whole games of the backgammon family played through the scripted driver, checked in the log."""

from __future__ import annotations

import json

from tests.ui.backgammon.players import board_scene, play_out
from tests.ui.conftest import seeded_dice


def _finished(screen) -> dict:
    record = screen.store.matches()[-1]
    assert record.status == "finished", f"the log says the match is {record.status}"
    return record.result


def test_a_whole_backgammon_match_played_by_taps_is_finished_in_the_log(screen) -> None:
    screen.run("new backgammon --names Ana,Ben --option match_length=1")
    played = play_out(screen, seeded_dice(1))
    result = _finished(screen)
    assert len(result["winners"]) == 1
    events = screen.store.events(screen.store.matches()[-1].id)
    steps = [e for e in events if e.action and e.action.get("action") == "step"]
    assert steps, "the checkers were moved step by step through the table"
    assert played.count("tap confirm") >= 10
    screen.run("expect wins")


def test_a_doubled_game_passed_scores_the_cube_for_the_doubler(screen) -> None:
    screen.run("new backgammon --names Ana,Ben --option match_length=3", "roll 3 1",
               "tap point:8", "tap point:5", "tap point:6", "tap point:5", "tap confirm")
    screen.run("tap double", "tap pass")
    record = screen.store.matches()[-1]
    kinds = [e.action.get("action") for e in screen.store.events(record.id) if e.action]
    assert kinds[-2:] == ["double", "pass"]
    assert list(record.scores) == [0, 1]
    screen.run("expect Ben", "tap next", "expect one die each")


def test_the_crawford_game_offers_no_double(screen) -> None:
    screen.run("new backgammon --names Ana,Ben --option match_length=3", "roll 3 1",
               "tap point:8", "tap point:5", "tap point:6", "tap point:5", "tap confirm",
               "tap double", "tap take", "roll 6 5", "tap point:24", "tap point:13",
               "tap confirm", "tap double", "tap pass")
    assert list(screen.store.matches()[-1].scores) == [2, 0]
    screen.run("tap next", "roll 5 2", "expect Crawford game")
    # Ana, who won the opening roll, plays; then Ben may not double in the Crawford game.
    scene = board_scene(screen)
    assert scene.view is not None and scene.view.game.player == 0
    screen.run("tap point:13", "tap point:8", "tap point:13", "tap point:11", "tap confirm")
    assert "double" not in screen.names()
    screen.run("expect Ben: roll two dice")


def test_multigam_is_played_to_its_third_finisher(screen) -> None:
    screen.run("new multigam --names Ana,Ben,Cleo,Dev")
    play_out(screen, seeded_dice(3))
    _finished(screen)
    state = board_scene(screen).view.snapshot.state()
    [ranking] = state["rankings"]  # the game ended when its third player finished
    assert sorted(ranking) == [0, 1, 2, 3]
    assert "Game over" in board_scene(screen).notice.text
    screen.run("expect 1st")


def test_minigam_is_played_to_its_end_on_six_points(screen) -> None:
    screen.run("new minigam --names Ana,Ben")
    assert {f"point:{n}" for n in range(1, 7)} <= set(screen.names())
    assert "point:7" not in screen.names() and {"bar", "off"} <= set(screen.names())
    play_out(screen, seeded_dice(4))
    _finished(screen)


def test_a_tied_opening_roll_asks_for_another_roll(screen) -> None:
    screen.run("new backgammon", "roll 4 4", "expect Tie! Roll again, one die each")
    screen.run("roll 2 5", "expect Ben")
    assert board_scene(screen).view.game.player == 1


def test_a_refused_move_explains_itself_and_changes_nothing(screen) -> None:
    screen.run("new backgammon --names Ana,Ben", "roll 6 5")
    before = len(screen.store.events(screen.store.matches()[-1].id))
    screen.run("tap point:6", "expect bear off only once all your checkers")
    screen.run("tap point:24", "tap point:20", "expect cannot go there")
    assert len(screen.store.events(screen.store.matches()[-1].id)) == before


def test_a_refused_destination_keeps_the_checker_selected(screen) -> None:
    screen.run("new backgammon --names Ana,Ben", "roll 6 5", "tap point:24", "tap point:20",
               "expect cannot go there")
    picture = board_scene(screen).widgets[0].picture
    assert picture.selected == "point:24"
    assert picture.highlighted == {"point:18", "point:13"}
    screen.run("tap point:18")  # the next tap goes on from the same checker
    match_id = screen.store.matches()[-1].id
    assert screen.store.events(match_id)[-1].action["action"] == "step"


def test_only_the_legal_destinations_are_highlighted(screen) -> None:
    screen.run("new backgammon --names Ana,Ben", "roll 6 5", "tap point:24")
    picture = board_scene(screen).widgets[0].picture
    # 24/18 with the 6, and on with the 5 to 13; 24/19 is blocked by Ben's five checkers on it.
    assert picture.highlighted == {"point:18", "point:13"}
    assert picture.selected == "point:24"


def test_one_checker_using_both_dice_takes_two_taps(screen) -> None:
    screen.run("new backgammon --names Ana,Ben", "roll 6 5", "tap point:24", "tap point:13",
               "expect confirm")
    scene = board_scene(screen)
    assert scene.view.complete
    screen.run("tap confirm", "expect Ben")
    events = screen.store.events(screen.store.matches()[-1].id)
    assert [e.text for e in events][-1].startswith("Ana")


def test_undo_takes_back_a_step_before_the_confirm(screen) -> None:
    screen.run("new backgammon --names Ana,Ben", "roll 6 5", "tap point:24", "tap point:18")
    match_id = screen.store.matches()[-1].id
    assert screen.store.events(match_id)[-1].action["action"] == "step"
    screen.run("tap undo")
    assert screen.store.events(match_id)[-1].action["action"] == "undo_step"
    picture = board_scene(screen).widgets[0].picture
    assert picture.tracks[0][1] == 2


def test_widgets_prints_one_json_object_a_line(screen) -> None:
    screen.run("new backgammon", "widgets")
    lines = screen.out.getvalue().splitlines()
    widgets = [json.loads(line) for line in lines]
    assert {"name", "text", "rect", "enabled"} == set(widgets[0])
    names = {w["name"] for w in widgets}
    assert {"point:24", "point:1", "bar", "off", "undo", "back"} <= names
