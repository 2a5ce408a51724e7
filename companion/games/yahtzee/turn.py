"""A turn of the Yahtzee board variant, as a value: whose it is, what it waits for, its dice.

`Turn` is owned by the `YahtzeeState`; each step of a turn returns a new
`Turn` and changes nothing else. What the final dice win is judged here too,
as a value (`judge_roll`): the state then moves the tiles and the players.
These are the rules of `docs/rules/yahtzee-board.md`, section by section.
Nothing here validates input: the state's `apply` already did.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from companion.games.base import Note, NoteValue
from companion.games.dice import DiceRoll, is_yahtzee
from companion.games.yahtzee.board import TileHolding
from companion.games.yahtzee.narration import (
    BLANK_ALL_CLAIMED,
    BLANK_SQUARE,
    HOLDS_PROTECTED,
    HOLDS_TO_STEAL,
    NO_CHANCE_MADE,
    NO_TILE_TO_GO_FOR,
    NO_UNCLAIMED,
    NO_UNCLAIMED_CHANCE,
    NOT_IMPROVED,
    NOT_MADE,
    NOT_STOLEN,
    OWN_NOT_IMPROVABLE,
    OWN_TO_IMPROVE,
    PROTECTED_KEPT,
    WILD_SQUARE,
    held_note,
    needed_note,
    tile_note,
    value_note,
)
from companion.games.yahtzee.options import YahtzeeOptions
from companion.games.yahtzee.tiles import MAX_NUMBER_COUNT, Tile, tile_value


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


ALWAYS_DICE = frozenset({Phase.ROLL_OFF, Phase.MOVE})
"""The phases that wait for dice whatever the turn holds: the roll-off and the movement die."""


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


@dataclass(frozen=True)
class Turn:
    """The turn in progress: the seat playing, what it waits for, what the dice are for.

    Before the order of play is settled the turn is seat 0's, in `Phase.ROLL_OFF`.
    """

    seat: int = 0
    phase: Phase = Phase.ROLL_OFF
    landing: Landing | None = None
    target: Tile | None = None
    dice: DiceRoll | None = None
    claim_choices: tuple[Tile, ...] = ()
    placing: tuple[Tile, int] | None = None
    """D-Y5 `player_chooses`: the tile won and its value, waiting for a square."""
    yahtzee: bool = False
    """The final dice are a Yahtzee: the tile claimed takes the protection marker."""

    @classmethod
    def begin(cls, seat: int) -> Turn:
        """`seat` starts a turn: the movement die is next."""
        return cls(seat, Phase.MOVE)

    def rolling(self, landing: Landing, target: Tile | None) -> Turn:
        """The five dice are to be thrown for `landing` (and `target`, when known)."""
        return replace(self, phase=Phase.ROLL, landing=landing, target=target, dice=DiceRoll())

    def on_own_tile(self, tile: Tile) -> Turn:
        """Standing on an own number tile that can improve: stay or move on."""
        return replace(self, phase=Phase.OWN_TILE, target=tile)

    def moving_on(self) -> Turn:
        """The movement die is next again, in the same turn."""
        return replace(self, phase=Phase.MOVE)

    def going_for(self, tile: Tile) -> Turn:
        """On a wild square, the player chose the tile the dice are for."""
        return replace(self, phase=Phase.ROLL, target=tile)

    def holding(self, kept: tuple[int, ...]) -> Turn:
        """The player keeps `kept` and throws the other dice again."""
        assert self.dice is not None
        return replace(self, dice=self.dice.hold(kept))

    def thrown(self, dice: DiceRoll, has_targets: bool) -> Turn:
        """The dice after a throw; on a wild square the player then chooses a target.

        `has_targets`: there is a tile the player may go for (see `wild_targets`).
        """
        turn = replace(self, dice=dice)
        choosing = self.landing is Landing.WILD and self.target is None and has_targets
        if not dice.is_complete and choosing:
            return replace(turn, phase=Phase.TARGET)
        return turn

    def with_yahtzee(self, yahtzee: bool) -> Turn:
        """Whether the final dice are a Yahtzee (the claim then moves the protection marker)."""
        return replace(self, yahtzee=yahtzee)

    def choosing(self, choices: tuple[Tile, ...]) -> Turn:
        """The final dice allow several tiles: the player picks one of `choices`."""
        return replace(self, phase=Phase.CLAIM, claim_choices=choices)

    def placing_tile(self, tile: Tile, value: int) -> Turn:
        """D-Y5 `player_chooses`: the player picks a free square for the tile won."""
        return replace(self, phase=Phase.PLACE, placing=(tile, value))

    def over(self) -> Turn:
        """The game is over: no dice, nothing rolled for."""
        return replace(self, phase=Phase.OVER, dice=None, landing=None, target=None)


def wild_targets(
    tiles: tuple[Tile, ...], holdings: Mapping[Tile, TileHolding], seat: int
) -> list[Tile]:
    """Tiles a player on a wild square may go for: every tile in play not already theirs."""
    return [tile for tile in tiles if holdings[tile].owner != seat]


def can_improve(holding: TileHolding, tile: Tile) -> bool:
    """True when `tile` is a number tile recorded below its best (10, 20 or 30 points)."""
    return tile.face is not None and holding.value < MAX_NUMBER_COUNT


@dataclass(frozen=True)
class OfferClaim:
    """The dice win one of `choices` (any tile after a Yahtzee)."""

    choices: tuple[Tile, ...]
    yahtzee: bool
    value: int | None = None
    """The value the one choice is won at when it is not read off the dice (a declared result)."""


@dataclass(frozen=True)
class TakeTile:
    """The dice steal `tile` from its owner."""

    tile: Tile
    value: int | None = None
    """The value it is won at when it is not read off the dice (a declared result)."""


@dataclass(frozen=True)
class Improve:
    """The dice record `value` on the player's own `tile`: higher (`rose`) or, by D-Y7, equal."""

    tile: Tile
    value: int
    rose: bool


