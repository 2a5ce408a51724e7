"""A roll played as a whole: its legal plays, a play read from notation, steps that make one.

`WholePlays` is mixed into `FamilyGame`: the whole legal plays of the dice
showing (made once per roll, by `turn_plays`), the play that move notation
(``24/18 13/11*``) describes, and the legal play that a `TurnPlay`'s steps
make, whatever their order or hit marks. `Playing` names what it needs of
the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn, Protocol

from companion.games.backgammon import refusals
from companion.games.backgammon.actions import TurnPlay, Writer
from companion.games.backgammon.free_play import can_still_move, replay_free
from companion.games.backgammon.movement import Board, Play, Step, find_play
from companion.games.backgammon.notation import parse_play
from companion.games.backgammon.phase import Phase
from companion.games.backgammon.turn_plays import TurnPlays
from companion.games.base import Note, NoteValue


class Playing(Protocol):
    """What `WholePlays` reads and calls of the game it is mixed into (`FamilyGame`)."""

    phase: Phase
    player: int
    dice: tuple[int, int] | None
    turn_start: Board
    steps: tuple[Step, ...]
    forced_moves: bool
    _turn: TurnPlays | None
    _played: tuple[Board, int, tuple[Step, ...]] | None
    _writers: tuple[Writer, ...]

    def legal_plays(self) -> list[Play]: ...
    def notation(self, steps: tuple[Step, ...] | list[Step], mover: int | None = None) -> str: ...
    def _turn_plays(self) -> TurnPlays | None: ...
    def _roll_text(self) -> str: ...
    def _play_action(self, play: Play) -> TurnPlay: ...
    def _find_play(self, steps: tuple[Step, ...]) -> Play: ...
    def _require_moving(self) -> None: ...
    def _finish_turn(self, play: Play) -> None: ...
    def _waiting_for(self) -> Note: ...
    def _refuse(
        self, sentence: str, seats: Sequence[int] = (), **values: NoteValue
    ) -> NoReturn: ...


class WholePlays:
    """The roll's whole plays (see the module docstring), in `FamilyGame`."""

    _turn: TurnPlays | None
    _played: tuple[Board, int, tuple[Step, ...]] | None

    def legal_plays(self: Playing) -> list[Play]:
        """The whole legal plays of the dice showing (empty unless moving)."""
        turn = self._turn_plays()
        return [] if turn is None else turn.plays

    def _turn_plays(self: Playing) -> TurnPlays | None:
        """The legal plays of the dice showing, made once per roll; None unless moving."""
        if self._turn is None:
            if self.phase is not Phase.MOVE or self.dice is None:
                return None
            self._turn = TurnPlays(self.turn_start, self.player, self.dice, self.forced_moves)
        return self._turn

    def parse_play(self: Playing, text: str) -> TurnPlay:
        """The whole play that move notation (``24/18 13/11*``) describes for the dice showing.

        Raises:
            RuleError: no dice are being played, or no legal play matches the text.
        """
        self._require_moving()
        wanted = " ".join(text.split())
        for play in self.legal_plays():
            if self.notation(play.steps) == wanted:
                return self._play_action(play)
        if not self.forced_moves:
            self._refuse(refusals.NOT_LEGAL_WITH, play=wanted, dice=self._roll_text())
        assert self.dice is not None
        return self._play_action(parse_play(self.turn_start, self.player, self.dice, text))

    def _roll_text(self: Playing) -> str:
        return "-".join(str(die) for die in self.dice or ())

    def _play_action(self: Playing, play: Play) -> TurnPlay:
        writer = self._writers[self.player]
        return TurnPlay(tuple(play.steps), writer=writer, seat=self.player)

    def _apply_play(self: Playing, steps: tuple[Step, ...]) -> None:
        self._require_moving()
        if self.steps:
            self._refuse(refusals.STARTED_STEPS)
        assert self.dice is not None
        play = self._find_play(steps)
        self._played = (self.turn_start, self.player, play.steps)  # its hits are noted when read
        self._finish_turn(play)

    def _find_play(self: Playing, steps: tuple[Step, ...]) -> Play:
        """The legal play that `steps` make, or a RuleError saying why they are not one.

        Steps in another order than the listed play's, or with a wrong hit
        mark, are the same play when they reach the same position.
        """
        turn = self._turn_plays()
        listed = None if turn is None else turn.listed(steps)
        if listed is not None:
            return listed
        plays = self.legal_plays()
        assert self.dice is not None
        if self.forced_moves:
            board = find_play(self.turn_start, self.player, self.dice, steps).board
        else:
            board, remaining = replay_free(self.turn_start, self.player, self.dice, steps)
            if can_still_move(board, self.player, remaining):
                self._refuse(refusals.PLAY_EVERY_DIE)
        found = next((play for play in plays if play.board == board), None)
        if found is None:
            self._refuse(refusals.NOT_A_PLAY)
        return found

    def _require_moving(self: Playing) -> None:
        if self.phase is not Phase.MOVE:
            self._refuse(refusals.NOT_TIME_TO_MOVE, waiting=self._waiting_for())
