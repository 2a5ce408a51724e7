"""What the UNO Tiki Twist screen says a Tiki rule did, when nothing visible happens."""

from __future__ import annotations


def _tiki_two(screen) -> None:
    """Ana and Ben at a refereed Tiki Twist table, Ben deals, Red 5 turned up: Ana plays."""
    screen.run("new tiki --names Ana,Ben", "tap dealer:1", "tap tab:red", 'tap "card:Red 5"')


def test_a_spin_card_on_an_empty_idol_says_it_does_nothing(screen) -> None:
    """D-U4 "nothing": the Spin card is played as a number card, and the screen says why."""
    _tiki_two(screen)
    screen.run("tap play", "tap tab:red", 'tap "card:Red 4 Spin"')
    assert "spin" not in screen.names()
    assert screen.widget("last").text == "The idol is empty: the Spin card does nothing."
