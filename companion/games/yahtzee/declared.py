"""A declared result: what the five dice made, said at the table and judged as the dice are.

The players throw real dice (up to three throws, holding between them) and tell the
referee only what counts: the tile made with its value, a Yahtzee, or nothing
(`DeclaredResult`). It is taken before the first throw of the five dice is entered, in
place of the throws. It is checked as dice would be: the tile must be one the square lets
the player win, its value one five dice can show, and then the same rules judge it
(`judge_value`: what beats a recorded value, D-Y7 for staying, the protection marker); a
Yahtzee claims any tile. No dice values are made up: the log keeps what was said.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from companion.games.base import N_, Note, RuleError
from companion.games.yahtzee.actions import NOTHING_MADE, YAHTZEE_MADE, DeclaredResult
from companion.games.yahtzee.board import TileHolding
from companion.games.yahtzee.narration import PATTERNS_NEEDED, held_note, tile_note, value_note
from companion.games.yahtzee.options import YahtzeeOptions
from companion.games.yahtzee.tiles import MAX_NUMBER_COUNT, Tile
from companion.games.yahtzee.turn import (
    Landing,
    NoWin,
    OfferClaim,
    TakeTile,
    Turn,
    Verdict,
    judge_value,
)

DICE = 5
FACES = 6

# What was declared, as the narration says it ({0} the player).
MADE_COUNT = N_("{0} made {value}.")
MADE_TOTAL = N_("{0} made a total of {value}.")
MADE_PATTERN = N_("{0} made {pattern}.")
MADE_YAHTZEE = N_("{0} made a Yahtzee of {face}s.")
MADE_NOTHING = N_("{0} made nothing: the turn ends.")

# Why a declared result is refused ({0} the player).
DECLARE_BEFORE_THE_THROWS = N_(
    "Say what the dice made before any of their throws is entered; now {0} enters the"
    " dice one by one."
)
ONLY_THE_FIVE_DICE = N_("Only what the five dice made can be said, not this roll: {prompt}")
NOT_IN_PLAY = N_("{tile} is not one of this game's tiles.")
COUNT_RANGE = N_("{tile} counts 1 to 4 dice showing {face}, not {value}.")
FIVE_IS_YAHTZEE = N_("Five dice showing {face} are a Yahtzee: say a Yahtzee of {face}s.")
TOTAL_RANGE = N_("Five dice add up to 5 to 30, not {value}.")
PATTERN_VALUE = N_("{tile} is made or not: give it the value 1, not {value}.")
YAHTZEE_FACE = N_("A Yahtzee is five dice showing one face, 1 to 6, not {value}.")
NOTHING_VALUE = N_("Nothing made has no value: give 0, not {value}.")
BLANK_ONLY_UNCLAIMED = N_(
    "Square {square} is blank: only a tile nobody holds can be claimed here, and {tile} is"
    " {1}'s."
)
WILD_NOT_OWN = N_("{tile} is already {0}'s: on a wild square go for any other tile.")
ONLY_THE_TILE_HERE = N_(
    "Square {square} holds {tile}: only {tile_name}, or a Yahtzee, can be won here."
)


def check_value(declared: DeclaredResult, options: YahtzeeOptions) -> None:
    """Check that five dice can show what `declared` says (whatever the square).

    Raises:
        RuleError: a tile not in play, or a value five dice cannot show for it.
    """
    tile, value = declared.tile, declared.value
    if declared.made == NOTHING_MADE:
        if value != 0:
            raise RuleError(Note.of(NOTHING_VALUE, value=value))
        return
    if declared.made == YAHTZEE_MADE:
        if not 1 <= value <= FACES:
            raise RuleError(Note.of(YAHTZEE_FACE, value=value))
        return
    assert tile is not None
    if tile not in options.tiles:
        raise RuleError(Note.of(NOT_IN_PLAY, tile=tile_note(tile)))
    face = tile.face
    if face is not None:
        if value == DICE:
            raise RuleError(Note.of(FIVE_IS_YAHTZEE, face=face))
        if not 1 <= value <= MAX_NUMBER_COUNT:
            raise RuleError(Note.of(COUNT_RANGE, tile=tile_note(tile), face=face, value=value))
    elif tile is Tile.CHANCE:
        if not DICE <= value <= DICE * FACES:
            raise RuleError(Note.of(TOTAL_RANGE, value=value))
    elif value != 1:
        raise RuleError(Note.of(PATTERN_VALUE, tile=tile_note(tile), value=value))


def winnable_tiles(
    turn: Turn, holdings: Mapping[Tile, TileHolding], wild_targets: list[Tile]
) -> list[Tile]:
    """The tiles the square lets the player win with dice that are not a Yahtzee."""
    if turn.landing is Landing.BLANK:
        return [tile for tile, holding in holdings.items() if holding.owner is None]
    if turn.landing is Landing.WILD:
        return list(wild_targets)
    return [turn.target] if turn.target is not None else []


def check_square(
    declared: DeclaredResult,
    turn: Turn,
    square: int,
    holdings: Mapping[Tile, TileHolding],
    wild_targets: list[Tile],
    seat_name: Callable[[int], str],
) -> None:
    """Check that the square lets the player win the tile declared (a Yahtzee and nothing
    always fit); a refusal names the seats with `seat_name`.

    Raises:
        RuleError: the tile cannot be won on this square, with what can.
    """
    tile = declared.tile
    if tile is None or tile in winnable_tiles(turn, holdings, wild_targets):
        return
    owner = holdings[tile].owner
    if turn.landing is Landing.BLANK:
        raise RuleError(Note.of(BLANK_ONLY_UNCLAIMED, (turn.seat, owner or 0), square=square,
                                tile=tile_note(tile)), seat_name)
    if turn.landing is Landing.WILD:
        raise RuleError(Note.of(WILD_NOT_OWN, (turn.seat,), tile=tile_note(tile)), seat_name)
    there = turn.target
    assert there is not None
    raise RuleError(Note.of(ONLY_THE_TILE_HERE, square=square,
                            tile=held_note(there, holdings[there].value),
                            tile_name=tile_note(there)))


def declared_verdict(
    declared: DeclaredResult,
    turn: Turn,
    holdings: Mapping[Tile, TileHolding],
    protected: Tile | None,
    options: YahtzeeOptions,
) -> Verdict:
    """What a declared result wins, judged as dice showing it would be (already checked)."""
    tile = declared.tile
    if declared.made == YAHTZEE_MADE:
        return OfferClaim(options.tiles, yahtzee=True)
    if tile is None:
        return NoWin(MADE_NOTHING)
    value = declared.value
    if tile is Tile.CHANCE and value < options.chance_minimum:
        value = 0  # as dice adding up to less: Chance is not made
    verdict = judge_value(turn.landing, tile, value, holdings, protected, options)
    if isinstance(verdict, OfferClaim | TakeTile):
        return replace(verdict, value=value)
    return verdict


def made_note(declared: DeclaredResult, seat: int) -> Note | None:
    """What was declared, as the narration says it ("Ana made four 5s."); None for nothing,
    whose verdict says it."""
    tile, value = declared.tile, declared.value
    if declared.made == YAHTZEE_MADE:
        return Note.of(MADE_YAHTZEE, (seat,), face=value)
    if tile is None:
        return None
    if tile.face is not None:
        return Note.of(MADE_COUNT, (seat,), value=value_note(tile, value))
    if tile is Tile.CHANCE:
        return Note.of(MADE_TOTAL, (seat,), value=value)
    return Note.of(MADE_PATTERN, (seat,), pattern=Note.of(PATTERNS_NEEDED[tile]))


def declarations(
    turn: Turn,
    holdings: Mapping[Tile, TileHolding],
    protected: Tile | None,
    options: YahtzeeOptions,
    wild_targets: list[Tile],
) -> list[DeclaredResult]:
    """What the player may say the dice made that wins something, in table order (each
    tile's values from the least that wins), then a Yahtzee of each face, then nothing. A
    value that wins nothing is taken too, and judged as dice would be."""
    seat = turn.seat
    made: list[DeclaredResult] = []
    for tile in winnable_tiles(turn, holdings, wild_targets):
        holding = holdings[tile]
        if holding.owner is not None and holding.owner != seat and tile is protected:
            continue  # only a Yahtzee steals it
        for value in _values(tile, options):
            candidate = DeclaredResult(tile.value, value)
            if not isinstance(declared_verdict(candidate, turn, holdings, protected, options),
                              NoWin):
                made.append(candidate)
    made += [DeclaredResult(YAHTZEE_MADE, face) for face in range(1, FACES + 1)]
    return [*made, DeclaredResult(NOTHING_MADE)]


def _values(tile: Tile, options: YahtzeeOptions) -> range:
    """Every value five dice can show toward `tile` that could count."""
    if tile.face is not None:
        return range(1, MAX_NUMBER_COUNT + 1)
    if tile is Tile.CHANCE:
        return range(max(DICE, options.chance_minimum), DICE * FACES + 1)
    return range(1, 2)


__all__ = [
    "DECLARE_BEFORE_THE_THROWS",
    "ONLY_THE_FIVE_DICE",
    "check_square",
    "check_value",
    "declarations",
    "declared_verdict",
    "made_note",
]
