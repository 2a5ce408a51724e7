"""Every UNO match keeps its state in at most 29 attribute names.

CPython 3.11, which Raspberry Pi OS ships, keeps an object's attributes in an
inline array, where reading them and finding the object's methods run
specialised, only while its class has at most 30 attribute names (the first
match made may add 29). Past that every match's attributes move to a
dictionary and random play runs about a tenth slower; so the deck's facts and
the dispatch tables are one attribute each (`DeckFacts`, `Dispatch`), and no
`functools.cached_property` writes into a match.
"""

from __future__ import annotations

import random

import pytest

from companion.games.autoplay import random_actions
from companion.games.registry import game_spec

INLINE_NAMES = 29


@pytest.mark.parametrize(("game", "players"), [("classic", 4), ("tiki", 3), ("duo", 2)])
@pytest.mark.parametrize("mode", ["simulation", "referee"])
def test_a_match_in_play_has_few_enough_attributes_to_keep_them_inline(
    game: str, players: int, mode: str
) -> None:
    state = game_spec(game).new(players, {"mode": mode})
    for _ in zip(range(400), random_actions(state, random.Random(7)), strict=False):
        pass
    assert len(vars(state)) <= INLINE_NAMES, sorted(vars(state))
