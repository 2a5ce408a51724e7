"""Every action a phone's hand can offer says what it does, in its own words."""

from __future__ import annotations

import random

import pytest

from companion.games.action_codec import action_to_json
from companion.games.autoplay import sample_outcome
from companion.games.uno.classic import ClassicUno
from companion.games.uno.duo import DuoUno
from companion.games.uno.match_state import MatchState
from companion.games.uno.tiki import TikiTwist
from companion.web.hand_words import hand_words

SHOWN_APART = {"draft": "Keep it / Pass it", "choose_colour": "a button for each colour"}
"""Action kinds hand.js words by their own fields, not by `hand_action_<kind>`."""


def _buttons_offered(state: MatchState, rng: random.Random) -> set[str]:
    """The kinds of every seat's action with no card of its own (a button, not a card) met
    in one random match."""
    kinds: set[str] = set()
    while not state.is_over:
        request = state.chance()
        if request is not None:
            state.apply(state.chance_action(sample_outcome(request, rng)))
            continue
        actions = state.legal_actions()
        for action in actions:
            coded = action_to_json(action)
            if getattr(action, "seat", None) is not None and not (
                    coded.get("card") or coded.get("cards")):
                kinds.add(str(coded["action"]))
        state.apply(rng.choice(actions))
    return kinds


@pytest.mark.parametrize(("engine", "players"), [(ClassicUno, 4), (TikiTwist, 4), (DuoUno, 2)])
def test_every_button_a_hand_offers_has_words_of_its_own(
    engine: type[MatchState], players: int
) -> None:
    words = hand_words()
    offered: set[str] = set()
    for seed in range(6):
        match = engine(players, engine.options_type(target=100))
        offered |= _buttons_offered(match, random.Random(seed))
    assert offered  # the matches offered buttons at all
    generic = {kind for kind in offered
               if kind not in SHOWN_APART and f"hand_action_{kind}" not in words}
    assert generic == set(), "these would say only 'Do it'"
