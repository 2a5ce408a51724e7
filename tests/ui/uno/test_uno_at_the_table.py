"""Whole UNO matches refereed at the table through the scripted driver, checked in the log."""

from __future__ import annotations

from tests.ui.conftest import seeded_dice
from tests.ui.uno.uno_players import play_out, uno_scene


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
    assert list(record.scores) == game.totals == _recount(screen, 3)
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
    assert list(record.scores) == uno_scene(screen).view.game.totals == _recount(screen, 4)
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


def _recount(screen, players: int) -> list[int]:
    """The totals as a person would add them from the counts entered on screen: each round,
    the seat that went out (the one not counted) scores every counted hand's points."""
    totals = [0] * players
    counted: dict[int, int] = {}

    def settle() -> None:
        if counted:
            [winner] = set(range(players)) - set(counted)
            totals[winner] += sum(counted.values())
            counted.clear()

    for event in screen.store.events(_record(screen).id):
        action = event.action or {}
        if action.get("action") == "count_hand":
            counted[action["counted"]] = action["points"]
        elif event.kind != "undo":
            settle()
    settle()
    return totals


def _hands(screen) -> list[int]:
    return uno_scene(screen).view.game.hand_sizes


def _classic_two(screen, *options: str) -> None:
    """Ana and Ben, Ben deals, Red 5 turned up: Ana plays first."""
    screen.run("new classic --names Ana,Ben " + " ".join(f"--option {o}" for o in options),
               "tap dealer:1", "tap tab:red", 'tap "card:Red 5"', "expect Ana: play a card")


def test_an_impossible_card_says_why_and_changes_nothing(screen) -> None:
    _classic_two(screen)
    before = len(screen.store.events(_record(screen).id))
    screen.run("tap play", "tap tab:blue", 'tap "card:Blue 7"',
               "expect Blue 7 does not match Red 5")
    assert len(screen.store.events(_record(screen).id)) == before


def test_a_player_caught_without_calling_uno_draws_two(screen) -> None:
    _classic_two(screen, "hand_size=2")
    screen.run("tap play", "tap tab:red", 'tap "card:Red 7"', "expect no UNO!",
               "tap catch:0")
    assert _actions(screen)[-1] == "catch_uno"
    assert _hands(screen) == [3, 2]
    assert "catch:0" not in screen.names()


def test_an_uno_called_with_the_play_cannot_be_caught(screen) -> None:
    _classic_two(screen, "hand_size=2")
    screen.run("tap play", "tap uno:0", "tap tab:red", 'tap "card:Red 7"', "expect UNO!")
    assert "catch:0" not in screen.names()
    event = screen.store.events(_record(screen).id)[-1]
    assert event.action["uno"] is True and "UNO!" in event.text


def test_wild_draw_four_challenges_that_fail_and_succeed(screen) -> None:
    _classic_two(screen)
    screen.run("tap play", "tap tab:wild", 'tap "card:Wild Draw Four"', "tap colour:blue",
               "expect Ben: challenge", "tap challenge", "expect colour in play",
               "tap innocent")
    assert _hands(screen) == [6, 13]  # Ben drew 6 and lost his turn
    screen.run("expect Ana: play a card", "tap play", "tap tab:wild",
               'tap "card:Wild Draw Four"', "tap colour:green", "tap challenge", "tap guilty")
    assert _hands(screen) == [9, 13]  # Ana held blue: she draws 4, Ben plays
    verdicts = [e.action.get("guilty") for e in screen.store.events(_record(screen).id)
                if e.action and e.action.get("action") == "challenge"]
    assert verdicts == [False, True]
    screen.run("expect Ben: play a card")


def test_a_duo_volley_of_three_draw_twos_makes_the_fourth_player_draw_six(screen) -> None:
    screen.run("new duo --names Ana,Ben --option hand_size=3", "tap dealer:0")
    for _ in range(6):
        screen.run("tap keep")
    screen.run("tap tab:red", 'tap "card:Red 5"', "expect Ben: play a card")
    screen.run("tap play", "tap tab:red", 'tap "card:Red Draw Two"', "expect stack a Draw Two")
    screen.run("tap play", "tap tab:blue", 'tap "card:Blue Draw Two"')
    screen.run("tap play", "tap uno:1", "tap tab:green", 'tap "card:Green Draw Two"',
               "expect draw 6", "tap draw")
    assert _hands(screen) == [2 + 6, 1]
    assert _actions(screen)[-4:] == ["play", "play", "play", "draw"]
    assert "draws 6 cards for the volley" in screen.store.events(_record(screen).id)[-1].text


def test_a_reshuffle_takes_the_idols_faces_but_the_one_showing(screen) -> None:
    deck = ('["Red 1","Red 2","Red 3","Red 4","Red 5","Red 6","Red 7","Red 8","Red 9",'
            '"Blue 1","Blue 2","Blue 3","Tiki Draw 1","Tiki Draw 2","Tiki Go To","Wild Tiki"]')
    screen.run(f"new tiki --names Ana,Ben --option hand_size=4 --option 'deck_cards={deck}'",
               "tap dealer:1", "tap tab:red", 'tap "card:Red 5"')
    # Ana plays two Tiki Faces into the idol; each spin points at Ben (draws 1, then 2).
    screen.run("tap play", "tap tab:wild", 'tap "card:Tiki Draw 1"', "expect spins the idol")
    assert "spin" in screen.names()
    screen.run("spin 1", "expect Ben: play a card", "tap draw", "tap keep")
    screen.run("tap play", "tap tab:wild", 'tap "card:Tiki Draw 2"', "spin 1")
    tiki = uno_scene(screen).view.tiki
    assert [str(face) for face in tiki.idol.faces] == ["Tiki Draw 1", "Tiki Draw 2"]
    # 16 cards - 8 dealt - the start card - 4 drawn by Ben: 3 left, drawn in turn.
    assert len(tiki.draw_pile) == 3
    for _ in range(3):
        screen.run("tap draw", "tap keep")
    ana = _hands(screen)[0]
    screen.run("expect Ana: play a card", "tap draw")
    tiki = uno_scene(screen).view.tiki
    assert [str(face) for face in tiki.idol.faces] == ["Tiki Draw 2"]
    assert "The draw pile ran out" in screen.store.events(_record(screen).id)[-1].text
    # The new draw pile was the idol's Tiki Draw 1 alone (the discard pile held only its top).
    assert len(tiki.draw_pile) == 0 and _hands(screen)[0] == ana + 1


def test_the_home_screen_starts_uno_in_referee_mode_and_an_explicit_mode_is_kept(screen) -> None:
    screen.run("new classic --players 3")
    assert uno_scene(screen).view.game.referee
    screen.run('new tiki --option mode="referee"', "expect who deals")
    assert uno_scene(screen).view.game.options.mode == "referee"
