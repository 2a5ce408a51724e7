"""UNO Tiki Twist's discards: Discard 2, Discard All and where their cards go (D-U6).

The rules of the two Tiki Faces whose chosen player discards, as functions
of the cards (`TikiTwist` in ``tiki.py`` applies them to the match):

- **Discard 2**: up to two cards of their choice, one at a time
  (`TikiDiscard`), stopping or declining at any point (`EndTikiAction`);
- **Discard All** of the face's colour: all or none (`DiscardAll` with the
  count, or `EndTikiAction`); in referee mode the count is what the player
  put down; wilds and Tiki Faces have no colour (`of_colour`);
- D-U6 (``tiki_discards``): the cards go under the top discard, the card in
  play unchanged (default), or on top in the order laid down, the last one
  becoming the card in play (`DiscardAll.last` names it, `check_last_discard`);
  a hand emptied this way wins the round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.games.base import Note, RuleError
from companion.games.uno import refusals
from companion.games.uno import tiki_actions as tact
from companion.games.uno.cards import Card, Colour, colour_name
from companion.games.uno.piles import Piles


def counts_as(card: Card | None, colour: Colour) -> bool:
    """True if `card` is a card of `colour` for Discard All (wilds and Tiki Faces never are)."""
    return card is not None and card.colour is colour and not card.is_tiki_face and not card.is_wild


def of_colour(cards: Iterable[Card | None], colour: Colour) -> list[Card]:
    """The known cards of `colour` among `cards`, in order (what Discard All takes)."""
    return [card for card in cards if card is not None and counts_as(card, colour)]


def check_last_discard(
    last: Card | None, colour: Colour, *, on_top: bool, deck_kinds: frozenset[Card]
) -> None:
    """D-U6: a Discard All names the card left on top exactly when discards go on top.

    Raises:
        RuleError: a card named when discards go under the top card, none named
            when they go on top, or a card that is not of the colour or not in the deck.
    """
    if last is None and on_top:
        raise RuleError(Note.of(refusals.NAME_THE_LAST_CARD, colour=colour_name(colour)))
    if last is not None and not on_top:
        raise RuleError(Note.of(refusals.DISCARDS_GO_UNDER))
    if last is not None and not counts_as(last, colour):
        note = Note.of(refusals.NOT_OF_THE_COLOUR, card=str(last), colour=colour_name(colour))
        raise RuleError(note)
    if last is not None and last not in deck_kinds:
        raise RuleError(Note.of(refusals.NOT_IN_DECK, card=str(last)))


def lay_down(piles: Piles, cards: list[Card | None], *, on_top: bool) -> Colour | None:
    """D-U6: put discarded `cards` under the top card, or on top; the new colour in play or None.

    A discard is not a play: a card laid on top has no effect, and a wild or
    a Tiki Face left on top leaves the colour in play as it was (None).
    """
    if not on_top:
        piles.lay_under_top(cards)
        return None
    piles.discard.extend(cards)
    top = cards[-1] if cards else None
    if top is not None and top.colour is not None and not top.is_tiki_face:
        return top.colour
    return None


def take_all_of_colour(
    hands: list[list[Card | None]],
    target: int,
    action: tact.DiscardAll,
    colour: Colour,
    seat_name: Callable[[int], str],
) -> list[Card | None]:
    """Simulation: take every card of `colour` from `target`'s hand, all or none.

    Raises:
        RuleError: the count is not the cards of the colour held, or the card
            named to lie last is not among them; the hand is unchanged.
    """
    gone: list[Card | None] = list(of_colour(hands[target], colour))
    if action.count != len(gone):
        note = Note.of(
            refusals.DISCARD_ALL_OR_NONE, (target,), held=len(gone), colour=colour_name(colour)
        )
        raise RuleError(note, seat_name)
    if action.last is not None and action.last not in gone:
        note = Note.of(refusals.NO_CARD_TO_LAY_LAST, (target,), card=str(action.last))
        raise RuleError(note, seat_name)
    hands[target] = [card for card in hands[target] if card not in gone]
    return gone


def discard_two_actions(cards: Iterable[Card], target: int) -> list[Any]:
    """Discard 2's choices for `target`: each card it may discard next, or stopping."""
    return [
        *(tact.TikiDiscard(card, seat=target) for card in cards),
        tact.EndTikiAction(seat=target),
    ]


def discard_all_actions(
    counts: Iterable[int], coloured: Iterable[Card], colour: Colour, target: int, *, on_top: bool
) -> list[Any]:
    """Discard All's choices for `target`: each count, with the card laid last when on top."""
    lasts: list[Card | None] = [None]
    if on_top:  # D-U6: which card ends on top
        lasts = list(of_colour(coloured, colour))
    discards = [tact.DiscardAll(count, last, seat=target) for count in counts for last in lasts]
    return [*discards, tact.EndTikiAction(seat=target)]
