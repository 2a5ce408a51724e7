"""How play moves on at the Yahtzee board variant: what the dice and the choices lead to.

`TurnFlow` is the part of `YahtzeeState` (`state`) that changes the table once
an action has been checked: the roll for the order of play, the move round the
board, what the final dice win (`judge_roll`, in `turn`), a tile claimed,
stolen or placed, play passed on, the challenge rounds and the end of the game.
The state asks for the dice, lists and checks the choices, and calls it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from companion.games.base import GameState, Note
from companion.games.dice import faces_text
from companion.games.yahtzee.actions import DeclaredResult
from companion.games.yahtzee.challenge import ChallengeRounds
from companion.games.yahtzee.declared import declared_verdict, made_note
from companion.games.yahtzee.narration import (
    CHALLENGE_BEGINS,
    EVERYBODY_AGAIN,
    GAME_OVER,
    GAME_OVER_SHARED,
    GAME_OVER_WINNER,
    HOLDS,
    IMPROVES,
    MAY_CLAIM,
    MOVES_TO_SQUARE,
    MOVES_TO_WILD,
    ORDER_OF_PLAY,
    OUT_OF_CHALLENGE,
    ROLLS,
    ROLLS_FOR_ORDER,
    SUCCEEDED,
    TIE_AGAIN,
    WINS_CHOOSE_SQUARE,
    YAHTZEE_ANY,
    scores_note,
    seats_note,
    tile_note,
    tiles_note,
    value_note,
)
from companion.games.yahtzee.options import NewTilePlacement, RollOffTies, YahtzeeOptions
from companion.games.yahtzee.tabletop import Tabletop
from companion.games.yahtzee.tiles import Tile, best_value, tile_value
from companion.games.yahtzee.turn import (
    ALWAYS_DICE,
    Improve,
    Landing,
    NoWin,
    OfferClaim,
    Phase,
    TakeTile,
    Turn,
    Verdict,
    can_improve,
    judge_roll,
    landing_text,
    wild_targets,
)


class TurnFlow(Tabletop, GameState[YahtzeeOptions]):
    """What checked actions do to the table (see the module docstring); `YahtzeeState` is one."""

    def _apply_roll(self, values: tuple[int, ...]) -> None:
        if self.phase in ALWAYS_DICE:
            self._dice_rolled[self.phase](self, values)
            return
        assert self.dice is not None
        dice = self.dice.throw(values)
        self.turn = self.turn.thrown(dice, has_targets=bool(self._wild_targets()))
        self.say(ROLLS, self.current, dice=faces_text(dice.faces))
        if dice.is_complete:
            self._finish_roll()

    def _rolled_for_order(self, values: tuple[int, ...]) -> None:
        self._apply_roll_off(sum(values))

    def _rolled_to_move(self, values: tuple[int, ...]) -> None:
        self._move(values[0])

    _dice_rolled: ClassVar[dict[Phase, Callable[[TurnFlow, tuple[int, ...]], None]]] = {
        Phase.ROLL_OFF: _rolled_for_order,
        Phase.MOVE: _rolled_to_move,
    }
    """The roll-off's 2d6 and the movement die, each with what its throw does."""

    def _apply_roll_off(self, total: int) -> None:
        seat = self.roll_off.next_seat
        group = self.roll_off.rolling_group or ()
        group_done = len(self.roll_off.totals) + 1 == len(group)
        self.roll_off = self.roll_off.record(total)
        self.say(ROLLS_FOR_ORDER, seat or 0, total=total)
        if group_done:
            self._note_roll_off_ties(group)
        order = self.roll_off.order
        if order is None:
            return
        self.order = order
        for place, player in enumerate(order):
            self.positions[player] = self.board.start_square(place)
        self.say(ORDER_OF_PLAY[len(order)], *order)
        self._begin_turn(order[0])

    def _note_roll_off_ties(self, group: tuple[int, ...]) -> None:
        if self.options.roll_off_ties is RollOffTies.REROLL_ALL:
            if self.roll_off.order is None:
                self.say(EVERYBODY_AGAIN)
            return
        for tied in self.roll_off.places:
            if len(tied) > 1 and set(tied) <= set(group):
                self.say(TIE_AGAIN, players=seats_note(tied))

    # -- a turn at the table ---------------------------------------------------

    def _wild_targets(self) -> list[Tile]:
        return wild_targets(self.options.tiles, self.holdings, self.current)

    def _begin_turn(self, seat: int) -> None:
        self.turn = Turn.begin(seat)
        self.turn_number += 1

    def _move(self, steps: int) -> None:
        """Move the player whose turn it is `steps` squares forward, then resolve the square."""
        seat = self.current
        square = self.board.advance(self.positions[seat], steps)
        self.positions[seat] = square
        wild = self.board.is_wild(square)
        self.say(MOVES_TO_WILD if wild else MOVES_TO_SQUARE, seat, steps=steps, square=square)
        tile = self.tile_on(square)
        if wild:
            self.turn = self.turn.rolling(Landing.WILD, None)
        elif tile is None:
            self.turn = self.turn.rolling(Landing.BLANK, None)
        elif self.holdings[tile].owner != seat:
            self.turn = self.turn.rolling(Landing.STEAL, tile)
        elif can_improve(self.holdings[tile], tile):
            self.turn = self.turn.on_own_tile(tile)
        else:
            self.turn = self.turn.moving_on()
        told = landing_text(self.turn, square, tile, self.holdings, self.protected, wild)
        self.tell(told)

    def _finish_roll(self) -> None:
        """Judge the final dice (`judge_roll`), then move the tiles and pass play on."""
        self._resolve(judge_roll(self.turn, self.holdings, self.protected, self.options))

    def _apply_declared(self, declared: DeclaredResult) -> None:
        """What the dice made, said at the table (checked): judged as those dice would be."""
        told = made_note(declared, self.current)
        if told is not None:
            self.tell(told)
        self._resolve(declared_verdict(declared, self.turn, self.holdings, self.protected,
                                       self.options))

    def _resolve(self, verdict: Verdict) -> None:
        """Move the tiles as `verdict` says and pass play on."""
        seat = self.current
        if isinstance(verdict, OfferClaim):
            if verdict.yahtzee:
                self.say(YAHTZEE_ANY, seat)
            self.turn = self.turn.with_yahtzee(verdict.yahtzee)
            if len(verdict.choices) == 1:
                self._take(verdict.choices[0], verdict.value)
                return
            self.turn = self.turn.choosing(verdict.choices)
            if not verdict.yahtzee:
                self.say(MAY_CLAIM, seat, tiles=tiles_note(verdict.choices))
        elif isinstance(verdict, TakeTile):
            self._take(verdict.tile, verdict.value)
        elif isinstance(verdict, Improve):
            tile, value = verdict.tile, verdict.value
            self.holdings[tile] = self.holdings[tile].with_value(value)
            self.say(IMPROVES if verdict.rose else HOLDS, seat, tile=tile_note(tile),
                     value=value_note(tile, value))
            self._end_turn(success=True)
        elif isinstance(verdict, NoWin):
            self.tell(verdict.note(seat))
            self._end_turn(success=False)

    def _take(self, tile: Tile, value: int | None = None) -> None:
        """The player whose turn it is wins `tile` (claim, steal or Yahtzee) at `value`, or
        when None at what the final dice make."""
        holding = self.holdings[tile]
        if self.turn.yahtzee:
            value = best_value(tile)
        elif value is None:
            assert self.dice is not None
            value = tile_value(tile, self.dice.faces, self.options.chance_minimum)
        if holding.square is None:
            self._place_new_tile(tile, value)
        else:
            self._end_turn(success=self.win_tile(tile, value))

    def _place_new_tile(self, tile: Tile, value: int) -> None:
        """Put a newly claimed tile on this square if free, else where D-Y5 says."""
        square = self.positions[self.current]
        occupied = self.occupied_squares()
        free = self.board.free_squares(occupied)
        if square not in free:
            choosing = self.options.new_tile_placement is NewTilePlacement.PLAYER_CHOOSES
            if choosing and len(free) > 1:
                self.turn = self.turn.placing_tile(tile, value)
                self.say(WINS_CHOOSE_SQUARE, self.current, tile=tile_note(tile))
                return
            found = self.board.first_free_from(square, occupied)
            assert found is not None, "a free square always exists while a tile is unclaimed"
            square = found
        self._put_tile(tile, value, square)

    def _put_tile(self, tile: Tile, value: int, square: int) -> None:
        self.put_tile(tile, value, square)
        self._end_turn(success=True)

    def _end_turn(self, success: bool) -> None:
        """Pass play on: the next player in the order of play, or the challenge rounds' rules."""
        seat = self.current
        if self.challenge is not None:
            if success:
                self.say(SUCCEEDED, seat)
                self._begin_turn(seat)
                return
            self.challenge = self.challenge.after_failure()
            self.say(OUT_OF_CHALLENGE, seat)
        elif not self.unclaimed():
            self.challenge = ChallengeRounds.start(self.order, seat)
            remaining = self.challenge.remaining
            self.say(CHALLENGE_BEGINS, players=seats_note(remaining))
        else:
            next_place = (self.order.index(seat) + 1) % len(self.order)
            self._begin_turn(self.order[next_place])
            return
        challenger = self.challenge.challenger
        if challenger is None:
            self._finish_game()
        else:
            self._begin_turn(challenger)

    def _finish_game(self) -> None:
        """Everyone is out: the tiles score and the game is over."""
        self.turn = self.turn.over()
        scores = scores_note(self.scores())
        winners = self.winners()
        if len(winners) > 1:
            logged = Note.of(GAME_OVER_SHARED, scores=scores, winners=seats_note(winners))
        else:
            logged = Note.of(GAME_OVER_WINNER, scores=scores, winner=seats_note(winners))
        # The command line's log names the winners; the table's line says who won the match
        # after the engine's narration, so the narration gives the scores only.
        self.tell(logged, echo=True)
        self.narrated.append(Note.of(GAME_OVER, scores=scores))
