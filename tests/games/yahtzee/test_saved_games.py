"""A damaged saved game is refused with a sentence, or it loads into a game that plays on.

Every field of two saved games (mid-roll before and during the challenge
rounds), and every field one level inside them, is set in turn to each odd
value below; the result must be refused with a `RuleError` or play on without
any other error, hang or dead end.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from companion.games.autoplay import next_random_action
from companion.games.base import RuleError
from companion.games.yahtzee import Phase, YahtzeeState, new_game

ODD_VALUES: list[Any] = [None, 0, -1, 2, 7, 99, 10**9, 1.5, True, "x", "ones", "target"]
ODD_VALUES += [[], {}, [1]]


def _saved_when(seed: int, wanted: Callable[[YahtzeeState], bool]) -> dict[str, Any]:
    state = new_game(3)
    rng = random.Random(seed)
    while not wanted(state):
        state.apply(next_random_action(state, rng))
    return state.to_json()


def _mid_roll(state: YahtzeeState) -> bool:
    return state.phase is Phase.ROLL and state.dice is not None and state.dice.rolls == 1


def _challenge_roll(state: YahtzeeState) -> bool:
    return state.challenge is not None and _mid_roll(state)


SAVED = [_saved_when(1, _mid_roll), _saved_when(2, _challenge_roll)]


def _field_paths(saved: dict[str, Any]) -> list[tuple[Any, ...]]:
    paths: list[tuple[Any, ...]] = []
    for key, value in saved.items():
        if key in ("options", "notes"):  # options have their own tests; notes are free text
            continue
        paths.append((key,))
        if isinstance(value, dict):
            paths += [(key, name) for name in value]
        elif isinstance(value, list):
            paths += [(key, index) for index in range(len(value))]
    return paths


def _damaged(saved: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    damaged = copy.deepcopy(saved)
    holder = damaged
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return damaged


@pytest.mark.parametrize("saved", SAVED, ids=["mid-roll", "challenge-rounds"])
def test_a_damaged_saved_game_is_refused_or_plays_on(saved: dict[str, Any]) -> None:
    for path in _field_paths(saved):
        for value in ODD_VALUES:
            try:
                state = YahtzeeState.from_json(_damaged(saved, path, value))
            except RuleError:
                continue
            rng = random.Random(0)
            for _ in range(40):
                if state.is_over:
                    break
                state.apply(next_random_action(state, rng))
