"""Whole UNO matches refereed at the table through the scripted driver, checked in the log."""

from __future__ import annotations

from tests.ui.conftest import seeded_dice
from tests.ui.uno_players import play_out, uno_scene


def _record(screen):
    return screen.store.matches()[-1]


def _actions(screen) -> list[str]:
    return [e.action.get("action") for e in screen.store.events(_record(screen).id) if e.action]


def test_a_whole_classic_match_is_refereed_to_its_end(screen) -> None:
    screen.run("new classic --players 3 --names Ana,Ben,Cleo --option target=60")
    play_out(screen, seeded_dice(1))
    record = _record(screen)
    assert record.status == "finished"
    game = uno_scene(screen).view.game
    assert list(record.scores) == game.totals
    assert max(game.totals) >= 60
    assert {"choose_dealer", "turn_up", "play", "count_hand"} <= set(_actions(screen))
    screen.run("expect won the match", "expect Rematch")


def test_a_whole_tiki_twist_match_spins_between_two_seats_and_the_spinner_picks(screen) -> None:
    screen.run("new tiki --players 4 --names Ana,Ben,Cleo,Dev --option target=120")
    play_out(screen, seeded_dice(2), between=0.5, low_first=True)
    record = _record(screen)
    assert record.status == "finished"
    kinds = _actions(screen)
    assert "pick_seat" in kinds and "spin_result" in kinds
    events = screen.store.events(record.id)
    assert any("stops between" in e.text for e in events)
    assert list(record.scores) == uno_scene(screen).view.game.totals
    assert len(uno_scene(screen).view.game.rounds) >= 2


def test_a_whole_duo_match_is_drafted_and_the_lowest_total_wins(screen) -> None:
    screen.run("new duo --names Ana,Ben --option target=40 --option hand_size=4")
    play_out(screen, seeded_dice(3))
    record = _record(screen)
    assert record.status == "finished"
    game = uno_scene(screen).view.game
    assert list(record.scores) == game.totals
    winner = record.result["winners"]
    assert winner == [game.totals.index(min(game.totals))]
    assert "draft" in _actions(screen)
    screen.run("expect lowest total wins")
