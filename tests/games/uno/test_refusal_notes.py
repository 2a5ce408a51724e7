"""UNO's sentences keep their seats and values apart from the words, and say the same English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.base import Note, RuleError
from companion.games.uno import actions as act
from companion.games.uno import narration, refusals
from companion.games.uno.cards import COLOUR_NAMES, NO_MATCH, Colour
from companion.games.uno.phases import Phase
from companion.games.uno.tiki import TikiTwist
from companion.games.uno.tiki_actions import DiscardAll, SpinResult
from companion.i18n import note_text, use_language
from tests.catalogs import translated_catalog

from . import classic_tables as classic
from .variant_tables import laid_out, play

NAMES = ("Ana", "Ben", "Cleo")


def _refusal(state, action) -> RuleError:
    with pytest.raises(RuleError) as caught:
        state.apply(action)
    return caught.value


def test_a_refusal_names_its_seat_only_when_said() -> None:
    state = classic.laid_out([["Red 1", "Blue 2"], ["Green 3"]], top="Red 5")
    state.name_seats(NAMES[:2])
    error = _refusal(state, play("Red 9"))
    assert str(error) == "Ana holds no Red 9."
    assert error.note == Note.of(refusals.HOLDS_NO, (0,), card="Red 9")


def test_a_card_that_does_not_match_keeps_both_cards_as_values() -> None:
    state = classic.laid_out([["Blue 7", "Blue 2"], ["Green 3"]], top="Red 5")
    error = _refusal(state, play("Blue 7"))
    assert str(error) == "Blue 7 does not match Red 5."
    assert error.note == Note.of(NO_MATCH, card="Blue 7", top="Red 5")


def test_an_action_out_of_turn_says_what_the_game_waits_for_as_a_phrase_with_its_seat() -> None:
    state = classic.laid_out([["Red 1", "Blue 2"], ["Green 3"]], top="Red 5")
    state.name_seats(NAMES[:2])
    error = _refusal(state, act.KeepCard())
    assert str(error) == "You cannot keep a drawn card now. It is Ana's turn to play or draw."
    assert error.note is not None and error.note.text == refusals.NOT_NOW
    values = dict(error.note.values)
    assert values["what"] == Note.of(refusals.KEEP_A_DRAWN_CARD)
    assert values["reason"] == Note.of(refusals.WAITING[Phase.TURN], (0,))


def test_a_colour_said_alone_is_a_phrase_of_its_own() -> None:
    hands = [["Tiki Discard All Blue", "Red 7"], ["Blue 1", "Blue 2", "Red 2"], ["Red 4"]]
    state: TikiTwist = laid_out(TikiTwist, hands, top="Red 5")
    state.apply(play("Tiki Discard All Blue"))
    state.apply(SpinResult((1,)))
    state.apply(DiscardAll(2))
    [discarded, goes_on] = state.narration()
    assert discarded == Note.of(
        narration.DISCARDS_ALL, (1,), colour=Note.of(COLOUR_NAMES[Colour.BLUE]), count=2
    )
    assert discarded.render(NAMES.__getitem__) == "Ben discards all Blue cards: 2 cards."
    assert goes_on.render(NAMES.__getitem__) == "Play goes on with Ben."


@pytest.mark.parametrize(("penalty", "said"), [(1, "1 card"), (2, "2 cards"), (4, "4 cards")])
def test_the_cards_drawn_for_a_missed_uno_take_their_plural_form(penalty: int, said: str) -> None:
    state = classic.laid_out(
        [["Red 1", "Red 2"], ["Green 3", "Green 4"]], top="Red 5", uno_penalty=penalty
    )
    state.apply(play("Red 1"))
    state.apply(act.CatchUno(0))
    [caught] = state.narration()
    assert caught.count == penalty
    assert caught.render(NAMES.__getitem__) == f"Ana draws {said} for not calling UNO."


# ----- said in another language -----

ROUND_WON_IN_WELSH = "{points} pwynt i {0}: mae'n ennill y rownd."
"""The points come before the winner in Welsh, after in English."""
HOLDS_NO_IN_WELSH = "Nid oes {card} gan {0}."


@pytest.fixture
def welsh(tmp_path: Path) -> Iterator[None]:
    """The words are Welsh, from a catalog started from the shipped template."""
    words = {narration.ROUND_WON: ROUND_WON_IN_WELSH, refusals.HOLDS_NO: HOLDS_NO_IN_WELSH}
    use_language("cy", locale_dir=translated_catalog(tmp_path, "cy", words))
    yield
    use_language("en")


def test_a_round_won_is_told_in_welsh_with_the_points_first(welsh: None) -> None:
    state = classic.laid_out([["Red 1"], ["Green 3", "Blue 7"], ["Wild"]], top="Red 5")
    state.apply(play("Red 1"))
    won = state.narration()[0]
    assert note_text(won, NAMES.__getitem__) == "60 pwynt i Ana: mae'n ennill y rownd."
    assert won.render(NAMES.__getitem__) == "Ana wins the round and scores 60 points."


def test_a_refusal_is_said_in_welsh_with_the_card_before_the_player(welsh: None) -> None:
    state = classic.laid_out([["Red 1", "Blue 2"], ["Green 3"]], top="Red 5")
    state.name_seats(NAMES[:2])
    error = _refusal(state, play("Red 9"))
    assert error.note is not None
    assert note_text(error.note, state.seat_name) == "Nid oes Red 9 gan Ana."
    assert str(error) == "Ana holds no Red 9."
