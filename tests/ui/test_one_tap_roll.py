"""One tap for one intent: with the companion's own dice, the tap that throws rolls them."""

from __future__ import annotations

FAIR = "fair"


def test_backgammon_roll_rather_than_double_rolls_the_companions_dice_in_one_tap(
    make_screen,
) -> None:
    screen = make_screen((800, 480), dice_source=FAIR)
    screen.run("new backgammon --names Ana,Ben", "roll 3 1", "tap point:8", "tap point:5",
               "tap point:6", "tap point:5", "tap confirm", "expect Ben: double")
    screen.run("tap roll")
    events = screen.store.events(screen.store.matches()[-1].id)
    assert events[-1].kind == "chance" and events[-1].detail["source"] == "table"
    assert screen.app.snapshot is not None and screen.app.snapshot.chance is None
    screen.run("expect Ben: play")


def test_yahtzee_throw_rolls_the_companions_dice_in_one_tap(make_screen) -> None:
    screen = make_screen((800, 480), dice_source=FAIR)
    screen.run("new yahtzee --names Ana,Ben", "roll 6 5", "roll 2 1", "roll 2",
               "roll 6 6 2 4 1", "tap hold:1", "tap hold:2", "tap throw")
    events = screen.store.events(screen.store.matches()[-1].id)
    assert [event.kind for event in events][-2:] == ["play", "chance"]
    assert events[-1].detail["source"] == "table"
    assert len(events[-1].detail["outcome"]) == 3  # the three dice not held


def test_with_a_tray_that_reads_dice_the_throw_waits_for_the_tray(screen) -> None:
    screen.run("new yahtzee --names Ana,Ben", "roll 6 5", "roll 2 1", "roll 2",
               "roll 6 6 2 4 1", "tap hold:1", "tap hold:2", "tap throw", "roll 6 2 2")
    events = screen.store.events(screen.store.matches()[-1].id)
    assert events[-1].detail["source"] == "dice tray"


def test_yahtzee_roll_moves_and_throws_the_five_dice_in_one_tap_with_the_companions_dice(
        make_screen) -> None:
    screen = make_screen((800, 480), dice_source=FAIR)
    screen.run("new yahtzee --names Ana,Ben", "roll 6 5", "roll 2 1", "tap roll")
    events = screen.store.events(screen.store.matches()[-1].id)
    assert [len(event.detail["outcome"]) for event in events[-2:]] == [1, 5]
    assert all(event.detail["source"] == "table" for event in events[-2:])
    assert "hold:1" in screen.names()
