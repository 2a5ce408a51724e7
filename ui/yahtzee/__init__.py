"""Yahtzee on the touchscreen.

`scene` takes the taps (`YahtzeeScene`), `panel` builds its screen and asks it only
through `YahtzeeActions`; `view_model` is the pure view of a snapshot, `board_drawing`
and `dice_tray` draw the board and the dice.
`SCREEN` is how the touchscreen shows it (`ui.game_scenes`).
"""

from __future__ import annotations

from companion.i18n import _
from ui.game_scenes import FamilyScreen
from ui.yahtzee.scene import YahtzeeScene


def _claim_label(number: int) -> str:
    return _("Claim {n}").format(n=number)


SCREEN = FamilyScreen(YahtzeeScene, _claim_label)
"""Its scores change when a tile is claimed or stolen: a scoresheet row is a claim."""

__all__ = ["SCREEN"]
