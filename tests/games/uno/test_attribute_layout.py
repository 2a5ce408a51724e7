"""Classic UNO and UNO Tiki Twist matches keep their state in at most 29 attribute names.

CPython 3.11, which Raspberry Pi OS ships, keeps an object's attributes in an
inline array, where reading them and finding the object's methods run
specialised, only while it has at most 29 attribute names. Past that a
match's attributes move to a dictionary and random play runs about a tenth
slower; so the deck's facts and the dispatch tables are one attribute each
(`DeckFacts`, `Dispatch`), every name is set when the match is made (the
seats' names too) and no `functools.cached_property` writes into a match.
UNO Duo's draft adds four names of its own, one too many.
"""

from __future__ import annotations

import random

import pytest

from companion.games.autoplay import random_actions
from companion.games.registry import game_spec

INLINE_NAMES = 29


@pytest.mark.parametrize(("game", "players"), [("classic", 4), ("tiki", 3)])
@pytest.mark.parametrize("mode", ["simulation", "referee"])
def test_a_match_in_play_has_few_enough_attributes_to_keep_them_inline(
    game: str, players: int, mode: str
) -> None:
    state = game_spec(game).new(players, {"mode": mode})
    made_with = set(vars(state))
    state.name_seats([f"player {seat}" for seat in range(players)])  # as the table does
    for _ in zip(range(400), random_actions(state, random.Random(7)), strict=False):
        pass
    assert set(vars(state)) == made_with
    assert len(made_with) <= INLINE_NAMES, sorted(made_with)
