"""UNO Tiki Twist's discarding actions: Discard 2, Discard All, and where their cards go (D-U6).

`TikiDiscards` is the part of the Tiki Twist engine (`tiki.TikiTwist`
subclasses it) that runs the two Tiki Faces whose chosen player discards:

- **Discard 2**: up to two cards of their choice, one at a time
  (`TikiDiscard`), stopping or declining at any point (`EndTikiAction`);
- **Discard All** of the face's colour: all or none (`DiscardAll` with the
  count, or `EndTikiAction`); in referee mode the count is what the player
  put down;
- D-U6 (``tiki_discards``): the cards go under the top discard, the card in
  play unchanged (default), or on top in the order laid down, the last one
  becoming the card in play (`DiscardAll.last` names it); a hand emptied
  this way wins the round.

Then play resumes with the player after the spinner (`_resume`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.base import RuleError
from companion.games.uno import tiki_actions as tact
from companion.games.uno._state import cards_text
from companion.games.uno.cards import Card, Colour
from companion.games.uno.classic import ClassicUno
from companion.games.uno.idol import Idol
from companion.games.uno.pending import TikiSpin
from companion.games.uno.phases import Phase
from companion.games.uno.plays import distinct
from companion.games.uno.tiki_options import TikiOptions


class TikiDiscards(ClassicUno):
    """The Discard 2 and Discard All actions of a Tiki Twist match (see `TikiTwist`)."""

    idol: Idol[Card]
    tiki: TikiSpin | None
    """The Tiki action in progress: spinner, seats (a stop between two), target, left."""

    @property
    def tiki_options(self) -> TikiOptions:
        """The match's options with their Tiki Twist fields."""
        assert isinstance(self.options, TikiOptions)
        return self.options

    def colour_count(self, seat: int, colour: Colour) -> int:
        """How many cards of `colour` `seat` holds (wilds and Tiki Faces have none)."""
        return sum(
            1
            for card in self.hands[seat]
            if card is not None and card.colour is colour and not card.is_tiki_face
        )

    def _resume(self) -> None:
        """Play resumes with the player after the spinner, in the current direction."""
        assert self.tiki is not None
        spinner = self.tiki.spinner
        self.tiki = None
        self.start_turn(self.next_seat(spinner))
        self.note("Play goes on with {0}.", self.current)

    def _lay_down(self, target: int, cards: list[Card | None]) -> None:
        """D-U6: Tiki discards go under the top card, or on top (the last is then in play).

        A discard is not a play: a card laid on top has no effect, and a wild
        or a Tiki Face left on top leaves the colour in play as it was. Either
        way a hand emptied by the discards wins the round.
        """
        if self.tiki_options.tiki_discards == "on_top":
            self.piles.discard.extend(cards)
            top = cards[-1] if cards else None
            if top is not None and top.colour is not None and not top.is_tiki_face:
                self.colour = top.colour
        else:
            self.piles.lay_under_top(cards)
        if not self.hands[target]:
            self.note("{0} has no cards left.", target)
            self.tiki = None
            self.uno_exposed = None
            self.round_winner = target
            self.phase = Phase.ROUND_OVER

    def _apply_tiki_discard(self, action: tact.TikiDiscard) -> None:
        if self.phase is not Phase.TIKI_DISCARD or self.tiki is None:
            raise self._not_now(f"discard {action.card}")
        target = self.tiki.chosen
        hand = self.hands[target]
        if action.card not in self.deck_kinds:
            raise RuleError(f"{action.card} is not in this deck.")
        if not self.referee and action.card not in hand:
            raise RuleError(f"{self.seat_name(target)} holds no {action.card}.")
        if self.referee:
            self.check_copies_left(action.card)
        self.piles.take_from_hand(target, action.card, known=not self.referee)
        self.tiki = replace(self.tiki, left=self.tiki.left - 1)
        self._lay_down(target, [action.card])
        if self.tiki is not None and self.tiki.left == 0:
            self._resume()

    def _apply_discard_all(self, action: tact.DiscardAll) -> None:
        if self.phase is not Phase.TIKI_DISCARD_ALL or self.tiki is None:
            raise self._not_now("discard all cards of a colour")
        target = self.tiki.chosen
        face = self.idol.active_tiki_face
        assert face is not None and face.colour is not None
        self._check_last_discard(action.last, face.colour)
        hand = self.hands[target]
        if self.referee:
            if not 1 <= action.count <= len(hand):
                who = self.seat_name(target)
                raise RuleError(f"{who} holds {len(hand)} cards: discard 1 to {len(hand)}.")
            if action.last is not None:
                self.check_copies_left(action.last)
            gone: list[Card | None] = [hand.pop() for _ in range(action.count)]
        else:
            held = self.colour_count(target, face.colour)
            if action.count != held:
                raise RuleError(
                    f"Discard All is all or none: {self.seat_name(target)} holds {held} "
                    f"{face.colour.value} cards."
                )
            gone = [card for card in hand if card is not None and card.colour is face.colour
                    and not card.is_tiki_face]
            if action.last is not None and action.last not in gone:
                who = self.seat_name(target)
                raise RuleError(f"{who} holds no {action.last} to lay down last.")
            self.piles.hands[target] = hand = [card for card in hand if card not in gone]
        if action.last is not None:  # D-U6 on top: the card laid down last stays on top
            gone.remove(None if self.referee else action.last)
            gone.append(action.last)
        self.note(f"{{0}} discards all {face.colour.value} cards: {cards_text(len(gone))}.", target)
        self._lay_down(target, gone)
        if self.tiki is not None:
            self._resume()

    def _check_last_discard(self, last: Card | None, colour: Colour) -> None:
        """D-U6: a Discard All names the card left on top exactly when discards go on top."""
        on_top = self.tiki_options.tiki_discards == "on_top"
        if last is None and on_top:
            raise RuleError(
                f"Name the {colour.value} card laid down last: it stays on top of the discard pile."
            )
        if last is not None and not on_top:
            raise RuleError(
                "Tiki discards go under the top card at this table: name no card to leave on top."
            )
        if last is not None and (last.colour is not colour or last.is_tiki_face or last.is_wild):
            raise RuleError(
                f"{last} is not a {colour.value} card: discard all {colour.value} cards."
            )
        if last is not None and last not in self.deck_kinds:
            raise RuleError(f"{last} is not in this deck.")

    def _apply_end_tiki_action(self, action: tact.EndTikiAction) -> None:
        if self.phase not in (Phase.TIKI_DISCARD, Phase.TIKI_DISCARD_ALL) or self.tiki is None:
            raise self._not_now("end a Tiki action")
        self._resume()

    def _legal_tiki_discard(self) -> list[Any]:
        assert self.tiki is not None
        target = self.tiki.chosen
        cards = self.unseen_cards() if self.referee else distinct(self.hands[target])
        return [*(tact.TikiDiscard(card) for card in cards), tact.EndTikiAction()]

    def _legal_tiki_discard_all(self) -> list[Any]:
        assert self.tiki is not None
        target = self.tiki.chosen
        face = self.idol.active_tiki_face
        assert face is not None and face.colour is not None
        if self.referee:
            counts = range(1, len(self.hands[target]) + 1)
            coloured = self.unseen_cards()
        else:
            counts = range(self.colour_count(target, face.colour), 0, -1)[:1]
            coloured = distinct(self.hands[target])
        lasts: list[Card | None] = [None]
        if self.tiki_options.tiki_discards == "on_top":  # D-U6: which card ends on top
            lasts = [card for card in coloured if card.colour is face.colour
                     and not card.is_tiki_face and not card.is_wild]
        discards = [tact.DiscardAll(count, last) for count in counts for last in lasts]
        return [*discards, tact.EndTikiAction()]
