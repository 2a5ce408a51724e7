"""Game flow shared by Backgammon, Mini-Gam and Multi-Gam: opening roll, turns, dice, plays.

`FamilyGame` is the part of the three game states that is the same for all:

- the opening roll (`opening`), then turns in order;
- each turn waits for two dice (a chance request), then for a play: a whole
  `TurnPlay` or one `CheckerStep` at a time (with `UndoStep`), validated by
  the movement core so that no first step can trap a player; a roll with no
  legal move passes the turn at once;
- `InvalidRoll` from the dice tray is accepted whenever dice are awaited and
  changes nothing.

Every `apply` starts a fresh `narration()`: the sentences (`narration`
module) for what the action caused beyond its own text. It is not part of
`to_json()`, so a state read back from JSON has none.

Subclasses add the match and the end of a game through small hooks:
`_begin_turn`, `_decision_actions`, `_apply_decision`, `_after_play`,
`_next_player` and `_new_game`. The dice (asked for, checked, thrown) are
in `turn_dice`, the roll played as a whole in `whole_plays` (its legal
plays made as far as asked in `turn_plays`), playing one checker at a time
in `checker_steps`, the checks of a position set up for study or tests in
`position_setup`; what the games save in common is written and checked
by `saved`; `Phase` (what the game waits for) is in `phase`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, NoReturn, Self

from companion.games.backgammon import refusals
from companion.games.backgammon.actions import (
    Action,
    CheckerStep,
    DiceThrow,
    InvalidRoll,
    TurnPlay,
    UndoStep,
    Writer,
)
from companion.games.backgammon.checker_steps import CheckerSteps
from companion.games.backgammon.movement import (
    Board,
    Geometry,
    Play,
    Step,
)
from companion.games.backgammon.narration import (
    hit_notes,
    new_game_note,
    no_move_note,
)
from companion.games.backgammon.opening import OpeningRoll
from companion.games.backgammon.phase import Phase
from companion.games.backgammon.position_setup import check_setup
from companion.games.backgammon.refusals import waiting_note
from companion.games.backgammon.turn_dice import TurnDice
from companion.games.backgammon.turn_plays import TurnPlays
from companion.games.backgammon.whole_plays import WholePlays
from companion.games.base import (
    ChanceRequest,
    GameState,
    JSONValue,
    Note,
    NoteValue,
    OptionsT,
    RuleError,
)


class FamilyGame(CheckerSteps, TurnDice, WholePlays, GameState[OptionsT]):
    """The shared state and turn flow of the backgammon family (see the module docstring).

    `OptionsT` is the game's rule options (`BackgammonOptions`...), set by each game.
    """

    family: ClassVar[str] = "backgammon"
    hides_nothing: ClassVar[bool] = True
    geometry: Geometry
    forced_moves: bool = True

    @classmethod
    def start(cls, players: int, options: Any) -> Self:
        """A new match of the game's own number of players (checked by `check_players`)."""
        return cls(options)

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.board = Board(geometry, (geometry.start,) * geometry.players)
        self.phase = Phase.OPENING
        self.player = 0
        self.opening = OpeningRoll.start(geometry.players)
        self.dice: tuple[int, int] | None = None
        self.turn_start = self.board
        self.steps: tuple[Step, ...] = ()
        self.game_number = 1
        self._last_turn: dict[str, JSONValue] | None = None
        self._last_play: tuple[int, tuple[int, ...], tuple[Step, ...]] | None = None
        """The last turn's player, dice and steps, until `last_turn` writes them down."""
        self._turn: TurnPlays | None = None
        self._notes: list[Note] = []
        self._played: tuple[Board, int, tuple[Step, ...]] | None = None
        """The whole play just applied, from where and by whom: `narration` notes its hits."""
        self._dice_requests: dict[tuple[str, int, tuple[str, ...]], ChanceRequest] = {}
        self._checked_dice: tuple[ChanceRequest | None, tuple[int, ...]] = (None, ())
        self._writers = tuple(Writer(geometry, seat) for seat in range(geometry.players))
        """Who writes each seat's plays in notation (shared by every action that shows one)."""

    # ----- the protocol -----

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None while chance is pending or the match is over."""
        if self.phase in (Phase.DECIDE, Phase.MOVE):
            return self.player
        if self.phase is Phase.DOUBLED:
            return self._taker()
        return None

    @property
    def is_over(self) -> bool:
        """True once the match has a result."""
        return self.phase is Phase.OVER

    def legal_actions(self) -> Sequence[Action]:
        """Every player action allowed now.

        While moving: the whole legal plays (`TurnPlay`, in a `PlayActions`
        that makes each when first read) before the first step, then the
        steps that can still complete a legal play, and `UndoStep`.
        `CheckerStep`s are accepted before the first step too: `legal_steps()`
        lists them.
        """
        if self.phase is Phase.MOVE:
            if not self.steps:
                turn = self._turn or self._turn_plays()
                assert turn is not None  # moving, so the dice are showing
                return turn.actions(self._writers[self.player])
            return [*(self.step_action(s) for s in self.legal_steps()), UndoStep(seat=self.player)]
        seat = self.to_move
        if self.phase in (Phase.DECIDE, Phase.DOUBLED) and seat is not None:
            return self._decision_actions(seat)
        return []

    def apply(self, action: Action) -> None:
        """Apply one action; nothing changes when it is refused.

        Raises:
            RuleError: the action is not allowed now, with a sentence saying why.
        """
        if self.phase is Phase.OVER:
            self._refuse(refusals.MATCH_OVER)
        told = self._notes, self._played
        self._notes, self._played = [], None
        try:
            self._apply_action(action)
        except RuleError:
            self._notes, self._played = told
            raise

    def narration(self) -> list[Note]:
        """What the last applied action caused that its own text does not show.

        Hits, a turn lost for want of a legal move, the opening roll's result,
        the cube, a game's result and the match score (see `narration`
        module). A state read back from JSON has none: narration belongs to
        the action just applied, not to the saved position.
        """
        if self._played is not None:  # its hits came first: noted now (a legal play's hit marks)
            before, mover, steps = self._played
            self._notes[:0] = hit_notes(before, mover, [step for step in steps if step.hit])
            self._played = None
        return list(self._notes)

    def _narrate(self, *notes: Note) -> None:
        self._notes.extend(notes)

    def _apply_action(self, action: Action) -> None:
        if isinstance(action, DiceThrow):
            self._apply_dice(action.values)
        elif isinstance(action, InvalidRoll):
            self._check_invalid_roll()
        elif isinstance(action, TurnPlay):
            self._apply_play(action.steps)
        elif isinstance(action, CheckerStep):
            self._apply_step(action.step)
        elif isinstance(action, UndoStep):
            self._apply_undo()
        else:
            self._apply_decision(action)

    # ----- what people see -----

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.geometry.players

    def unnamed_seat(self, seat: int) -> str:
        """A seat without names: "Player 0" (seats count from 0, as in Position IDs)."""
        return f"Player {seat}"

    @property
    def last_turn(self) -> dict[str, JSONValue] | None:
        """The turn played last: ``{"player", "dice", "play"}``, the play in notation.

        None before any turn. The notation is written when first read (a
        random game reads none).
        """
        if self._last_turn is None and self._last_play is not None:
            mover, dice, steps = self._last_play
            play = self.notation(steps, mover)
            self._last_turn = {"player": mover, "dice": list(dice), "play": play}
        return self._last_turn

    @last_turn.setter
    def last_turn(self, value: dict[str, JSONValue] | None) -> None:
        self._last_turn = value
        self._last_play = None

    @property
    def lost_turn(self) -> bool:
        """The turn played last moved nothing: its player had no legal play of the dice."""
        turn = self.last_turn
        return turn is not None and turn.get("play") == "no move"

    def notation(self, steps: tuple[Step, ...] | list[Step], mover: int | None = None) -> str:
        """Standard notation of steps by `mover` (default: the player on roll)."""
        seat = self.player if mover is None else mover
        return self._writers[seat].notation(tuple(steps))

    def set_position(self, board: Board, player: int, dice: tuple[int, int] | None = None) -> None:
        """Set up a position in the current game: the board, the seat on roll and maybe its dice.

        Without dice the seat is about to roll (or to double); with dice it is
        to play them (a roll with no legal move passes at once). For study,
        teaching and tests; the match score is left as it is.

        Raises:
            RuleError: the board is of another game, the seat does not exist,
                the dice are not two dice, the match is over, or nobody can be on roll.
        """
        over = self.phase is Phase.OVER
        check_setup(
            self.geometry, self.players, board, player, dice, over=over, seat_name=self.seat_name
        )
        self._notes, self._played = [], None
        self.board = self.turn_start = Board(self.geometry, board.tracks)
        self.player = player
        self.steps = ()
        self.forget_plays()
        if dice is None:
            self._begin_turn()
        else:
            self._start_move(dice)

    # ----- applying actions -----

    def _start_move(self, dice: tuple[int, int]) -> None:
        """The player on roll has `dice`: play them, or lose the turn if nothing moves."""
        self.phase = Phase.MOVE
        self.dice = dice
        self.turn_start = self.board
        self.steps = ()
        turn = self._turn = TurnPlays(self.board, self.player, dice, self.forced_moves)
        if not turn.steps:
            self._narrate(no_move_note(self.player, dice))
            self._finish_turn(Play((), self.board))

    def _finish_turn(self, play: Play) -> None:
        """Record the play, then end the game or pass the dice on."""
        mover = self.player
        self.board = play.board
        self._last_turn = None  # `last_turn` writes the play down when read
        self._last_play = (mover, self.dice or (), play.steps)
        self.dice = None
        self.steps = ()
        self.turn_start = self.board
        self._turn = None
        if not self._after_play(mover):
            self.player = self._next_player(mover)
            self._begin_turn()

    def _waiting_for(self) -> Note:
        """What the game waits for, as a phrase."""
        seat = self._taker() if self.phase is Phase.DOUBLED else self.player
        return waiting_note(self.phase, seat)

    def _refuse(self, sentence: str, seats: Sequence[int] = (), **values: NoteValue) -> NoReturn:
        """Refuse with one of the `refusals` sentences, its seats named as this match names them.

        Raises:
            RuleError: always.
        """
        raise RuleError(Note.of(sentence, seats, **values), self.seat_name)

    def as_listed(self, action: Action) -> Action:
        """A single checker step in the player's own notation ("8/5"), as `step_action`
        writes it; any other action as the base says."""
        if isinstance(action, CheckerStep):
            return self.step_action(action.step)
        return super().as_listed(action)

    def step_action(self, step: Step) -> CheckerStep:
        """The action that makes one of `legal_steps()`, shown in notation."""
        return CheckerStep(step, writer=self._writers[self.player], seat=self.player)

    # ----- hooks for the games -----

    def _taker(self) -> int:
        return 1 - self.player

    def _begin_turn(self) -> None:
        """A new turn of `self.player` starts: by default the dice are awaited."""
        self.phase = Phase.ROLL

    def _decision_actions(self, seat: int) -> list[Action]:
        """The doubling decisions open to `seat` now, made as taken by it."""
        return []

    def _apply_decision(self, action: Action) -> None:
        self._refuse(refusals.NOT_AN_ACTION, action=str(action), game=self.geometry.title)

    def _after_play(self, mover: int) -> bool:
        """Check for the end of the game after `mover` played; True when play stops for now."""
        raise NotImplementedError

    def _next_player(self, player: int) -> int:
        return (player + 1) % self.players

    def _new_game(self) -> None:
        """Set up the board and the opening roll of the next game of the match."""
        self.board = Board(self.geometry, (self.geometry.start,) * self.players)
        self.turn_start = self.board
        self.phase = Phase.OPENING
        self.opening = OpeningRoll.start(self.players)
        self.dice = None
        self.steps = ()
        self.forget_plays()
        self.game_number += 1
        self._narrate(new_game_note(self.game_number))

    def forget_plays(self) -> None:
        """Drop the cached legal plays (after the state was changed from outside, as on loading)."""
        self._turn = None
