"""UNO Tiki Twist's discard turns: the player the idol chose discards, then play resumes.

`TikiDiscardTurns` is the part of a `TikiTwist` match (``tiki.py``) between
the spin and the next turn when the active Tiki Face is Discard 2 or Discard
All: what the chosen player may do (`_legal_tiki_discard`,
`_legal_tiki_discard_all`), how each discard or the end of it is applied, where
the cards go (D-U6, the rules as functions of the cards in
``tiki_discards.py``), and play resuming after the spinner.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.base import Note, RuleError
from companion.games.uno import narration, refusals
from companion.games.uno import tiki_actions as tact
from companion.games.uno.cards import Card, Colour, colour_name
from companion.games.uno.classic import ClassicUno
from companion.games.uno.idol import Idol
from companion.games.uno.pending import TikiSpin
from companion.games.uno.phases import Phase
from companion.games.uno.plays import distinct
from companion.games.uno.tiki_discards import (
    check_last_discard,
    discard_all_actions,
    discard_two_actions,
    lay_down,
    of_colour,
    take_all_of_colour,
)
from companion.games.uno.tiki_options import TikiOptions


class TikiDiscardTurns(ClassicUno):
    """Classic UNO with Tiki Twist's discard turns (the Tiki Faces Discard 2 and Discard All)."""

    idol: Idol[Card]
    tiki: TikiSpin | None

    @property
    def tiki_options(self) -> TikiOptions:
        """The match's options with their Tiki Twist fields."""
        assert isinstance(self.options, TikiOptions)
        return self.options

    def colour_count(self, seat: int, colour: Colour) -> int:
        """How many cards of `colour` `seat` holds (wilds and Tiki Faces have none)."""
        return len(of_colour(self.hands[seat], colour))

    def _resume(self) -> None:
        """Play resumes with the player after the spinner, in the current direction."""
        assert self.tiki is not None
        spinner = self.tiki.spinner
        self.tiki = None
        self.start_turn(self.next_seat(spinner))
        self.note(narration.PLAY_GOES_ON, self.current)

    def _lay_down(self, target: int, cards: list[Card | None]) -> None:
        """Lay `target`'s discards down (D-U6); a hand emptied by them wins the round."""
        on_top = self.tiki_options.tiki_discards == "on_top"
        colour = lay_down(self.piles, cards, on_top=on_top)
        if colour is not None:
            self.colour = colour
        if not self.hands[target]:
            self.note(narration.NO_CARDS_LEFT, target)
            self.tiki = None
            self.uno_exposed = None
            self.round_winner = target
            self.phase = Phase.ROUND_OVER

    def _apply_tiki_discard(self, action: tact.TikiDiscard) -> None:
        if self.phase is not Phase.TIKI_DISCARD or self.tiki is None:
            raise self._not_now(refusals.DISCARD_CARD, card=str(action.card))
        target = self.tiki.chosen
        if action.card not in self.deck_kinds:
            raise RuleError(Note.of(refusals.NOT_IN_DECK, card=str(action.card)))
        if not self.referee and action.card not in self.hands[target]:
            note = Note.of(refusals.HOLDS_NO, (target,), card=str(action.card))
            raise RuleError(note, self.seat_name)
        if self.referee:
            self.check_copies_left(action.card)
        self.piles.take_from_hand(target, action.card, known=not self.referee)
        self.tiki = replace(self.tiki, left=self.tiki.left - 1)
        self._lay_down(target, [action.card])
        if self.tiki is not None and self.tiki.left == 0:
            self._resume()

    def _apply_discard_all(self, action: tact.DiscardAll) -> None:
        if self.phase is not Phase.TIKI_DISCARD_ALL or self.tiki is None:
            raise self._not_now(refusals.DISCARD_A_COLOUR)
        target = self.tiki.chosen
        face = self.idol.active_tiki_face
        assert face is not None and face.colour is not None
        on_top = self.tiki_options.tiki_discards == "on_top"
        check_last_discard(action.last, face.colour, on_top=on_top, deck_kinds=self.deck_kinds)
        if self.referee:
            gone = self._entered_discards(target, action)
        else:
            gone = take_all_of_colour(self.piles.hands, target, action, face.colour, self.seat_name)
        if action.last is not None:  # D-U6 on top: the card laid down last stays on top
            gone.remove(None if self.referee else action.last)
            gone.append(action.last)
        colour = colour_name(face.colour)
        self.note(narration.DISCARDS_ALL, target, colour=colour, count=len(gone))
        self._lay_down(target, gone)
        if self.tiki is not None:
            self._resume()

    def _entered_discards(self, target: int, action: tact.DiscardAll) -> list[Card | None]:
        """Referee mode: take the count of unknown cards the player put down."""
        hand = self.hands[target]
        if not 1 <= action.count <= len(hand):
            note = Note.of(refusals.DISCARD_FROM_ONE_TO, (target,), size=len(hand))
            raise RuleError(note, self.seat_name)
        if action.last is not None:
            self.check_copies_left(action.last)
        return [hand.pop() for _ in range(action.count)]

    def _apply_end_tiki_action(self, action: tact.EndTikiAction) -> None:
        if self.phase not in (Phase.TIKI_DISCARD, Phase.TIKI_DISCARD_ALL) or self.tiki is None:
            raise self._not_now(refusals.END_A_TIKI_ACTION)
        self._resume()

    def _legal_tiki_discard(self, target: int) -> list[Any]:
        cards = self.unseen_cards() if self.referee else distinct(self.hands[target])
        return discard_two_actions(cards, target)

    def _legal_tiki_discard_all(self, target: int) -> list[Any]:
        face = self.idol.active_tiki_face
        assert face is not None and face.colour is not None
        if self.referee:
            counts = range(1, len(self.hands[target]) + 1)
            coloured = self.unseen_cards()
        else:
            counts = range(self.colour_count(target, face.colour), 0, -1)[:1]
            coloured = distinct(self.hands[target])
        on_top = self.tiki_options.tiki_discards == "on_top"
        return discard_all_actions(counts, coloured, face.colour, target, on_top=on_top)


__all__ = ["TikiDiscardTurns"]
