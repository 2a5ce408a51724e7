"""Play any game with random legal choices: simulations, benchmarks, property tests.

Pure given its input: the caller supplies the `random.Random`, so a seed
reproduces the whole game. Chance requests are answered the way a fair table
would: fair dice, a uniform shuffle, and a spin that stops at a uniformly
chosen seat or, now and then (`BETWEEN_SEATS_RATE`), between two neighbouring
seats, as a real spinner does, so random games also reach the spinning
player's pick.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from companion.games.base import ChanceRequest, GameState, RuleError

BETWEEN_SEATS_RATE = 0.125
"""How often a random spin stops between two neighbouring seats (a one-in-eight margin)."""


def sample_outcome(request: ChanceRequest, rng: random.Random) -> Any:
    """A fair outcome for a chance request, drawn from `rng`."""
    if request.kind == "dice":
        sides = request.sides
        return [rng.randint(1, sides) for _ in range(request.dice)]
    if request.kind == "shuffle":
        order = list(range(request.size))
        rng.shuffle(order)
        return order
    if request.kind == "spin":
        return _spin_stop(request.seats, rng)
    raise RuleError(f"Nobody knows how to supply chance of kind {request.kind!r}.")


def _spin_stop(seats: tuple[int, ...], rng: random.Random) -> int | tuple[int, int]:
    """A seat, each equally likely, or now and then that seat and the next one round the table.

    `seats` are in order round the table, so neighbours are next to each other
    in the tuple and the last seat neighbours the first.
    """
    index = rng.randrange(len(seats))
    if len(seats) > 1 and rng.random() < BETWEEN_SEATS_RATE:
        return (seats[index], seats[(index + 1) % len(seats)])
    return seats[index]


def next_random_action(state: GameState, rng: random.Random) -> Any:
    """The next action of a random game: a chance outcome or a random legal choice.

    Raises:
        RuleError: the game is over, or it has neither chance pending nor a legal action.
    """
    if state.is_over:
        raise RuleError("The match is over: there is nothing left to play.")
    return _random_action(state, rng)


def _random_action(state: GameState, rng: random.Random) -> Any:
    """`next_random_action` of a state known not to be over.

    Raises:
        RuleError: the game has neither chance pending nor a legal action.
    """
    request = state.chance()
    if request is not None:
        return state.chance_action(sample_outcome(request, rng))
    actions = state.legal_actions()
    if not actions:
        raise RuleError("The game has no legal action although it is not over.")
    return rng.choice(actions)


def random_actions(
    state: GameState, rng: random.Random, max_actions: int = 100_000
) -> Iterator[Any]:
    """Apply random actions to `state` until the match ends, yielding each one.

    Raises:
        RuleError: the match did not end within `max_actions` actions.
    """
    for _ in range(max_actions):
        if state.is_over:
            return
        action = _random_action(state, rng)
        state.apply(action)
        yield action
    if not state.is_over:
        raise RuleError(f"The match did not end within {max_actions} actions.")


def play_random(state: GameState, rng: random.Random, max_actions: int = 100_000) -> list[Any]:
    """Play `state` to the end with random choices; returns the actions applied."""
    return list(random_actions(state, rng, max_actions))
