"""The backgammon family on the touchscreen: Backgammon, Mini-Gam and Multi-Gam.

`scene` takes the taps (`BoardScene`), `panel` builds the side panel and the strip,
`turn` and `routes` are the pure turn model (where a checker may go, asked of the
engine), and `board_drawing` with `board_layout` and `board_pockets` draw the board.
`SCREEN` is how the touchscreen shows the family (`ui.game_scenes`).
"""

from __future__ import annotations

from companion.games.base import GameSpec
from companion.i18n import _
from companion.table import TableSnapshot
from ui.backgammon.panel_words import match_words
from ui.backgammon.scene import BoardScene
from ui.game_scenes import FamilyScreen


def _game_label(number: int) -> str:
    return _("Game {n}").format(n=number)


def _goal(snapshot: TableSnapshot, spec: GameSpec) -> str:
    return match_words(snapshot, spec)


SCREEN = FamilyScreen(BoardScene, _game_label, _goal)
"""A match's games on the scoresheet, played to "Match to 5"."""

__all__ = ["SCREEN"]
