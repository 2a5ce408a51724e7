"""How play moves on at the Yahtzee board variant: what the dice and the choices lead to.

`TurnFlow` is the part of `YahtzeeState` (`state`) that changes the table once
an action has been checked: the roll for the order of play, the move round the
board, what the final dice win (`judge_roll`, in `turn`), a tile claimed,
stolen or placed, play passed on, the challenge rounds and the end of the game.
The state asks for the dice, lists and checks the choices, and calls it.
"""

from __future__ import annotations

from companion.games.base import GameState
from companion.games.dice import faces_text
from companion.games.yahtzee.challenge import ChallengeRounds
from companion.games.yahtzee.options import NewTilePlacement, RollOffTies, YahtzeeOptions
from companion.games.yahtzee.tabletop import Tabletop
from companion.games.yahtzee.tiles import Tile, best_value, tile_value, value_text
from companion.games.yahtzee.turn import (
    Improve,
    Landing,
    NoWin,
    OfferClaim,
    Phase,
    TakeTile,
    Turn,
    can_improve,
    judge_roll,
    landing_text,
    names_text,
    placeholders,
    wild_targets,
)


class TurnFlow(Tabletop, GameState[YahtzeeOptions]):
    """What checked actions do to the table (see the module docstring); `YahtzeeState` is one."""

    def _apply_roll(self, values: tuple[int, ...]) -> None:
        if self.phase is Phase.ROLL_OFF:
            self._apply_roll_off(sum(values))
        elif self.phase is Phase.MOVE:
            self._move(values[0])
        else:
            assert self.dice is not None
            dice = self.dice.throw(values)
            self.turn = self.turn.thrown(dice, has_targets=bool(self._wild_targets()))
            self.say(f"{{0}} rolls {faces_text(dice.faces)}.", self.current)
            if dice.is_complete:
                self._finish_roll()

    def _apply_roll_off(self, total: int) -> None:
        seat = self.roll_off.next_seat
        group = self.roll_off.rolling_group or ()
        group_done = len(self.roll_off.totals) + 1 == len(group)
        self.roll_off = self.roll_off.record(total)
        self.say(f"{{0}} rolls {total} for the order of play.", seat or 0)
        if group_done:
            self._note_roll_off_ties(group)
        order = self.roll_off.order
        if order is None:
            return
        self.order = order
        for place, player in enumerate(order):
            self.positions[player] = self.board.start_square(place)
        names = ", ".join(f"{{{place}}}" for place in range(len(order)))
        self.say(f"Order of play: {names}.", *order)
        self._begin_turn(order[0])

    def _note_roll_off_ties(self, group: tuple[int, ...]) -> None:
        if self.options.roll_off_ties is RollOffTies.REROLL_ALL:
            if self.roll_off.order is None:
                self.say("There is a tie, so everybody rolls again.")
            return
        for tied in self.roll_off.places:
            if len(tied) > 1 and set(tied) <= set(group):
                names = placeholders(len(tied))
                self.say(f"{names} tie: they roll again for their places.", *tied)

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
        self.say(f"{{0}} moves {steps} to {'wild square' if wild else 'square'} {square}.", seat)
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
        self.say(told.text, *told.seats)

    def _finish_roll(self) -> None:
        """Judge the final dice (`judge_roll`), then move the tiles and pass play on."""
        verdict = judge_roll(self.turn, self.holdings, self.protected, self.options)
        seat = self.current
        if isinstance(verdict, OfferClaim):
            if verdict.yahtzee:
                self.say("Yahtzee! {0} may claim any tile.", seat)
            self.turn = self.turn.with_yahtzee(verdict.yahtzee)
            if len(verdict.choices) == 1:
                self._take(verdict.choices[0])
                return
            self.turn = self.turn.choosing(verdict.choices)
            if not verdict.yahtzee:
                labels = names_text([tile.label for tile in verdict.choices], "or")
                self.say(f"{{0}} may claim {labels}.", seat)
        elif isinstance(verdict, TakeTile):
            self._take(verdict.tile)
        elif isinstance(verdict, Improve):
            tile, value = verdict.tile, verdict.value
            self.holdings[tile] = self.holdings[tile].with_value(value)
            verb = "improves {} to" if verdict.rose else "holds {} at"
            self.say(f"{{0}} {verb.format(tile.label)} {value_text(tile, value)}.", seat)
            self._end_turn(success=True)
        elif isinstance(verdict, NoWin):
            self.say(f"{{0}} {verdict.what}.", seat, *verdict.others)
            self._end_turn(success=False)

    def _take(self, tile: Tile) -> None:
        """The player whose turn it is wins `tile` with the final dice (claim, steal or Yahtzee)."""
        holding = self.holdings[tile]
        if self.turn.yahtzee:
            value = best_value(tile)
        else:
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
                self.say(f"{{0}} wins {tile.label}: choose a free square for it.", self.current)
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
                self.say("{0} succeeded: they go again.", seat)
                self._begin_turn(seat)
                return
            self.challenge = self.challenge.after_failure()
            self.say("{0} is out of the challenge rounds.", seat)
        elif not self.unclaimed():
            self.challenge = ChallengeRounds.start(self.order, seat)
            remaining = self.challenge.remaining
            order = placeholders(len(remaining))
            text = f"Every tile is claimed: challenge rounds begin. In turn, {order} each play "
            self.say(text + "until they fail to win a tile.", *remaining)
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
        scores = self.scores()
        table = ", ".join(f"{{{seat}}} {score}" for seat, score in enumerate(scores))
        winners = self.winners()
        names = placeholders(len(winners), start=len(scores))
        result = f"Winners: {names} share the win" if len(winners) > 1 else f"Winner: {names}"
        self.say(f"Game over: {table}. {result}.", *range(len(scores)), *winners)
