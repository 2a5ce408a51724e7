"""The tables a match dispatches through, built once per match from its hooks.

`UnoMatch.apply` finds an action's handler by the action's class, `legal_actions`
the lister of the phase, a shuffle the method that deals its cards; and a turn's
actions are made once per seat (`companion.games.uno.plays.SeatPlays`). The
variants extend the tables through the hooks (`action_handlers()`,
`phase_actions()`, `shuffle_handlers()`).

One slotted object rather than an attribute each: CPython 3.11 (Raspberry Pi
OS's) keeps an object's attributes inline, where reading them and finding its
methods are specialised and quick, only while it has at most 29 attribute
names, and a match needs most of those for its state
(``tests/games/uno/test_attribute_layout.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.uno.cards import Card
from companion.games.uno.phases import ChanceKind, Phase
from companion.games.uno.plays import SeatPlays, seat_plays


class Dispatch:
    """A match's dispatch tables and its seats' turn actions."""

    __slots__ = ("handlers", "listers", "seat_plays", "shufflers")

    def __init__(
        self,
        handlers: dict[type, Callable[[Any], None]],
        listers: dict[Phase, Callable[[int], list[Any]]],
        shufflers: dict[ChanceKind, Callable[[list[Card]], None]],
        players: int,
    ) -> None:
        self.handlers = handlers
        """Each action class with the method applying it."""
        self.listers = listers
        """Each decision phase with the method listing its legal actions for a seat."""
        self.shufflers = shufflers
        """Each shuffle kind with the method that takes the shuffled cards."""
        self.seat_plays: tuple[SeatPlays, ...] = tuple(seat_plays(seat) for seat in range(players))
        """Each seat's turn actions, made once."""
