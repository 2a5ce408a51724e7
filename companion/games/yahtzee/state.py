"""The Yahtzee board variant in progress: the `GameState` the table drives.

The state checks every action before changing anything (a `RuleError`
leaves it as it was), asks for every die through `chance()`, and writes
itself to JSON and back without loss. It owns the turn in progress, a
`Turn` value (`companion.games.yahtzee.turn`, which also judges what the
final dice win); what a checked action does to the table (the tiles and the
players moved, play passed on) is its `TurnFlow` (`turn_flow`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import ClassVar, Self

from companion.games.action_codec import Action, ActionSet
from companion.games.base import (
    INVALID_ROLL,
    N_,
    ChanceRequest,
    JSONValue,
    Note,
    OptionChoice,
    RuleError,
    check_outcome,
)
from companion.games.dice import hold_options
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
from companion.games.yahtzee.declared import (
    DECLARE_BEFORE_THE_THROWS,
    ONLY_THE_FIVE_DICE,
    check_square,
    check_value,
    declarations,
)
from companion.games.yahtzee.narration import (
    GOES_FOR,
    MOVES_ON,
    ROLL_DICE,
    ROLL_DOES_NOT_COUNT,
    ROLL_FOR_ORDER,
    ROLL_TO_MOVE,
    STAYS_TO_IMPROVE,
    tile_note,
)
from companion.games.yahtzee.options import YAHTZEE_CHOICES, FinalTies, YahtzeeOptions
from companion.games.yahtzee.persist import state_from_json, state_to_json
from companion.games.yahtzee.refusals import expecting, refusal
from companion.games.yahtzee.turn import ALWAYS_DICE, Landing, Phase, player_name
from companion.games.yahtzee.turn_flow import TurnFlow

_NOT_ASKED = object()


def _checked_dice(request: ChanceRequest, outcome: object) -> tuple[int, ...]:
    """The dice values of `outcome`, checked against the request (dice counted in words).

    Raises:
        RuleError: the outcome is not the dice asked for.
    """
    if isinstance(outcome, list | tuple) and len(outcome) != request.dice:
        wanted = "1 die value" if request.dice == 1 else f"{request.dice} dice values"
        raise RuleError(f"Give exactly {wanted}, not {len(outcome)}. {request.prompt}")
    check_outcome(request, list(outcome) if isinstance(outcome, list | tuple) else outcome)
    assert isinstance(outcome, Sequence)  # as `check_outcome` made sure
    return tuple(outcome)


@cache
def _roll_again_choices(ordered: tuple[int, ...], dice: int, seat: int) -> tuple[RollAgain, ...]:
    """Every `RollAgain` for sorted faces, taken by `seat` (cached: the same few sets come up
    again and again)."""
    return tuple(RollAgain(kept, seat=seat) for kept in hold_options(ordered, dice))


class YahtzeeState(TurnFlow):
    """A game of the Yahtzee board variant for 2 to 4 players (seats 0 to N-1)."""

    game_name: ClassVar[str] = "yahtzee"
    family: ClassVar[str] = "yahtzee"
    hides_nothing: ClassVar[bool] = True
    title: ClassVar[str] = N_("Yahtzee board game")
    named_in_sentences: ClassVar[str] = "The Yahtzee board game"
    description: ClassVar[str] = N_(
        "Race round a loop of squares, rolling five dice to claim and steal Yahtzee tiles."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_type: ClassVar[type[YahtzeeOptions]] = YahtzeeOptions
    table_choices: ClassVar[tuple[OptionChoice, ...]] = YAHTZEE_CHOICES
    action_types: ClassVar[ActionSet] = YAHTZEE_ACTIONS

    @classmethod
    def start(cls, players: int, options: YahtzeeOptions) -> Self:
        """A new game (see `__init__`).

        Raises:
            RuleError: the number of players does not fit the board.
        """
        return cls(players, options)

    def __init__(self, players: int, options: YahtzeeOptions | None = None) -> None:
        """Start a game: the roll for the order of play comes first.

        Raises:
            RuleError: the number of players does not fit the game or the board.
        """
        self.check_players(players)
        super().__init__(players, options)
        self._request: ChanceRequest | object | None = _NOT_ASKED

    def unnamed_seat(self, seat: int) -> str:
        """A seat without names: "Player 1" for seat 0, as the game's log says."""
        return player_name(seat)

    def name_seats(self, names: Sequence[str]) -> None:
        """Name the seats in prompts (presentation only, never saved)."""
        super().name_seats(names)
        self._request = _NOT_ASKED  # the prompt asked for names the seat

    # -- reading the table --------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None while dice are needed or once over."""
        if self.phase is Phase.OVER or self._awaiting_dice():
            return None
        return self.current

    def _awaiting_dice(self) -> bool:
        phase = self.phase
        if phase in ALWAYS_DICE:
            return True
        return phase is Phase.ROLL and self.dice is not None and self.dice.awaiting_throw

    @property
    def is_over(self) -> bool:
        """True once the challenge rounds are finished and the tiles scored."""
        return self.phase is Phase.OVER

    def chance(self) -> ChanceRequest | None:
        """The dice needed next: roll-off 2d6, the movement die or the five dice."""
        # Drivers ask before every action and `apply` asks again: build it once per action.
        if self._request is _NOT_ASKED:
            self._request = self._dice_needed()
        return self._request  # type: ignore[return-value]

    def _dice_needed(self) -> ChanceRequest | None:
        ask = self._dice_askers.get(self.phase)
        return None if ask is None else ask(self)

    def _roll_off_dice(self) -> ChanceRequest | None:
        seat = self.roll_off.next_seat
        note = Note.of(ROLL_FOR_ORDER, (seat or 0,))
        return ChanceRequest("dice", note.render(self.seat_name), dice=2, note=note)

    def _movement_die(self) -> ChanceRequest | None:
        note = Note.of(ROLL_TO_MOVE, (self.current,))
        return ChanceRequest("dice", note.render(self.seat_name), dice=1, note=note)

    def _five_dice(self) -> ChanceRequest | None:
        if self.dice is None or not self.dice.awaiting_throw:
            return None
        count, throw = self.dice.to_roll, self.dice.rolls + 1
        note = Note.of(ROLL_DICE, (self.current,), count=count, throw=throw,
                       rolls=self.dice.max_rolls)
        # Before the first throw the players may throw at the table and say what the dice
        # made instead (`DeclaredResult`).
        return ChanceRequest("dice", note.render(self.seat_name), dice=count, note=note,
                             takes_declared=self.dice.rolls == 0)

    _dice_askers: ClassVar[dict[Phase, Callable[[YahtzeeState], ChanceRequest | None]]] = {
        Phase.ROLL_OFF: _roll_off_dice,
        Phase.MOVE: _movement_die,
        Phase.ROLL: _five_dice,
    }
    """Each phase that may wait for dice, with the method saying which dice."""

    def chance_action(self, outcome: object) -> DiceThrow | InvalidRoll | DeclaredResult:
        """The `DiceThrow` action for dice showing `outcome`; `InvalidRoll` for `INVALID_ROLL`;
        the `DeclaredResult` an object ``{"made": "fives", "value": 4}`` declares (checked).

        A cocked or escaped roll is thrown again: it changes nothing and does
        not count as one of the three rolls.

        Raises:
            RuleError: no dice are needed now, or the outcome is not the dice asked for.
        """
        request = self.chance()
        if request is None:
            raise RuleError(f"No dice are needed now: {self._expecting()}.")
        if outcome == INVALID_ROLL:
            return InvalidRoll()
        if isinstance(outcome, dict):
            declared = DeclaredResult.from_outcome(outcome)
            self._check_declared(declared)
            return declared
        return DiceThrow(_checked_dice(request, outcome))

    def declarations(self) -> list[DeclaredResult]:
        """What the player may say the five dice made now, before their first throw is entered
        (`declared.declarations`: the results that win something, a Yahtzee of each face,
        nothing); empty when no result can be said now."""
        request = self.chance()
        if request is None or not request.takes_declared:
            return []
        return declarations(self.turn, self.holdings, self.protected, self.options,
                            self._wild_targets())

    def _check_declared(self, declared: DeclaredResult) -> None:
        """Check a declared result as dice would be checked (see `declared`).

        Raises:
            RuleError: no result can be said now, or it does not fit the dice or the square.
        """
        request = self.chance()
        if request is None:
            raise RuleError(f"No dice are needed now: {self._expecting()}.")
        if not request.takes_declared:
            if self.phase is Phase.ROLL:
                raise RuleError(Note.of(DECLARE_BEFORE_THE_THROWS, (self.current,)),
                                self.seat_name)
            raise RuleError(Note.of(ONLY_THE_FIVE_DICE, prompt=request.note or request.prompt),
                            self.seat_name)
        check_value(declared, self.options)
        check_square(declared, self.turn, self.positions[self.current], self.holdings,
                     self._wild_targets(), self.seat_name)

    def legal_actions(self) -> list[YahtzeeAction]:
        """Every choice the player to move has, taken by that seat; empty while dice are
        needed or once over."""
        seat = self.to_move
        return [] if seat is None else self._choices(seat)

    def _choices(self, seat: int) -> list[YahtzeeAction]:
        """The choices of `seat`, made as taken by it (not made, then copied: this is hot)."""
        choose = self._choosers.get(self.phase)
        return [] if choose is None else choose(self, seat)

    def _stay_or_move_on(self, seat: int) -> list[YahtzeeAction]:
        return [Stay(seat=seat), MoveOn(seat=seat)]

    def _hold_or_stop(self, seat: int) -> list[YahtzeeAction]:
        if self.dice is None:
            return []
        if not self.dice.can_roll_again:
            return [Stop(seat=seat)]
        ordered = tuple(sorted(self.dice.faces))
        return [*_roll_again_choices(ordered, self.dice.dice, seat), Stop(seat=seat)]

    def _target_choices(self, seat: int) -> list[YahtzeeAction]:
        return [ChooseTarget(tile, seat=seat) for tile in self._wild_targets()]

    def _claim_choices(self, seat: int) -> list[YahtzeeAction]:
        return [Claim(tile, seat=seat) for tile in self.turn.claim_choices]

    def _square_choices(self, seat: int) -> list[YahtzeeAction]:
        free = self.board.free_squares(self.occupied_squares())
        return [PlaceTile(square, seat=seat) for square in free]

    _choosers: ClassVar[dict[Phase, Callable[[YahtzeeState, int], list[YahtzeeAction]]]] = {
        Phase.OWN_TILE: _stay_or_move_on,
        Phase.ROLL: _hold_or_stop,
        Phase.TARGET: _target_choices,
        Phase.CLAIM: _claim_choices,
        Phase.PLACE: _square_choices,
    }
    """Each phase in which a player chooses, with the method listing the choices."""

    # -- changing the table -------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply a player's choice or a `DiceThrow` of the dice asked for.

        Raises:
            RuleError: the action is not allowed now; nothing changed.
        """
        if self.phase is Phase.OVER:
            raise RuleError("The game is over: start a new one to play again.")
        if isinstance(action, DiceThrow):
            self._check_roll(action)
        elif isinstance(action, DeclaredResult):
            self._check_declared(action)
        elif isinstance(action, InvalidRoll):
            if self.chance() is None:
                raise RuleError(f"No dice are needed now: {self._expecting()}.")
        elif self._awaiting_dice():
            raise RuleError(f"Dice first: {self._expecting()}.")
        elif not isinstance(action, YahtzeeAction) or not self._is_legal(action):
            raise RuleError(self._refusal(action))
        self.notes = []
        self.narrated = []
        self._request = _NOT_ASKED
        self._apply_checked(action)
        self._request = _NOT_ASKED

    def narration(self) -> list[Note]:
        """What the last applied action caused, with seats as ``{0}`` placeholders.

        The sentences of `notes` (the square landed on, the dice, a tile
        claimed or stolen, the challenge rounds, the final score), less those
        that only repeat the action ("goes for Fives", "moves on"). A state
        read back from JSON has none: `notes` are saved as text for screens,
        narration belongs to the action just applied.
        """
        return list(self.narrated)

    def _check_roll(self, action: DiceThrow) -> None:
        request = self.chance()
        if request is None:
            raise RuleError(f"No dice are needed now: {self._expecting()}.")
        _checked_dice(request, action.values)

    def _is_legal(self, action: YahtzeeAction) -> bool:
        phase = self.phase
        if phase is Phase.ROLL:
            if isinstance(action, Stop):
                return True
            return (
                isinstance(action, RollAgain)
                and self.dice is not None
                and action.kept in self.dice.hold_choices()
            )
        if phase is Phase.OWN_TILE:
            return isinstance(action, Stay | MoveOn)
        if phase is Phase.CLAIM:
            return isinstance(action, Claim) and action.tile in self.turn.claim_choices
        return action in self.legal_actions()

    def _apply_checked(self, action: YahtzeeAction) -> None:
        if isinstance(action, DiceThrow):
            self._apply_roll(action.values)
        elif isinstance(action, DeclaredResult):
            self._apply_declared(action)
        elif isinstance(action, InvalidRoll):
            roller = self.roll_off.next_seat if self.phase is Phase.ROLL_OFF else self.current
            self.say(ROLL_DOES_NOT_COUNT, roller or 0)
        elif isinstance(action, RollAgain):
            self.turn = self.turn.holding(action.kept)
        elif isinstance(action, Stop):
            self._finish_roll()
        elif isinstance(action, ChooseTarget):
            self.turn = self.turn.going_for(action.tile)
            self.say(GOES_FOR, self.current, echo=True, tile=tile_note(action.tile))
        elif isinstance(action, Claim):
            self._take(action.tile)
        elif isinstance(action, Stay):
            assert self.target is not None
            self.say(STAYS_TO_IMPROVE, self.current, tile=tile_note(self.target))
            self.turn = self.turn.rolling(Landing.IMPROVE, self.target)
        elif isinstance(action, MoveOn):
            self.say(MOVES_ON, self.current, echo=True)
            self.turn = self.turn.moving_on()
        elif isinstance(action, PlaceTile):
            assert self.turn.placing is not None
            tile, value = self.turn.placing
            self._put_tile(tile, value, action.square)

    def _expecting(self) -> str:
        return expecting(self.phase, self.chance())

    def _refusal(self, action: Action) -> str:
        return refusal(self, action, self._wild_targets(), self._expecting())

    # -- results ------------------------------------------------------------

    def winners(self) -> list[int]:
        """The seats with the highest total once over (D-Y6 for ties); empty before."""
        if not self.is_over:
            return []
        scores = self.scores()
        best = [seat for seat, score in enumerate(scores) if score == max(scores)]
        if self.options.final_ties is FinalTies.MOST_TILES and len(best) > 1:
            counts = self.tile_counts()
            most = max(counts[seat] for seat in best)
            best = [seat for seat in best if counts[seat] == most]
        return best

    # -- JSON ---------------------------------------------------------------

    def to_json(self) -> dict[str, JSONValue]:
        """The whole game as plain JSON."""
        return state_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        """Rebuild a game written by `to_json`.

        Raises:
            RuleError: the data does not describe a valid game.
        """
        return state_from_json(cls, data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, YahtzeeState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
