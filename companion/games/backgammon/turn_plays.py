"""The legal plays of the roll being played, worked out only as far as they are asked for.

A random game lists a turn's plays as actions and plays one of them: it
needs how many there are, the steps of the one chosen and that one's board.
`TurnPlays` keeps the generator's steps (`movement.legal_play_steps`) and
makes the `Play` objects, the `TurnPlay` actions (`PlayActions`) and a
board only when read, each once per roll.
"""

from __future__ import annotations

from companion.games.backgammon.actions import PlayActions, Writer
from companion.games.backgammon.free_play import free_plays
from companion.games.backgammon.movement import (
    Board,
    Play,
    Step,
    board_after,
    legal_play_steps,
    plays_from,
)

StepsList = list[tuple[Step, ...]]
"""The steps of each legal play, in the generator's order."""


class TurnPlays:
    """The legal plays of `dice` for `mover` from `board` (see the module docstring).

    `forced` applies the forced-move rule (`movement.legal_plays`); without
    it, every play that cannot go on is listed (`free_play.free_plays`).
    """

    __slots__ = ("_actions", "_plays", "_steps", "board", "dice", "forced", "mover")

    def __init__(self, board: Board, mover: int, dice: tuple[int, int], forced: bool) -> None:
        self.board = board
        self.mover = mover
        self.dice = dice
        self.forced = forced
        self._steps: StepsList | None = None
        self._plays: list[Play] | None = None
        self._actions: PlayActions | None = None

    @property
    def steps(self) -> StepsList:
        """The steps of each legal play, in the order `plays` lists them."""
        if self._steps is None:
            if self.forced:
                self._steps = legal_play_steps(self.board, self.mover, self.dice)
            else:
                self._plays = free_plays(self.board, self.mover, self.dice)
                self._steps = [play.steps for play in self._plays]
        return self._steps

    @property
    def plays(self) -> list[Play]:
        """The legal plays (each works its board out when first read)."""
        if self._plays is None:
            self._plays = plays_from(self.board, self.mover, self.steps)
        return self._plays

    def actions(self, writer: Writer) -> PlayActions:
        """The `TurnPlay` of each legal play, each made when first read, written by `writer`."""
        if self._actions is None:
            self._actions = PlayActions(self.steps, writer, self.mover)
        return self._actions

    def listed(self, steps: tuple[Step, ...]) -> Play | None:
        """The legal play listed with exactly these steps (in this order), or None."""
        found = self.steps
        try:
            index = found.index(steps)  # the listed action's own tuple is found at once
        except ValueError:
            return None
        if self._plays is not None:
            return self._plays[index]
        return Play(found[index], board_after(self.board, self.mover, found[index]))
