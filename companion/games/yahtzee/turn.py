"""A turn of the Yahtzee board variant: move, resolve the square, claim or steal.

These functions change a `YahtzeeState` after its `apply` has checked the
action; they are the rules of `docs/rules/yahtzee-board.md`, section by
section. Nothing here validates input: that already happened.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from companion.games.base import Note
from companion.games.dice import DiceRoll, faces_text, is_yahtzee
from companion.games.yahtzee.challenge import ChallengeRounds
from companion.games.yahtzee.options import NewTilePlacement
from companion.games.yahtzee.tiles import (
    MAX_NUMBER_COUNT,
    Tile,
    best_value,
    needed_text,
    tile_text,
    tile_value,
    value_text,
)

if TYPE_CHECKING:
    from companion.games.yahtzee.state import YahtzeeState


class Phase(StrEnum):
    """What the game is waiting for."""

    ROLL_OFF = "roll_off"
    """2d6 rolls for the order of play."""
    MOVE = "move"
    """The movement die."""
    OWN_TILE = "own_tile"
    """A player on their own number tile chooses to stay or move on."""
    ROLL = "roll"
    """The five dice: a throw, or the player holding dice / stopping."""
    TARGET = "target"
    """On a wild square after the first throw: the player picks the tile to go for."""
    CLAIM = "claim"
    """The final dice allow several tiles: the player picks one."""
    PLACE = "place"
    """D-Y5 `player_chooses`: the player picks the square for a new tile."""
    OVER = "over"


class Landing(StrEnum):
    """What the five dice are being rolled for."""

    BLANK = "blank"
    """Any unclaimed tile, placed on this square."""
    STEAL = "steal"
    """The other player's tile on this square."""
    IMPROVE = "improve"
    """The player's own number tile on this square."""
    WILD = "wild"
    """Any tile, chosen after the first throw."""


def player_name(seat: int) -> str:
    """How the table calls a seat: seat 0 is "Player 1"."""
    return f"Player {seat + 1}"


