"""Helpers for the game-flow tests: boards written the way players name points."""

from __future__ import annotations

from companion.games.backgammon.actions import CheckerStep, DiceThrow
from companion.games.backgammon.backgammon_game import BackgammonGame
from companion.games.backgammon.family import FamilyGame, Phase
from companion.games.backgammon.movement import BACKGAMMON, Board, Step
from companion.games.backgammon.options import BackgammonOptions
from companion.games.backgammon.text_format import parse_position


def bg_track(points: dict[int, int]) -> tuple[int, ...]:
    """One Backgammon seat's track from its own point numbers (25 = bar); the rest are off."""
    track = [0] * 26
    for number, count in points.items():
        track[25 - number] += count
    track[25] += 15 - sum(points.values())
    return tuple(track)


def bg_board(mine: dict[int, int], theirs: dict[int, int], mover: int = 0) -> Board:
    """A Backgammon board: `mine` for the seat `mover`, `theirs` for the other, own numbering."""
    tracks = [bg_track(mine), bg_track(theirs)]
    if mover == 1:
        tracks.reverse()
    return Board(BACKGAMMON, tuple(tracks))


def bg_step(source: int, destination: int) -> CheckerStep:
    """A Backgammon checker step by point numbers (25 = bar, 0 = off); the die is the distance."""
    die = source - destination
    return CheckerStep(Step(25 - source, 25 - destination, die, False))


def bg_game(
    mine: dict[int, int],
    theirs: dict[int, int],
    dice: tuple[int, int] | None = None,
    mover: int = 0,
    **options: object,
) -> BackgammonGame:
    """A Backgammon game set up at a position, `mover` on roll (with `dice` to play, if given)."""
    game = BackgammonGame(BackgammonOptions.from_json(dict(options)))
    game.apply(DiceThrow((6, 5) if mover == 0 else (5, 6)))  # leave the opening roll
    game.set_position(bg_board(mine, theirs, mover), mover, dice)
    return game


BEAR_OFF_LAST = {1: 1}
"""The mover's last checker on the ace point: any roll bears it off."""


def six_point_game(game: FamilyGame, text: str, dice: tuple[int, int] | None = None) -> FamilyGame:
    """Set a Mini-Gam or Multi-Gam game at a text position (see `text_format`)."""
    board, on_roll = parse_position(game.geometry, text)
    if game.phase is Phase.OPENING:
        game.apply(DiceThrow(tuple([6] + [1] * (game.players - 1))))
    game.set_position(board, on_roll, dice)
    return game


def cell_step(game: FamilyGame, source: str, die: int) -> CheckerStep:
    """A step of the player on roll from a printed cell number ("bar" for the bar) by `die`."""
    geometry = game.geometry
    position = 0 if source == "bar" else geometry.position(game.player, int(source))
    destination = min(position + die, geometry.points + 1)
    return CheckerStep(Step(position, destination, die, False))
