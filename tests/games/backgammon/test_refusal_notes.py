"""A refusal keeps its sentence apart from the names, and says the same English as ever."""

from __future__ import annotations

import pytest

from companion.games.backgammon import movement, refusals
from companion.games.backgammon.actions import CheckerStep
from companion.games.backgammon.backgammon_game import BackgammonGame
from companion.games.backgammon.movement import Step
from companion.games.base import Note, RuleError


def _ana_on_roll() -> BackgammonGame:
    game = BackgammonGame()
    game.name_seats(["Ana", "Ben"])
    game.apply(game.chance_action([3, 1]))  # Ana wins the opening roll and plays 3-1
    return game


def test_a_refusal_names_its_seat_only_when_said() -> None:
    game = _ana_on_roll()
    with pytest.raises(RuleError) as caught:
        game.chance_action([6, 6])
    assert str(caught.value) == "No dice are needed now: Ana must play the dice."
    note = caught.value.note
    assert note is not None and note.text == refusals.NO_DICE_NEEDED
    waiting = dict(note.values)["waiting"]
    assert waiting == Note(refusals.WAITING[game.phase], (0,))
    assert note.render(lambda seat: f"seat {seat}") == (
        "No dice are needed now: seat 0 must play the dice."
    )


def test_a_step_refused_by_the_board_carries_the_boards_sentence() -> None:
    game = _ana_on_roll()
    with pytest.raises(RuleError) as caught:
        game.apply(CheckerStep(Step(12, 13, 1, False), seat=0))  # 13/12: Ben holds it
    assert str(caught.value) == "Point 12 is blocked: two or more opposing checkers hold it."
    assert caught.value.note == Note.of(movement.POINT_BLOCKED, point=12)


def test_the_dice_prompt_is_its_note_said_in_english() -> None:
    game = BackgammonGame()
    game.name_seats(["Ana", "Ben"])
    request = game.chance()
    assert request is not None and request.note is not None
    assert request.prompt == "Roll one die each: Ana, Ben, in that order."
    assert request.note.render(game.seat_name) == request.prompt


def test_a_plain_message_has_no_note() -> None:
    assert RuleError("Not now.").note is None
    assert str(RuleError("Not now.")) == "Not now."