def names_text(names: list[str], last: str = "and") -> str:
    """Names for a sentence: "Player 1", "Player 1 and Player 2", "A, B and C"."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} {last} {names[-1]}"


def placeholders(count: int, start: int = 0, last: str = "and") -> str:
    """Seat placeholders for a sentence: "{0}", "{0} and {1}", "{0}, {1} and {2}"."""
    return names_text([f"{{{start + i}}}" for i in range(count)], last)


def say(state: YahtzeeState, text: str, *seats: int, echo: bool = False) -> None:
    """Record what the last action did: `text` with ``{0}``... for `seats`.

    The sentence goes to `state.notes` with seats named "Player N" (the
    command line's log) and, unless it only repeats the action itself
    (`echo`: "Player 2 goes for Fives."), to the state's narration as a
    `Note`, for the table to name its players.
    """
    note = Note(text, seats)
    state.notes.append(note.render(player_name))
    if not echo:
        state.narrated.append(note)


def begin_turn(state: YahtzeeState, seat: int) -> None:
    """`seat` starts a turn: the movement die is next."""
    state.current = seat
    state.phase = Phase.MOVE
    state.landing = None
    state.target = None
    state.dice = None
    state.claim_choices = ()
    state.placing = None
    state.yahtzee = False
    state.turn_number += 1


def move(state: YahtzeeState, steps: int) -> None:
    """Move the current player `steps` squares forward, then resolve the square."""
    seat = state.current
    square = state.board.advance(state.positions[seat], steps)
    state.positions[seat] = square
    kind = "wild square" if state.board.is_wild(square) else "square"
    say(state, f"{{0}} moves {steps} to {kind} {square}.", seat)
    land(state)
    landing = landing_text(state, square)
    say(state, landing.text, *landing.seats)


def can_improve(state: YahtzeeState, tile: Tile) -> bool:
    """True when `tile` is a number tile recorded below its best (10, 20 or 30 points)."""
    return tile.face is not None and state.holdings[tile].value < MAX_NUMBER_COUNT


def land(state: YahtzeeState) -> None:
    """Resolve the square the current player stands on."""
    seat, square = state.current, state.positions[state.current]
    tile = state.tile_on(square)
    if state.board.is_wild(square):
        start_roll(state, Landing.WILD, None)
    elif tile is None:
        start_roll(state, Landing.BLANK, None)
    elif state.holdings[tile].owner != seat:
        start_roll(state, Landing.STEAL, tile)
    elif can_improve(state, tile):
        state.phase = Phase.OWN_TILE
        state.target = tile
    else:
        state.phase = Phase.MOVE


def landing_text(state: YahtzeeState, square: int) -> Note:
    """What the square just landed on offers the current player ({0}; a tile's owner is {1})."""
    seat, tile = state.current, state.tile_on(square)
    if state.board.is_wild(square):
        return Note("Wild square: {0} rolls, then picks any tile but their own to go for.", (seat,))
    if tile is None:
        if not state.unclaimed():
            return Note(
                f"Square {square} is blank but every tile is claimed: only a Yahtzee wins one."
            )
        return Note(f"Square {square} is blank: {{0}} rolls for any unclaimed tile.", (seat,))
    holding = state.holdings[tile]
    held = tile_text(tile, holding.value)
    if holding.owner != seat:
        owner = holding.owner if holding.owner is not None else 0
        if state.protected is tile:
            text = f"Square {square} holds {{0}}'s {held}, protected: only a Yahtzee steals it."
            return Note(text, (owner,))
        need = needed_text(tile, holding.value)
        text = (
            f"Square {square} holds {{1}}'s {held}: {{0}} needs {need}, or a Yahtzee, to steal it."
        )
        return Note(text, (seat, owner))
    if state.phase is Phase.OWN_TILE:
        text = f"Square {square} holds {{0}}'s own {held}: stay to improve it, or move on."
        return Note(text, (seat,))
    text = f"Square {square} holds {{0}}'s own {held}, which cannot be improved: {{0}} moves on."
    return Note(text, (seat,))


def start_roll(state: YahtzeeState, landing: Landing, target: Tile | None) -> None:
    """The five dice are to be thrown for `landing` (and `target`, when known)."""
    state.phase = Phase.ROLL
    state.landing = landing
    state.target = target
    state.dice = DiceRoll()


def after_throw(state: YahtzeeState, dice: DiceRoll) -> None:
    """The five dice were thrown: finish, choose a wild target, or decide again."""
    state.dice = dice
    say(state, f"{{0}} rolls {faces_text(dice.faces)}.", state.current)
    if dice.is_complete:
        finish_roll(state)
    elif state.landing is Landing.WILD and state.target is None and wild_targets(state):
        state.phase = Phase.TARGET


def wild_targets(state: YahtzeeState) -> list[Tile]:
    """Tiles a player on a wild square may go for: every tile in play not already theirs."""
    return [tile for tile in state.options.tiles if state.holdings[tile].owner != state.current]


def finish_roll(state: YahtzeeState) -> None:
    """Judge the final dice against what they were rolled for."""
    assert state.dice is not None
    faces, target = state.dice.faces, state.target
    if is_yahtzee(faces):
        say(state, "Yahtzee! {0} may claim any tile.", state.current)
        offer_claim(state, state.options.tiles, yahtzee=True)
    elif state.landing is Landing.BLANK:
        minimum = state.options.chance_minimum
        choices = tuple(tile for tile in state.unclaimed() if tile_value(tile, faces, minimum) > 0)
        if choices:
            offer_claim(state, choices, yahtzee=False)
        elif Tile.CHANCE in state.unclaimed():
            fail(state, f"makes no unclaimed tile (Chance needs {minimum} or more): the turn ends")
        else:
            fail(state, "makes no unclaimed tile: the turn ends")
    elif state.landing is Landing.IMPROVE and target is not None:
        improve(state, target)
    elif target is not None and state.holdings[target].owner is None:
        if value_for(state, target) > 0:
            offer_claim(state, (target,), yahtzee=False)
        elif target is Tile.CHANCE:
            minimum = state.options.chance_minimum
            fail(state, f"does not make Chance (it needs {minimum} or more): the turn ends")
        else:
            fail(state, f"does not make {target.label}: the turn ends")
    elif target is not None:
        steal(state, target)
    else:
        fail(state, "has no tile to go for: the turn ends")


def value_for(state: YahtzeeState, tile: Tile) -> int:
    """What the current final dice are worth toward `tile`."""
    assert state.dice is not None
    return tile_value(tile, state.dice.faces, state.options.chance_minimum)


def offer_claim(state: YahtzeeState, choices: tuple[Tile, ...], yahtzee: bool) -> None:
    """Claim the only tile the dice allow, or let the player choose among several."""
    state.yahtzee = yahtzee
    if len(choices) == 1:
        take(state, choices[0])
    else:
        state.phase = Phase.CLAIM
        state.claim_choices = choices
        if not yahtzee:
            labels = names_text([tile.label for tile in choices], "or")
            say(state, f"{{0}} may claim {labels}.", state.current)


def fail(state: YahtzeeState, what: str, *others: int) -> None:
    """The roll won nothing: the turn ends (`what` names `others` as {1}, {2}...)."""
    say(state, f"{{0}} {what}.", state.current, *others)
    end_turn(state, success=False)


def steal(state: YahtzeeState, tile: Tile) -> None:
    """Without a Yahtzee: equal or beat the recorded value of an unprotected tile."""
    holding = state.holdings[tile]
    value = value_for(state, tile)
    owner = holding.owner if holding.owner is not None else 0
    if state.protected is tile:
        fail(state, f"needs a Yahtzee to steal the protected {tile.label}: {{1}} keeps it", owner)
    elif value >= holding.value:
        take(state, tile)
    else:
        need = needed_text(tile, holding.value)
        fail(state, f"needs {need} to steal {tile.label}: {{1}} keeps it", owner)


def improve(state: YahtzeeState, tile: Tile) -> None:
    """Staying on your own number tile: a higher count is recorded (D-Y7 decides success)."""
    old, value = state.holdings[tile].value, value_for(state, tile)
    seat = state.current
    if value > old:
        state.holdings[tile] = state.holdings[tile].with_value(value)
        say(state, f"{{0}} improves {tile.label} to {value_text(tile, value)}.", seat)
        end_turn(state, success=True)
    elif value == old and not state.options.improve_needs_rise:
        say(state, f"{{0}} holds {tile.label} at {value_text(tile, value)}.", seat)
        end_turn(state, success=True)
    else:
        fail(state, f"does not improve {tile.label}, which stays at {value_text(tile, old)}")


def take(state: YahtzeeState, tile: Tile) -> None:
    """The current player wins `tile` with the final dice (claim, steal or Yahtzee)."""
    holding = state.holdings[tile]
    value = best_value(tile) if state.yahtzee else value_for(state, tile)
    if holding.square is None:
        place_new_tile(state, tile, value)
        return
    seat, old_owner = state.current, holding.owner
    rose = old_owner == seat and value > holding.value
    value = max(value, holding.value) if old_owner == seat else value
    state.holdings[tile] = holding.with_owner(seat, value)
    state.positions[seat] = holding.square
    if old_owner == seat:
        say(state, f"{{0}} keeps {tile.label} at {value_text(tile, value)}.", seat)
    else:
        assert old_owner is not None
        say(state, f"{{0}} steals {tile_text(tile, value)} from {{1}}.", seat, old_owner)
    protect(state, tile)
    end_turn(state, success=old_owner != seat or rose)


def place_new_tile(state: YahtzeeState, tile: Tile, value: int) -> None:
    """Put a newly claimed tile on this square if free, else where D-Y5 says."""
    square = state.positions[state.current]
    occupied = state.occupied_squares()
    free = state.board.free_squares(occupied)
    if square not in free:
        if state.options.new_tile_placement is NewTilePlacement.PLAYER_CHOOSES and len(free) > 1:
            state.phase = Phase.PLACE
            state.placing = (tile, value)
            say(state, f"{{0}} wins {tile.label}: choose a free square for it.", state.current)
            return
        found = state.board.first_free_from(square, occupied)
        assert found is not None, "a free square always exists while a tile is unclaimed"
        square = found
    put_tile(state, tile, value, square)


def put_tile(state: YahtzeeState, tile: Tile, value: int, square: int) -> None:
    """Put the newly claimed `tile` on `square` and move the claimer there."""
    seat = state.current
    state.holdings[tile] = state.holdings[tile].placed(seat, value, square)
    state.positions[seat] = square
    say(state, f"{{0}} claims {tile_text(tile, value)} on square {square}.", seat)
    protect(state, tile)
    end_turn(state, success=True)


def protect(state: YahtzeeState, tile: Tile) -> None:
    """After a Yahtzee claim the single protection marker moves to `tile`."""
    if state.yahtzee:
        before, state.protected = state.protected, tile
        if before is None or before is tile:
            say(state, f"The Yahtzee protection marker is now on {tile.label}.")
        else:
            say(state, f"The Yahtzee protection marker moves from {before.label} to {tile.label}.")


def end_turn(state: YahtzeeState, success: bool) -> None:
    """Pass play on: the next player, or the challenge rounds' rules."""
    seat = state.current
    if state.challenge is not None:
        if success:
            say(state, "{0} succeeded: they go again.", seat)
            begin_turn(state, seat)
            return
        state.challenge = state.challenge.after_failure()
        say(state, "{0} is out of the challenge rounds.", seat)
    elif not state.unclaimed():
        state.challenge = ChallengeRounds.start(state.order, seat)
        remaining = state.challenge.remaining
        order = placeholders(len(remaining))
        text = f"Every tile is claimed: challenge rounds begin. In turn, {order} each play "
        say(state, text + "until they fail to win a tile.", *remaining)
    else:
        next_place = (state.order.index(seat) + 1) % len(state.order)
        begin_turn(state, state.order[next_place])
        return
    challenger = state.challenge.challenger
    if challenger is None:
        finish_game(state)
    else:
        begin_turn(state, challenger)


def finish_game(state: YahtzeeState) -> None:
    """Everyone is out: the tiles score and the game is over."""
    state.phase = Phase.OVER
    state.dice = None
    state.landing = None
    state.target = None
    scores = state.scores()
    table = ", ".join(f"{{{seat}}} {score}" for seat, score in enumerate(scores))
    winners = state.winners()
    names = placeholders(len(winners), start=len(scores))
    result = f"Winners: {names} share the win" if len(winners) > 1 else f"Winner: {names}"
    say(state, f"Game over: {table}. {result}.", *range(len(scores)), *winners)
