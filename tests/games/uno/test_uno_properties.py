"""Properties over many seeded random matches of every UNO game.

Parametrised over game names: a variant joins by adding its name to `GAMES`
(and, if it likes, option sets to `OPTION_SETS`). Each seed pairs an option
set with a player count, so enough seeds play every pairing.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest

from companion.games.autoplay import next_random_action
from companion.games.registry import game_spec
from companion.games.uno import actions as act
from companion.games.uno.referee import follow, new_referee

GAMES = ["classic", "tiki", "duo"]
"""Every UNO game the properties run on, by registry name."""

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "classic": [
        {},
        {"scoring": "own_hand", "deck": "classic112"},
        {"wild_draw_four_bluff": False, "target": 200},
        {"play_drawn_card": False, "blank_wild": "wild_draw_four", "deck": "classic112"},
        {"last_card_effects": False, "dealer_tie": "lowest_seat", "uno_penalty": 4},
    ],
    "tiki": [
        {},
        {"scoring": "own_hand", "target": 300},
        {"play_drawn_card": False, "hand_size": 5, "uno_penalty": 4},
        {"go_to_plays_drawn_card": False, "tiki_face_goes_out": False},
        {"spin_on_empty_idol": "picks_next_player", "tiki_discards": "on_top"},
    ],
    "duo": [
        {},
        {"blank_wild": "wild_draw_four", "target": 150},
        {"wild_draw_four_bluff": False, "scoring": "winner", "target": 300},
        {"run_last_card_acts": False, "guilty_loses_extra_turn": False},
    ],
}
"""Rule option sets the matches cycle through, per game ({} for the defaults)."""

SEEDS = range(int(os.environ.get("UNO_PROPERTY_SEEDS", "100")))
"""Seeded matches per game and property: 100 in CI (about 1.7 s a seed for all five
properties of the three games, 170 s in all); set UNO_PROPERTY_SEEDS for more or fewer."""


def match_setup(game: str, seed: int) -> tuple[int, dict[str, Any]]:
    """Players and options for the match with this seed (every pairing over enough seeds)."""
    spec = game_spec(game)
    option_sets = OPTION_SETS.get(game, [{}])
    counts = min(spec.max_players, 6) - spec.min_players + 1
    players = spec.min_players + (seed // len(option_sets)) % counts
    return players, option_sets[seed % len(option_sets)]


def new_state(game: str, seed: int) -> Any:
    players, options = match_setup(game, seed)
    return game_spec(game).new(players, options)


def card_census(state: Any) -> Counter[Any]:
    return Counter(card for place in state.card_locations().values() for card in place)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_card_is_always_in_exactly_one_place(game: str, seed: int) -> None:
    state = new_state(game, seed)
    deck = Counter(state.deck)
    rng = random.Random(seed)
    assert card_census(state) == deck
    while not state.is_over:
        state.apply(next_random_action(state, rng))
        assert card_census(state) == deck, f"after {state.history[-1]}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_actions_are_never_empty_before_the_match_ends(game: str, seed: int) -> None:
    state = new_state(game, seed)
    rng = random.Random(seed)
    while not state.is_over:
        if state.chance() is None:
            actions = state.legal_actions()
            assert actions, f"no legal action in phase {state.phase}"
            assert state.to_move is not None
            action = rng.choice(actions)
        else:
            assert state.legal_actions() == [] and state.to_move is None
            action = next_random_action(state, rng)
        state.apply(action)
    assert state.legal_actions() == [] and state.winners()


RESTORE_RATE = 0.1
"""How often the saved-state property saves the match and plays on from the saved copy."""


def saved_and_restored(spec: Any, state: Any) -> Any:
    """`state` written as JSON text and read back, as the table's log does."""
    saved = json.loads(json.dumps(state.to_json()))
    restored = spec.state_from_json(saved)
    assert restored.to_json() == saved
    return restored


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_match_restored_from_json_plays_on_exactly_like_the_unsaved_one(
    game: str, seed: int
) -> None:
    """Saved at random moments (any phase: a spin, a Go To, a draft, a volley...),
    the restored copy offers the same actions and chance at every later step,
    takes the same actions, and ends with the same result."""
    spec = game_spec(game)
    players, options = match_setup(game, seed)
    state = spec.new(players, options)
    rng, saving = random.Random(seed), random.Random(f"save-{seed}")
    restored = saved_and_restored(spec, state)
    while not state.is_over:
        if saving.random() < RESTORE_RATE:
            restored = saved_and_restored(spec, state)
        request, actions = state.chance(), state.legal_actions()
        assert restored.chance() == request
        assert restored.legal_actions() == actions, f"after {state.history[-1]}"
        assert restored.to_move == state.to_move
        # next_random_action's own choice, without listing the actions twice
        action = next_random_action(state, rng) if request else rng.choice(actions)
        state.apply(action)
        restored.apply(spec.actions.from_json(json.loads(json.dumps(action.to_json()))))
    assert restored.is_over
    assert restored.scores() == state.scores() and restored.winners() == state.winners()
    assert restored.to_json() == state.to_json()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_replay_reproduces_the_state(game: str, seed: int) -> None:
    spec = game_spec(game)
    players, options = match_setup(game, seed)
    state = spec.new(players, options)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(next_random_action(state, rng))
    events = json.loads(json.dumps([action.to_json() for action in state.history]))
    replayed = spec.new(players, options)
    for event in events:
        replayed.apply(spec.actions.from_json(event))
    assert replayed.to_json() == state.to_json()


def plays_allowed(state: Any) -> set[Any]:
    return {action for action in state.legal_actions() if isinstance(action, act.PlayCard)}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_referee_accepts_exactly_the_plays_simulation_allows(game: str, seed: int) -> None:
    simulation = new_state(game, seed)
    # Without bluffing a Wild Draw Four depends on the hidden hand: the referee allows it.
    hidden_rule = not getattr(simulation.options, "wild_draw_four_bluff", True)
    referee = new_referee(type(simulation), simulation.players, simulation.options)
    rng = random.Random(seed)
    while not simulation.is_over:
        if simulation.chance() is None and simulation.phase in ("turn", "drawn"):
            assert referee.phase == simulation.phase
            seat = simulation.current
            if simulation.phase == "turn":
                held = set(simulation.hands[seat])
            else:
                held = {simulation.drawn_card}
            entered = {play for play in plays_allowed(referee) if play.card in held}
            allowed = plays_allowed(simulation)
            if hidden_rule:
                assert allowed <= entered
                assert all(str(play.card) == "Wild Draw Four" for play in entered - allowed)
            else:
                assert entered == allowed
        follow(referee, simulation, next_random_action(simulation, rng))
        if simulation.chance() is None:
            assert referee.hand_sizes == simulation.hand_sizes
    assert referee.is_over
    assert referee.scores() == simulation.scores()
    assert referee.winners() == simulation.winners()
