"""The digest of a seeded random match, step by step: what the seeded-play tests of each game
family compare against digests taken before their engines were made faster."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from companion.games.autoplay import sample_outcome
from companion.games.registry import game_spec


def listed(actions: Sequence[Any]) -> Any:
    """The listed actions as the digest shows them: as they are."""
    return actions


def seeded_match_digest(
    game: str, players: int, options: dict[str, Any], seed: int,
    shown: Callable[[list[Any]], Any] = listed,
) -> str:
    """The sha-256 of every step of one match played with `random.Random(seed)`: the chance
    request or the listed actions (as `shown` gives them), the action taken, the match
    saved as JSON after it and what it narrated."""
    state = game_spec(game).new(players, options)
    rng = random.Random(seed)
    digest = hashlib.sha256()
    while not state.is_over:
        request = state.chance()
        if request is not None:
            offered: Any = request
            action = state.chance_action(sample_outcome(request, rng))
        else:
            actions = list(state.legal_actions())
            offered = shown(actions)
            action = rng.choice(actions)
        state.apply(action)
        saved = json.dumps(state.to_json(), sort_keys=True)
        step = f"{offered!r}\n{action!r}\n{saved}\n{state.narration()!r}\n"
        digest.update(step.encode())
    return digest.hexdigest()
