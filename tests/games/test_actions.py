"""One action contract for every game: one codec, one tag key, the seat that acts, a sentence.

The round trips are generated from random play of all seven games: every
action taken and every action listed as legal is written with
`action_to_json` and read back with `action_from_json(game, ...)` exactly,
and every action class a game registers must turn up, so the test cannot
pass without covering them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.games.actions import (
    Action,
    ActionSet,
    action_from_json,
    action_to_json,
    plain_seat,
    register_value,
)
from companion.games.autoplay import sample_outcome
from companion.games.backgammon.actions import TurnPlay
from companion.games.base import INVALID_ROLL, RuleError
from companion.games.chance_actions import DiceThrow, InvalidRoll, Shuffle, SpinResult
from companion.games.registry import game_spec, game_specs
from companion.games.uno import actions as act
from companion.games.uno.cards import Card
from companion.games.uno.deck_file import builtin_deck


def wild_deck(deck: str) -> dict[str, Any]:
    """Options with a built-in deck plus many wilds: a Wild often starts the discard pile
    (the first player names its colour) and Wild Draw Fours are often challenged."""
    cards = [str(card) for card in builtin_deck(deck).cards]
    return {"deck_cards": cards + ["Wild"] * 30 + ["Wild Draw Four"] * 12, "hand_size": 3}


MATCHES: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "classic": [(3, {"target": 40, "hand_size": 3}), (2, {"mode": "referee", "target": 60})],
    "tiki": [(3, {**wild_deck("tiki112"), "target": 40}), (3, {"mode": "referee", "target": 60})],
    "duo": [(2, {**wild_deck("classic112"), "target": 40}), (2, {"mode": "referee", "target": 60})],
    "backgammon": [(2, {"match_length": 0, "beavers": True}), (2, {"match_length": 3})],
    "minigam": [(2, {})],
    "multigam": [(4, {})],
    "yahtzee": [(2, {"new_tile_placement": "player_chooses"})],
}
SEEDS = range(3)
COCKED_RATE = 0.05
DECLARED_RATE = 0.3
"""How often dice a game lets the players declare are declared instead of thrown."""
STEP_RATE = 0.3
MAX_ACTIONS = 1500


def random_play(game: str, players: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """Yield (state, action) through a random match: fair chance, now and then a cocked
    roll, and in the backgammon family now and then a single checker step."""
    rng = random.Random(f"{game}-{seed}")
    state = game_spec(game).new(players, dict(options))
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return
        request = state.chance()
        if request is not None and request.takes_declared and rng.random() < DECLARED_RATE:
            # Dice thrown at the table, and only what they made said (the Yahtzee board).
            declared = rng.choice(state.declarations())  # type: ignore[attr-defined]
            action = state.chance_action(declared.outcome())
        elif request is not None:
            cocked = request.kind == "dice" and rng.random() < COCKED_RATE
            action = state.chance_action(INVALID_ROLL if cocked else sample_outcome(request, rng))
        else:
            legal = state.legal_actions()
            steps = getattr(state, "legal_steps", lambda: [])()
            if steps and isinstance(legal[0], TurnPlay) and rng.random() < STEP_RATE:
                action = state.step_action(rng.choice(steps))  # type: ignore[attr-defined]
            else:
                action = rng.choice(legal)
        yield state, action
        state.apply(action)


def assert_round_trips(game: str, action: Action) -> None:
    data = json.loads(json.dumps(action_to_json(action)))
    again = action_from_json(game, data)
    assert type(again) is type(action) and again == action and again.seat == action.seat
    assert action_to_json(again) == data and str(again) == str(action)


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_every_action_of_a_game_reads_back_exactly_and_every_kind_is_seen(game: str) -> None:
    seen: set[type[Action]] = set()
    for players, options in MATCHES[game]:
        for seed in SEEDS:
            for state, action in random_play(game, players, options, seed):
                for listed in state.legal_actions():
                    assert_round_trips(game, listed)
                    seen.add(type(listed))
                assert_round_trips(game, action)
                seen.add(type(action))
    registered = set(game_spec(game).actions)
    assert registered - seen == set()
    assert seen <= registered


def test_the_registry_games_are_the_seven_the_test_plays() -> None:
    assert set(game_specs()) == set(MATCHES)


@pytest.mark.parametrize("game", sorted(MATCHES))
def test_each_listed_action_names_the_seat_that_takes_it(game: str) -> None:
    players, options = MATCHES[game][0]
    for state, _ in random_play(game, players, options, seed=0):
        for listed in state.legal_actions():
            # Anyone may catch a missed UNO: the catch names no seat that takes it.
            expected = None if isinstance(listed, act.CatchUno) else state.to_move
            if isinstance(listed, act.CallUno):
                expected = listed.caller
            assert listed.seat == expected, listed


@pytest.mark.parametrize(
    ("action", "data"),
    [
        (act.PlayCard(Card.parse("Wild"), act.Colour.RED, True, seat=2),
         {"action": "play", "card": "Wild", "colour": "Red", "uno": True, "seat": 2}),
        (act.Draw(), {"action": "draw"}),
        (act.CatchUno(1), {"action": "catch_uno", "caught": 1}),
        (act.CountHand(1, points=12, seat=0),
         {"action": "count_hand", "counted": 1, "points": 12, "cards": [], "seat": 0}),
        (DiceThrow((3, 5)), {"action": "dice", "values": [3, 5]}),
        (InvalidRoll(), {"action": "invalid_roll"}),
        (Shuffle((1, 0)), {"action": "shuffle", "order": [1, 0]}),
        (SpinResult((1, 2)), {"action": "spin_result", "seats": [1, 2]}),
    ],
)  # fmt: skip
def test_the_json_form_is_the_tag_then_the_fields_with_none_left_out(
    action: Action, data: dict[str, Any]
) -> None:
    assert action_to_json(action) == data


def test_the_seat_does_not_change_equality_but_is_kept_in_json() -> None:
    listed = act.Draw(seat=2)
    assert listed == act.Draw() and hash(listed) == hash(act.Draw())
    assert action_from_json("classic", action_to_json(listed)).seat == 2


@pytest.mark.parametrize(
    ("action", "sentence"),
    [
        (act.CountHand(2, points=7), "Cleo holds 7 points"),
        (act.ChooseDealer(1), "Ben deals"),
        (SpinResult((0, 1)), "the spinner stopped between Ana and Ben"),
        (act.PlayCard(Card.parse("Blue 7")), "Blue 7"),
        (DiceThrow((3, 5)), "Dice 3 5"),
    ],
)
def test_every_action_says_itself_with_the_seats_named(action: Action, sentence: str) -> None:
    assert action.describe(["Ana", "Ben", "Cleo"].__getitem__) == sentence
    assert str(action) == action.describe(plain_seat)


def test_chance_is_a_property_of_the_type_and_out_of_turn_seats_of_the_action() -> None:
    assert DiceThrow((1, 2)).is_chance and Shuffle(()).is_chance and not act.Draw().is_chance
    assert act.CatchUno(3).about_seat == 3 and act.CallUno(1).about_seat == 1
    assert act.Draw().about_seat is None


@pytest.mark.parametrize(
    ("game", "data", "sentence"),
    [
        ("classic", "draw", "An action is a JSON object"),
        ("classic", ["draw"], "An action is a JSON object"),
        ("classic", {"type": "draw"}, "None is not an action of UNO"),
        ("classic", {"action": "fly"}, "'fly' is not an action of UNO; its actions are: "),
        ("classic", {"action": ["play"]}, "is not an action of UNO"),
        ("backgammon", {"action": "draw"}, "not an action of Backgammon"),
        ("classic", {"action": "play"}, "The play action needs its 'card' field"),
        ("classic", {"action": "play", "card": 7}, "The play action's 'card'"),
        ("classic", {"action": "play", "card": "Red 7", "uno": "yes"}, "must be true or false"),
        ("classic", {"action": "draw", "seat": True}, "'seat' must be a whole number"),
        ("classic", {"action": "draw", "junk": [[[[]]]]}, "The draw action has no field 'junk'"),
        ("tiki", {"action": "spin_result", "seats": list(range(10_000))}, "at most 1000 items"),
        ("tiki", {"action": "spin_result", "seats": [[[[1]]]]}, r"'seats'\[0\] must be a whole"),
        ("duo", {"action": "play_colour", "cards": ["Red 1", None]}, r"'cards'\[1\]"),
        ("backgammon", {"action": "step", "step": [1, 2, 3]}, "A step is"),
        ("backgammon", {"action": "play", "steps": [], "text": "x" * 10_000}, "at most 200"),
        ("yahtzee", {"action": "claim", "tile": {"a": 1}}, "A tile is named"),
        ("yahtzee", {"action": "place_tile", "square": 2.5}, "whole number"),
        ("snap", {"action": "draw"}, "There is no game called 'snap'"),
    ],
)
def test_bad_action_json_is_a_rule_error_with_a_sentence(
    game: str, data: Any, sentence: str
) -> None:
    with pytest.raises(RuleError, match=sentence):
        action_from_json(game, data)


def test_deeply_nested_junk_is_refused_without_recursing_into_it() -> None:
    junk: Any = 1
    for _ in range(100_000):
        junk = [junk]
    with pytest.raises(RuleError, match="must be a whole number"):
        action_from_json("tiki", {"action": "spin_result", "seats": junk})


def test_a_huge_card_name_is_refused_in_a_short_sentence() -> None:
    with pytest.raises(RuleError, match="must be the name of a card") as error:
        action_from_json("classic", {"action": "play", "card": "x" * 1_000_000})
    assert len(str(error.value)) < 200


def test_a_set_of_actions_refuses_two_unrelated_classes_under_one_tag() -> None:
    @dataclass(frozen=True)
    class Swap(Action, tag="draw"):
        pass

    with pytest.raises(ValueError, match="share the tag 'draw'"):
        ActionSet("Odd UNO", (act.Draw, Swap))


def test_a_value_type_has_one_json_form() -> None:
    with pytest.raises(ValueError, match="Card already has a JSON form"):
        register_value(Card, str, Card.parse, "a card")


def test_a_presentation_only_field_is_not_written() -> None:
    from companion.games.actions import NOT_IN_JSON

    @dataclass(frozen=True)
    class Wave(Action, tag="wave"):
        hand: str
        shown: str = field(default="", compare=False, metadata=NOT_IN_JSON)

    assert action_to_json(Wave("left", "waves the left hand")) == {"action": "wave", "hand": "left"}
