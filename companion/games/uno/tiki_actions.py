"""The actions UNO Tiki Twist adds to classic UNO: picking a seat and the Tiki Face actions.

`TIKI_ACTIONS` extends classic UNO's set with them and the shared chance
`SpinResult` (where the idol stopped).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games.action_codec import Action
from companion.games.chance_actions import SpinResult
from companion.games.notes import N_, N_counted, Note
from companion.games.uno.actions import CLASSIC_ACTIONS
from companion.games.uno.cards import Card

# What each action did, as the screen's last-action line says it ({0}: the seat that took it).
PICKED = N_("{0} picked {1}")
DISCARDED = N_("{0} discarded {card}")
DISCARDED_ALL = N_counted(
    "{0} discarded all {count} card of the colour", "{0} discarded all {count} cards of the colour"
)
# Translators: {card} is the card laid down last, left on top of the pile.
DISCARDED_ALL_ON_TOP = N_counted(
    "{0} discarded all {count} card of the colour, {card} on top",
    "{0} discarded all {count} cards of the colour, {card} on top",
)
DISCARDED_NOTHING_MORE = N_("{0} discarded nothing more")


@dataclass(frozen=True)
class PickSeat(Action, tag="pick_seat"):
    """The spinning player picks one of the two seats the idol stopped between."""

    picked: int

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """The pick, with the picked seat named."""
        return f"pick {seat_name(self.picked)}"

    def narrate(self, actor: int) -> Note:
        """Reads "Ana picked Ben"."""
        return Note.of(PICKED, (actor, self.picked))


@dataclass(frozen=True)
class TikiDiscard(Action, tag="tiki_discard"):
    """Discard 2: the chosen player discards one card (under the top discard, or on it: D-U6)."""

    card: Card

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "discard Red 7"."""
        return f"discard {self.card}"

    def narrate(self, actor: int) -> Note:
        """Reads "Ben discarded Red 7"."""
        return Note.of(DISCARDED, (actor,), card=str(self.card))


@dataclass(frozen=True)
class DiscardAll(Action, tag="discard_all"):
    """Discard All: the chosen player discards every card of the face's colour.

    `count` is how many cards go (the engine checks it in simulation; at a
    physical table it is what the player put down). `last` is the card laid
    down last when the discards go on top of the pile (D-U6 ``on_top``): it
    becomes the card in play; None when they go under the top card.
    """

    count: int
    last: Card | None = None

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "discard all 3 cards of the colour, Red 7 on top"."""
        on_top = "" if self.last is None else f", {self.last} on top"
        return f"discard all {self.count} cards of the colour{on_top}"

    def narrate(self, actor: int) -> Note:
        """Reads "Ben discarded all 3 cards of the colour, Red 7 on top"."""
        if self.last is None:
            return Note.of(DISCARDED_ALL, (actor,), count=self.count)
        return Note.of(DISCARDED_ALL_ON_TOP, (actor,), count=self.count, card=str(self.last))


@dataclass(frozen=True)
class EndTikiAction(Action, tag="end_tiki_action"):
    """Decline an optional Tiki action, or stop discarding."""

    def describe(self, seat_name: Callable[[int], str]) -> str:
        """Reads "discard nothing more"."""
        return "discard nothing more"

    def narrate(self, actor: int) -> Note:
        """Reads "Ben discarded nothing more"."""
        return Note.of(DISCARDED_NOTHING_MORE, (actor,))


TIKI_ACTIONS = CLASSIC_ACTIONS.extended(
    "UNO Tiki Twist", SpinResult, PickSeat, TikiDiscard, DiscardAll, EndTikiAction
)
"""Every action of an UNO Tiki Twist match."""

__all__ = ["TIKI_ACTIONS", "DiscardAll", "EndTikiAction", "PickSeat", "SpinResult", "TikiDiscard"]
