"""Properties of many seeded random games, played through the public protocol."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.autoplay import next_random_action
from companion.games.yahtzee import YAHTZEE_ACTIONS, Phase, Tile, YahtzeeState, new_game

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"new_tile_placement": "player_chooses"},
    {"roll_off_ties": "reroll_all", "final_ties": "most_tiles"},
    {"improve_needs_rise": False},
    {"tiles": ["sixes", "full_house", "large_straight", "chance"], "chance_minimum": 20},
    {"squares": 20, "wild_squares": [1, 6, 11, 16]},
]

MAX_ACTIONS = 60_000
JSON_CHECK_EVERY = 101


def check_table(state: YahtzeeState) -> None:
    """What must hold after every action."""
    squares: dict[int, Tile] = {}
    for tile, holding in state.holdings.items():
        assert (holding.owner is None) == (holding.square is None), tile
        if holding.square is None:
            continue
        assert holding.square not in squares, f"{tile} and {squares[holding.square]} share"
        assert not state.board.is_wild(holding.square)
        assert holding.owner in range(state.players)
        squares[holding.square] = tile
        if tile.face is not None:
            assert 1 <= holding.value <= 4
        elif tile is Tile.CHANCE:
            assert state.options.chance_minimum <= holding.value <= 30
        else:
            assert holding.value == 1
    assert state.protected is None or state.holdings[state.protected].owner is not None
    assert all(1 <= square <= state.board.squares for square in state.positions) or (
        state.phase is Phase.ROLL_OFF
    )
    assert (state.to_move is None) == (state.chance() is not None or state.is_over)


def play_checked(players: int, seed: int, options: dict[str, Any]) -> tuple[YahtzeeState, list]:
    state = new_game(players, options)
    rng = random.Random(seed)
    events: list[dict[str, Any]] = []
    challengers: tuple[int, ...] | None = None
    protected_seen = False
    for count in range(MAX_ACTIONS):
        if state.is_over:
            break
        action = next_random_action(state, rng)
        state.apply(action)
        events.append(action.to_json())
        check_table(state)
        protected_seen = protected_seen or state.protected is not None
        assert state.protected is not None or not protected_seen, "the marker never leaves"
        if state.challenge is not None:
            remaining = state.challenge.remaining
            if challengers is not None:
                assert set(remaining) <= set(challengers), "nobody re-enters the challenge"
            challengers = remaining
            assert not state.unclaimed()
        if count % JSON_CHECK_EVERY == 0:
            assert YahtzeeState.from_json(state.to_json()).to_json() == state.to_json()
    assert state.is_over, "the challenge rounds always end"
    return state, events


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    options=st.sampled_from(OPTION_SETS),
)
def test_random_games_keep_the_table_consistent_end_and_replay_exactly(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    state, events = play_checked(players, seed, options)
    assert not state.unclaimed()
    assert state.winners() and set(state.winners()) <= set(range(players))
    best = max(state.scores())
    assert all(state.scores()[seat] == best for seat in state.winners())

    replayed = new_game(players, options)
    for event in events:
        replayed.apply(YAHTZEE_ACTIONS.from_json(event))
    assert replayed.to_json() == state.to_json()
    assert YahtzeeState.from_json(state.to_json()) == state
