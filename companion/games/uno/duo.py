"""UNO Duo: the two-player UNO of Mark and Cristina Ball, on the classic engine.

`DuoUno` subclasses `ClassicUno` and changes only what the Duo rules change,
through the classic hooks (listed in `companion.games.uno`):

- the cut winner (the classic "dealer") is Player 1 and drafts first; the
  first drafter alternates by round; the hands are **drafted** (`DraftPick`,
  bookkeeping in `draft.py`) and the 14-card draft discard goes under the draw
  pile; Player 2 plays first (`begin_round`, ``_shuffled_deal``);
- the Duo start-card rules (`start_card_effect`);
- **Draw Two volleys** (`card_effect`, `playable`, ``_apply_draw``): the
  opponent stacks a Draw Two or draws the total, which ends their turn;
- **Skip**: its player goes again; a lone **Reverse** simply passes the turn;
- **Reverse: play all cards of its colour** (`PlayColour`, all or none); the
  last card takes effect exactly as if played alone (D-U7); after a Reverse
  start card Player 2 may play all their cards of its colour;
- **Wild Draw Four**: the victim draws 4 and its player goes again, or the
  victim challenges: guilty is holding a card that could have been played
  (colour, number or symbol: ``wild_draw_four_challenge = "playable_card"``,
  not classic's colour alone); a guilty player draws 4 and loses the extra turn (D-U8),
  an innocent one makes the challenger draw 6 (classic's challenge with two
  players does exactly this);
- **UNO**: a player who did not call it may be caught by the opponent until
  they call it late (`CallUno`) or their hand changes (`apply`);
- an empty draw pile is rebuilt by turning the discard pile (under its top
  card) face down, without a shuffle (``_refill_draw_pile``);
- Duo card points; each player adds their own hand and the first to reach 200
  loses: the lower score wins (`DuoOptions` defaults).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from companion.games.action_codec import ActionSet
from companion.games.base import N_, JSONValue, Note, OptionChoice, RuleError
from companion.games.uno import actions as act
from companion.games.uno import duo_actions as dact
from companion.games.uno import narration, refusals
from companion.games.uno.cards import Card, Colour, Kind, colour_name
from companion.games.uno.classic import ClassicUno
from companion.games.uno.draft import Draft
from companion.games.uno.match_state import UnfitDeckError
from companion.games.uno.options import DUO_CHOICES, ChallengeTest, ClassicOptions
from companion.games.uno.phases import Phase
from companion.games.uno.piles import Piles, cards_from_json, cards_to_json
from companion.games.uno.plays import distinct
from companion.games.uno.scoring import DUO_POINTS
from companion.games.uno.table_view import DuoTableView


@dataclass(frozen=True)
class DuoOptions(ClassicOptions):
    """UNO Duo options: the 112-card deck, own-hand scoring, 200 points ends (and loses)."""

    deck: str = "classic112"
    scoring: Literal["winner", "own_hand"] = "own_hand"
    """The player who went out scores 0, the other their own hand; the lower total wins."""
    target: int = 200
    """Reaching this total ends the match, and the player who reached it loses."""
    run_last_card_acts: bool = True
    """D-U7: the last card of a Reverse run takes effect as if played alone;
    False: a run simply ends the turn."""
    wild_draw_four_challenge: ChallengeTest = "playable_card"
    """The UNO Duo rulebook: a challenged player is guilty when they held a card they
    could have played (matching the colour in play, or the number or symbol of the
    card in play); "colour_in_play" applies classic UNO's test."""
    guilty_loses_extra_turn: bool = True
    """D-U8: a Wild Draw Four player caught by a challenge draws 4 and loses the
    extra turn; False: they draw 4 and still play again."""


