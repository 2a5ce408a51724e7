"""The Wild Draw Four challenge: which held cards make the play illegal, and what the table hears.

Two tests, a rule option (`ClassicOptions.wild_draw_four_challenge`):

- ``"colour_in_play"`` (classic UNO, Tiki Twist): the player held a card of
  the colour in play;
- ``"playable_card"`` (the UNO Duo rulebook): the player held a card they
  could have played instead, one matching the colour in play or the number
  or symbol of the card in play.

Wilds never count (they are what a player may always play), nor a Tiki Face
(it shows a colour but is never played on the discard pile). The same test
decides a simulated challenge, refuses a Wild Draw Four when bluffing is off,
and is the question the referee asks about the shown hand.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.games.base import N_, Note
from companion.games.uno import refusals
from companion.games.uno.cards import Card, Colour, colour_name
from companion.games.uno.options import ChallengeTest

QUESTIONS: dict[ChallengeTest, str] = {
    "colour_in_play": N_("did it hold a card of the colour in play?"),
    "playable_card": N_(
        "did it hold a card that could have been played, matching the colour in play "
        "or the number or symbol of the card in play?"
    ),
}
"""What the referee asks about the challenged player's shown hand, by test (marked for the
translation catalog: a phrase inside a sentence)."""


def counts_against(card: Card, test: ChallengeTest, top: Card, colour: Colour | None) -> bool:
    """True if holding `card` makes a Wild Draw Four on `top` (with `colour` in play) illegal."""
    if card.is_wild or card.is_tiki_face:
        return False
    if test == "colour_in_play":
        return colour is not None and card.colour is colour
    return card.matches(top, colour)


def wild_draw_four_illegal(
    hand: Iterable[Card | None], test: ChallengeTest, top: Card | None, colour: Colour | None
) -> bool:
    """True if a Wild Draw Four played from `hand` on `top` would lose a challenge.

    `top` is the card in play before the Wild Draw Four; None (unknown) counts nothing.
    """
    if top is None:
        return False
    return any(card is not None and counts_against(card, test, top, colour) for card in hand)


def bluff_refusal(test: ChallengeTest, colour: Colour | None) -> Note:
    """The sentence refusing a Wild Draw Four when bluffing is off and the hand would lose."""
    if test == "playable_card":
        return Note.of(refusals.HOLDS_A_PLAYABLE_CARD)
    if colour is None:
        return Note.of(refusals.HOLDS_A_MATCHING_CARD)
    return Note.of(refusals.HOLDS_A_COLOUR, colour=colour_name(colour))
