"""The turn flow every UNO game shares; `ClassicUno` adds the rules.

`UnoMatch` extends `MatchState` (``match_state.py``: the cards, seats, scores and
the JSON form) with the engine protocol of `companion.games.base` (chance
requests, dispatch of actions through `action_handlers` (action class ->
method) and of legal-action lists through `phase_actions` (phase ->
method), both explicit tables that variants extend), the UNO call and catch window,
owed draws (asking for a reshuffle when the draw pile runs out), the referee's
dealer entry, round ends (in referee mode each hand is counted at the table:
`CountHand`, listed as every total the hand can be worth) and replay. See
`companion.games.uno.classic` for the rules and `companion.games.uno` for the hooks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Self

from companion.games.base import (
    ChanceRequest,
    JSONValue,
    Note,
    NoteValue,
    RuleError,
    check_outcome,
)
from companion.games.uno import actions as act
from companion.games.uno import narration, refusals
from companion.games.uno.cards import Card
from companion.games.uno.hand_count import count_hand_actions, counted_points, hands_to_count
from companion.games.uno.match_state import MatchState
from companion.games.uno.options import ClassicOptions
from companion.games.uno.pending import OwedDraw
from companion.games.uno.phases import ChanceKind, Phase
from companion.games.uno.piles import Piles
from companion.games.uno.plays import SeatPlays, seat_plays
from companion.games.uno.scoring import RoundResult, hand_points

OTHER_DECIDERS = frozenset({Phase.DEALER, Phase.START_CARD, Phase.SCORING})
"""The phases in which the decision is not the current player's (see `UnoMatch.decider`)."""


