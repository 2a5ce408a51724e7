"""The Wild Draw Four challenge test, a named rule option (``wild_draw_four_challenge``).

Classic UNO and Tiki Twist call a Wild Draw Four illegal when its player held
a card of the colour in play (``"colour_in_play"``, their default). The UNO
Duo rulebook asks whether they held a card they could have played: one
matching the colour in play, the number or the symbol of the card in play
(``"playable_card"``, Duo's default). Either game can play either test.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.base import RuleError
from companion.games.uno import actions as act
from companion.games.uno.classic import ClassicUno
from companion.games.uno.deck_file import builtin_deck
from companion.games.uno.duo import DuoOptions, DuoUno
from companion.games.uno.options import ClassicOptions
from companion.games.uno.tiki import TikiTwist
from companion.games.uno.tiki_options import TikiOptions

from .variant_tables import laid_out, play

GAMES = [ClassicUno, TikiTwist, DuoUno]
DRAW = ("Yellow 1", "Yellow 2", "Yellow 3", "Yellow 4", "Yellow 5", "Yellow 6", "Yellow 7")
TIKI_DECK_WITH_WILD_DRAW_FOURS = (
    *(str(card) for card in builtin_deck("classic108").cards),
    "Tiki Discard All Red",
)
"""The Tiki Twist deck has no Wild Draw Four: a table's own deck (`deck_cards`) may add them."""


def challenged(
    game: type[Any], offender_hand: list[str], top: str = "Red 5", **options: Any
) -> Any:
    """`game` after seat 0 played a Wild Draw Four (naming Green) from `offender_hand` and
    seat 1 challenged it; the other seats hold one Green card each."""
    players = 2 if game is DuoUno else 3
    hands = [["Wild Draw Four", *offender_hand]] + [["Green 3"]] * (players - 1)
    if game is TikiTwist:
        options = {"deck_cards": TIKI_DECK_WITH_WILD_DRAW_FOURS, **options}
    state = laid_out(game, hands, top=top, draw=DRAW, **options)
    state.apply(play("Wild Draw Four", "Green"))
    state.apply(act.Challenge())
    return state


def offender_was_guilty(state: Any) -> bool:
    """The challenge succeeded: the offender drew 4 cards (their hand grew past its 2 cards)."""
    return bool(state.hand_sizes[0] == 6)


def test_classic_and_tiki_default_to_the_colour_test_and_duo_to_the_playable_card_test() -> None:
    assert ClassicOptions().wild_draw_four_challenge == "colour_in_play"
    assert TikiOptions().wild_draw_four_challenge == "colour_in_play"
    assert DuoOptions().wild_draw_four_challenge == "playable_card"


@pytest.mark.parametrize("game", [ClassicUno, TikiTwist])
def test_classic_challenge_ignores_a_card_matching_only_the_number(game: type[Any]) -> None:
    state = challenged(game, ["Blue 5", "Blue 2"])
    assert not offender_was_guilty(state)


@pytest.mark.parametrize("game", GAMES)
def test_colour_test_counts_a_card_of_the_colour_in_play(game: type[Any]) -> None:
    state = challenged(game, ["Red 1", "Blue 2"], wild_draw_four_challenge="colour_in_play")
    assert offender_was_guilty(state)


def test_duo_challenge_counts_a_matching_number_as_playable() -> None:
    state = challenged(DuoUno, ["Blue 5", "Blue 2"])
    assert offender_was_guilty(state)
    assert state.to_move == 1  # D-U8: the guilty player loses the extra turn


def test_duo_challenge_counts_a_matching_symbol_as_playable() -> None:
    state = challenged(DuoUno, ["Blue Skip", "Blue 2"], top="Red Skip")
    assert offender_was_guilty(state)


def test_duo_challenge_fails_when_no_card_could_have_been_played() -> None:
    state = challenged(DuoUno, ["Blue 4", "Blue 2"])
    assert not offender_was_guilty(state)
    assert state.hand_sizes[1] == 7  # the challenger draws six


def test_duo_with_the_colour_test_ignores_a_matching_number() -> None:
    state = challenged(DuoUno, ["Blue 5", "Blue 2"], wild_draw_four_challenge="colour_in_play")
    assert not offender_was_guilty(state)


@pytest.mark.parametrize("game", [ClassicUno, TikiTwist])
def test_playable_card_test_in_classic_and_tiki_counts_a_matching_number(game: type[Any]) -> None:
    state = challenged(game, ["Blue 5", "Blue 2"], wild_draw_four_challenge="playable_card")
    assert offender_was_guilty(state)


@pytest.mark.parametrize("game", GAMES)
def test_playable_card_test_never_counts_a_wild(game: type[Any]) -> None:
    state = challenged(game, ["Wild", "Blue 2"], wild_draw_four_challenge="playable_card")
    assert not offender_was_guilty(state)


def test_playable_card_test_never_counts_a_tiki_face() -> None:
    state = challenged(
        TikiTwist, ["Tiki Discard All Red", "Blue 2"], wild_draw_four_challenge="playable_card"
    )
    assert not offender_was_guilty(state)


def test_duo_without_bluffing_refuses_a_wild_draw_four_while_a_number_matches() -> None:
    state = laid_out(
        DuoUno, [["Wild Draw Four", "Blue 5"], ["Green 3"]], draw=DRAW, wild_draw_four_bluff=False
    )
    with pytest.raises(RuleError, match="You hold a card you could play"):
        state.apply(play("Wild Draw Four", "Green"))


@pytest.mark.parametrize(
    ("game", "options", "question"),
    [
        (ClassicUno, {}, "did it hold a card of the colour in play?"),
        (DuoUno, {}, "matching the colour in play or the number or symbol of the card in play?"),
        (DuoUno, {"wild_draw_four_challenge": "colour_in_play"}, "a card of the colour in play?"),
    ],
)
def test_referee_asks_for_the_verdict_of_the_test_the_table_plays(
    game: type[Any], options: dict[str, Any], question: str
) -> None:
    players = 2 if game is DuoUno else 3
    hands = [["Wild Draw Four", "Blue 2"]] + [["Green 3"]] * (players - 1)
    state = laid_out(game, hands, draw=DRAW, mode="referee", **options)
    state.apply(play("Wild Draw Four", "Green"))
    with pytest.raises(RuleError) as refused:
        state.apply(act.Challenge())
    assert str(refused.value).endswith(question)


def test_duo_narration_says_the_offender_held_a_card_they_could_have_played() -> None:
    state = challenged(DuoUno, ["Blue 5", "Blue 2"])
    assert next(note.text for note in state.narration()) == (
        "The challenge succeeds: {0} held a card they could have played and draws 4 cards."
    )
