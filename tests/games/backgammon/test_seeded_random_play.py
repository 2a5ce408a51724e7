"""Seeded random matches of the backgammon family play out exactly as they always have: the
referee's speed work changes no result.

Each case plays one whole match with `random.Random(seed)` choosing among the
listed actions and answering chance, and digests every step: the chance
request or the listed actions (their order too, since the random choice
depends on it, and each in notation as a screen labels it), the action
taken, the match saved as JSON after it and what it narrated. The digests
were taken before the referee was made faster; a change of any rule, list
order, notation, note or saved field changes them.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.actions import plain_seat
from tests.games.seeded_digest import seeded_match_digest

CASES: list[tuple[str, int, dict[str, Any], int, str]] = [
    ("backgammon", 2, {}, 0, "3be1cc56ef680006f27852199bb6ab0cb0f3356ccf81789e0734120bcadfca45"),
    (
        "backgammon",
        2,
        {"match_length": 0, "jacoby": True, "beavers": True},
        7,
        "9a8385be780f0f4fee485bafed054bb9780da5813463273241f44a1d5cc5fcf3",
    ),
    (
        "backgammon",
        2,
        {"match_length": 1, "cube": False},
        5,
        "c84e9393755ba94a44bcf64a9ea0076e4bc9aeb6b0b07a1c13b996f69b52d809",
    ),
    (
        "minigam",
        2,
        {"wins_needed": 3},
        3,
        "c704d599989657111efb7620b82fc1f9bb3e7d372c54e2366c8edccbcfea1639",
    ),
    (
        "minigam",
        2,
        {"enter_first": False},
        4,
        "3e711728ebc9db50f2e0a02af25770828a87e692aaf103684fd5c362f2392474",
    ),
    ("multigam", 4, {}, 5, "9f2cbf0f3ee1cde011b7ec86adaff7fa8c6646726790573d7119c68469a0b3e9"),
    (
        "multigam",
        4,
        {"forced_moves": False},
        6,
        "55732009e262f6285b8c09cd11f83d083c2a5b297cf3c1c31af8ef1556fb1cda",
    ),
]
"""(game, players, options, seed, sha-256 of the match's steps)."""


def with_notation(actions: list[Any]) -> Any:
    """The listed actions, each also in notation as a screen labels it."""
    return (actions, [action.describe(plain_seat) for action in actions])


@pytest.mark.parametrize(("game", "players", "options", "seed", "expected"), CASES)
def test_a_seeded_random_match_plays_the_same_steps_as_before(
    game: str, players: int, options: dict[str, Any], seed: int, expected: str
) -> None:
    assert seeded_match_digest(game, players, options, seed, with_notation) == expected
