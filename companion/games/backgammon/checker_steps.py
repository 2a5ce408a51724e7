"""Playing a turn one checker at a time: the steps open now, one step, and its undo.

`CheckerSteps` is mixed into `FamilyGame`: the touchscreen moves one checker
by one die at a time (`CheckerStep`, `UndoStep`), checked by the movement
core so that no first step can trap a player; the turn ends when the steps
make a whole legal play. `Moving` names what it needs of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn, Protocol

from companion.games.backgammon import refusals
from companion.games.backgammon.free_play import free_steps, replay_free
from companion.games.backgammon.movement import Board, Play, Step, legal_steps
from companion.games.backgammon.narration import hit_notes, undone_hit_notes
from companion.games.backgammon.phase import Phase
from companion.games.base import Note, NoteValue, RuleError


class Moving(Protocol):
    """What `CheckerSteps` reads and calls of the game it is mixed into (`FamilyGame`)."""

    phase: Phase
    player: int
    board: Board
    turn_start: Board
    dice: tuple[int, int] | None
    steps: tuple[Step, ...]
    forced_moves: bool

    def seat_name(self, seat: int) -> str: ...
    def legal_steps(self) -> list[Step]: ...
    def steps_after(self, steps_made: Sequence[Step]) -> list[Step]: ...
    def _step_refusal(self, step: Step, allowed: list[Step]) -> Note | str: ...
    def _board_after(self, steps: tuple[Step, ...]) -> Board: ...
    def _require_moving(self) -> None: ...
    def _find_play(self, steps: tuple[Step, ...]) -> Play: ...
    def _finish_turn(self, play: Play) -> None: ...
    def _narrate(self, *notes: Note) -> None: ...
    def _refuse(
        self, sentence: str, seats: Sequence[int] = (), **values: NoteValue
    ) -> NoReturn: ...


class CheckerSteps:
    """One checker at a time (see the module docstring); mixed into `FamilyGame`."""

    def legal_steps(self: Moving) -> list[Step]:
        """The single checker steps that may come next this turn (empty unless moving)."""
        return self.steps_after(self.steps)

    def steps_after(self: Moving, steps_made: Sequence[Step]) -> list[Step]:
        """The single steps that may follow `steps_made`, played from the turn's start.

        What a screen asks to look ahead ("where can this checker get with both
        dice?") without changing the game. Empty unless moving, and once the
        steps make a whole play.

        Raises:
            RuleError: `steps_made` cannot be part of a legal play (the sentence says why).
        """
        if self.phase is not Phase.MOVE or self.dice is None:
            return []
        if self.forced_moves:
            return legal_steps(self.turn_start, self.player, self.dice, steps_made)
        return free_steps(self.turn_start, self.player, self.dice, steps_made)

    def _apply_step(self: Moving, step: Step) -> None:
        self._require_moving()
        allowed = self.legal_steps()
        match = next((s for s in allowed if (s.source, s.die) == (step.source, step.die)), None)
        if match is None:
            raise RuleError(self._step_refusal(step, allowed), self.seat_name)
        steps = (*self.steps, match)
        self._narrate(*hit_notes(self.board, self.player, [match]))
        assert self.dice is not None
        if self.forced_moves:
            remaining = legal_steps(self.turn_start, self.player, self.dice, steps)
        else:
            remaining = free_steps(self.turn_start, self.player, self.dice, steps)
        if remaining:
            self.steps = steps
            self.board = self._board_after(steps)
        else:
            self._finish_turn(self._find_play(steps))

    def _step_refusal(self: Moving, step: Step, allowed: list[Step]) -> Note | str:
        """The sentence for a step that is not among the allowed ones."""
        assert self.dice is not None
        probe = (*self.steps, step)
        try:
            if self.forced_moves:
                legal_steps(self.turn_start, self.player, self.dice, probe)
            else:
                replay_free(self.turn_start, self.player, self.dice, probe)
        except RuleError as error:
            return error.note or str(error)
        return Note.of(refusals.NOT_THAT_WAY)

    def _board_after(self: Moving, steps: tuple[Step, ...]) -> Board:
        assert self.dice is not None
        board, _ = replay_free(self.turn_start, self.player, self.dice, steps)
        return board

    def _apply_undo(self: Moving) -> None:
        self._require_moving()
        if not self.steps:
            self._refuse(refusals.NO_STEP_TO_UNDO)
        undone, self.steps = self.steps[-1], self.steps[:-1]
        self.board = self._board_after(self.steps)
        self._narrate(*undone_hit_notes(self.board, self.player, undone))
