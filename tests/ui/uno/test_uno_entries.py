"""Cards entered one by one on the UNO screen: a hand counted by its cards, an UNO Duo colour
run, a Tiki Discard 2. A mistap costs one tap; only what the rules allow is offered."""

from __future__ import annotations

import pytest

from companion.games.uno.cards import Card
from tests.ui.uno.uno_players import uno_scene
from ui.script import ScriptError


def _entered(screen) -> list[str]:
    return [str(card) for card in uno_scene(screen).entry.entered]


def _events(screen, kind: str) -> list[dict]:
    record = screen.store.matches()[-1]
    return [e.action for e in screen.store.events(record.id)
            if e.action and e.action.get("action") == kind]


def _ben_to_be_counted(screen) -> None:
    """Ana goes out; Ben holds 3 cards (2 dealt, 1 drawn)."""
    screen.run("new classic --names Ana,Ben --option hand_size=2 --option target=500",
               "tap dealer:1", "tap tab:red", 'tap "card:Red 5"',
               "tap play", "tap uno:0", "tap tab:red", 'tap "card:Red 7"',
               "tap draw", "tap keep", "tap play", "tap tab:red", 'tap "card:Red 8"',
               "tap count:1", "tap cards")


def test_a_mistapped_card_of_a_counted_hand_is_taken_back_alone(screen) -> None:
    _ben_to_be_counted(screen)
    screen.run("tap tab:red", 'tap "card:Red 3"', "tap tab:blue", 'tap "card:Blue 9"',
               "tap tab:green", 'tap "card:Green 2"')
    assert _entered(screen) == ["Red 3", "Blue 9", "Green 2"]
    screen.run("tap entered:1")
    assert _entered(screen) == ["Red 3", "Green 2"]
    screen.run('tap "card:Green 6"', "tap remove")
    assert _entered(screen) == ["Red 3", "Green 2"]
    assert not _events(screen, "count_hand")


def test_a_counted_hand_is_sent_only_when_all_its_cards_are_in_and_done_is_tapped(
        screen) -> None:
    _ben_to_be_counted(screen)
    screen.run("tap tab:red", 'tap "card:Red 3"', 'tap "card:Red 4"', "tap done",
               'expect "Enter 1 more card of Ben\'s hand first"')
    screen.run('tap "card:Red 9"', 'tap "card:Red 1"', 'expect "All 3 of Ben\'s cards are in"')
    assert _entered(screen) == ["Red 3", "Red 4", "Red 9"] and not _events(screen, "count_hand")
    screen.run("tap remove", 'tap "card:Red 1"', "tap done")
    [count] = _events(screen, "count_hand")
    assert count["cards"] == ["Red 3", "Red 4", "Red 1"]
    assert uno_scene(screen).view.game.totals == [8, 0]


def test_taking_back_with_nothing_entered_says_what_to_do(screen) -> None:
    _ben_to_be_counted(screen)
    screen.run("tap remove", "expect No card is entered yet")
    with pytest.raises(ScriptError, match="entered:0"):
        screen.run("tap entered:0")


def _ben_on_turn_in_duo(screen) -> None:
    """UNO Duo, Ana drafted first: Ben plays first on Red 5 and starts a colour run."""
    screen.run("new duo --names Ana,Ben", "tap dealer:0", *["tap keep"] * 14,
               "tap tab:red", 'tap "card:Red 5"', "expect Ben: play a card", "tap play",
               "tap run")


def _tab(screen, colour: str):
    return screen.widget(f"tab:{colour}")


def test_a_colour_run_offers_only_the_reverse_that_can_be_played_and_says_why_not_the_others(
        screen) -> None:
    _ben_on_turn_in_duo(screen)
    assert _tab(screen, "red").enabled
    assert not any(_tab(screen, colour).enabled for colour in ("yellow", "green", "blue", "wild"))
    screen.run("tap tab:blue", "expect Blue Reverse does not match Red 5")
    screen.run("tap tab:wild", "expect A colour run has no wilds")
    screen.run("tap tab:red")
    assert not screen.widget("card:Red 3").enabled
    screen.run('tap "card:Red 3"', "expect A colour run starts with its Reverse")
    assert _entered(screen) == []
    assert [str(card) for card in uno_scene(screen).allowed_cards()] == ["Red Reverse"]


def test_a_colour_run_after_its_reverse_offers_only_its_colour_and_a_mistap_is_taken_back(
        screen) -> None:
    _ben_on_turn_in_duo(screen)
    screen.run("tap tab:red", 'tap "card:Red Reverse"')
    allowed = uno_scene(screen).allowed_cards()
    assert allowed and all(card.colour is Card.parse("Red 1").colour for card in allowed)
    screen.run("tap tab:green", "expect This run is Red: tap only Red cards")
    screen.run('tap "card:Red 3"', 'tap "card:Red 9"', "tap remove", "tap done")
    [run] = _events(screen, "play_colour")
    assert run["cards"] == ["Red Reverse", "Red 3"]


def test_a_tiki_discard_2_says_how_many_cards_are_still_to_discard(screen) -> None:
    screen.run("new tiki --players 3 --names Ana,Ben,Cleo --option hand_size=4",
               "tap dealer:2", "tap tab:red", 'tap "card:Red 5"', "tap play", "tap tab:wild",
               'tap "card:Tiki Discard 2"', "spin 1", "wait")
    assert screen.widget("picker").text.startswith("Ben: discard 2 cards (2 left)")
    screen.run("tap tab:blue", 'tap "card:Blue 3"')
    assert screen.widget("picker").text.startswith("Ben: discard 2 cards (1 left)")
    screen.run("tap cancel", "expect Ben: discard 2 cards (1 left)")
