"""An UNO match as the touchscreen shows it: the engine read back from the table's snapshot.

The table holds the match; `UnoView` reads the engine state back from the
snapshot's JSON (`GameSpec.state_from_json`) to say what everyone at the
table can see (the card in play, the colour, the counts, the idol) and what
the rules allow now: the cards that may be played or entered, and why the
others may not, in the engine's own sentences. It never changes the match.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from companion.games.actions import Action
from companion.games.base import GameSpec, RuleError
from companion.games.uno import actions as act
from companion.games.uno import duo_actions as dact
from companion.games.uno import tiki_actions as tact
from companion.games.uno.card_words import face_words, naming_cards
from companion.games.uno.cards import COLOUR_NAMES, Card, Colour, Kind
from companion.games.uno.challenge import QUESTIONS
from companion.games.uno.classic import ClassicUno
from companion.games.uno.duo import DuoUno
from companion.games.uno.phases import Phase
from companion.games.uno.tiki import TikiTwist
from companion.i18n import _, note_text
from companion.table import TableSnapshot
from ui.uno.card_drawing import card_name
from ui.uno.event_words import effect_words, event_words

DISCARD_2_CARDS = 2
"""How many cards a Tiki Discard 2 lets its player discard (the face says it; the engine
counts down from it)."""

PICKS = ("play", "start", "discard", "count", "run", "last")
"""What the card picker enters: a play, the start card, a Discard 2 card, a hand's cards,
an UNO Duo colour run, the card a Discard All leaves on top."""


@dataclass
class UnoView:
    """The snapshot with the engine read back from it, and the questions a screen asks."""

    snapshot: TableSnapshot
    game: ClassicUno

    @classmethod
    def of(cls, snapshot: TableSnapshot, spec: GameSpec) -> UnoView:
        """The view of one snapshot."""
        game = snapshot.game_state(spec)
        assert isinstance(game, ClassicUno), f"{spec.name} is not an UNO game"
        return cls(snapshot, game)

    # -- what everyone can see ----------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """The match's phase (whose decision, or which step of the turn)."""
        return self.game.phase

    @property
    def tiki(self) -> TikiTwist | None:
        """The match as UNO Tiki Twist, or None."""
        return self.game if isinstance(self.game, TikiTwist) else None

    @property
    def duo(self) -> DuoUno | None:
        """The match as UNO Duo, or None."""
        return self.game if isinstance(self.game, DuoUno) else None

    def name(self, seat: int | None) -> str:
        """A seat's player name ("" for None)."""
        return "" if seat is None else self.game.seat_name(seat)

    @property
    def spinning(self) -> bool:
        """True while the idol waits to be spun."""
        chance = self.snapshot.chance
        return chance is not None and chance.kind == "spin"

    def uno_word(self, seat: int) -> str:
        """What the table should know of a seat's UNO: "" unless it holds one card."""
        if len(self.game.hands[seat]) != 1 or self.phase in (Phase.SCORING, Phase.DRAFT,
                                                              Phase.DEALER):
            return ""
        if self.game.uno_exposed == seat:
            return _("no UNO!")
        return _("UNO!")

    def target_words(self) -> str:
        """The target: "Target 500", or UNO Duo's "First to 200 loses"."""
        target = self.game.options.target
        if self.game.options.scoring == "own_hand":
            return _("First to {points} loses").format(points=target)
        return _("Target {points}").format(points=target)

    def direction_words(self) -> str:
        """Who plays after the seat on turn, with the direction's arrow."""
        game = self.game
        arrow = "↻" if game.direction == 1 else "↺"
        if game.players == 2 or self.phase not in (Phase.TURN, Phase.DRAWN, Phase.CHALLENGE):
            return arrow
        return _("{arrow} then {name}").format(arrow=arrow, name=self.name(game.next_seat(
            game.current)))

    def prompt(self) -> str:
        """What the table must do now, in a sentence."""
        if self.snapshot.is_over:
            return self.event_words()
        if self.spinning:
            return self._spin_prompt()
        who = self.name(self.snapshot.to_move)
        phase = self.phase
        if phase is Phase.DEALER:
            if self.duo is not None:
                return _("Cut the cards: the highest number drafts first. Who drafts first?")
            return _("Cut the cards: the highest number deals. Who deals?")
        if phase is Phase.START_CARD:
            return _("{name} deals. Enter the start card turned up.").format(
                name=self.name(self.game.dealer))
        if phase is Phase.DRAFT:
            return self._draft_prompt()
        texts = {
            Phase.START_COLOUR: _("{name} names the colour of the Wild start card."),
            Phase.DRAWN: _("{name} drew a card: play it, or keep it."),
            Phase.CHALLENGE: _("{name}: challenge the Wild Draw Four, or draw 4."),
            Phase.PICK_SEAT: _("The idol stopped between two seats: {name} picks one."),
            Phase.SCORING: _("{name} went out. Count the cards left in each hand."),
        }
        if phase in texts:
            return texts[phase].format(name=who)
        if phase is Phase.TIKI_DISCARD:
            return _("{discard}: tap each card, or No more (Tiki Discard 2).").format(
                discard=self.discard_words())
        if phase is Phase.TIKI_DISCARD_ALL:
            return self._discard_all_prompt(who)
        return self._turn_prompt(who)

    def event_words(self) -> str:
        """The last event's line in the table's language (`ui.uno.event_words`)."""
        return event_words(self.snapshot, self.name)

    def effect_words(self) -> str:
        """What the last action made someone do at the table (`ui.uno.event_words`)."""
        return effect_words(self.snapshot, self.name)

    def _turn_prompt(self, who: str) -> str:
        duo, tiki = self.duo, self.tiki
        if duo is not None and duo.volley:
            return _("{name}: stack a Draw Two, or draw {n}.").format(name=who, n=duo.volley)
        if tiki is not None and tiki.go_to:
            return _("{name} (Go To): play onto the discard pile, or draw.").format(name=who)
        return _("{name}: play a card, or draw.").format(name=who)

    def _spin_prompt(self) -> str:
        tiki = self.tiki
        spinner = self.name(tiki.spinning_seat if tiki is not None else None)
        face = tiki.active_tiki_face if tiki is not None else None
        if face is None:
            return _("{name} spins the idol: the player it points to plays next.").format(
                name=spinner)
        return _("{name} spins the idol: {face} is active.").format(
            name=spinner, face=note_text(face_words(face), str))

    def _draft_prompt(self) -> str:
        duo = self.duo
        assert duo is not None and duo.draft is not None
        who = self.name(self.snapshot.to_move)
        sizes = ", ".join(f"{self.name(seat)} {len(duo.hands[seat])}/{duo.draft.hand_size}"
                          for seat in range(2))
        return _("Draft ({sizes}). {name}: keep the top card and turn the next face up,"
                 " or turn the top card face up and keep the next.").format(sizes=sizes,
                                                                           name=who)

    def discard_words(self) -> str:
        """A Tiki Discard 2 in progress, with the cards still to discard: "Ana: discard 2
        cards (1 left)"."""
        tiki = self.tiki
        left = 0 if tiki is None or tiki.tiki is None else tiki.tiki.left
        return _("{name}: discard {total} cards ({left} left)").format(
            name=self.name(self.snapshot.to_move), total=DISCARD_2_CARDS, left=left)

    def _discard_all_prompt(self, who: str) -> str:
        tiki = self.tiki
        face = tiki.active_tiki_face if tiki is not None else None
        colour = (_(COLOUR_NAMES[face.colour]) if face is not None and face.colour is not None
                  else "")
        return _("{name} discards all {colour} cards, or none: how many went down?").format(
            name=who, colour=colour)

    def challenge_question(self, before: tuple[Card | None, Colour | None] = (None, None)
                           ) -> str:
        """What the table checks in the challenged hand, as the rules' test asks it, with
        the card and colour in play `before` the Wild Draw Four (the card under it, when
        the screen did not see the play)."""
        pending = self.game.pending_challenge
        offender = self.name(pending.offender if pending is not None else None)
        question = _(QUESTIONS[self.game.options.wild_draw_four_challenge])
        card, colour = before
        if card is None and len(self.game.discard) > 1:
            card = self.game.discard[-2]
            colour = card.colour if card is not None else None
        text = _("{name} shows the hand to the challenger: {question}").format(
            name=offender, question=question[:1].upper() + question[1:])
        if card is None:
            return text
        shown = _("{colour} ({card})").format(colour=_(COLOUR_NAMES[colour]), card=card_name(
            card)) if colour else card_name(card)
        return text + " " + _("In play before the Wild Draw Four: {shown}.").format(shown=shown)

    # -- what the rules allow now -------------------------------------------------------------

    def actions_of(self, kind: type[Any] | tuple[type[Any], ...]) -> list[Any]:
        """The legal actions of `kind`, in the engine's order."""
        return [action for action in self.snapshot.legal_actions if isinstance(action, kind)]

    def first(self, kind: type[Any]) -> Action | None:
        """The first legal action of `kind`, or None."""
        found = self.actions_of(kind)
        return found[0] if found else None

    def allowed(self, pick: str, count: int = 0) -> dict[Card, list[Any]]:
        """The cards the picker may enter now for `pick`, each with its legal actions.

        Cards entered as a hand or a colour run are not listed by the engine
        (any cards may be in them): every card with a copy not yet showing is
        allowed, and the engine checks the whole entry.
        """
        found: dict[Card, list[Any]] = {}
        if pick in ("count", "run"):
            return {card: [] for card in self.game.unseen_cards()}
        kinds: dict[str, type[Any]] = {"play": act.PlayCard, "start": act.TurnUp,
                                       "discard": tact.TikiDiscard, "last": tact.DiscardAll}
        for action in self.actions_of(kinds[pick]):
            if pick == "last":
                if action.count != count or action.last is None:
                    continue
                card = action.last
            else:
                card = action.card
            found.setdefault(card, []).append(action)
        return found

    def refusal(self, card: Card, pick: str) -> str:
        """Why `card` cannot be entered now for `pick`: the engine's sentence."""
        game = self.game
        if card in game.deck_kinds:
            try:
                game.check_copies_left(card)
            except RuleError as error:
                return str(error) if error.note is None else note_text(
                    naming_cards(error.note), self.name)
        if pick == "play" and self.phase in (Phase.TURN, Phase.DRAWN):
            reason = game.play_refusal(card, game.current)
            if reason is not None:
                return note_text(naming_cards(reason), self.name)
        if pick == "last":
            return _("{card} is not a card of the Discard All colour.").format(
                card=card_name(card))
        return _("{card} cannot be entered now.").format(card=card_name(card))

    def run_cards(self, entered: list[Card]) -> set[Card]:
        """The cards that may come next in an UNO Duo colour run after `entered`.

        First a Reverse the rules let the player on turn play now (after a
        Reverse start card, any card of its colour), then the cards of that
        colour; no wilds, and each with a copy not yet showing (the engine
        checks the whole run when it is played).
        """
        left = set(self.copies_left(entered))
        if entered:
            colour = entered[0].colour
            return {card for card in left if card.colour is colour and not card.is_wild}
        game = self.game
        openers = {card for card in self.allowed("play")
                   if game.effective_kind(card) is Kind.REVERSE}
        duo = self.duo
        start = duo.start_run if duo is not None else None
        if start is not None:
            openers |= {card for card in left if card.colour is start and not card.is_wild}
        return openers & left

    @staticmethod
    def all_showing(card: Card) -> str:
        """Why a card cannot be entered when every copy of the deck is already showing."""
        return _("Every {card} of the deck is already showing: check the card.").format(
            card=card_name(card))

    def run_refusal(self, card: Card, entered: list[Card]) -> str:
        """Why `card` cannot come next in the colour run after `entered`, in a sentence."""
        if card.is_wild or card.colour is None:
            return _("A colour run has no wilds: its cards are all of one colour.")
        if entered and card.colour is not entered[0].colour:
            colour = entered[0].colour
            shown = _(COLOUR_NAMES[colour]) if colour is not None else ""
            return _("This run is {colour}: tap only {colour} cards.").format(colour=shown)
        if card not in self.copies_left(entered):
            return self.all_showing(card)
        if self.game.effective_kind(card) is not Kind.REVERSE:
            return _("A colour run starts with its Reverse: tap a Reverse that can be played "
                     "now.")
        return self.refusal(card, "play")

    def deck_cards(self) -> list[Card]:
        """Each different card of the match's deck once, in deck order."""
        return list(self.game.deck_distinct)

    def colours_named(self) -> list[Colour]:
        """The four colours, in the order the decks list them."""
        return list(Colour)

    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds."""
        return self.game.hand_sizes

    def totals(self) -> list[int]:
        """Each seat's match total."""
        return list(self.game.totals)

    def copies_left(self, entered: list[Card]) -> Counter[Card]:
        """How many copies of each card are not showing, after the cards `entered` so far."""
        shown = Counter(card for place in self.game.card_locations().values()
                        for card in place if card is not None)
        shown.update(entered)
        counts = self.game.deck_counts
        return Counter({card: counts[card] - shown[card] for card in counts
                        if counts[card] > shown[card]})

    def is_duo_run_open(self) -> bool:
        """UNO Duo: a colour run may be entered now (a normal turn, no volley)."""
        duo = self.duo
        return duo is not None and self.phase is Phase.TURN and not duo.volley

    def run_action(self, cards: list[Card], uno: bool) -> dact.PlayColour:
        """An UNO Duo colour run as entered (the engine checks it)."""
        return dact.PlayColour(tuple(cards), uno, seat=self.snapshot.to_move)

    def count_action(self, seat: int, points: int | None = None,
                     cards: tuple[Card, ...] = ()) -> act.CountHand:
        """A hand counted at the round's end, as its points or its cards."""
        return act.CountHand(seat, points=points, cards=cards, seat=self.snapshot.to_move)


__all__ = ["DISCARD_2_CARDS", "PICKS", "UnoView"]
