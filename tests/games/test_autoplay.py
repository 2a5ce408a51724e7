"""Random play (`companion.games.autoplay`): chance answered as a fair table would."""

from __future__ import annotations

import random
from collections import Counter

from companion.games.autoplay import BETWEEN_SEATS_RATE, sample_outcome
from companion.games.base import ChanceRequest

SPIN = ChanceRequest("spin", "Spin needed: Draw 4 is active.", seats=(0, 1, 2, 3))


def spins(seed: int, count: int = 4000) -> list[object]:
    rng = random.Random(seed)
    return [sample_outcome(SPIN, rng) for _ in range(count)]


def test_a_random_spin_sometimes_stops_between_two_neighbouring_seats() -> None:
    outcomes = spins(1)
    pairs = [outcome for outcome in outcomes if isinstance(outcome, tuple)]
    assert set(pairs) == {(0, 1), (1, 2), (2, 3), (3, 0)}  # neighbours only, round the table
    assert abs(len(pairs) / len(outcomes) - BETWEEN_SEATS_RATE) < 0.03


def test_a_random_spin_is_fair_to_every_seat() -> None:
    seats = Counter(outcome for outcome in spins(2) if isinstance(outcome, int))
    assert set(seats) == {0, 1, 2, 3}
    assert max(seats.values()) - min(seats.values()) < 0.1 * sum(seats.values())


def test_the_same_seed_gives_the_same_spins() -> None:
    assert spins(3, 200) == spins(3, 200)


def test_a_spin_between_two_players_names_both() -> None:
    rng = random.Random(4)
    request = ChanceRequest("spin", "Spin needed.", seats=(0, 1))
    outcomes = {sample_outcome(request, rng) for _ in range(400)}
    assert outcomes == {0, 1, (0, 1), (1, 0)}
