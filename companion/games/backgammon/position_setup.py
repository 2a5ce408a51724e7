"""Setting up a position in a game of the family: the checks before anything changes.

`FamilyGame.set_position` (for study, teaching and tests) puts a board, the
seat on roll and maybe its dice into the current game; `check_setup` first
refuses a position the game cannot take: another game's board, a seat that
does not exist, anything but two dice, a match that is over, or a position
in which nobody can be on roll.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.games.backgammon import refusals
from companion.games.backgammon.geometry import Board, Geometry
from companion.games.backgammon.movement import over_problem
from companion.games.base import ChanceRequest, Note, RuleError, check_outcome

TWO_DICE = ChanceRequest("dice", refusals.ROLL_TWO, dice=2, note=Note.of(refusals.ROLL_TWO))
"""Two dice for a turn (checks dice given outside a chance request, as when setting up)."""


def check_setup(
    geometry: Geometry,
    players: int,
    board: Board,
    player: int,
    dice: tuple[int, int] | None,
    *,
    over: bool,
    seat_name: Callable[[int], str],
) -> None:
    """Refuse a position the game of `geometry` cannot be set up in (`over`: the match is).

    Raises:
        RuleError: the board is of another game, the seat does not exist, the
            dice are not two dice, the match is over, or nobody can be on roll.
    """
    title = geometry.title
    if board.geometry.name != geometry.name:
        note = Note.of(refusals.OTHER_BOARD, board=board.geometry.title, game=title)
        raise RuleError(note, seat_name)
    if not 0 <= player < players:
        raise RuleError(Note.of(refusals.NO_SEAT, seat=player, game=title), seat_name)
    if dice is not None:
        check_outcome(TWO_DICE, list(dice), seat_name)
    if over:
        raise RuleError(Note.of(refusals.MATCH_OVER_FOR_SETUP), seat_name)
    problem = over_problem(board, player, seat_name)
    if problem:
        raise RuleError(problem, seat_name)
