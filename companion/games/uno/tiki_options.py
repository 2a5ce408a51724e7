"""Rule options of UNO Tiki Twist: the classic ones plus every Tiki decision (D-U2 to D-U6).

`TikiOptions` adds to `ClassicOptions` the decisions the Tiki Twist rulebook
leaves open, each a named option with our default (``docs/rules/uno.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from companion.games.base import N_, OptionChoice
from companion.games.uno.cards import Card
from companion.games.uno.options import UNO_COMMON_CHOICES, ClassicOptions


@dataclass(frozen=True)
class TikiOptions(ClassicOptions):
    """UNO Tiki Twist options: the classic ones with the Tiki Twist deck (D-U2)."""

    deck: str = "tiki112"
    """The built-in Tiki Twist deck (D-U2); `deck_cards` gives a table's own deck."""
    go_to_plays_drawn_card: bool = True
    """D-U3: a Go To player who had to draw may play the drawn card if it fits;
    False: they keep it and play passes on from them."""
    spin_on_empty_idol: Literal["nothing", "picks_next_player"] = "nothing"
    """D-U4: a Spin card played while the idol is empty: "nothing" more happens
    (it is played as a number card); "picks_next_player": the idol still spins
    and the player it points to plays next, then play goes on from them."""
    tiki_face_goes_out: bool = True
    """D-U5: a Tiki Face may be a player's last card and wins the round at once;
    False: a Tiki Face cannot be played as the last card."""
    tiki_discards: Literal["under_top", "on_top"] = "under_top"
    """D-U6: where Discard 2 and Discard All put the cards: "under_top": under
    the top discard, the card in play unchanged; "on_top": on top of the
    discard pile in the order laid down, the last one becoming the card in
    play. Either way a hand emptied by them wins the round."""


def face_name(face: Card) -> str:
    """The action of a Tiki Face as the screen says it: "Draw 4", "Discard All Red"."""
    name = face.tiki.value if face.tiki is not None else "Tiki"
    return f"{name} {face.colour.value}" if face.colour is not None else name


TIKI_CHOICES = (
    OptionChoice("target", N_("Target score"), (500, 250, 100, 1000)),
    OptionChoice("scoring", N_("Scoring"), ("winner", "own_hand")),
    OptionChoice("tiki_discards", N_("Tiki discards go"), ("under_top", "on_top")),
    OptionChoice("spin_on_empty_idol", N_("Spin card, empty idol"),
                 ("nothing", "picks_next_player")),
    *UNO_COMMON_CHOICES,
)
"""The UNO Tiki Twist options the table offers."""
