"""The board is drawn as the real board lies on the table, or turned to the player on roll."""

from __future__ import annotations

from tests.ui.backgammon.players import board_scene

ANA_PLAYS_3_1 = ("roll 3 1", "tap point:8", "tap point:5", "tap point:6", "tap point:5",
                 "tap confirm", "tap roll", "roll 6 5", "expect Ben")
"""Ana wins the opening roll with 3-1 and makes her 5 point; Ben does not double and rolls 6-5."""


def _centre(screen, name: str) -> tuple[int, int]:
    return screen.widget(name).rect.center


def test_the_board_does_not_turn_when_the_turn_passes(screen) -> None:
    screen.run("new backgammon --names Ana,Ben")
    anas_ace = _centre(screen, "point:1")  # Ana's home board, bottom right
    anas_midpoint = _centre(screen, "point:13")
    screen.run(*ANA_PLAYS_3_1)
    assert board_scene(screen).view.game.player == 1
    # Ben counts the same points from his side: his 24 is Ana's 1, his 12 her 13.
    assert _centre(screen, "point:24") == anas_ace
    assert _centre(screen, "point:12") == anas_midpoint
    assert board_scene(screen).widgets[0].picture.viewer == 0


def test_a_tap_on_a_point_as_the_table_sees_it_moves_the_second_players_checker(screen) -> None:
    screen.run("new backgammon --names Ana,Ben")
    anas_ace = _centre(screen, "point:1")
    anas_seven = _centre(screen, "point:7")
    screen.run(*ANA_PLAYS_3_1)
    # Ben's back checkers lie on Ana's ace point; six pips on is Ana's 7 (Ben's 18).
    screen.run(f"tap {anas_ace[0]} {anas_ace[1]}")
    assert board_scene(screen).widgets[0].picture.selected == "point:24"
    screen.run(f"tap {anas_seven[0]} {anas_seven[1]}")
    event = screen.store.events(screen.store.matches()[-1].id)[-1]
    assert event.action["action"] == "step"
    assert event.text.startswith("Ben") and "24/18" in event.text


def test_turned_to_the_player_the_board_turns_when_the_turn_passes(screen) -> None:
    screen.run("new backgammon --names Ana,Ben --option turn_to_player=true")
    anas_ace = _centre(screen, "point:1")
    screen.run(*ANA_PLAYS_3_1)
    # Ben now sees the board from his side: his own ace point is where Ana's was.
    assert _centre(screen, "point:1") == anas_ace
    assert board_scene(screen).widgets[0].picture.viewer == 1
    screen.run(f"tap {anas_ace[0]} {anas_ace[1]}", "expect no checker there")


def test_before_the_opening_roll_the_points_carry_the_first_players_numbers(screen) -> None:
    screen.run("new backgammon --names Ana,Ben --option match_length=3")
    anas_ace = _centre(screen, "point:1")
    # Ben doubles after Ana's first play and she refuses: game 2 waits for its opening roll.
    screen.run(*ANA_PLAYS_3_1[:6], "tap double", "tap pass", "tap next",
               "expect one die each")
    assert _centre(screen, "point:1") == anas_ace
