"""Home, the player screen and the options screen, as players set up a match."""

from __future__ import annotations

import pygame

from companion.table import Player


def test_a_name_is_typed_on_the_screen_keyboard_and_the_match_starts_with_it(screen) -> None:
    screen.run("tap player:0", "tap key:delete", "tap key:delete", "tap key:delete",
               "tap key:z", "tap key:o", "tap key:more", "tap key:ë",
               "tap done", "expect Zoë", "tap start")
    match = screen.store.matches()[-1]
    assert match.players[0] == Player("Zoë", "red")


def test_a_physical_keyboard_types_too(screen) -> None:
    screen.run("tap player:1")
    app = screen.app
    for _ in range(3):
        app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                            unicode="", scancode=0))
    app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Siân"))
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                        unicode="\r", scancode=0))
    app.settle()
    assert app.scene.name == "home"
    assert app.draft.names[1] == "Siân"


def test_a_name_used_twice_is_refused_with_a_sentence(screen) -> None:
    screen.run("tap player:1", "tap key:delete", "tap key:delete", "tap key:delete",
               "tap key:a", "tap key:n", "tap key:a", "tap done",
               "expect Two players are called Ana")
    assert screen.app.scene.name == "player"


def test_taking_another_players_colour_swaps_the_two(screen) -> None:
    screen.run("tap player:1", "tap colour:red", "tap done")
    assert screen.app.draft.colours[:2] == ["blue", "red"]


def test_a_name_keeps_at_most_24_letters(screen) -> None:
    screen.run("tap player:0", *["tap key:x"] * 30, "expect at most 24 letters")
    assert len(screen.app.scenes["player"].typed) == 24


def test_options_cycle_and_the_match_is_played_with_them(screen) -> None:
    screen.run("tap options", "expect 5 points", "tap option:match_length",
               "expect 7 points", "tap option:cube", "tap back", "tap start")
    options = screen.store.matches()[-1].options
    assert options["match_length"] == 7 and options["cube"] is False


def test_the_number_of_players_stays_in_the_games_range(screen) -> None:
    screen.run("tap game:multigam")
    assert "players:+" not in screen.names()  # Multi-Gam is for exactly four
    screen.run("tap start")
    assert len(screen.store.matches()[-1].players) == 4


def test_a_checker_dragged_to_its_point_moves_like_two_taps(screen) -> None:
    screen.run("new backgammon", "roll 3 1")
    app = screen.app
    start = screen.widget("point:8").rect.center
    end = screen.widget("point:5").rect.center
    panel = [app.rotation.to_panel(p) for p in (start, end)]
    events = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=panel[0], button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=panel[1], rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=panel[1], button=1),
    ]
    for event in events:
        app.handle_event(event)
    app.settle()
    events_logged = screen.store.events(screen.store.matches()[-1].id)
    assert events_logged[-1].action["action"] == "step"
    assert events_logged[-1].text.startswith("Ana: 8/5")


def test_every_letter_key_shows_the_case_it_types(screen) -> None:
    """A capital is typed only by a key that shows a capital, and a small letter by one that
    shows a small letter: at the start of a name, after one letter, after shift, with accents."""
    screen.run("tap player:0", "tap key:delete", "tap key:delete", "tap key:delete")
    for step in ["tap key:a", "tap key:shift", "tap key:more", "tap key:shift", "tap key:more"]:
        names = [widget.name for widget in screen.app.scene.widgets
                 if widget.name.startswith("key:") and widget.text.isalpha()
                 and len(widget.text) == 1]
        for name in names[:3]:
            before, shown = screen.app.scene.typed, screen.widget(name).text
            screen.run(f"tap {name}")
            assert screen.app.scene.typed == before + shown
            screen.run("tap key:delete")
        screen.run(step)


def test_a_question_dims_the_screen_behind_it(screen) -> None:
    screen.run("new backgammon --names Ana,Ben", "tap back")
    screen.app.draw()
    start = screen.widget("start").rect
    corner = (start.x + 4, start.bottom - 4)  # the Start button, outside the question's card
    before = screen.app.screenshot().get_at(corner)
    screen.run("tap start", "expect Start a new match?")
    screen.app.draw()
    after = screen.app.screenshot().get_at(corner)
    assert sum(after[:3]) < sum(before[:3]) * 0.6, (before, after)
