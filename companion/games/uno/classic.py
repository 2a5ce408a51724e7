"""Classic UNO: one engine for simulation (every card known) and the table referee.

`ClassicUno` follows `companion.games.base.GameState`. Chance is input: every
shuffle is a ``ChanceRequest(kind="shuffle", size=n)`` answered with a
permutation (applied as a `Shuffle` action), so a match replays exactly from
its action list. Choosing the first dealer is a shuffle too: the players take
the top cards of the shuffled deck in seat order, the highest number deals.

Modes (`ClassicOptions.mode`):

- ``simulation``: the engine holds every card; shuffles are chance requests.
- ``referee``: the cards are physical. Hands and the draw pile are unknown
  (``None`` entries, so hand sizes are exact); the dealer (`ChooseDealer`)
  and the start card (`TurnUp`) are entered, every `Play` is checked against
  the top card, the colour in play and any pending decision, a drawn card
  stays unknown until played, and at the round's end each hand is entered
  as cards or points (`CountHand`). Reshuffles happen without a request.

The cards live in the match's `Piles` (``piles``: ``draw_pile``, top card
last, ``discard``, top last, ``hands``, with the moves between them);
`card_locations()` names every place a card can be.

The hooks a variant overrides (python-chess style, one rule at a time) are
listed in the family's docstring (`companion.games.uno`): they live in
`MatchState`, `UnoMatch` and here.

Every action handler validates first and changes nothing before it has
decided the action is legal, so a `RuleError` leaves the state untouched.
Owed draws (`owe`) are paid after each action by `UnoMatch`; when the draw
pile runs out a ``reshuffle`` chance is requested and paying resumes after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any, ClassVar

from companion.games.base import SHUFFLE_ORDER, Note, RuleError
from companion.games.uno import actions as act
from companion.games.uno import narration, refusals
from companion.games.uno.cards import (
    Card,
    Colour,
    Kind,
    play_error_note,
)
from companion.games.uno.challenge import QUESTIONS, bluff_refusal, wild_draw_four_illegal
from companion.games.uno.match import UnoMatch
from companion.games.uno.pending import PendingChallenge
from companion.games.uno.phases import PLAY_PHASES, ChanceKind, Phase
from companion.games.uno.piles import Piles


def _any_card(card: Card) -> bool:
    """The matching test while the top card is unknown (referee mode): anything goes."""
    return True


class ClassicUno(UnoMatch):
    """A classic UNO match (2-10 players) to the options' target score."""

    # ------------------------------------------------------------ rule hooks

    def playable(self, card: Card, seat: int) -> bool:
        """True if `seat` may play `card` now (see `playable_test`)."""
        return self.playable_test(seat)(card)

    def playable_test(self, seat: int) -> Callable[[Card], bool]:
        """The matching rule for `seat` now, as a test of one card (variants extend it).

        Built once per decision and run on every card of the hand, so it is
        the membership test of the set of deck cards that match the top card
        and the colour in play (`matching_cards`).
        """
        top = self.piles.discard[-1]
        if top is None:
            return _any_card
        colour = self.colour
        allowed = self.deck_facts.matching.get((top, colour)) or self.matching_cards(top, colour)
        refuse_bluff = (
            not self.options.wild_draw_four_bluff
            and not self.referee
            and self.wild_draw_four_illegal(seat)
        )
        if refuse_bluff:
            allowed = frozenset(
                card for card in allowed if self.effective_kind(card) is not Kind.WILD_DRAW_FOUR
            )
        return allowed.__contains__

    def wild_draw_four_illegal(self, seat: int) -> bool:
        """True if a Wild Draw Four from `seat` now would lose a challenge (simulation only).

        By the options' challenge test (`companion.games.uno.challenge`); the
        card in play is the top card, as the Wild Draw Four is not laid yet.
        """
        test = self.options.wild_draw_four_challenge
        return wild_draw_four_illegal(self.hands[seat], test, self.top_card, self.colour)

    def matching_cards(self, top: Card, colour: Colour | None) -> frozenset[Card]:
        """The cards of the deck that may be played on `top` while `colour` is in play.

        A card matches by colour, by number or symbol, or is a wild. Worked out
        once per top card and colour for each deck (`Card.matches` for each card).
        """
        key, known = (top, colour), self.deck_facts.matching
        allowed = known.get(key)
        if allowed is None:
            allowed = frozenset(card for card in self.deck_distinct if card.matches(top, colour))
            known[key] = allowed
        return allowed

    def play_refusal(self, card: Card, seat: int) -> Note | None:
        """Why `seat` may not play `card` now, as a sentence, or None if it may.

        Built on `playable()`, so a variant that changes the rule overrides
        `playable_test()` and, for a better sentence, this method.
        """
        if self.playable(card, seat):
            return None
        top = self.discard[-1]
        if self._bluff_refused(card, seat):
            return bluff_refusal(self.options.wild_draw_four_challenge, self.colour)
        assert top is not None
        return play_error_note(card, top, self.colour)

    def _bluff_refused(self, card: Card, seat: int) -> bool:
        return (
            not self.options.wild_draw_four_bluff
            and not self.referee
            and self.effective_kind(card) is Kind.WILD_DRAW_FOUR
            and self.wild_draw_four_illegal(seat)
        )

    def start_card_effect(self, card: Card) -> None:
        """Apply the start card (the first card of the discard pile)."""
        assert self.dealer is not None
        first = self.next_seat(self.dealer)
        kind = self.effective_kind(card)
        self.colour = card.colour
        if kind is Kind.WILD_DRAW_FOUR:
            self.note(narration.WILD_DRAW_FOUR_START)
            self.return_start_card()
        elif kind is Kind.SKIP:
            self.note(narration.START_SKIPS, first)
            self.start_turn(self.next_seat(first))
        elif kind is Kind.REVERSE:
            self.direction = -1
            self.note(narration.START_REVERSES, self.dealer)
            self.start_turn(self.dealer)
        elif kind is Kind.DRAW_TWO:
            self.owe(first, 2)
            self.note(narration.DRAWS_TWO, first)
            self.start_turn(self.next_seat(first))
        elif card.is_wild:
            self.current = first
            self.phase = Phase.START_COLOUR
            self.note(narration.START_WILD, first)
        else:
            self.start_turn(first)

    def place_played_card(self, card: Card) -> None:
        """Put a played card where it goes: the top of the discard pile."""
        self.piles.discard.append(card)

    def card_effect(self, card: Card, seat: int) -> None:
        """Apply the effect of `card`, just played by `seat`, and pass the turn.

        The effect is the one `card_effects` gives the card's kind; any other
        card passes the turn to the next player.
        """
        effect = self.card_effects.get(self.effective_kind(card))
        if effect is None:
            self.start_turn(self.next_seat(seat))
        else:
            effect(self, seat)

    def _skip(self, seat: int) -> None:
        following = self.next_seat(seat)
        self.note(narration.SKIPPED, following)
        self.start_turn(self.next_seat(seat, 2))

    def _reverse(self, seat: int) -> None:
        if self.players == 2:  # with two players a Reverse acts as a Skip
            self.note(narration.REVERSE_SKIPS, self.next_seat(seat))
            self.start_turn(seat)
            return
        self.direction = -self.direction
        following = self.next_seat(seat)
        self.note(narration.REVERSES, following)
        self.start_turn(following)

    def _draw_two(self, seat: int) -> None:
        following = self.next_seat(seat)
        self.owe(following, 2)
        self.note(narration.DRAWS_TWO, following)
        self.start_turn(self.next_seat(seat, 2))

    def _wild_draw_four(self, seat: int) -> None:
        following = self.next_seat(seat)
        assert self.pending_challenge is not None
        self.pending_challenge = replace(self.pending_challenge, victim=following)
        self.current = following
        self.phase = Phase.CHALLENGE
        self.note(narration.MAY_CHALLENGE, following)

    card_effects: ClassVar[dict[Kind, Callable[[Any, int], None]]] = {
        Kind.SKIP: _skip,
        Kind.REVERSE: _reverse,
        Kind.DRAW_TWO: _draw_two,
        Kind.WILD_DRAW_FOUR: _wild_draw_four,
    }
    """Each kind of card with an effect, with the method applying it for the seat that played
    it (variants replace entries: ``{**ClassicUno.card_effects, Kind.SKIP: ...}``)."""

    def last_card_effect(self, card: Card, seat: int) -> None:
        """A Draw Two or Wild Draw Four that went out still makes the next player draw."""
        if not self.options.last_card_effects:
            return
        kind = self.effective_kind(card)
        count = {Kind.DRAW_TWO: 2, Kind.WILD_DRAW_FOUR: 4}.get(kind, 0)
        if count:
            self.owe(self.next_seat(seat), count)
            self.note(narration.LAST_CARD_DRAWS, self.next_seat(seat), count=count)

    def after_draw(self) -> None:
        """After a voluntary draw: offer the drawn card if it may be played, else pass."""
        seat = self.current
        playable = self.drawn and self.options.play_drawn_card
        if playable and not self.referee:
            assert self.drawn_card is not None
            playable = self.playable(self.drawn_card, seat)
        if playable:
            self.phase = Phase.DRAWN
        else:
            self.note(narration.DRAWN_CARD_PASSES, seat)
            self.start_turn(self.next_seat(seat))

    def return_start_card(self) -> None:
        """Put the start card back and shuffle the draw pile (Wild Draw Four start)."""
        card = self.piles.discard.pop()
        self.piles.draw_pile.append(None if self.referee else card)
        if self.referee:
            self.phase = Phase.START_CARD
        else:
            self.phase = Phase.RESTART
            self.pending_chance = ChanceKind.RESTART

    def turn_up_start_card(self) -> None:
        """Simulation: turn the top of the draw pile up as the start card."""
        card = self.piles.turn_up()
        assert card is not None
        self.start_cards.append(card)
        self.note(narration.TURNED_UP, card=str(card))
        self.start_card_effect(card)

    # ------------------------------------------------------ dispatch tables

    @classmethod
    def action_handlers(cls) -> dict[type, Callable[[Any, Any], None]]:
        """The shared actions plus classic UNO's: each action class with its handler."""
        return {
            **super().action_handlers(),
            act.Shuffle: cls._apply_shuffle,
            act.TurnUp: cls._apply_turn_up,
            act.PlayCard: cls._apply_play,
            act.Draw: cls._apply_draw,
            act.KeepCard: cls._apply_keep,
            act.ChooseColour: cls._apply_choose_colour,
            act.Challenge: cls._apply_challenge,
            act.AcceptDraw: cls._apply_accept,
        }

    @classmethod
    def phase_actions(cls) -> dict[Phase, Callable[[Any, int], list[Any]]]:
        """The shared decision phases plus classic UNO's, each with its legal-action list."""
        return {
            **super().phase_actions(),
            Phase.TURN: cls._legal_turn,
            Phase.DRAWN: cls._legal_drawn,
            Phase.START_COLOUR: cls._legal_start_colour,
            Phase.CHALLENGE: cls._legal_challenge,
            Phase.START_CARD: cls._legal_start_card,
        }

    # -------------------------------------------------------------- chance

    def _apply_shuffle(self, action: act.Shuffle) -> None:
        if self.pending_chance is None:
            raise RuleError(Note.of(refusals.NOTHING_TO_SHUFFLE))
        request = self.chance_request(self.pending_chance)
        if request.kind != "shuffle":
            prompt = request.prompt if request.note is None else request.note
            raise RuleError(Note.of(refusals.CHANCE_NEEDED, prompt=prompt), self.seat_name)
        if sorted(action.order) != list(range(request.size)):
            raise RuleError(Note.of(SHUFFLE_ORDER, size=request.size))
        kind, self.pending_chance = self.pending_chance, None
        cards = self.shuffle_cards(kind)
        self.shufflers[kind](self, [cards[index] for index in action.order])

    @classmethod
    def shuffle_handlers(cls) -> dict[ChanceKind, Callable[[Any, list[Card]], None]]:
        """Each shuffle kind with the method that takes the shuffled cards (variants extend it)."""
        return {
            ChanceKind.DEALER: cls._shuffled_dealer,
            ChanceKind.DEAL: cls._shuffled_deal,
            ChanceKind.RESTART: cls._shuffled_restart,
            ChanceKind.RESHUFFLE: cls._shuffled_reshuffle,
        }

    def _shuffled_dealer(self, cards: list[Card]) -> None:
        """Each candidate takes a card from the top; the highest number deals."""
        candidates = self.dealer_candidates
        cuts = {seat: cards[-1 - place].cut_value for place, seat in enumerate(candidates)}
        best = max(cuts.values())
        tied = [seat for seat, value in cuts.items() if value == best]
        # A deck whose cards all cut the same (no numbers) could tie for ever.
        can_differ = len({card.cut_value for card in self.deck_distinct}) > 1
        if len(tied) > 1 and self.options.dealer_tie == "redraw" and can_differ:
            self.dealer_candidates = tied
            self.pending_chance = ChanceKind.DEALER
            self.note(narration.CUT_TIED)
            return
        self.dealer = tied[0]
        self.note(self.cut_won, self.dealer)
        self.begin_round()

    def _shuffled_deal(self, cards: list[Card]) -> None:
        self.piles = Piles.empty_hands(self.players, cards)
        self.deal()
        self.turn_up_start_card()

    def _shuffled_restart(self, cards: list[Card]) -> None:
        self.piles.draw_pile = list(cards)
        self.turn_up_start_card()

    def _shuffled_reshuffle(self, cards: list[Card]) -> None:
        self.note(narration.RESHUFFLED)
        self.clear_reshuffle_sources()
        self.piles.draw_pile = [*cards, *self.piles.draw_pile]

    # -------------------------------------------------------- referee setup

    def _apply_turn_up(self, action: act.TurnUp) -> None:
        if self.phase is not Phase.START_CARD or not self.referee:
            raise self._not_now(refusals.TURN_UP_A_START_CARD)
        if action.card not in self.deck_kinds:
            raise RuleError(Note.of(refusals.TURNED_UP_NOT_IN_DECK, card=str(action.card)))
        self.check_copies_left(action.card)
        self.piles.draw_pile.pop()
        self.piles.discard.append(action.card)
        self.start_cards.append(action.card)
        self.start_card_effect(action.card)

    # ----------------------------------------------------------- the turn

    def _apply_play(self, action: act.PlayCard) -> None:
        seat, card = self.current, action.card
        hand = self.piles.hands[seat]
        self._check_play(action, hand)
        # Only wilds play as a Wild Draw Four.
        if card.is_wild and self.effective_kind(card) is Kind.WILD_DRAW_FOUR:
            guilty = None if self.referee else self.wild_draw_four_illegal(seat)
            self.pending_challenge = PendingChallenge(seat, guilty=guilty)
        self.piles.take_from_hand(seat, card, known=not self.referee)
        self.place_played_card(card)
        self.colour = action.colour if card.is_wild else card.colour
        self.drawn, self.drawn_card = False, None
        if len(hand) == 1 and not action.uno:
            self.uno_exposed = seat
            self.note(narration.NO_UNO_CALLED, seat)
        if not hand:
            self.round_winner = seat
            self.phase = Phase.ROUND_OVER
            self.last_card_effect(card, seat)
            return
        self.card_effect(card, seat)

    def _check_play(self, action: act.PlayCard, hand: list[Card | None]) -> None:
        """Raise the sentence that says why `action` may not be played now."""
        card, phase, player = action.card, self.phase, (self.current,)
        if phase not in PLAY_PHASES:
            raise self._not_now(refusals.PLAY_CARD, card=str(card))
        if card not in self.deck_facts.kinds:
            raise RuleError(Note.of(refusals.NOT_IN_DECK, card=str(card)))
        if self.referee:
            self.check_copies_left(card)
        if not hand:
            raise RuleError(Note.of(refusals.NO_CARDS_TO_PLAY, player), self.seat_name)
        if not self.referee and card not in hand:
            raise RuleError(Note.of(refusals.HOLDS_NO, player, card=str(card)), self.seat_name)
        if phase is Phase.DRAWN and not self.referee and card is not self.drawn_card:
            drawn = str(self.drawn_card)
            raise RuleError(Note.of(refusals.ONLY_THE_DRAWN_CARD, card=drawn))
        if not self.playable_test(self.current)(card):
            refusal = self.play_refusal(card, self.current)
            assert refusal is not None  # it refuses whatever `playable` refuses
            raise RuleError(refusal, self.seat_name)
        if card.is_wild and action.colour is None:
            raise RuleError(Note.of(refusals.NAME_THE_COLOUR, card=str(card)))
        if not card.is_wild and action.colour is not None:
            raise RuleError(Note.of(refusals.ONLY_A_WILD_NAMES, card=str(card)))
        if action.uno and len(hand) != 2:
            raise RuleError(Note.of(refusals.UNO_WITH_ONE_LEFT))

    def _apply_draw(self, action: act.Draw) -> None:
        if self.phase is not Phase.TURN:
            raise self._not_now(refusals.DRAW)
        self.owe(self.current, 1, voluntary=True)
        self.phase = Phase.DRAWING

    def _apply_keep(self, action: act.KeepCard) -> None:
        if self.phase is not Phase.DRAWN:
            raise self._not_now(refusals.KEEP_A_DRAWN_CARD)
        self.start_turn(self.next_seat(self.current))

    def _apply_choose_colour(self, action: act.ChooseColour) -> None:
        if self.phase is not Phase.START_COLOUR:
            raise self._not_now(refusals.NAME_A_COLOUR)
        self.colour = action.colour
        self.start_turn(self.current)

    def _apply_challenge(self, action: act.Challenge) -> None:
        pending = self.pending_challenge
        if self.phase is not Phase.CHALLENGE or pending is None:
            raise self._not_now(refusals.CHALLENGE)
        test = self.options.wild_draw_four_challenge
        if self.referee and action.guilty is None:
            question = Note.of(QUESTIONS[test])
            raise RuleError(Note.of(refusals.ENTER_THE_VERDICT, question=question))
        if not self.referee and action.guilty is not None:
            raise RuleError(Note.of(refusals.NO_VERDICT))
        guilty = action.guilty if self.referee else pending.guilty
        offender, victim = pending.offender, pending.victim
        assert victim is not None
        self.pending_challenge = None
        if guilty:
            self.owe(offender, 4)
            self.note(narration.CHALLENGE_SUCCEEDS[test], offender)
            self.start_turn(victim)
        else:
            self.owe(victim, 6)
            self.note(narration.CHALLENGE_FAILS, victim)
            self.start_turn(self.next_seat(victim))

    def _apply_accept(self, action: act.AcceptDraw) -> None:
        pending = self.pending_challenge
        if self.phase is not Phase.CHALLENGE or pending is None or pending.victim is None:
            raise self._not_now(refusals.ACCEPT_A_WILD_DRAW_FOUR)
        victim = pending.victim
        self.pending_challenge = None
        self.owe(victim, 4)
        self.note(narration.DRAWS_FOUR, victim)
        self.start_turn(self.next_seat(victim))

    # --------------------------------------------------------- legal lists

    def _legal_turn(self, seat: int) -> list[Any]:
        # Run for every decision of every simulated match: kept lean on purpose.
        hand, mine = self.piles.hands[seat], self.seat_plays[seat]
        candidates = self.unseen_cards() if self.referee else dict.fromkeys(hand)
        playable, variants = self.playable_test(seat), mine.table(len(hand))
        plays: list[Any] = []
        for card in candidates:
            if card is not None and playable(card):
                plays.extend(variants[card])
        plays.append(mine.draw)
        return plays

    def _legal_drawn(self, seat: int) -> list[Any]:
        if self.referee:
            candidates: Iterable[Card] = self.unseen_cards()
        else:
            candidates = [self.drawn_card] if self.drawn_card is not None else []
        plays: list[Any] = []
        mine = self.seat_plays[seat]
        variants = mine.table(len(self.piles.hands[seat]))
        for card in candidates:
            if self.playable(card, seat):
                plays.extend(variants[card])
        plays.append(mine.keep)
        return plays

    def _legal_start_colour(self, seat: int) -> list[Any]:
        return [act.ChooseColour(colour, seat=seat) for colour in Colour]

    def _legal_challenge(self, seat: int) -> list[Any]:
        if self.referee:
            return [
                act.Challenge(True, seat=seat),
                act.Challenge(False, seat=seat),
                act.AcceptDraw(seat=seat),
            ]
        return [act.Challenge(seat=seat), act.AcceptDraw(seat=seat)]

    def _legal_start_card(self, seat: int) -> list[Any]:
        return [act.TurnUp(card, seat=seat) for card in self.unseen_cards()]
