"""Plays without the forced-move rule (Multi-Gam with D-B1 turned off).

Without the rule a player still plays each die while any checker can move
with a remaining die, in any order they like, but need not choose moves that
let every die be played: a turn ends when the dice are used up or no
remaining die can be played. The legal plays are therefore the ends of every
such sequence of single steps, each resulting position once.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.backgammon.movement import (
    NO_DIE_LEFT,
    Board,
    Play,
    Step,
    apply_step,
    single_steps,
)
from companion.games.backgammon.step_rules import dice_to_play
from companion.games.base import Note, RuleError


def _options(board: Board, mover: int, remaining: tuple[int, ...]) -> list[Step]:
    steps: list[Step] = []
    for die in sorted(set(remaining), reverse=True):
        steps.extend(single_steps(board, mover, die))
    return steps


def free_plays(board: Board, mover: int, dice: Sequence[int]) -> list[Play]:
    """Every play of a roll without the forced-move rule, each resulting position once.

    An empty list means no checker can move at all: the turn is lost.
    """
    found: dict[Board, Play] = {}

    def extend(current: Board, remaining: tuple[int, ...], path: tuple[Step, ...]) -> None:
        options = _options(current, mover, remaining) if remaining else []
        if not options:
            if path and current not in found:
                found[current] = Play(path, current)
            return
        for step in options:
            rest = list(remaining)
            rest.remove(step.die)
            extend(apply_step(current, mover, step), tuple(rest), (*path, step))

    extend(board, dice_to_play(dice), ())
    return list(found.values())


def can_still_move(board: Board, mover: int, remaining: Sequence[int]) -> bool:
    """True when some checker can move with one of the `remaining` dice."""
    return bool(remaining) and bool(_options(board, mover, tuple(remaining)))


def free_steps(
    board: Board, mover: int, dice: Sequence[int], steps_made: Sequence[Step] = ()
) -> list[Step]:
    """The single steps that may follow `steps_made` without the forced-move rule.

    An empty answer means the turn is over.

    Raises:
        RuleError: a step in `steps_made` was not allowed.
    """
    current, remaining = replay_free(board, mover, dice, steps_made)
    return _options(current, mover, remaining) if remaining else []


def replay_free(
    board: Board, mover: int, dice: Sequence[int], steps: Sequence[Step]
) -> tuple[Board, tuple[int, ...]]:
    """The board and dice left after playing `steps` one by one.

    Raises:
        RuleError: a step uses a die already played or is not allowed on the board.
    """
    remaining = list(dice_to_play(dice))
    current = board
    for step in steps:
        if step.die not in remaining:
            raise RuleError(Note.of(NO_DIE_LEFT, die=step.die))
        current = apply_step(current, mover, step)
        remaining.remove(step.die)
    return current, tuple(remaining)
