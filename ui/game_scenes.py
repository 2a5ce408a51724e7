"""Which scene shows each game family, and what the companion's own screens say of it.

The one list of the touchscreen's game families: a new family adds its screen
package and one line to `FAMILY_SCREENS` (the app's scenes are read from it).
Everything else asks by a game's `GameSpec.family`, never by the game's name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.games import backgammon, uno, yahtzee
from companion.games.base import GameSpec
from companion.games.registry import game_specs
from companion.i18n import _
from companion.table import TableSnapshot
from ui.backgammon.panel import match_words
from ui.backgammon.scene import BoardScene
from ui.scene import MatchScene
from ui.uno.scene import UnoScene
from ui.uno.view_model import UnoView
from ui.yahtzee.scene import YahtzeeScene


def _no_goal(snapshot: TableSnapshot, spec: GameSpec) -> str:
    return ""


@dataclass(frozen=True)
class FamilyScreen:
    """How the touchscreen shows the matches of one game family."""

    scene: type[MatchScene]
    """The scene that shows its matches (`BoardScene`)."""
    round_label: Callable[[int], str]
    """A scoresheet row's label: "Game 2" in the backgammon family, "Claim 2" on the Yahtzee
    board (its scores change when a tile is claimed or stolen), "Round 2" in UNO."""
    goal: Callable[[TableSnapshot, GameSpec], str] = _no_goal
    """What a match is played to, for the scoresheet's title: "Match to 5", "Target 500"."""


def _backgammon_goal(snapshot: TableSnapshot, spec: GameSpec) -> str:
    return match_words(snapshot, spec)


def _uno_goal(snapshot: TableSnapshot, spec: GameSpec) -> str:
    return UnoView.of(snapshot, spec).target_words()


FAMILY_SCREENS: dict[str, FamilyScreen] = {
    backgammon.FAMILY: FamilyScreen(
        BoardScene, lambda n: _("Game {n}").format(n=n), _backgammon_goal),
    uno.FAMILY: FamilyScreen(UnoScene, lambda n: _("Round {n}").format(n=n), _uno_goal),
    yahtzee.FAMILY: FamilyScreen(YahtzeeScene, lambda n: _("Claim {n}").format(n=n)),
}
"""The screens of each game family the touchscreen can referee, by `GameSpec.family`."""


def family_of(game: str) -> str | None:
    """The family of the game called `game` (`GameSpec.family`), or None for no such game."""
    spec = game_specs().get(game)
    return None if spec is None else spec.family


def family_screen(game: str) -> FamilyScreen | None:
    """How the touchscreen shows the game called `game`, or None if it cannot."""
    family = family_of(game)
    return None if family is None else FAMILY_SCREENS.get(family)


def game_scene(game: str) -> str | None:
    """The name of the scene that shows the game called `game`, or None if none does."""
    screen = family_screen(game)
    return None if screen is None else screen.scene.name


__all__ = ["FAMILY_SCREENS", "FamilyScreen", "family_of", "family_screen", "game_scene"]
