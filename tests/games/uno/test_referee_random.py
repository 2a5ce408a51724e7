"""A table entering random listed actions: the referee accepts every action it lists.

Drives each game in referee mode with random choices among `legal_actions()`
(as the table demo does): every listed entry is accepted, the list is never
empty before the end, and the match reaches its end with scores.
"""

import random

import pytest

from companion.games.autoplay import play_random
from companion.games.uno.classic import ClassicUno
from companion.games.uno.duo import DuoUno
from companion.games.uno.referee import new_referee
from companion.games.uno.tiki import TikiTwist


@pytest.mark.parametrize(("game", "players"), [(ClassicUno, 4), (TikiTwist, 3), (DuoUno, 2)])
@pytest.mark.parametrize("seed", range(4))
def test_referee_accepts_every_listed_entry_to_the_end_of_a_match(
    game: type[ClassicUno], players: int, seed: int
) -> None:
    state = new_referee(game, players)
    actions = play_random(state, random.Random(seed))
    assert state.is_over and state.winners()
    assert {a.tag for a in actions} >= {"choose_dealer", "turn_up", "count_hand"}
    replayed = game.replay(players, state.options.to_json(), [a.to_json() for a in actions])
    assert replayed.to_json() == state.to_json()
