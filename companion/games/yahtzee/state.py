"""The Yahtzee board variant in progress: the `GameState` the table drives.

The state checks every action before changing anything (a `RuleError`
leaves it as it was), asks for every die through `chance()`, and writes
itself to JSON and back without loss. The rules of a turn live in
`companion.games.yahtzee.turn`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from companion.games.actions import by_seat
from companion.games.base import (
    INVALID_ROLL,
    ChanceRequest,
    JSONValue,
    NamedSeats,
    Note,
    RuleError,
    check_outcome,
)
from companion.games.dice import DiceRoll, hold_options
from companion.games.yahtzee import turn
from companion.games.yahtzee.actions import (
    ChooseTarget,
    Claim,
    DiceThrow,
    InvalidRoll,
    MoveOn,
    PlaceTile,
    RollAgain,
    Stay,
    Stop,
    YahtzeeAction,
)
from companion.games.yahtzee.board import Board
from companion.games.yahtzee.challenge import ChallengeRounds
from companion.games.yahtzee.options import FinalTies, RollOffTies, YahtzeeOptions
from companion.games.yahtzee.rolloff import RollOff
from companion.games.yahtzee.tiles import Tile
from companion.games.yahtzee.turn import Landing, Phase, player_name

MIN_PLAYERS, MAX_PLAYERS = 2, 4
_NOT_ASKED = object()


@dataclass(frozen=True)
class TileHolding:
    """Where a tile is: its owner, recorded value and square (None while unclaimed)."""

    owner: int | None = None
    value: int = 0
    square: int | None = None

    def with_value(self, value: int) -> TileHolding:
        """The same tile with a new recorded value."""
        return replace(self, value=value)

    def with_owner(self, owner: int, value: int) -> TileHolding:
        """The tile won by `owner` with `value` recorded; it stays on its square."""
        return replace(self, owner=owner, value=value)

    def placed(self, owner: int, value: int, square: int) -> TileHolding:
        """A newly claimed tile on `square`."""
        return TileHolding(owner, value, square)


def _check_dice(request: ChanceRequest, outcome: Any) -> None:
    """Check dice values against the request, counting dice in words a player reads."""
    if isinstance(outcome, list | tuple) and len(outcome) != request.dice:
        wanted = "1 die value" if request.dice == 1 else f"{request.dice} dice values"
        raise RuleError(f"Give exactly {wanted}, not {len(outcome)}. {request.prompt}")
    check_outcome(request, list(outcome) if isinstance(outcome, list | tuple) else outcome)


@cache
def _roll_again_choices(ordered: tuple[int, ...], dice: int) -> tuple[RollAgain, ...]:
    """Every `RollAgain` for sorted faces (cached: the same few sets come up again and again)."""
    return tuple(RollAgain(kept) for kept in hold_options(ordered, dice))


class YahtzeeState(NamedSeats):
    """A game of the Yahtzee board variant for 2 to 4 players (seats 0 to N-1)."""

    def __init__(self, players: int, options: YahtzeeOptions | None = None) -> None:
        """Start a game: the roll for the order of play comes first.

        Raises:
            RuleError: the number of players does not fit the game or the board.
        """
        self.options = options or YahtzeeOptions()
        if isinstance(players, bool) or not isinstance(players, int):
            raise RuleError(f"Give the number of players as a whole number, not {players!r}.")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RuleError(f"The Yahtzee board game is for 2 to 4 players, not {players}.")
        if players > len(self.options.wild_squares):
            raise RuleError(
                f"{players} players need {players} starting wild squares; "
                f"the board has {len(self.options.wild_squares)}."
            )
        self.board = Board.from_options(self.options)
        self.players = players
        self.roll_off = RollOff.start(players, self.options.roll_off_ties)
        self.order: tuple[int, ...] = ()
        self.positions = [0] * players
        self.holdings = {tile: TileHolding() for tile in self.options.tiles}
        self.protected: Tile | None = None
        self.current = 0
        self.phase = Phase.ROLL_OFF
        self.landing: Landing | None = None
        self.target: Tile | None = None
        self.dice: DiceRoll | None = None
        self.claim_choices: tuple[Tile, ...] = ()
        self.placing: tuple[Tile, int] | None = None
        self.yahtzee = False
        self.challenge: ChallengeRounds | None = None
        self.turn_number = 0
        self.notes: list[str] = []
        """What the last action did, as sentences for the screen, seats named "Player N"."""
        self.narrated: list[Note] = []
        """What the last action caused, seats as placeholders (see `narration`); not saved."""
        self._request: ChanceRequest | object | None = _NOT_ASKED

    def unnamed_seat(self, seat: int) -> str:
        """A seat without names: "Player 1" for seat 0, as the game's log says."""
        return player_name(seat)

    def name_seats(self, names: Sequence[str]) -> None:
        """Name the seats in prompts (presentation only, never saved)."""
        super().name_seats(names)
        self._request = _NOT_ASKED  # the prompt asked for names the seat

    # -- reading the table --------------------------------------------------

    def tile_on(self, square: int) -> Tile | None:
        """The tile on `square`, if any."""
        for tile, holding in self.holdings.items():
            if holding.square == square:
                return tile
        return None

    def unclaimed(self) -> list[Tile]:
        """Tiles still available, in table order."""
        return [tile for tile in self.options.tiles if self.holdings[tile].owner is None]

    def occupied_squares(self) -> set[int]:
        """Squares that hold a tile."""
        return {h.square for h in self.holdings.values() if h.square is not None}

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None while dice are needed or once over."""
        if self.phase is Phase.OVER or self._awaiting_dice():
            return None
        return self.current

    def _awaiting_dice(self) -> bool:
        if self.phase is Phase.ROLL:
            return self.dice is not None and self.dice.awaiting_throw
        return self.phase in (Phase.ROLL_OFF, Phase.MOVE)

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
        if self.phase is Phase.ROLL_OFF:
            seat = self.roll_off.next_seat
            return ChanceRequest(
                "dice", f"{self.seat_name(seat or 0)}: roll two dice for the order of play.", dice=2
            )
        if self.phase is Phase.MOVE:
            return ChanceRequest(
                "dice", f"{self.seat_name(self.current)}: roll the die to move.", dice=1
            )
        if self.phase is Phase.ROLL and self.dice is not None and self.dice.awaiting_throw:
            count, throw = self.dice.to_roll, self.dice.rolls + 1
            return ChanceRequest(
                "dice",
                f"{self.seat_name(self.current)}: roll {count} {'die' if count == 1 else 'dice'} "
                f"(roll {throw} of {self.dice.max_rolls}).",
                dice=count,
            )
        return None

    def chance_action(self, outcome: Any) -> DiceThrow | InvalidRoll:
        """The `DiceThrow` action for dice showing `outcome`; `InvalidRoll` for `INVALID_ROLL`.

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
        _check_dice(request, outcome)
        return DiceThrow(tuple(outcome))

    def legal_actions(self) -> list[YahtzeeAction]:
        """Every choice the player to move has, taken by that seat; empty while dice are
        needed or once over."""
        return by_seat(self._choices(), self.to_move)

    def _choices(self) -> list[YahtzeeAction]:
        if self.to_move is None:
            return []
        if self.phase is Phase.OWN_TILE:
            return [Stay(), MoveOn()]
        if self.phase is Phase.ROLL and self.dice is not None:
            if not self.dice.can_roll_again:
                return [Stop()]
            ordered = tuple(sorted(self.dice.faces))
            return [*_roll_again_choices(ordered, self.dice.dice), Stop()]
        if self.phase is Phase.TARGET:
            return [ChooseTarget(tile) for tile in turn.wild_targets(self)]
        if self.phase is Phase.CLAIM:
            return [Claim(tile) for tile in self.claim_choices]
        if self.phase is Phase.PLACE:
            return [PlaceTile(sq) for sq in self.board.free_squares(self.occupied_squares())]
        return []

    # -- changing the table -------------------------------------------------

    def apply(self, action: Any) -> None:
        """Apply a player's choice or a `DiceThrow` of the dice asked for.

        Raises:
            RuleError: the action is not allowed now; nothing changed.
        """
        if self.phase is Phase.OVER:
            raise RuleError("The game is over: start a new one to play again.")
        if isinstance(action, DiceThrow):
            self._check_roll(action)
        elif isinstance(action, InvalidRoll):
            if self.chance() is None:
                raise RuleError(f"No dice are needed now: {self._expecting()}.")
        elif self._awaiting_dice():
            raise RuleError(f"Dice first: {self._expecting()}.")
        elif not self._is_legal(action):
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
        _check_dice(request, action.values)

    def _is_legal(self, action: Any) -> bool:
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
            return isinstance(action, Claim) and action.tile in self.claim_choices
        return action in self.legal_actions()

    def _apply_checked(self, action: YahtzeeAction) -> None:
        if isinstance(action, DiceThrow):
            self._apply_roll(action.values)
        elif isinstance(action, InvalidRoll):
            roller = self.roll_off.next_seat if self.phase is Phase.ROLL_OFF else self.current
            turn.say(self, "The roll does not count: {0} rolls again.", roller or 0)
        elif isinstance(action, RollAgain):
            assert self.dice is not None
            self.dice = self.dice.hold(action.kept)
        elif isinstance(action, Stop):
            turn.finish_roll(self)
        elif isinstance(action, ChooseTarget):
            self.target = action.tile
            self.phase = Phase.ROLL
            turn.say(self, f"{{0}} goes for {action.tile.label}.", self.current, echo=True)
        elif isinstance(action, Claim):
            turn.take(self, action.tile)
        elif isinstance(action, Stay):
            assert self.target is not None
            turn.say(self, f"{{0}} stays to improve {self.target.label}.", self.current)
            turn.start_roll(self, Landing.IMPROVE, self.target)
        elif isinstance(action, MoveOn):
            turn.say(self, "{0} moves on.", self.current, echo=True)
            self.phase = Phase.MOVE
        elif isinstance(action, PlaceTile):
            assert self.placing is not None
            tile, value = self.placing
            turn.put_tile(self, tile, value, action.square)

    def _apply_roll(self, values: tuple[int, ...]) -> None:
        if self.phase is Phase.ROLL_OFF:
            self._apply_roll_off(sum(values))
        elif self.phase is Phase.MOVE:
            turn.move(self, values[0])
        else:
            assert self.dice is not None
            turn.after_throw(self, self.dice.throw(values))

    def _apply_roll_off(self, total: int) -> None:
        seat = self.roll_off.next_seat
        group = self.roll_off.rolling_group or ()
        group_done = len(self.roll_off.totals) + 1 == len(group)
        self.roll_off = self.roll_off.record(total)
        turn.say(self, f"{{0}} rolls {total} for the order of play.", seat or 0)
        if group_done:
            self._note_roll_off_ties(group)
        order = self.roll_off.order
        if order is None:
            return
        self.order = order
        for place, player in enumerate(order):
            self.positions[player] = self.board.start_square(place)
        names = ", ".join(f"{{{place}}}" for place in range(len(order)))
        turn.say(self, f"Order of play: {names}.", *order)
        turn.begin_turn(self, order[0])

    def _note_roll_off_ties(self, group: tuple[int, ...]) -> None:
        if self.options.roll_off_ties is RollOffTies.REROLL_ALL:
            if self.roll_off.order is None:
                turn.say(self, "There is a tie, so everybody rolls again.")
            return
        for tied in self.roll_off.places:
            if len(tied) > 1 and set(tied) <= set(group):
                names = turn.placeholders(len(tied))
                turn.say(self, f"{names} tie: they roll again for their places.", *tied)

    def _expecting(self) -> str:
        expecting = {
            Phase.OWN_TILE: "choose to stay on your tile or move on",
            Phase.ROLL: "keep some dice and roll again, or stop",
            Phase.TARGET: "choose the tile to go for",
            Phase.CLAIM: "choose the tile to claim",
            Phase.PLACE: "choose a free square for the new tile",
        }
        request = self.chance()
        if request is not None:
            return request.prompt.rstrip(".")
        return expecting.get(self.phase, "the game is over")

    def _refusal(self, action: Any) -> str:
        if isinstance(action, RollAgain) and self.phase is Phase.ROLL and self.dice is not None:
            try:
                self.dice.hold(action.kept)
            except RuleError as error:
                return str(error)
        if isinstance(action, Claim | ChooseTarget) and self.phase in (Phase.CLAIM, Phase.TARGET):
            choices = self.claim_choices if self.phase is Phase.CLAIM else turn.wild_targets(self)
            names = ", ".join(tile.label for tile in choices)
            return f"You cannot take {action.tile.label} now: choose one of {names}."
        if isinstance(action, PlaceTile) and self.phase is Phase.PLACE:
            free = ", ".join(
                str(square) for square in self.board.free_squares(self.occupied_squares())
            )
            return f"Square {action.square} is not free: put the tile on one of {free}."
        return f"'{action}' is not allowed now: {self._expecting()}."

    # -- results ------------------------------------------------------------

    def scores(self) -> list[int]:
        """Points of the tiles each seat holds now (number tiles by count, others by table)."""
        totals = [0] * self.players
        for tile, holding in self.holdings.items():
            if holding.owner is not None:
                totals[holding.owner] += self.options.points(tile, holding.value)
        return totals

    def tile_counts(self) -> list[int]:
        """How many tiles each seat holds."""
        counts = [0] * self.players
        for holding in self.holdings.values():
            if holding.owner is not None:
                counts[holding.owner] += 1
        return counts

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
        from companion.games.yahtzee.persist import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> YahtzeeState:
        """Rebuild a game written by `to_json`.

        Raises:
            RuleError: the data does not describe a valid game.
        """
        from companion.games.yahtzee.persist import state_from_json

        return state_from_json(data)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, YahtzeeState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
