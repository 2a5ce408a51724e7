"""The phases of an UNO match and the kinds of chance it waits for.

Both are string enums, so a saved match writes them as the same text as
before (``"turn"``, ``"reshuffle"``) and a phase compares equal to its text.
One enum serves the family: the variant phases are listed with the game
that uses them.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Whose decision, or which step of the turn flow, a match waits for."""

    DEALER = "dealer"
    """The first dealer is chosen (a cut, or entered at the table)."""
    DEAL = "deal"
    """The deck is shuffled for the deal."""
    RESTART = "restart"
    """A Wild Draw Four start card went back: the draw pile is shuffled again."""
    START_CARD = "start_card"
    """Referee mode: the start card is turned up and entered."""
    START_COLOUR = "start_colour"
    """The first player names the colour of a Wild start card."""
    TURN = "turn"
    """The current player plays or draws."""
    DRAWING = "drawing"
    """A voluntary draw waits for its card (a reshuffle may come first)."""
    DRAWN = "drawn"
    """The current player plays the drawn card or keeps it."""
    CHALLENGE = "challenge"
    """The victim of a Wild Draw Four challenges it or draws."""
    ROUND_OVER = "round_over"
    """A player went out; the round is scored once owed draws are paid."""
    SCORING = "scoring"
    """Referee mode: the hands left are entered as cards or points."""
    OVER = "over"
    """The match has a result."""
    SPIN = "spin"
    """UNO Tiki Twist: the idol is spun."""
    PICK_SEAT = "pick_seat"
    """UNO Tiki Twist: the spinner picks one of the two seats the idol stopped between."""
    TIKI_DISCARD = "tiki_discard"
    """UNO Tiki Twist: the chosen player discards for Discard 2."""
    TIKI_DISCARD_ALL = "tiki_discard_all"
    """UNO Tiki Twist: the chosen player discards all of a colour, or none."""
    DRAFT = "draft"
    """UNO Duo: the players draft their hands."""


ROUND_END = frozenset({Phase.ROUND_OVER, Phase.SCORING, Phase.OVER})
"""From a player going out to the next deal: nobody's turn (the hands left are counted, each
by its own player, or the match is over)."""

PLAY_PHASES = frozenset({Phase.TURN, Phase.DRAWN})
"""The phases in which a card may be played: a turn, and the card just drawn."""

NO_TURN = ROUND_END | {Phase.DEALER, Phase.DEAL, Phase.RESTART, Phase.START_CARD}
"""Nobody's turn: before a round's first turn (the dealer chosen, the cards dealt, the start
card turned up) and from a player going out to the next deal."""


class ChanceKind(StrEnum):
    """The chance a match waits for: which shuffle, or a spin of the idol."""

    DEALER = "dealer"
    """A shuffle from which each candidate cuts a card for the deal."""
    DEAL = "deal"
    """The shuffle of the whole deck before a deal."""
    RESTART = "restart"
    """The shuffle of the draw pile after a Wild Draw Four start card."""
    RESHUFFLE = "reshuffle"
    """The shuffle of the discard pile (under its top card) into a new draw pile."""
    SPIN = "spin"
    """UNO Tiki Twist: a spin of the idol."""

