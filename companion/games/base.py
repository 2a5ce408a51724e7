"""What every rules engine shares: the one error type and the state protocol.

Engines are shaped like python-chess or OpenSpiel: a state with
`legal_actions()` and `apply(action)`, chance made explicit as actions or
inputs, and a lossless JSON form. The table (`companion.table`) drives any
engine through this protocol alone.
"""

from __future__ import annotations

from typing import Any, Protocol, Self, runtime_checkable


class RuleError(ValueError):
    """An action the rules do not allow.

    The message is one sentence a player understands and says what to do
    ("You have a checker on the bar: enter it first."). A state that raises
    it is left exactly as it was.
    """


JSONValue = Any
"""A value made only of dict, list, str, int, float, bool and None."""


@runtime_checkable
class Action(Protocol):
    """One thing a player (or chance) does; a small immutable value."""

    def to_json(self) -> dict[str, JSONValue]:
        """The action as plain JSON, the form written to the event log."""
        ...


@runtime_checkable
class GameState(Protocol):
    """A game in progress that can list and apply actions.

    `apply` validates first and only then changes the state: a `RuleError`
    leaves it untouched. Replaying the list of applied actions from the
    initial state reproduces the state exactly.
    """

    def legal_actions(self) -> list[Any]:
        """Every action allowed now (empty only when the game is over)."""
        ...

    def apply(self, action: Any) -> None:
        """Apply one action.

        Raises:
            RuleError: the action is not allowed now; nothing changed.
        """
        ...

    @property
    def is_over(self) -> bool:
        """True once the game (or match) has a result."""
        ...

    def to_json(self) -> dict[str, JSONValue]:
        """The whole state as plain JSON; `from_json` reads it back exactly."""
        ...

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        """Rebuild a state written by `to_json`.

        Raises:
            RuleError: the data does not describe a valid state.
        """
        ...
