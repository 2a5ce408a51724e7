"""The turn being entered on the board: the engine's view of it, and steps held for confirm.

The table holds the match; the screen holds only what a person has tapped and
not yet confirmed. Each checker step is posted to the table as it is made,
except the one that completes the play: the engine would end the turn at
once, and a person wants to look and confirm (or undo) first. That step is
held here, and shown on the board, until `confirm`.

`TurnView` is rebuilt from every snapshot. It reads the engine state back
from the snapshot's JSON to ask the rules what may come next; it never
changes the match.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.backgammon.actions import CheckerStep
from companion.games.backgammon.family import FamilyGame
from companion.games.backgammon.free_play import replay_free
from companion.games.backgammon.movement import Board, Step
from companion.games.backgammon.phase import Phase
from companion.games.base import GameSpec, RuleError
from companion.i18n import _, note_text
from companion.table import TableSnapshot
from ui.backgammon.routes import Route, movable_sources, routes_from


@dataclass
class TurnView:
    """The match as the screen shows it: the table's snapshot plus the steps held for confirm."""

    snapshot: TableSnapshot
    game: FamilyGame
    sent: list[Step] = field(default_factory=list)
    """Steps posted to the table that this snapshot does not show yet."""
    held: list[Step] = field(default_factory=list)
    """The steps that complete the play, kept here until confirm."""

    @classmethod
    def of(cls, snapshot: TableSnapshot, spec: GameSpec) -> TurnView:
        """The view of a fresh snapshot, nothing held."""
        game = snapshot.game_state(spec)
        assert isinstance(game, FamilyGame), f"{spec.name} is not a backgammon-family game"
        return cls(snapshot, game)

    def carry_over(self, previous: TurnView) -> None:
        """Keep what `previous` sent and held when this snapshot is the same turn going on.

        A snapshot shows the steps the table has applied so far; steps sent
        after it stay "sent", and the held ones stay held, as long as the
        table's steps are still the start of what the screen made.
        """
        if not (previous.sent or previous.held) or not (self.moving and previous.moving):
            return
        if self.game.player != previous.game.player:
            return
        before = tuple(previous.game.steps)
        expected = (*before, *previous.sent)
        applied = tuple(self.game.steps)
        # The table went on from what the screen last saw, never back (an undo from a
        # phone): anything else means the screen's steps no longer fit, so they go.
        if applied[: len(before)] != before or expected[: len(applied)] != applied:
            return
        self.sent = list(expected[len(applied):])
        self.held = list(previous.held)

    @property
    def moving(self) -> bool:
        """True while the player on roll is playing the dice."""
        return self.game.phase is Phase.MOVE

    @property
    def made(self) -> tuple[Step, ...]:
        """Every step of this turn: those the table has, then those held here."""
        return (*self.game.steps, *self.sent, *self.held)

    @property
    def complete(self) -> bool:
        """True when the steps made are a whole play, waiting for confirm."""
        return self.moving and bool(self.held) and not self.game.steps_after(self.made)

    def board(self) -> Board:
        """The board as the screen shows it, held steps included."""
        if not self.held:
            return self.game.board
        board, _ = replay_free(self.game.turn_start, self.game.player, self.game.dice or (),
                               self.made)
        return board

    def sources(self) -> set[int]:
        """Where a checker may be picked up now."""
        return movable_sources(self.game, self.made) if self.moving else set()

    def routes(self, source: int) -> dict[int, list[Route]]:
        """Where the checker on `source` may go, with the routes there."""
        return routes_from(self.game, source, self.made) if self.moving else {}

    def completes(self, route: Route) -> bool:
        """True when `route` ends the play (its last step is then held for confirm)."""
        return not self.game.steps_after((*self.made, *route.steps))

    def refusal(self, source: int, destination: int | None) -> str:
        """The rules' own sentence for a move the screen cannot make, or a hint."""
        game = self.game
        dice = game.dice or ()
        off = game.geometry.off
        if destination == off and dice and source + max(dice) < off:
            return _("That checker is too far from home to bear off with {dice}.").format(
                dice="-".join(map(str, dice)))
        if destination is None or destination == off:
            probes = list(dict.fromkeys(dice))
        else:
            probes = [destination - source]
        for die in probes:
            if die not in dice:
                continue
            reached = off if destination == off else min(source + die, off)
            step = Step(source, reached, die, False)
            try:
                game.steps_after((*self.made, step))
            except RuleError as error:
                return str(error) if error.note is None else note_text(error.note, game.seat_name)
        return ""


def step_action(game: FamilyGame, step: Step) -> CheckerStep:
    """The table action for one step, seated and written in notation."""
    return game.step_action(step)


__all__ = ["TurnView", "step_action"]
