"""What an UNO action caused, told as sentences (`narration()`), for the table and the log."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from companion.games.autoplay import random_actions
from companion.games.base import RuleError
from companion.games.uno import actions as act
from companion.games.uno.cards import Card
from companion.games.uno.classic import ClassicUno
from companion.games.uno.duo import DuoUno
from companion.games.uno.options import ClassicOptions
from companion.games.uno.referee import new_referee
from companion.games.uno.tiki import TikiTwist
from companion.games.uno.tiki_actions import DiscardAll, SpinResult

from . import classic_tables as classic
from .variant_tables import laid_out, play

NAMES = ("Ana", "Ben", "Cleo", "Dev")


def told(state: Any) -> list[str]:
    """The narration of the last action, with the seats named."""
    return [note.render(NAMES.__getitem__) for note in state.narration()]


def after(state: Any, *actions: Any) -> list[str]:
    for action in actions:
        state.apply(action)
    return told(state)


# ------------------------------------------------------------ classic cards


@pytest.mark.parametrize(
    ("players", "card", "expected"),
    [
        (3, "Red Draw Two", ["Ben draws 2 cards and misses the turn."]),
        (3, "Red Skip", ["Ben is skipped."]),
        (3, "Red Reverse", ["The direction reverses: Cleo plays next."]),
        (2, "Red Reverse", ["Ben is skipped (a Reverse with two players)."]),
        (3, "Red 7", []),
    ],
)
def test_an_action_card_tells_who_it_hit(players: int, card: str, expected: list[str]) -> None:
    hands = [[card, "Blue 1", "Blue 2"], ["Green 3", "Green 4"], ["Yellow 1", "Yellow 2"]]
    state = classic.laid_out(hands[:players], top="Red 5")
    assert after(state, play(card)) == expected


def test_a_draw_two_tells_who_draws_and_misses_the_turn() -> None:
    hands = [["Red Draw Two", "Blue 1", "Blue 2"], ["Green 3"], ["Yellow 1"]]
    state = classic.laid_out(hands, top="Red 5")
    assert after(state, play("Red Draw Two")) == ["Ben draws 2 cards and misses the turn."]
    assert state.hand_sizes[1] == 3 and state.to_move == 2


def test_the_narration_tells_only_the_last_action() -> None:
    state = classic.laid_out(
        [["Red Draw Two", "Blue 1", "Blue 2"], ["Green 3"], ["Yellow 1", "Red 9", "Red 8"]],
        top="Red 5",
    )
    state.apply(play("Red Draw Two"))
    assert after(state, play("Red 9")) == []


def test_a_refused_action_keeps_the_narration_of_the_last_one() -> None:
    hands = [["Red Skip", "Blue 1", "Blue 2"], ["Green 3"], ["Yellow 1"]]
    state = classic.laid_out(hands, top="Red 5")
    state.apply(play("Red Skip"))
    with pytest.raises(RuleError):
        state.apply(play("Blue 9"))
    assert told(state) == ["Ben is skipped."]


@pytest.mark.parametrize(
    ("hand", "challenge", "expected"),
    [
        (["Wild Draw Four", "Red 1", "Blue 2"], act.AcceptDraw(),
         ["Ben draws 4 cards and misses the turn."]),
        (["Wild Draw Four", "Red 1", "Blue 2"], act.Challenge(),
         ["The challenge succeeds: Ana held a matching card and draws 4 cards."]),
        (["Wild Draw Four", "Blue 1", "Blue 2"], act.Challenge(),
         ["The challenge fails: Ben draws 6 cards and misses the turn."]),
    ],
)
def test_a_wild_draw_four_challenge_tells_who_draws(
    hand: list[str], challenge: Any, expected: list[str]
) -> None:
    draw = [f"Green {n}" for n in range(1, 10)]
    state = classic.laid_out([hand, ["Green 3"], ["Yellow 1"]], top="Red 5", draw=draw)
    assert after(state, play("Wild Draw Four", "Green")) == [
        "Ben may challenge the Wild Draw Four or draw 4 cards."
    ]
    assert after(state, challenge) == expected


def test_a_missed_uno_and_the_catch_are_told() -> None:
    state = classic.laid_out([["Red 1", "Red 2"], ["Green 3", "Green 4"]], top="Red 5")
    assert after(state, play("Red 1")) == ["Ana has one card left and did not call UNO."]
    assert after(state, act.CatchUno(0)) == ["Ana draws 2 cards for not calling UNO."]


def test_a_drawn_card_that_cannot_be_played_says_the_turn_passes() -> None:
    state = classic.laid_out([["Blue 1"], ["Green 3"]], top="Red 5", draw=["Green 1"])
    assert after(state, act.Draw()) == ["Ana cannot play the drawn card: the turn passes."]


def test_a_reshuffle_is_told_when_the_draw_pile_runs_out() -> None:
    state = classic.laid_out(
        [["Blue 1"], ["Green 3"]], top="Red 5", draw=[], discard_below=["Red 1", "Red 2"]
    )
    state.apply(act.Draw())
    assert state.pending_chance == "reshuffle"
    shuffle = state.chance_action([0, 1])
    assert after(state, shuffle)[0] == "The discard pile is shuffled into a new draw pile."


def test_the_round_end_tells_the_winner_and_the_points() -> None:
    state = classic.laid_out([["Red 1"], ["Green 3", "Blue 7"], ["Wild"]], top="Red 5")
    assert after(state, play("Red 1")) == [
        "Ana wins the round and scores 60 points.",
        "A new round begins: Ana deals.",
    ]


def test_the_last_round_tells_that_the_match_is_over() -> None:
    state = classic.laid_out([["Red 1"], ["Green 3", "Blue 7"]], top="Red 5", target=10)
    assert after(state, play("Red 1")) == [
        "Ana wins the round and scores 10 points.",
        "Ana reaches 10 points: the match is over.",
    ]


def test_a_match_read_back_from_json_has_no_narration_and_the_json_has_none() -> None:
    state = classic.laid_out([["Red Skip", "Blue 1"], ["Green 3"], ["Yellow 1"]], top="Red 5")
    state.apply(play("Red Skip"))
    data = state.to_json()
    assert "notes" not in data and "narration" not in data
    again = ClassicUno.from_json(data)
    assert again.narration() == [] and again.to_json() == data


@pytest.mark.parametrize("game", [ClassicUno, TikiTwist, DuoUno])
def test_replaying_a_match_tells_the_same_story(game: Any) -> None:
    players = 2 if game is DuoUno else 4
    state = game(players, game.options_type())
    story = []
    for _ in zip(range(400), random_actions(state, random.Random(7)), strict=False):
        story.append(state.narration())
    again = game(players, game.options_type())
    retold = []
    for action in state.history:
        again.apply(action)
        retold.append(again.narration())
    assert retold == story
    assert any(story)
    for notes in story:  # every note names real seats, one per placeholder
        for note in notes:
            assert all(0 <= seat < players for seat in note.seats)
            rendered = note.render(lambda seat: f"seat {seat}")
            assert "{" not in rendered and rendered.endswith(".")
            assert rendered.count("seat ") == len(re.findall(r"\{\d+\}", note.text))


# ---------------------------------------------------------------- referee


def test_the_referee_hears_the_same_consequences() -> None:
    state = new_referee(ClassicUno, 3, ClassicOptions.from_json({}))
    state.apply(act.ChooseDealer(2))
    state.apply(act.TurnUp(Card.parse("Red 5")))
    assert after(state, play("Red Draw Two")) == ["Ben draws 2 cards and misses the turn."]


# ------------------------------------------------------------------- Tiki


def spun(face: str, target: int, hands: list[list[str]], **kwargs: Any) -> TikiTwist:
    hands = [[face, *hands[0]], *hands[1:]]
    state: TikiTwist = laid_out(TikiTwist, hands, **kwargs)
    assert after(state, play(face)) == [f"Ana spins the idol: {face[5:]} is active."]
    state.apply(SpinResult((target,)))
    return state


TIKI_HANDS = [["Red 7", "Blue 1"], ["Red 2", "Blue 3", "Blue 9", "Wild Tiki"], ["Red 4", "Green 6"]]


@pytest.mark.parametrize(
    ("face", "target", "expected"),
    [
        ("Tiki Draw 2", 2, ["Cleo draws 2 cards (Tiki Draw 2).", "Play goes on with Ben."]),
        ("Tiki Draw 4", 1, ["Ben draws 4 cards (Tiki Draw 4).", "Play goes on with Ben."]),
        ("Tiki Discard 2", 1, ["Ben may discard up to 2 cards (Tiki Discard 2)."]),
        ("Tiki Go To", 2, ["Cleo plays next, onto the discard pile (Tiki Go To)."]),
        ("Tiki Discard All Blue", 1,
         ["Ben may discard all Blue cards, or none (Tiki Discard All Blue)."]),
        ("Tiki Discard All Blue", 2,
         ["Cleo holds no Blue card: nothing to discard (Tiki Discard All Blue).",
          "Play goes on with Ben."]),
    ],
)
def test_a_spin_tells_what_the_chosen_player_must_do(
    face: str, target: int, expected: list[str]
) -> None:
    state = spun(face, target, TIKI_HANDS, top="Yellow 5")
    assert told(state) == expected


def test_discard_all_tells_how_many_cards_went() -> None:
    state = spun("Tiki Discard All Blue", 1, TIKI_HANDS, top="Yellow 5")
    assert after(state, DiscardAll(2)) == [
        "Ben discards all Blue cards: 2 cards.",
        "Play goes on with Ben.",
    ]


def test_a_spin_between_two_seats_says_who_picks() -> None:
    hands = [["Tiki Draw 1", *TIKI_HANDS[0]], *TIKI_HANDS[1:]]
    state = laid_out(TikiTwist, hands, top="Yellow 5")
    state.apply(play("Tiki Draw 1"))
    assert after(state, SpinResult((1, 2))) == ["Ana picks Ben or Cleo."]


# -------------------------------------------------------------------- Duo


def test_a_duo_volley_tells_the_stack_and_who_draws_it() -> None:
    state = laid_out(
        DuoUno,
        [["Red Draw Two", "Blue 1", "Blue 3"], ["Green Draw Two", "Yellow 4", "Blue 2"]],
        top="Red 5",
    )
    assert after(state, play("Red Draw Two")) == ["Ben must stack a Draw Two or draw 2 cards."]
    assert after(state, play("Green Draw Two")) == ["Ana must stack a Draw Two or draw 4 cards."]
    assert after(state, act.Draw()) == ["Ana draws 4 cards for the volley: the turn passes."]


def test_a_duo_skip_tells_that_its_player_goes_again() -> None:
    state = laid_out(DuoUno, [["Red Skip", "Blue 1", "Blue 3"], ["Green 3", "Blue 2"]], top="Red 5")
    assert after(state, play("Red Skip")) == ["Ana plays again (Skip)."]


def test_a_duo_empty_draw_pile_is_turned_over_not_shuffled() -> None:
    state = laid_out(
        DuoUno, [["Blue 1"], ["Green 3"]], top="Red 5", draw=[], discard_below=["Red 1", "Red 2"]
    )
    assert after(state, act.Draw())[0] == (
        "The discard pile (all but its top card) is turned over as the new draw pile."
    )


def test_a_duo_round_tells_what_the_loser_adds_to_their_own_total() -> None:
    state = laid_out(DuoUno, [["Red 1"], ["Green 3", "Blue 7"]], top="Red 5")
    assert after(state, play("Red 1")) == [
        "Ana wins the round and scores nothing.",
        "Ben adds 10 points for the cards left.",
        "A new round begins: Ana drafts first.",
    ]


def test_duo_narration_says_the_cut_winner_drafts_first_not_deals() -> None:
    state = DuoUno(2)
    request = state.chance()
    assert request is not None and request.prompt == (
        "Shuffle: each player takes a card, the highest number drafts first."
    )
    order = list(range(request.size))
    random.Random(1).shuffle(order)  # no tie for the highest card
    told_cut = after(state, state.chance_action(order))
    assert len(told_cut) == 1 and told_cut[0].endswith(" cut the highest card and drafts first.")
    referee = new_referee(DuoUno, 2)
    assert [str(action) for action in referee.legal_actions()] == [
        "seat 0 drafts first", "seat 1 drafts first"
    ]


def test_the_referee_is_told_to_shuffle_when_the_draw_pile_runs_out() -> None:
    state = new_referee(ClassicUno, 3, ClassicOptions.from_json({}))
    state.apply(act.ChooseDealer(2))
    state.apply(act.TurnUp(Card.parse("Red 5")))
    state.apply(play("Red 7"))
    state.piles.draw_pile = []
    assert after(state, act.Draw()) == [
        "The draw pile ran out: shuffle the discard pile (all but its top card)."
    ]
    assert len(state.draw_pile) == 0 and state.hand_sizes[1] == 8


def test_the_referee_hears_what_a_spin_asks_of_the_chosen_player() -> None:
    state = new_referee(TikiTwist, 3, TikiTwist.options_type.from_json({}))
    state.apply(act.ChooseDealer(2))
    state.apply(act.TurnUp(Card.parse("Red 5")))
    assert after(state, play("Tiki Discard All Blue")) == [
        "Ana spins the idol: Discard All Blue is active."
    ]
    assert after(state, SpinResult((1,))) == [
        "Ben may discard all Blue cards, or none (Tiki Discard All Blue)."
    ]
    assert after(state, DiscardAll(2)) == [
        "Ben discards all Blue cards: 2 cards.",
        "Play goes on with Ben.",
    ]
