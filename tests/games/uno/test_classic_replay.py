"""Classic UNO as an engine: the registry spec, JSON round trip and exact replay."""

import json
import random

import pytest

from companion.games.autoplay import next_random_action, play_random
from companion.games.base import GameState, RuleError
from companion.games.registry import game_spec
from companion.games.uno import actions as act
from companion.games.uno.actions import CLASSIC_ACTIONS
from companion.games.uno.cards import Card, Colour
from companion.games.uno.classic import ClassicUno


def test_classic_is_registered_with_its_player_range() -> None:
    spec = game_spec("classic")
    assert (spec.title, spec.min_players, spec.max_players) == ("UNO", 2, 10)
    state = spec.new(3, {"scoring": "own_hand"})
    assert isinstance(state, GameState) and state.players == 3


def test_state_round_trips_through_json_mid_match() -> None:
    state = ClassicUno(4)
    rng = random.Random(5)
    for _ in range(300):
        state.apply(next_random_action(state, rng))
    data = json.loads(json.dumps(state.to_json()))
    again = ClassicUno.from_json(data)
    assert again.to_json() == state.to_json()
    # and the copy plays on exactly like the original
    for _ in range(50):
        action = next_random_action(state, random.Random(1))
        state.apply(action)
        again.apply(action)
    assert again.to_json() == state.to_json()


def test_replay_of_the_action_list_reproduces_the_finished_match() -> None:
    state = ClassicUno(3)
    actions = play_random(state, random.Random(11))
    events = [action.to_json() for action in actions]
    again = ClassicUno.replay(3, {}, json.loads(json.dumps(events)))
    assert again.to_json() == state.to_json()
    assert again.scores() == state.scores() and again.winners() == state.winners()


def test_replay_names_the_action_that_cannot_be_replayed() -> None:
    with pytest.raises(RuleError, match=r"Action 1 \(draw a card\) cannot be replayed"):
        ClassicUno.replay(2, {}, [{"action": "draw"}])


@pytest.mark.parametrize(
    "action",
    [
        act.Shuffle((0, 1)),
        act.ChooseDealer(1),
        act.TurnUp(Card.parse("Red 5")),
        act.PlayCard(Card.parse("Wild"), Colour.RED, True),
        act.PlayCard(Card.parse("Blue 7")),
        act.Draw(),
        act.KeepCard(),
        act.ChooseColour(Colour.GREEN),
        act.Challenge(),
        act.Challenge(True),
        act.AcceptDraw(),
        act.CatchUno(2),
        act.CountHand(1, points=12),
        act.CountHand(1, cards=(Card.parse("Blue 7"), Card.parse("Wild"))),
    ],
)
def test_every_action_round_trips_through_json(action: object) -> None:
    data = json.loads(json.dumps(action.to_json()))  # type: ignore[attr-defined]
    assert CLASSIC_ACTIONS.from_json(data) == action


@pytest.mark.parametrize(
    ("data", "sentence"),
    [
        ({"action": "fly"}, "'fly' is not an action of UNO"),
        ({"type": "draw"}, "None is not an action of UNO"),
        ({"action": "play"}, "needs its 'card'"),
        ({"action": "play", "card": "Purple 3"}, "'Purple 3' is not an UNO card"),
        ({"action": "catch_uno"}, "needs its 'caught'"),
        ({"action": "catch_uno", "seat": 1}, "has no field 'seat'|needs its 'caught'"),
        ({"action": "shuffle", "order": "abc"}, "'order' must be a list"),
    ],
)
def test_bad_action_json_is_refused_with_a_sentence(data: dict, sentence: str) -> None:
    with pytest.raises(RuleError, match=sentence):
        CLASSIC_ACTIONS.from_json(data)


def test_damaged_saved_state_is_refused_with_a_sentence() -> None:
    data = ClassicUno(2).to_json()
    del data["hands"]
    with pytest.raises(RuleError, match="The saved UNO match is damaged"):
        ClassicUno.from_json(data)
    with pytest.raises(RuleError, match="not a UNO match"):
        ClassicUno.from_json({"game": "backgammon"})


def test_rejected_actions_leave_the_state_unchanged() -> None:
    state = ClassicUno(4)
    rng = random.Random(3)
    bad = [
        act.Draw(),
        act.KeepCard(),
        act.AcceptDraw(),
        act.CatchUno(1),
        act.ChooseColour(Colour.RED),
        act.PlayCard(Card.parse("Wild"), Colour.RED),
        act.ChooseDealer(0),
        act.Shuffle((0,)),
        act.CountHand(1, points=3),
    ]
    for _ in range(400):
        before = state.to_json()
        for action in bad:
            try:
                state.apply(action)
            except RuleError:
                assert state.to_json() == before
            else:
                break  # that action happened to be legal: play on from there
        else:
            state.apply(next_random_action(state, rng))
        if state.is_over:
            break


def test_chance_action_checks_the_outcome() -> None:
    state = ClassicUno(2)
    with pytest.raises(RuleError, match="order of all 108 cards"):
        state.chance_action([0, 1, 2])
    assert state.chance_action(list(range(108))) == act.Shuffle(tuple(range(108)))


def test_chance_action_without_pending_chance_is_refused() -> None:
    state = ClassicUno(2)
    rng = random.Random(8)
    while state.chance() is not None:
        state.apply(next_random_action(state, rng))
    with pytest.raises(RuleError, match="Nothing needs shuffling"):
        state.chance_action([0])
