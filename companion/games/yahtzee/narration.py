"""The Yahtzee board game's sentences, for a catalog to translate (docs/translating.md).

A tile's name, its recorded value ("three 6s", "total 27") and what beats it ("at least
two 5s", "a full house") are phrases of their own (`Note`s), put into the sentences as
values, so that each is translated once; lists of players are one phrase per length.
The English words are those the engine always said.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.base import N_, N_counted, Note
from companion.games.yahtzee.tiles import Tile

TILE_NAMES = {
    Tile.ONES: N_("Ones"),
    Tile.TWOS: N_("Twos"),
    Tile.THREES: N_("Threes"),
    Tile.FOURS: N_("Fours"),
    Tile.FIVES: N_("Fives"),
    Tile.SIXES: N_("Sixes"),
    Tile.THREE_OF_A_KIND: N_("Three of a Kind"),
    Tile.FOUR_OF_A_KIND: N_("Four of a Kind"),
    Tile.FULL_HOUSE: N_("Full House"),
    Tile.SMALL_STRAIGHT: N_("Small Straight"),
    Tile.LARGE_STRAIGHT: N_("Large Straight"),
    Tile.CHANCE: N_("Chance"),
}
"""Each tile's name as the engine says it (`Tile.label`)."""
COUNTED_FACES = {
    1: N_("one {face}"),
    2: N_("two {face}s"),
    3: N_("three {face}s"),
    4: N_("four {face}s"),
}
TOTAL = N_("total {value}")
MADE = N_("made")
TILE_WITH_VALUE = N_("{tile} ({value})")
AT_LEAST = N_("at least {value}")
TOTAL_AT_LEAST = N_("a total of {value} or more")
PATTERNS_NEEDED = {
    Tile.THREE_OF_A_KIND: N_("three of a kind"),
    Tile.FOUR_OF_A_KIND: N_("four of a kind"),
    Tile.FULL_HOUSE: N_("a full house"),
    Tile.SMALL_STRAIGHT: N_("a small straight"),
    Tile.LARGE_STRAIGHT: N_("a large straight"),
}
SEATS_AND = {
    2: N_("{0} and {1}"),
    3: N_("{0}, {1} and {2}"),
    4: N_("{0}, {1}, {2} and {3}"),
}
TILES_OR = {
    2: N_("{t0} or {t1}"),
    3: N_("{t0}, {t1} or {t2}"),
    4: N_("{t0}, {t1}, {t2} or {t3}"),
    5: N_("{t0}, {t1}, {t2}, {t3} or {t4}"),
    6: N_("{t0}, {t1}, {t2}, {t3}, {t4} or {t5}"),
    7: N_("{t0}, {t1}, {t2}, {t3}, {t4}, {t5} or {t6}"),
    8: N_("{t0}, {t1}, {t2}, {t3}, {t4}, {t5}, {t6} or {t7}"),
}
SCORES = {
    2: N_("{0} {score0}, {1} {score1}"),
    3: N_("{0} {score0}, {1} {score1}, {2} {score2}"),
    4: N_("{0} {score0}, {1} {score1}, {2} {score2}, {3} {score3}"),
}

# What the dice and the squares lead to ({0} the player whose turn it is).
ROLLS = N_("{0} rolls {dice}.")
ROLLS_FOR_ORDER = N_("{0} rolls {total} for the order of play.")
ORDER_OF_PLAY = {
    2: N_("Order of play: {0}, {1}."),
    3: N_("Order of play: {0}, {1}, {2}."),
    4: N_("Order of play: {0}, {1}, {2}, {3}."),
}
EVERYBODY_AGAIN = N_("There is a tie, so everybody rolls again.")
TIE_AGAIN = N_("{players} tie: they roll again for their places.")
MOVES_TO_SQUARE = N_("{0} moves {steps} to square {square}.")
MOVES_TO_WILD = N_("{0} moves {steps} to wild square {square}.")
YAHTZEE_ANY = N_("Yahtzee! {0} may claim any tile.")
MAY_CLAIM = N_("{0} may claim {tiles}.")
IMPROVES = N_("{0} improves {tile} to {value}.")
HOLDS = N_("{0} holds {tile} at {value}.")
WINS_CHOOSE_SQUARE = N_("{0} wins {tile}: choose a free square for it.")
SUCCEEDED = N_("{0} succeeded: they go again.")
OUT_OF_CHALLENGE = N_("{0} is out of the challenge rounds.")
CHALLENGE_BEGINS = N_(
    "Every tile is claimed: challenge rounds begin. In turn, {players} each play until they"
    " fail to win a tile."
)
GAME_OVER_WINNER = N_("Game over: {scores}. Winner: {winner}.")
GAME_OVER_SHARED = N_("Game over: {scores}. Winners: {winners} share the win.")
GAME_OVER = N_("Game over: {scores}.")
"""The end as the table's narration says it: the table names the winners itself."""
KEEPS_AT = N_("{0} keeps {tile} at {value}.")
STEALS_FROM = N_("{0} steals {tile} from {1}.")
CLAIMS_ON_SQUARE = N_("{0} claims {tile} on square {square}.")
MARKER_NOW_ON = N_("The Yahtzee protection marker is now on {tile}.")
MARKER_MOVES = N_("The Yahtzee protection marker moves from {before} to {tile}.")
GOES_FOR = N_("{0} goes for {tile}.")
STAYS_TO_IMPROVE = N_("{0} stays to improve {tile}.")
MOVES_ON = N_("{0} moves on.")
ROLL_DOES_NOT_COUNT = N_("The roll does not count: {0} rolls again.")