@dataclass(frozen=True)
class NoWin:
    """The dice win nothing: the sentence `text` (a `narration` constant) with the player
    as {0}, `others` as {1}, {2}... and its named `values`."""

    text: str
    others: tuple[int, ...] = ()
    values: Mapping[str, NoteValue] = field(default_factory=dict)

    def note(self, seat: int) -> Note:
        """The sentence, said of `seat`."""
        return Note.of(self.text, (seat, *self.others), **self.values)


Verdict = OfferClaim | TakeTile | Improve | NoWin
"""What the final dice of a turn win."""


def judge_roll(
    turn: Turn,
    holdings: Mapping[Tile, TileHolding],
    protected: Tile | None,
    options: YahtzeeOptions,
) -> Verdict:
    """What the final dice win, judged against what they were rolled for."""
    assert turn.dice is not None
    faces, target, minimum = turn.dice.faces, turn.target, options.chance_minimum
    if is_yahtzee(faces):
        return OfferClaim(options.tiles, yahtzee=True)
    unclaimed = [tile for tile in options.tiles if holdings[tile].owner is None]
    if turn.landing is Landing.BLANK:
        choices = tuple(tile for tile in unclaimed if tile_value(tile, faces, minimum) > 0)
        if choices:
            return OfferClaim(choices, yahtzee=False)
        if Tile.CHANCE in unclaimed:
            return NoWin(NO_UNCLAIMED_CHANCE, values={"minimum": minimum})
        return NoWin(NO_UNCLAIMED)
    if target is None:
        return NoWin(NO_TILE_TO_GO_FOR)
    return judge_value(turn.landing, target, tile_value(target, faces, minimum), holdings,
                       protected, options)


def judge_value(
    landing: Landing | None,
    target: Tile,
    value: int,
    holdings: Mapping[Tile, TileHolding],
    protected: Tile | None,
    options: YahtzeeOptions,
) -> Verdict:
    """What `value` toward `target` wins (0: the dice do not make it), not a Yahtzee: the
    judgement of the dice once their value is known, and of a declared result."""
    if landing is Landing.IMPROVE:
        return _improve(target, holdings[target].value, value, options)
    if holdings[target].owner is None:
        if value > 0:
            return OfferClaim((target,), yahtzee=False)
        if target is Tile.CHANCE:
            return NoWin(NO_CHANCE_MADE, values={"minimum": options.chance_minimum})
        return NoWin(NOT_MADE, values={"tile": tile_note(target)})
    return _steal(target, holdings[target], value, protected)


def _improve(tile: Tile, old: int, value: int, options: YahtzeeOptions) -> Verdict:
    """Staying on your own number tile: a higher count is recorded (D-Y7 decides success)."""
    if value > old:
        return Improve(tile, value, rose=True)
    if value == old and not options.improve_needs_rise:
        return Improve(tile, value, rose=False)
    return NoWin(NOT_IMPROVED, values={"tile": tile_note(tile), "value": value_note(tile, old)})


def _steal(tile: Tile, holding: TileHolding, value: int, protected: Tile | None) -> Verdict:
    """Without a Yahtzee: equal or beat the recorded value of an unprotected tile."""
    owner = holding.owner if holding.owner is not None else 0
    if protected is tile:
        return NoWin(PROTECTED_KEPT, (owner,), {"tile": tile_note(tile)})
    if value >= holding.value:
        return TakeTile(tile)
    need = needed_note(tile, holding.value)
    return NoWin(NOT_STOLEN, (owner,), {"needed": need, "tile": tile_note(tile)})


def landing_text(
    turn: Turn,
    square: int,
    tile: Tile | None,
    holdings: Mapping[Tile, TileHolding],
    protected: Tile | None,
    is_wild: bool,
) -> Note:
    """What the square just landed on offers the player ({0}; a tile's owner is {1})."""
    seat = turn.seat
    if is_wild:
        return Note.of(WILD_SQUARE, (seat,))
    if tile is None:
        if all(holding.owner is not None for holding in holdings.values()):
            return Note.of(BLANK_ALL_CLAIMED, square=square)
        return Note.of(BLANK_SQUARE, (seat,), square=square)
    holding = holdings[tile]
    held = held_note(tile, holding.value)
    if holding.owner != seat:
        owner = holding.owner if holding.owner is not None else 0
        if protected is tile:
            return Note.of(HOLDS_PROTECTED, (owner,), square=square, tile=held)
        need = needed_note(tile, holding.value)
        return Note.of(HOLDS_TO_STEAL, (seat, owner), square=square, tile=held, needed=need)
    if turn.phase is Phase.OWN_TILE:
        return Note.of(OWN_TO_IMPROVE, (seat,), square=square, tile=held)
    return Note.of(OWN_NOT_IMPROVABLE, (seat,), square=square, tile=held)
