"""What a Yahtzee game waits for, and the sentence that refuses an action that does not fit.

`YahtzeeState` checks an action against the legal ones; when it is not
among them, these say why in words a player understands: the step the game
is at (`expecting`), or what is wrong with the dice kept, the tile named or
the square chosen (`refusal`).
"""

from __future__ import annotations

from companion.games.action_codec import Action
from companion.games.base import ChanceRequest, RuleError
from companion.games.yahtzee.actions import ChooseTarget, Claim, PlaceTile, RollAgain
from companion.games.yahtzee.tabletop import Tabletop
from companion.games.yahtzee.tiles import Tile
from companion.games.yahtzee.turn import Phase

EXPECTING = {
    Phase.OWN_TILE: "choose to stay on your tile or move on",
    Phase.ROLL: "keep some dice and roll again, or stop",
    Phase.TARGET: "choose the tile to go for",
    Phase.CLAIM: "choose the tile to claim",
    Phase.PLACE: "choose a free square for the new tile",
}
"""What each decision step waits for, as the end of a sentence."""


def expecting(phase: Phase, request: ChanceRequest | None) -> str:
    """What the game waits for: the chance request's prompt, else the step's decision."""
    if request is not None:
        return request.prompt.rstrip(".")
    return EXPECTING.get(phase, "the game is over")


def refusal(
    table: Tabletop, action: Action, wild_targets: list[Tile], waiting_for: str
) -> str:
    """The sentence refusing `action`, which is not legal on `table` now.

    `wild_targets` are the tiles the dice may go for, `waiting_for` what the
    game waits for (`expecting`).
    """
    phase = table.phase
    if isinstance(action, RollAgain) and phase is Phase.ROLL and table.dice is not None:
        try:
            table.dice.hold(action.kept)
        except RuleError as error:
            return str(error)
    if isinstance(action, Claim | ChooseTarget) and phase in (Phase.CLAIM, Phase.TARGET):
        choices = table.turn.claim_choices if phase is Phase.CLAIM else wild_targets
        names = ", ".join(tile.label for tile in choices)
        return f"You cannot take {action.tile.label} now: choose one of {names}."
    if isinstance(action, PlaceTile) and phase is Phase.PLACE:
        free = ", ".join(
            str(square) for square in table.board.free_squares(table.occupied_squares())
        )
        return f"Square {action.square} is not free: put the tile on one of {free}."
    return f"'{action}' is not allowed now: {waiting_for}."
