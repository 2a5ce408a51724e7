"""The digest of a seeded random match, step by step: what the seeded-play tests of each game
family compare against digests taken before their engines were made faster."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import MISSING, fields
from typing import Any

from companion.games.autoplay import sample_outcome
from companion.games.base import ChanceRequest
from companion.games.registry import game_spec

DIGESTED_REQUEST_FIELDS = ("kind", "prompt", "dice", "sides", "size", "seats", "note")
"""The fields a chance request had when the digests were taken. A field added since is in the
digest only when a request sets it (so a new flag no game of the family uses, such as
`takes_declared`, changes no digest, and one that a game starts to use does)."""


def listed(actions: Sequence[Any]) -> Any:
    """The listed actions as the digest shows them: as they are."""
    return actions


def shown_request(request: ChanceRequest) -> str:
    """A chance request as the digest shows it: its repr, without the later fields it leaves
    at their defaults (`DIGESTED_REQUEST_FIELDS`)."""
    parts = [
        f"{field.name}={getattr(request, field.name)!r}"
        for field in fields(request)
        if field.name in DIGESTED_REQUEST_FIELDS
        or field.default is MISSING
        or getattr(request, field.name) != field.default
    ]
    return f"{type(request).__name__}({', '.join(parts)})"


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
            offered = shown_request(request)
            action = state.chance_action(sample_outcome(request, rng))
        else:
            actions = list(state.legal_actions())
            offered = repr(shown(actions))
            action = rng.choice(actions)
        state.apply(action)
        saved = json.dumps(state.to_json(), sort_keys=True)
        step = f"{offered}\n{action!r}\n{saved}\n{state.narration()!r}\n"
        digest.update(step.encode())
    return digest.hexdigest()
