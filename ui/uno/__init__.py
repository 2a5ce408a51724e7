"""The UNO family on the touchscreen: Classic, Tiki Twist and Duo.

`scene` takes the taps (`UnoScene`); `panel`, `picker`, `count`, `entry` and
`idol_spin` build its panels and dialogs and ask it only through
small protocols, one per panel (`actions`);
`view_model` is the pure view of a snapshot, `card_drawing` draws cards and the idol.
`SCREEN` is how the touchscreen shows the family (`ui.game_scenes`).
"""

from __future__ import annotations

from companion.games.base import GameSpec
from companion.games.uno.card_words import naming_cards
from companion.i18n import _
from companion.table import TableSnapshot
from ui.game_scenes import FamilyScreen
from ui.uno.scene import UnoScene
from ui.uno.view_model import UnoView


def _round_label(number: int) -> str:
    return _("Round {n}").format(n=number)


def _goal(snapshot: TableSnapshot, spec: GameSpec) -> str:
    return UnoView.of(snapshot, spec).target_words()


SCREEN = FamilyScreen(UnoScene, _round_label, _goal, naming_cards)
"""A match's rounds on the scoresheet, played to "Target 500"; its cards named in the table's
language wherever the kit says a note (the undo card, "Took back: ...")."""

__all__ = ["SCREEN"]