class DuoUno(ClassicUno):
    """An UNO Duo match between seats 0 and 1."""

    game_name: ClassVar[str] = "duo"
    title: ClassVar[str] = N_("UNO Duo")
    description: ClassVar[str] = N_(
        "UNO for two players: draft your hands, volley Draw Twos and empty your hand first."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    dealer_role: ClassVar[str] = "drafts first"
    cut_won: ClassVar[str] = narration.CUT_DRAFTS_FIRST
    new_round: ClassVar[str] = narration.NEW_ROUND_DRAFTS_FIRST
    options_type: ClassVar[type[ClassicOptions]] = DuoOptions
    table_choices: ClassVar[tuple[OptionChoice, ...]] = DUO_CHOICES
    action_types: ClassVar[ActionSet] = dact.DUO_ACTIONS
    points_table = DUO_POINTS

    draft: Draft | None
    draft_discard: list[Card | None]
    """The face-up draft discard, oldest first."""
    volley: int
    """Cards a Draw Two volley has stacked up so far (0: no volley)."""
    start_run: Colour | None
    """After a Reverse start card: its colour, while Player 2 may play all of it."""

    def __init__(self, players: int, options: ClassicOptions | None = None) -> None:
        """Start a match between two players (see `ClassicUno`).

        Raises:
            RuleError: a player count other than 2, a bad deck or option, in a sentence.
        """
        super().__init__(players, options)
        needed = Draft.cards_needed(self.options.hand_size) + 1
        if len(self.deck) < needed:
            raise UnfitDeckError(
                f"A deck of {len(self.deck)} cards cannot draft {self.options.hand_size} cards "
                f"each and turn up a start card: UNO Duo needs {needed}; use a bigger deck."
            )

    @property
    def duo_options(self) -> DuoOptions:
        """The match's options with their UNO Duo fields."""
        assert isinstance(self.options, DuoOptions)
        return self.options

    # ------------------------------------------------------------ the draft

    def begin_round(self) -> None:
        """Shuffle then draft (simulation), or draft the physical cards (referee)."""
        super().begin_round()
        if self.referee:
            self.piles = Piles.empty_hands(self.players, [None] * len(self.deck))
            self._start_draft()

    def _shuffled_deal(self, cards: list[Card]) -> None:
        self.piles = Piles.empty_hands(self.players, cards)
        self._start_draft()

    def _start_draft(self) -> None:
        assert self.dealer is not None
        self.draft = Draft(first_drafter=self.dealer, hand_size=self.options.hand_size)
        self.phase = Phase.DRAFT

    @property
    def draft_card(self) -> Card | None:
        """The card the drafter is looking at (simulation), or None."""
        if self.phase is not Phase.DRAFT or not self.draw_pile:
            return None
        return self.draw_pile[-1]

    def _apply_draft(self, action: dact.DraftPick) -> None:
        if self.phase is not Phase.DRAFT or self.draft is None:
            raise self._not_now(refusals.DRAFT_A_CARD)
        seat = self.draft.drafter
        assert seat is not None
        draw_pile = self.piles.draw_pile
        if len(draw_pile) < 2:
            raise RuleError(Note.of(refusals.DRAW_PILE_TOO_SMALL))
        looked, following = draw_pile.pop(), draw_pile.pop()
        kept, dropped = (looked, following) if action.keep else (following, looked)
        self.piles.hands[seat].append(kept)
        self.draft_discard.append(dropped)
        self.draft.record_pick(seat)
        if self.draft.is_complete:
            self._finish_draft()

    def _finish_draft(self) -> None:
        """The draft discard is turned face down under the draw pile; the start card is turned."""
        self.piles.draw_pile = [*reversed(self.draft_discard), *self.piles.draw_pile]
        self.draft_discard = []
        self.draft = None
        if self.referee:
            self.phase = Phase.START_CARD
        else:
            self.turn_up_start_card()

    def _legal_dealer(self, seat: int) -> list[Any]:
        return [dact.ChooseFirstDrafter(drafter, seat=seat) for drafter in range(self.players)]

    def _legal_draft(self, seat: int) -> list[Any]:
        return [dact.DraftPick(True, seat=seat), dact.DraftPick(False, seat=seat)]

    # ------------------------------------------------------- start card

    def start_card_effect(self, card: Card) -> None:
        """Player 2 (after the dealer, who drafted first) goes first, as the Duo rules say."""
        assert self.dealer is not None
        player_1, player_2 = self.dealer, self.next_seat(self.dealer)
        kind = self.effective_kind(card)
        self.colour = card.colour
        if kind in (Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR):
            count = 2 if kind is Kind.DRAW_TWO else 4
            self.owe(player_2, count)
            self.note(narration.START_CARD_DRAWS, player_2, count=count)
        if kind in (Kind.DRAW_TWO, Kind.SKIP):
            self.start_turn(player_1)
            self.note(narration.PLAYS_FIRST, player_1)
        elif card.is_wild:  # Player 1 names the colour
            self.current = player_1
            self.phase = Phase.START_COLOUR
            self.note(narration.START_WILD, player_1)
        else:
            self.start_turn(player_2)
            if kind is Kind.REVERSE:
                self.start_run = card.colour
                assert card.colour is not None  # a Reverse always has its colour
                self.note(narration.START_RUN, player_2, colour=colour_name(card.colour))

    def _apply_choose_colour(self, action: act.ChooseColour) -> None:
        super()._apply_choose_colour(action)
        top = self.discard[-1]
        if top is not None and self.effective_kind(top) is not Kind.WILD_DRAW_FOUR:
            self.start_turn(self.next_seat(self.current))  # after a Wild, Player 2 plays

    # ------------------------------------------------------------ the turn

    def start_turn(self, seat: int) -> None:
        """Give the turn to `seat`; the Reverse start offer lasts one turn."""
        super().start_turn(seat)
        self.start_run = None

    def playable_test(self, seat: int) -> Callable[[Card], bool]:
        """During a Draw Two volley only a Draw Two may be played."""
        matches = super().playable_test(seat)
        if not self.volley:
            return matches
        effective_kind = self.effective_kind

        def playable(card: Card) -> bool:
            return effective_kind(card) is Kind.DRAW_TWO and matches(card)

        return playable

    def play_refusal(self, card: Card, seat: int) -> Note | None:
        """Why `card` may not be played now (the volley's sentence first)."""
        if self.volley and self.effective_kind(card) is not Kind.DRAW_TWO:
            return Note.of(refusals.VOLLEY_ON, count=self.volley)
        return super().play_refusal(card, seat)

    def _plays_again(self, seat: int) -> None:
        self.note(narration.PLAYS_AGAIN, seat)
        self.start_turn(seat)

    def _passes(self, seat: int) -> None:
        self.start_turn(self.next_seat(seat))

    def _feeds_volley(self, seat: int) -> None:
        self.volley += 2
        self.start_turn(self.next_seat(seat))
        self.note(narration.VOLLEY, self.current, count=self.volley)

    card_effects: ClassVar[dict[Kind, Callable[[Any, int], None]]] = {
        **ClassicUno.card_effects,
        Kind.SKIP: _plays_again,
        Kind.REVERSE: _passes,
        Kind.DRAW_TWO: _feeds_volley,
    }
    """Skip plays again, a lone Reverse passes, a Draw Two starts or feeds a volley."""

    def last_card_effect(self, card: Card, seat: int) -> None:
        """A Draw Two that goes out makes the opponent draw it and the volley stacked before it.

        The opponent cannot stack any more (the round is over), so they are the
        first who does not stack and draw the total. With ``last_card_effects``
        off the round ends with nobody drawing, the volley included.
        """
        stacked, self.volley = self.volley, 0
        if not self.options.last_card_effects or not stacked:
            super().last_card_effect(card, seat)
            return
        assert self.effective_kind(card) is Kind.DRAW_TWO  # only a Draw Two is played on a volley
        opponent, total = self.next_seat(seat), stacked + 2
        self.owe(opponent, total)
        self.note(narration.VOLLEY_LAST_CARD, opponent, count=total)

    def _apply_draw(self, action: act.Draw) -> None:
        if not self.volley:
            super()._apply_draw(action)
            return
        if self.phase is not Phase.TURN:
            raise self._not_now(refusals.DRAW)
        self.owe(self.current, self.volley)
        self.note(narration.VOLLEY_DRAWN, self.current, count=self.volley)
        self.volley = 0
        self.start_turn(self.next_seat(self.current))

    # --------------------------------------------------- play all of a colour

    def _run_colour(self, cards: tuple[Card, ...]) -> Colour | None:
        """The colour `cards` may be played as a Reverse run, or None."""
        colours = {card.colour for card in cards}
        if not cards or len(colours) != 1 or any(card.is_wild for card in cards):
            return None
        colour = cards[0].colour
        opens_run = self.effective_kind(cards[0]) is Kind.REVERSE and len(cards) >= 2
        if opens_run and self.playable(cards[0], self.current):
            return colour
        return colour if colour is self.start_run else None

    def _apply_play_colour(self, action: dact.PlayColour) -> None:
        seat, cards = self.current, action.cards
        hand = self.hands[seat]
        if self.phase is not Phase.TURN or self.volley:
            raise self._not_now(refusals.PLAY_A_COLOUR)
        colour = self._run_colour(cards)
        if colour is None:
            raise RuleError(Note.of(refusals.RUN_NEEDS_A_REVERSE))
        self._check_whole_colour(seat, colour, cards)
        if action.uno and len(hand) - len(cards) != 1:
            raise RuleError(Note.of(refusals.UNO_WITH_ONE_LEFT))
        for card in cards:
            self.piles.take_from_hand(seat, card, known=not self.referee)
        self.piles.discard.extend(cards)
        self.colour = colour
        if len(hand) == 1 and not action.uno:
            self.uno_exposed = seat
        if not hand:
            self.round_winner = seat
            self.phase = Phase.ROUND_OVER
            self.last_card_effect(cards[-1], seat)
            return
        if self.duo_options.run_last_card_acts:
            self.card_effect(cards[-1], seat)  # D-U7: the last card acts as if played alone
        else:
            self.start_turn(self.next_seat(seat))

    def _check_whole_colour(self, seat: int, colour: Colour, cards: tuple[Card, ...]) -> None:
        hand = self.hands[seat]
        if self.referee:
            if len(cards) > len(hand):
                note = Note.of(refusals.HOLDS_ONLY, (seat,), size=len(hand))
                raise RuleError(note, self.seat_name)
            missing = [card for card in cards if card not in self.deck_kinds]
            if missing:
                raise RuleError(Note.of(refusals.NOT_IN_DECK, card=str(missing[0])))
            for card, entered in Counter(cards).items():
                self.check_copies_left(card, entered)
            return
        held = Counter(card for card in hand if card is not None and card.colour is colour
                       and not card.is_wild)
        if Counter(cards) != held:
            shown = ", ".join(str(card) for card in held.elements())
            note = Note.of(refusals.PLAY_EVERY_CARD, colour=colour_name(colour), cards=shown)
            raise RuleError(note)

    def _colour_runs(self, seat: int) -> list[Any]:
        """Every `PlayColour` open to `seat` now: one per distinct last card, with UNO when due."""
        if self.referee or self.volley:
            return []
        hand = self.hands[seat]
        reverse = Kind.REVERSE
        reverses = [card for card in hand if card is not None and card.kind is reverse]
        if not reverses and self.start_run is None:
            return []  # the common case, kept cheap: no run is possible
        runs: list[tuple[Card, ...]] = []
        open_colours = {card.colour for card in distinct(reverses) if self.playable(card, seat)}
        if self.start_run is not None:
            open_colours.add(self.start_run)
        # In colour order, not set order: a set of colours iterates in a different
        # order in each process, and the list order decides a seeded random choice.
        for colour in (colour for colour in Colour if colour in open_colours):
            cards = [card for card in hand if card is not None and card.colour is colour
                     and not card.is_wild]
            for last in distinct(cards):
                rest = list(cards)
                rest.remove(last)
                order = (*_reverse_first(rest, self), last)
                if self._run_colour(order) is not None:
                    runs.append(order)
        calls = (False, True)
        return [dact.PlayColour(run, call, seat=seat) for run in runs for call in calls
                if not call or len(hand) - len(run) == 1]

    def _legal_turn(self, seat: int) -> list[Any]:
        return [*super()._legal_turn(seat), *self._colour_runs(seat)]

    def _apply_challenge(self, action: act.Challenge) -> None:
        offender = None if self.pending_challenge is None else self.pending_challenge.offender
        super()._apply_challenge(action)
        guilty = offender is not None and self.current != offender
        if guilty and not self.duo_options.guilty_loses_extra_turn:
            assert offender is not None
            self.start_turn(offender)  # D-U8 off: the offender keeps the extra turn
            self.note(narration.STILL_PLAYS_AGAIN, offender)

    # ------------------------------------------------------------- UNO

    def apply(self, action: Any) -> None:
        """Apply `action`; a missed UNO stays catchable until called or the hand changes.

        Raises:
            RuleError: the action is not allowed now; nothing changed.
        """
        exposed = self.uno_exposed
        super().apply(action)
        if (
            exposed is not None
            and self.uno_exposed is None
            and not isinstance(action, act.CatchUno | act.CallUno)
            and self.phase in self.catch_phases
            and len(self.hands[exposed]) == 1
        ):
            self.uno_exposed = exposed

    # ------------------------------------------------------- the draw pile

    def _refill_draw_pile(self) -> bool:
        """Turn the discard pile under its top card face down: UNO Duo does not shuffle."""
        sources = self.reshuffle_sources()
        if not sources:
            return False
        self.clear_reshuffle_sources()
        self.piles.draw_pile = [None] * len(sources) if self.referee else list(reversed(sources))
        self.note(narration.TURNED_OVER)
        return True

    # ------------------------------------------------------ dispatch tables

    @classmethod
    def action_handlers(cls) -> dict[type, Callable[[Any, Any], None]]:
        """Classic's actions plus the first drafter, the draft and a colour run."""
        return {
            **super().action_handlers(),
            dact.ChooseFirstDrafter: cls._apply_choose_dealer,
            dact.DraftPick: cls._apply_draft,
            dact.PlayColour: cls._apply_play_colour,
        }

    @classmethod
    def phase_actions(cls) -> dict[Phase, Callable[[Any, int], list[Any]]]:
        """Classic's phases plus the draft."""
        return {**super().phase_actions(), Phase.DRAFT: cls._legal_draft}

    # ------------------------------------------------------------ state

    def decider(self) -> int:
        """The drafter during the draft; otherwise as classic."""
        if self.phase is Phase.DRAFT and self.draft is not None and self.draft.drafter is not None:
            return self.draft.drafter
        return super().decider()

    def card_locations(self) -> dict[str, list[Card | None]]:
        """Classic's places plus the draft discard."""
        places = super().card_locations()
        places["draft discard"] = list(self.draft_discard)
        return places

    def waiting_note(self) -> Note:
        """During the draft the game waits for the drafter."""
        if self.phase is Phase.DRAFT and self.draft is not None:
            return Note.of(refusals.DRAFTING, (self.decider(),))
        return super().waiting_note()

    def _reset_round(self) -> None:
        super()._reset_round()
        self.draft = None
        self.draft_discard = []
        self.volley = 0
        self.start_run = None

    def public_view(self) -> DuoTableView:
        """The classic view of the table with the Draw Two volley."""
        return DuoTableView(**self.table_fields(), volley=self.volley)

    def json_fields(self) -> dict[str, JSONValue]:
        """Classic's fields plus the draft, the volley and the Reverse start offer."""
        return {
            **super().json_fields(),
            "draft": None if self.draft is None else self.draft.to_json(),
            "draft_discard": cards_to_json(self.draft_discard),
            "volley": self.volley,
            "start_run": None if self.start_run is None else self.start_run.value,
        }

    def load_json_fields(self, data: dict[str, Any]) -> None:
        """Read classic's fields plus the draft, the volley and the Reverse start offer."""
        super().load_json_fields(data)
        self.draft = None if data["draft"] is None else Draft.from_json(data["draft"])
        self.draft_discard = cards_from_json(data["draft_discard"])
        self.volley = int(data["volley"])
        self.start_run = None if data["start_run"] is None else Colour.parse(data["start_run"])


def _reverse_first(cards: list[Card], game: DuoUno) -> list[Card]:
    """`cards` with a Reverse moved to the front, when there is one."""
    for index, card in enumerate(cards):
        if game.effective_kind(card) is Kind.REVERSE:
            return [card, *cards[:index], *cards[index + 1 :]]
    return cards
