"""The Yahtzee board variant ("Tile Yahtzee"): a race round 16 squares for 12 tiles.

Rules as the companion applies them: `docs/rules/yahtzee-board.md`. Modules:
`tiles` (the tiles and the points table), `options` (every D-Y decision),
`board`, `rolloff`, `turn` (the turn as a value, and what its dice win),
`challenge` (the end game), `tabletop` (where everything is: what is saved),
`turn_flow` (what a checked action does at the table), `state` (the
`GameState`: dice asked for, choices listed and checked), `actions`,
`persist` (JSON). What an action did is kept twice: `notes` (sentences with
"Player N", saved with the game) and `narration()` (the same as `Note`s with
seat placeholders, not saved).
"""

from __future__ import annotations

from companion.games.base import GameSpec, JSONValue
from companion.games.yahtzee.actions import (
    YAHTZEE_ACTIONS,
    ChooseTarget,
    Claim,
    DeclaredResult,
    DiceThrow,
    InvalidRoll,
    MoveOn,
    PlaceTile,
    RollAgain,
    Stay,
    Stop,
    YahtzeeAction,
)
from companion.games.yahtzee.board import TileHolding
from companion.games.yahtzee.options import (
    FinalTies,
    NewTilePlacement,
    RollOffTies,
    YahtzeeOptions,
)
from companion.games.yahtzee.state import YahtzeeState
from companion.games.yahtzee.tiles import Tile
from companion.games.yahtzee.turn import Landing, Phase

FAMILY: str = YahtzeeState.family
"""The Yahtzee family's name, the `GameSpec.family` of the Yahtzee board game."""

YAHTZEE = GameSpec.of(YahtzeeState)

GAME_SPECS: tuple[GameSpec, ...] = (YAHTZEE,)
"""Every game of the Yahtzee family: the Yahtzee board game."""


def new_game(players: int, options: dict[str, JSONValue] | None = None) -> YahtzeeState:
    """A new game for `players` players with rule options read from JSON ({} for defaults).

    Raises:
        RuleError: a bad player count or option, with a sentence.
    """
    return YahtzeeState(players, YahtzeeOptions.from_json(options))


__all__ = [
    "FAMILY",
    "GAME_SPECS",
    "YAHTZEE",
    "YAHTZEE_ACTIONS",
    "ChooseTarget",
    "Claim",
    "DeclaredResult",
    "DiceThrow",
    "FinalTies",
    "InvalidRoll",
    "Landing",
    "MoveOn",
    "NewTilePlacement",
    "Phase",
    "PlaceTile",
    "RollAgain",
    "RollOffTies",
    "Stay",
    "Stop",
    "Tile",
    "TileHolding",
    "YahtzeeAction",
    "YahtzeeOptions",
    "YahtzeeState",
    "new_game",
]