class UnoMatch(MatchState):
    """A match of an UNO game: the turn flow, owed draws, round ends and the engine protocol."""

    def __init__(self, players: int, options: ClassicOptions | None = None) -> None:
        """Start a match: the first event is choosing the dealer.

        Raises:
            RuleError: a bad player count, deck or option, in a sentence.
        """
        super().__init__(players, options)
        self.seat_plays: tuple[SeatPlays, ...] = tuple(seat_plays(seat) for seat in range(players))
        """Each seat's turn actions, made once (`companion.games.uno.plays`)."""

    handlers: ClassVar[dict[type, Callable[[Any, Any], None]]]
    """Each action class with the method applying it (`action_handlers`)."""
    listers: ClassVar[dict[Phase, Callable[[Any, int], list[Any]]]]
    """Each decision phase with the method listing its legal actions for a seat
    (`phase_actions`)."""
    shufflers: ClassVar[dict[ChanceKind, Callable[[Any, list[Card]], None]]]
    """Each shuffle kind with the method that takes the shuffled cards (`shuffle_handlers`)."""
    finishers: ClassVar[dict[Phase, Callable[[Any], None]]]
    """Each phase an action may leave unfinished, with the method that finishes it once
    nothing is pending."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Build a game's dispatch tables once, from its hooks: they belong to the game,
        not to one match."""
        super().__init_subclass__(**kwargs)
        cls.handlers = cls.action_handlers()
        cls.listers = cls.phase_actions()
        cls.shufflers = cls.shuffle_handlers()
        cls.finishers = {Phase.DRAWING: cls.after_draw, Phase.ROUND_OVER: cls._finish_round}

    def score_round(self, winner: int, points_left: list[int]) -> None:
        """Add the round's points to the match totals (both scoring methods)."""
        if self.options.scoring == "winner":
            self.totals[winner] += sum(points_left)
        else:
            for seat, points in enumerate(points_left):
                self.totals[seat] += points

    def match_over(self) -> bool:
        """True once a total reaches the target."""
        return max(self.totals) >= self.options.target

    def winners(self) -> list[int]:
        """The seats that won the match: highest total, or lowest with own-hand scoring."""
        if not self.is_over:
            return []
        best = max(self.totals) if self.options.scoring == "winner" else min(self.totals)
        return [seat for seat, total in enumerate(self.totals) if total == best]

    def reshuffle_sources(self) -> list[Card | None]:
        """The cards an empty draw pile is rebuilt from: the discard pile but its top card."""
        return self.piles.under_top()

    def clear_reshuffle_sources(self) -> None:
        """Take the `reshuffle_sources()` away from where they lie."""
        self.piles.take_under_top()

    def begin_round(self) -> None:
        """Start a round: shuffle and deal (simulation) or wait for the start card (referee)."""
        self._reset_round()
        if self.referee:
            size = self.options.hand_size
            unknown_hands: list[list[Card | None]] = [[None] * size for _ in range(self.players)]
            self.piles = Piles(unknown_hands, [None] * (len(self.deck) - size * self.players))
            self.phase = Phase.START_CARD
        else:
            self.phase = Phase.DEAL
            self.pending_chance = ChanceKind.DEAL

    def deal(self) -> None:
        """Deal the hands from the draw pile, one card at a time from the dealer's left."""
        assert self.dealer is not None
        order = [(self.dealer + step) % self.players for step in range(1, self.players + 1)]
        self.piles.deal(order, self.options.hand_size)

    def chance_request(self, kind: ChanceKind) -> ChanceRequest:
        """The request for the pending chance of `kind`."""
        prompts = {
            ChanceKind.DEALER: (
                f"Shuffle: each player takes a card, the highest number {self.dealer_role}."
            ),
            ChanceKind.DEAL: "Shuffle the deck for the deal.",
            ChanceKind.RESTART: "Shuffle the Wild Draw Four back into the draw pile.",
            ChanceKind.RESHUFFLE: "The draw pile is empty: shuffle the discard pile.",
        }
        return ChanceRequest("shuffle", prompts[kind], size=len(self.shuffle_cards(kind)))

    def shuffle_cards(self, kind: ChanceKind) -> list[Any]:
        """The cards a shuffle of `kind` puts in a new order (before the shuffle).

        Raises:
            ValueError: `kind` is not a kind of chance.
        """
        kind = ChanceKind(kind)
        if kind in (ChanceKind.DEALER, ChanceKind.DEAL):
            return list(self.deck)
        if kind is ChanceKind.RESTART:
            return list(self.draw_pile)
        return self.reshuffle_sources()

    def spin_action(self, outcome: Any) -> Any:
        """The action for a spin outcome; classic UNO never spins.

        Raises:
            RuleError: always in classic UNO.
        """
        raise RuleError(Note.of(refusals.NO_SPINNER))

    def decider(self) -> int:
        """The seat whose decision the current phase waits for."""
        if self.phase not in OTHER_DECIDERS:
            return self.current
        if self.phase is Phase.DEALER:
            return 0
        if self.phase is Phase.START_CARD:
            assert self.dealer is not None
            return self.dealer
        if self.phase is Phase.SCORING:
            assert self.round_winner is not None
            return self.round_winner
        return self.current

    def follow_entries(self, simulation: UnoMatch) -> list[Any]:
        """Referee mode: entries a person makes at the table that the simulation did by itself.

        `companion.games.uno.referee.follow` enters them; classic UNO has none
        beyond those `follow` knows.
        """
        return []

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places after `seat` in the current direction."""
        return (seat + self.direction * steps) % self.players

    def start_turn(self, seat: int) -> None:
        """Give the turn to `seat`."""
        self.current = seat
        self.phase = Phase.TURN
        self.drawn = False
        self.drawn_card = None

    def owe(self, seat: int, count: int, *, voluntary: bool = False) -> None:
        """Make `seat` draw `count` cards (paid as soon as the draw pile allows)."""
        self.owed.append(OwedDraw(seat, count, voluntary))

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None while chance is pending or the match is over."""
        if self.pending_chance is not None or self.phase is Phase.OVER:
            return None
        return self.decider()

    @property
    def is_over(self) -> bool:
        """True once the match has a result."""
        return self.phase is Phase.OVER

    def scores(self) -> list[int]:
        """Match totals so far, one per seat."""
        return list(self.totals)

    def chance(self) -> ChanceRequest | None:
        """What chance must supply next, or None when a player is to act."""
        if self.pending_chance is None:
            return None
        return self.chance_request(self.pending_chance)

    def chance_action(self, outcome: Any) -> Any:
        """The action that applies a chance outcome.

        Raises:
            RuleError: no chance is pending, or the outcome does not fit the request.
        """
        request = self.chance()
        if request is None:
            raise RuleError(Note.of(refusals.NOTHING_TO_SHUFFLE_OR_SPIN))
        check_outcome(request, outcome, self.seat_name)
        if request.kind == "shuffle":
            return act.Shuffle(tuple(outcome))
        return self.spin_action(outcome)

    def legal_actions(self) -> list[Any]:
        """Every player action allowed now; empty while chance is pending or once over."""
        lister = self.listers.get(self.phase)  # none once the match is over
        if self.pending_chance is not None or lister is None:
            return []
        actions = lister(self, self.decider())
        exposed = self.uno_exposed
        if (
            exposed is not None
            and len(self.piles.hands[exposed]) == 1
            and self.phase in self.catch_phases
        ):
            actions += (act.CatchUno(exposed), act.CallUno(exposed, seat=exposed))
        return actions

    def apply(self, action: Any) -> None:
        """Apply one action (a player's or a chance outcome's).

        Raises:
            RuleError: the action is not allowed now; nothing changed.
        """
        handler = self.handlers.get(type(action))
        if handler is None:
            note = Note.of(refusals.NOT_AN_ACTION, action=repr(action), game=self.title)
            raise RuleError(note)
        if self.phase is Phase.OVER:
            raise RuleError(Note.of(refusals.MATCH_OVER))
        exposed, said = self.uno_exposed, self.said
        if type(action) not in self.keeps_uno_window:
            self.uno_exposed = None  # the next decision closes the UNO catch window
        self.said = []
        try:
            handler(self, action)
        except RuleError:
            self.uno_exposed, self.said = exposed, said
            raise
        self.history.append(action)
        self._advance()

    def narration(self) -> list[Note]:
        """What the last applied action caused that its own text does not show.

        Cards drawn as a penalty, a skipped player, a new direction, a spin's
        action, a reshuffle, a round's scores: sentences with seats as ``{0}``
        (`companion.games.base.Note`). Empty before the first action and for a
        match read back from JSON (the notes describe one step, not the position).
        """
        return [Note.of(text, seats, **values) for text, seats, values in self.said]

    def _advance(self) -> None:
        """Pay owed draws, then finish a draw or a round when nothing is pending."""
        if self.pending_chance is not None or (self.owed and not self._pay_owed()):
            return
        finish = self.finishers.get(self.phase)
        if finish is not None:
            finish(self)

    def _pay_owed(self) -> bool:
        """Deal owed cards; False while waiting for a reshuffle."""
        while self.owed:
            entry = self.owed[0]
            seat, count = entry.seat, entry.count
            while count:
                if not self.piles.draw_pile and not self._refill_draw_pile():
                    if self.pending_chance is not None:
                        self.owed[0] = OwedDraw(seat, count, entry.voluntary)
                        return False
                    break  # every card is in a hand: nothing left to draw
                card = self.piles.draw(seat)
                if entry.voluntary:
                    self.drawn, self.drawn_card = True, card
                count -= 1
            self.owed.pop(0)
        return True

    def _refill_draw_pile(self) -> bool:
        """Rebuild the draw pile now (referee) or ask for a shuffle; True if refilled now."""
        sources = self.reshuffle_sources()
        if not sources:
            return False
        if self.referee:
            self.clear_reshuffle_sources()
            self.piles.draw_pile = [None] * len(sources)
            self.note(narration.RAN_OUT)
            return True
        self.pending_chance = ChanceKind.RESHUFFLE
        return False

    def _finish_round(self) -> None:
        if self.referee:
            self.phase = Phase.SCORING
            self.counted = {}
            if not self.seats_to_count():
                self._close_round([0] * self.players)
            else:
                winner = self.round_winner
                assert winner is not None
                self.note(narration.WENT_OUT, winner)
            return
        points = [hand_points(hand, self.round_points_table) for hand in self.hands]  # type: ignore[arg-type]
        self._close_round(points)

    def _close_round(self, points_left: list[int]) -> None:
        assert self.round_winner is not None
        before = list(self.totals)
        self.score_round(self.round_winner, points_left)
        self._note_round(before)
        self.rounds.append(
            RoundResult(self.round_winner, tuple(points_left), tuple(self.totals))
        )
        if self.match_over():
            self.phase = Phase.OVER
            leader = max(range(self.players), key=lambda seat: self.totals[seat])
            self.note(narration.MATCH_OVER, leader, points=self.totals[leader])
            return
        if self.options.dealer_rotates:
            assert self.dealer is not None
            self.dealer = (self.dealer + 1) % self.players
        assert self.dealer is not None
        self.note(self.new_round, self.dealer)
        self.begin_round()

    def _note_round(self, before: list[int]) -> None:
        """Say who won the round and what each seat scored for it."""
        assert self.round_winner is not None
        winner = self.round_winner
        gained = [after - was for after, was in zip(self.totals, before, strict=True)]
        if self.options.scoring == "winner":
            self.note(narration.ROUND_WON, winner, points=gained[winner])
            return
        self.note(narration.ROUND_WON_NOTHING, winner)
        for seat, points in enumerate(gained):
            if seat != winner:
                self.note(narration.CARDS_LEFT, seat, points=points)

    def _not_now(self, what: str, **values: NoteValue) -> RuleError:
        """The refusal of `what` (a phrase of `refusals`, "play {card}") at this moment.

        It says what the game waits for instead (`waiting_note`).
        """
        tried = Note.of(what, (), **values)
        return RuleError(
            Note.of(refusals.NOT_NOW, what=tried, reason=self.waiting_note()), self.seat_name
        )

    def waiting_note(self) -> Note:
        """What the game waits for now, as a sentence (variants add their own phases)."""
        reason = refusals.WAITING.get(self.phase, refusals.NOT_POSSIBLE_NOW)
        return Note.of(reason, (self.current,) if "{0}" in reason else ())

    def after_draw(self) -> None:
        """What follows a voluntary draw once the card arrived (see `ClassicUno`)."""
        raise NotImplementedError

    @classmethod
    def replay(
        cls, players: int, options: dict[str, JSONValue] | None, actions: Iterable[Any]
    ) -> Self:
        """A new match with `options`, after applying `actions` (objects or their JSON).

        Raises:
            RuleError: an action is not allowed where it comes in the list.
        """
        game = cls
        state = game(players, game.options_type.from_json(options or {}))
        for number, action in enumerate(actions, start=1):
            if isinstance(action, dict):
                action = game.action_types.from_json(action)
            try:
                state.apply(action)
            except RuleError as error:
                raise RuleError(f"Action {number} ({action}) cannot be replayed: {error}") from None
        return state

    # ------------------------------------------------------ dispatch tables

    @classmethod
    def action_handlers(cls) -> dict[type, Callable[[Any, Any], None]]:
        """Each action class this game accepts, with the method that applies it.

        Variants extend the table: ``{**super().action_handlers(), PlayColour:
        cls._apply_play_colour}``; it is built once per game (`__init_subclass__`).
        Every handler validates first and changes nothing before it has decided
        the action is legal.
        """
        return {
            act.ChooseDealer: cls._apply_choose_dealer,
            act.CatchUno: cls._apply_catch_uno,
            act.CallUno: cls._apply_call_uno,
            act.CountHand: cls._apply_count_hand,
        }

    @classmethod
    def phase_actions(cls) -> dict[Phase, Callable[[Any, int], list[Any]]]:
        """Each decision phase with the method that lists its legal actions (variants extend it).

        The method is given the deciding seat and makes the actions as taken by
        it: `legal_actions()` is the hot path of every simulated match, so the
        actions are made once, seated, rather than made and then copied.
        """
        return {Phase.DEALER: cls._legal_dealer, Phase.SCORING: cls._legal_scoring}

    @classmethod
    def shuffle_handlers(cls) -> dict[ChanceKind, Callable[[Any, list[Card]], None]]:
        """Each shuffle kind with the method that takes the shuffled cards (see `ClassicUno`)."""
        return {}

    # ------------------------------------------------- dealer, UNO, round end

    def _apply_choose_dealer(self, action: act.ChooseDealer) -> None:
        if self.phase is not Phase.DEALER or not self.referee:
            raise self._not_now(refusals.CHOOSE_THE_DEALER)
        if not 0 <= action.dealer < self.players:
            raise RuleError(Note.of(refusals.CHOOSE_A_DEALER_FROM, last=self.players - 1))
        self.dealer = action.dealer
        self.begin_round()

    def _apply_catch_uno(self, action: act.CatchUno) -> None:
        seat = action.caught
        if self.phase not in self.catch_phases:
            raise self._not_now(refusals.CATCH_A_PLAYER)
        if self.uno_exposed != seat or not 0 <= seat < self.players or len(self.hands[seat]) != 1:
            raise RuleError(Note.of(refusals.CANNOT_BE_CAUGHT, (seat,)), self.seat_name)
        self.owe(seat, self.options.uno_penalty)
        self.note(narration.CAUGHT, seat, count=self.options.uno_penalty)
        self.uno_exposed = None

    def _apply_call_uno(self, action: act.CallUno) -> None:
        seat = action.caller
        if (
            self.phase not in self.catch_phases
            or self.uno_exposed != seat
            or len(self.hands[seat]) != 1
        ):
            raise RuleError(Note.of(refusals.CANNOT_CALL_UNO, (seat,)), self.seat_name)
        self.uno_exposed = None

    def _apply_count_hand(self, action: act.CountHand) -> None:
        if self.phase is not Phase.SCORING:
            raise self._not_now(refusals.COUNT_A_HAND)
        seat = action.counted
        waiting = [s for s in self.seats_to_count() if s not in self.counted]
        if seat not in waiting:
            listed = refusals.seat_list(waiting)
            note = Note.of(refusals.NO_HAND_TO_COUNT, (seat,), waiting=listed)
            raise RuleError(note, self.seat_name)
        points = counted_points(self, action)
        self.counted[seat] = points
        if action.cards:  # the hand is shown: its cards now count as face up
            self.piles.hands[seat] = list(action.cards)
        if len(self.counted) == len(self.seats_to_count()):
            self._close_round([self.counted.get(s, 0) for s in range(self.players)])

    def _legal_dealer(self, seat: int) -> list[Any]:
        return [act.ChooseDealer(dealer, seat=seat) for dealer in range(self.players)]

    def seats_to_count(self) -> list[int]:
        """Referee mode: the seats whose hands must still be entered after a round."""
        return hands_to_count(self)

    def _legal_scoring(self, seat: int) -> list[Any]:
        return count_hand_actions(self, seat)
