"""A match's state as text the log can compare: canonical JSON and its hash.

Every event of the log keeps the SHA-256 of the state's canonical JSON after
it (`canonical_json`, `sha`); a rebuilt match is checked against it, and the
table's snapshots carry the same text. `plain_json` is what may be written to
the log at all.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from companion.games.base import GameState, JSONValue, RuleError, RuleOptions


def canonical_json(state: GameState[RuleOptions]) -> str:
    """The state as compact JSON with sorted keys: equal states give equal text."""
    return canonical_text(state.to_json())


def canonical_text(data: dict[str, JSONValue]) -> str:
    """JSON as compact text with sorted keys: equal values give equal text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def sha(text: str) -> str:
    """The SHA-256 of a text, in hex."""
    return hashlib.sha256(text.encode()).hexdigest()


def plain_json(value: Any) -> Any:
    """`value` as plain JSON types (tuples become lists).

    Raises:
        RuleError: the value cannot be written as JSON.
    """
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError, RecursionError) as error:
        raise RuleError(f"That cannot be written to the log: {error}.") from None


__all__ = ["canonical_json", "canonical_text", "plain_json", "sha"]
