"""Seeded random matches play out exactly as they always have: the engine's speed work
changes no result.

Each case plays one whole match with `random.Random(seed)` choosing among the
listed actions and answering chance, and digests every step: the chance
request or the listed actions (their order too, since the random choice
depends on it), the action taken, the match saved as JSON after it and what it
narrated. The digests were taken before the engine was made faster; a change
of any rule, list order, note or saved field changes them.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.seeded_digest import seeded_match_digest

CASES: list[tuple[str, int, dict[str, Any], int, str]] = [
    ("classic", 2, {}, 0, "2fdb89bf64b108772b4a496c978b2a3898116f24529d025f2e342edcf0a82867"),
    ("classic", 4, {}, 1, "365e11c572b095e8c660d83f43b1bcf5a204e77e69943b7996fe6eff5ca1fb1f"),
    (
        "classic",
        3,
        {"wild_draw_four_bluff": False, "wild_draw_four_challenge": "playable_card"},
        2,
        "b4259d70456a43ed7870d15b1e29d9394fd37801938afb1a8c199adce4247b35",
    ),
    (
        "classic",
        5,
        {"deck": "classic112", "blank_wild": "wild_draw_four", "play_drawn_card": False},
        3,
        "fd566088ecfdd07d5748eb6ab2a8948e1fe504978bf7cd828c932f61bb7803ee",
    ),
    (
        "classic",
        4,
        {"mode": "referee", "target": 3000},
        4,
        "0f4b1bf68618a7969cc5f8c9e452c30eefed9e8e1331858e2029d9fe99fbbbb0",
    ),
    # The Tiki match narrates its Spin cards played on an empty idol (D-U4) since issue 27.
    ("tiki", 3, {}, 5, "c9fd7adb4aa0392210f1cb1711cb09fb426953c58b780cf8b0304278fcf8473b"),
    ("duo", 2, {}, 6, "4aee63397ff32c0a164acf29d32d3bb10a6fe396a0ead477ffbc07c5a2062709"),
]
"""(game, players, options, seed, sha-256 of the match's steps)."""


@pytest.mark.parametrize(("game", "players", "options", "seed", "expected"), CASES)
def test_a_seeded_random_match_plays_the_same_steps_as_before(
    game: str, players: int, options: dict[str, Any], seed: int, expected: str
) -> None:
    assert seeded_match_digest(game, players, options, seed) == expected