# The dice asked for.
ROLL_FOR_ORDER = N_("{0}: roll two dice for the order of play.")
ROLL_TO_MOVE = N_("{0}: roll the die to move.")
ROLL_DICE = N_counted("{0}: roll {count} die (roll {throw} of {rolls}).",
                      "{0}: roll {count} dice (roll {throw} of {rolls}).")

# The dice win nothing ({0} the player, {1} a tile's owner).
NO_UNCLAIMED_CHANCE = N_(
    "{0} makes no unclaimed tile (Chance needs {minimum} or more): the turn ends."
)
NO_UNCLAIMED = N_("{0} makes no unclaimed tile: the turn ends.")
NO_TILE_TO_GO_FOR = N_("{0} has no tile to go for: the turn ends.")
NO_CHANCE_MADE = N_("{0} does not make Chance (it needs {minimum} or more): the turn ends.")
NOT_MADE = N_("{0} does not make {tile}: the turn ends.")
NOT_IMPROVED = N_("{0} does not improve {tile}, which stays at {value}.")
PROTECTED_KEPT = N_("{0} needs a Yahtzee to steal the protected {tile}: {1} keeps it.")
NOT_STOLEN = N_("{0} needs {needed} to steal {tile}: {1} keeps it.")

# What the square just landed on offers.
WILD_SQUARE = N_("Wild square: {0} rolls, then picks any tile but their own to go for.")
BLANK_ALL_CLAIMED = N_(
    "Square {square} is blank but every tile is claimed: only a Yahtzee wins one."
)
BLANK_SQUARE = N_("Square {square} is blank: {0} rolls for any unclaimed tile.")
HOLDS_PROTECTED = N_(
    "Square {square} holds {0}'s {tile}, protected: only a Yahtzee steals it."
)
HOLDS_TO_STEAL = N_(
    "Square {square} holds {1}'s {tile}: {0} needs {needed}, or a Yahtzee, to steal it."
)
OWN_TO_IMPROVE = N_("Square {square} holds {0}'s own {tile}: stay to improve it, or move on.")
OWN_NOT_IMPROVABLE = N_(
    "Square {square} holds {0}'s own {tile}, which cannot be improved: {0} moves on."
)


def tile_note(tile: Tile) -> Note:
    """The tile's name: "Full House"."""
    return Note.of(TILE_NAMES[tile])


def value_note(tile: Tile, value: int) -> Note | str:
    """A recorded value: "three 6s", "total 27", "made"."""
    face = tile.face
    if face is not None:
        if value in COUNTED_FACES:
            return Note.of(COUNTED_FACES[value], face=face)
        return f"{value} {face}s"  # never recorded (a number tile holds 1 to 4)
    if tile is Tile.CHANCE:
        return Note.of(TOTAL, value=value)
    return Note.of(MADE)


def held_note(tile: Tile, value: int) -> Note:
    """A tile with its recorded value: "Fives (two 5s)", "Chance (total 27)", "Full House"."""
    if tile.face is None and tile is not Tile.CHANCE:
        return tile_note(tile)
    return Note.of(TILE_WITH_VALUE, tile=tile_note(tile), value=value_note(tile, value))


def needed_note(tile: Tile, value: int) -> Note:
    """What final dice must show to equal or beat `value` on `tile`: "at least two 5s",
    "a total of 27 or more", "a full house", "four of a kind"."""
    if tile.face is not None:
        return Note.of(AT_LEAST, value=value_note(tile, value))
    if tile is Tile.CHANCE:
        return Note.of(TOTAL_AT_LEAST, value=value)
    return Note.of(PATTERNS_NEEDED[tile])


def seats_note(seats: Sequence[int]) -> Note:
    """Players in a sentence: "{0}", "{0} and {1}", "{0}, {1} and {2}"."""
    if len(seats) == 1:
        return Note("{0}", tuple(seats))
    return Note.of(SEATS_AND[len(seats)], seats)


def tiles_note(tiles: Sequence[Tile]) -> Note:
    """Tiles to choose from: "Fives or Full House" (at most eight make one roll)."""
    if len(tiles) == 1:
        return tile_note(tiles[0])
    names = {f"t{index}": tile_note(tile) for index, tile in enumerate(tiles)}
    return Note.of(TILES_OR[len(tiles)], (), **names)


def scores_note(scores: Sequence[int]) -> Note:
    """Every player's score: "{0} 12, {1} 8"."""
    values = {f"score{seat}": score for seat, score in enumerate(scores)}
    return Note.of(SCORES[len(scores)], range(len(scores)), **values)


__all__ = [
    "held_note",
    "needed_note",
    "scores_note",
    "seats_note",
    "tile_note",
    "tiles_note",
    "value_note",
]
