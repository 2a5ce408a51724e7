"""The state and turn flow every UNO game shares; `ClassicUno` adds the rules.

`UnoMatch` holds the cards, seats, scores and pending decisions, implements
the engine protocol of `companion.games.base` (chance requests, dispatch of
actions to ``_apply_<type>`` handlers and of legal-action lists to
``_legal_<phase>``), pays owed draws (asking for a reshuffle when the draw
pile runs out), closes rounds and writes the JSON form. See
`companion.games.uno.classic` for the rules and the list of hooks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Self

from companion.games.base import ChanceRequest, JSONValue, RuleError, check_outcome
from companion.games.uno import actions as act
from companion.games.uno.actions import action_from_json
from companion.games.uno.cards import Card, Colour
from companion.games.uno.deck_file import builtin_deck
from companion.games.uno.options import ClassicOptions
from companion.games.uno.scoring import CLASSIC_POINTS, PointsTable, hand_points


def cards_to_json(cards: Iterable[Card | None]) -> list[str | None]:
    """Card texts; None (an unknown card in referee mode) stays None."""
    return [None if card is None else str(card) for card in cards]


def cards_from_json(texts: Any) -> list[Card | None]:
    """Cards from `cards_to_json` output.

    Raises:
        RuleError: an entry is neither a card name nor null.
    """
    if not isinstance(texts, list):
        raise RuleError("A saved list of cards must be a list.")
    return [None if text is None else Card.parse(text) for text in texts]


class UnoMatch:
    """A match of an UNO game: cards, seats, scores, turn flow and JSON form."""

    game_name: ClassVar[str] = "classic"
    title: ClassVar[str] = "UNO"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 10
    builtin_decks: ClassVar[tuple[str, ...]] = ("classic108", "classic112")
    options_type: ClassVar[type[ClassicOptions]] = ClassicOptions
    action_types: ClassVar[dict[str, Any]] = act.ACTION_TYPES
    points_table: ClassVar[PointsTable] = CLASSIC_POINTS
    catch_phases: ClassVar[frozenset[str]] = frozenset(
        {"turn", "drawn", "challenge", "start_colour"}
    )
    """Phases in which a player who did not call UNO may be caught."""
    keeps_uno_window: ClassVar[frozenset[str]] = frozenset({"shuffle", "catch_uno"})
    """Action types that do not close the UNO catch window (chance, the catch itself)."""

    draw_pile: list[Card | None]
    """The draw pile, top card last (None: an unknown card in referee mode)."""
    discard: list[Card | None]
    """The discard pile, top card last."""
    hands: list[list[Card | None]]
    colour: Colour | None
    """The colour in play (named by a wild, else the top card's)."""
    drawn_card: Card | None
    uno_exposed: int | None
    """A seat that went down to one card without calling UNO and may be caught."""
    wd4: dict[str, Any] | None
    """The Wild Draw Four waiting for a challenge: offender, victim, guilty."""
    round_winner: int | None
    dealer: int | None
    pending_chance: str | None
    """The kind of chance the match waits for, or None."""

    def __init__(self, players: int, options: ClassicOptions | None = None) -> None:
        """Start a match: the first event is choosing the dealer.

        Raises:
            RuleError: a bad player count, deck or option, in a sentence.
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise RuleError(f"The number of players must be a whole number, not {players!r}.")
        if not self.min_players <= players <= self.max_players:
            raise RuleError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {players}."
            )
        self.players = players
        self.options = options if options is not None else self.options_type()
        self.referee = self.options.mode == "referee"
        self.deck: tuple[Card, ...] = self.build_deck()
        self.deck_kinds = frozenset(self.deck)
        self.deck_distinct: tuple[Card, ...] = tuple(dict.fromkeys(self.deck))
        """Each different card of the deck once, in deck order."""
        needed = players * self.options.hand_size + 1
        if len(self.deck) < needed:
            raise RuleError(
                f"A deck of {len(self.deck)} cards cannot deal {self.options.hand_size} cards "
                f"to {players} players and turn up a start card; use a bigger deck."
            )
        self.totals = [0] * players
        self.rounds: list[dict[str, Any]] = []
        self.dealer = None
        self.dealer_candidates = list(range(players))
        self.history: list[Any] = []
        self.phase = "dealer"
        self.pending_chance = None if self.referee else "dealer"
        # Until the first deal the whole deck waits as the draw pile.
        self.draw_pile = [] if self.referee else list(self.deck)
        self.discard = []
        self.hands = [[] for _ in range(self.players)]
        self._reset_round()

    def build_deck(self) -> tuple[Card, ...]:
        """The match's deck: the user's cards if given, else the built-in deck.

        Raises:
            RuleError: the deck names an unknown card or built-in deck.
        """
        if self.options.deck_cards:
            return tuple(Card.parse(text) for text in self.options.deck_cards)
        if self.options.deck not in self.builtin_decks:
            choices = " or ".join(self.builtin_decks)
            raise RuleError(
                f"{self.title} is played with the {choices} deck, not {self.options.deck!r}."
            )
        return builtin_deck(self.options.deck).cards

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
        return self.discard[:-1]

    def clear_reshuffle_sources(self) -> None:
        """Take the `reshuffle_sources()` away from where they lie."""
        del self.discard[:-1]

    def begin_round(self) -> None:
        """Start a round: shuffle and deal (simulation) or wait for the start card (referee)."""
        self._reset_round()
        if self.referee:
            self.discard = []
            size = self.options.hand_size
            self.hands = [[None] * size for _ in range(self.players)]
            self.draw_pile = [None] * (len(self.deck) - size * self.players)
            self.phase = "start_card"
        else:
            self.phase = "deal"
            self.pending_chance = "deal"

    def deal(self) -> None:
        """Deal the hands from the draw pile, one card at a time from the dealer's left."""
        assert self.dealer is not None
        order = [(self.dealer + step) % self.players for step in range(1, self.players + 1)]
        for _ in range(self.options.hand_size):
            for seat in order:
                self.hands[seat].append(self.draw_pile.pop())

    def chance_request(self, kind: str) -> ChanceRequest:
        """The request for the pending chance of `kind`."""
        prompts = {
            "dealer": "Shuffle: each player takes a card, the highest number deals.",
            "deal": "Shuffle the deck for the deal.",
            "restart": "Shuffle the Wild Draw Four back into the draw pile.",
            "reshuffle": "The draw pile is empty: shuffle the discard pile.",
        }
        return ChanceRequest("shuffle", prompts[kind], size=len(self.shuffle_cards(kind)))

    def shuffle_cards(self, kind: str) -> list[Any]:
        """The cards a shuffle of `kind` puts in a new order (before the shuffle)."""
        if kind in ("dealer", "deal"):
            return list(self.deck)
        if kind == "restart":
            return list(self.draw_pile)
        return self.reshuffle_sources()

    def spin_action(self, outcome: Any) -> Any:
        """The action for a spin outcome; classic UNO never spins.

        Raises:
            RuleError: always in classic UNO.
        """
        raise RuleError("Classic UNO has no spinner.")

    def decider(self) -> int:
        """The seat whose decision the current phase waits for."""
        if self.phase == "dealer":
            return 0
        if self.phase == "start_card":
            assert self.dealer is not None
            return self.dealer
        if self.phase == "scoring":
            assert self.round_winner is not None
            return self.round_winner
        return self.current

    def follow_entries(self, simulation: UnoMatch) -> list[Any]:
        """Referee mode: entries a person makes at the table that the simulation did by itself.

        `companion.games.uno.referee.follow` enters them; classic UNO has none
        beyond those `follow` knows.
        """
        return []

    def card_locations(self) -> dict[str, list[Card | None]]:
        """Every place a card can be, by name (hands as ``hand 0``, ``hand 1``...)."""
        places: dict[str, list[Card | None]] = {
            "draw pile": self.draw_pile,
            "discard": self.discard,
        }
        for seat, hand in enumerate(self.hands):
            places[f"hand {seat}"] = hand
        return places

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places after `seat` in the current direction."""
        return (seat + self.direction * steps) % self.players

    def start_turn(self, seat: int) -> None:
        """Give the turn to `seat`."""
        self.current = seat
        self.phase = "turn"
        self.drawn = False
        self.drawn_card = None

    def owe(self, seat: int, count: int, *, voluntary: bool = False) -> None:
        """Make `seat` draw `count` cards (paid as soon as the draw pile allows)."""
        self.owed.append([seat, count, int(voluntary)])

    def holds_colour(self, seat: int, colour: Colour | None) -> bool:
        """True if `seat` holds a card of `colour` (simulation only)."""
        return colour is not None and any(
            card is not None and card.colour is colour and not card.is_wild
            for card in self.hands[seat]
        )

    @property
    def top_card(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.discard[-1] if self.discard else None

    @property
    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds."""
        return [len(hand) for hand in self.hands]

    def _reset_round(self) -> None:
        """Reset the turn state; the cards stay where they lie until the next deal."""
        self.current = 0
        self.direction = 1
        self.colour = None
        self.owed: list[list[int]] = []
        self.uno_exposed: int | None = None
        self.wd4: dict[str, Any] | None = None
        self.drawn = False
        self.drawn_card = None
        self.round_winner: int | None = None
        self.start_cards: list[Card] = []
        self.counted: dict[int, int] = {}

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None while chance is pending or the match is over."""
        if self.pending_chance is not None or self.phase == "over":
            return None
        return self.decider()

    @property
    def is_over(self) -> bool:
        """True once the match has a result."""
        return self.phase == "over"

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
            raise RuleError("Nothing needs shuffling or spinning now.")
        check_outcome(request, outcome)
        if request.kind == "shuffle":
            return act.Shuffle(tuple(outcome))
        return self.spin_action(outcome)

    def legal_actions(self) -> list[Any]:
        """Every player action allowed now; empty while chance is pending or once over."""
        if self.pending_chance is not None or self.phase == "over":
            return []
        actions: list[Any] = getattr(self, f"_legal_{self.phase}")()
        exposed = self.uno_exposed
        catchable = exposed is not None and len(self.hands[exposed]) == 1
        if exposed is not None and catchable and self.phase in self.catch_phases:
            actions.append(act.CatchUno(exposed))
        return actions

    def apply(self, action: Any) -> None:
        """Apply one action (a player's or a chance outcome's).

        Raises:
            RuleError: the action is not allowed now; nothing changed.
        """
        handler = getattr(self, f"_apply_{getattr(action, 'type', '')}", None)
        if handler is None:
            raise RuleError(f"{action!r} is not an action of {self.title}.")
        if self.phase == "over":
            raise RuleError("The match is over: start a new one.")
        exposed = self.uno_exposed
        if action.type not in self.keeps_uno_window:
            self.uno_exposed = None  # the next decision closes the UNO catch window
        try:
            handler(action)
        except RuleError:
            self.uno_exposed = exposed
            raise
        self.history.append(action)
        self._advance()

    def _advance(self) -> None:
        """Pay owed draws, then finish a draw or a round when nothing is pending."""
        if self.pending_chance is not None or not self._pay_owed():
            return
        if self.phase == "drawing":
            self.after_draw()
        elif self.phase == "round_over":
            self._finish_round()

    def _pay_owed(self) -> bool:
        """Deal owed cards; False while waiting for a reshuffle."""
        while self.owed:
            entry = self.owed[0]
            seat, count, voluntary = entry
            while count:
                if not self.draw_pile and not self._refill_draw_pile():
                    if self.pending_chance is not None:
                        entry[1] = count
                        return False
                    break  # every card is in a hand: nothing left to draw
                card = self.draw_pile.pop()
                self.hands[seat].append(card)
                if voluntary:
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
            self.draw_pile = [None] * len(sources)
            return True
        self.pending_chance = "reshuffle"
        return False

    def _finish_round(self) -> None:
        if self.referee:
            self.phase = "scoring"
            self.counted = {}
            if not self.seats_to_count():
                self._close_round([0] * self.players)
            return
        points = [hand_points(hand, self.points_table) for hand in self.hands]  # type: ignore[arg-type]
        self._close_round(points)

    def seats_to_count(self) -> list[int]:
        """Referee mode: the seats whose hands must still be entered after a round."""
        return [seat for seat, hand in enumerate(self.hands) if hand and seat != self.round_winner]

    def _close_round(self, points_left: list[int]) -> None:
        assert self.round_winner is not None
        self.score_round(self.round_winner, points_left)
        self.rounds.append(
            {"winner": self.round_winner, "points": points_left, "totals": list(self.totals)}
        )
        if self.match_over():
            self.phase = "over"
            return
        if self.options.dealer_rotates:
            assert self.dealer is not None
            self.dealer = (self.dealer + 1) % self.players
        self.begin_round()

    def _not_now(self, what: str) -> RuleError:
        reasons = {
            "challenge": f"Seat {self.current} must first challenge or accept the Wild Draw Four.",
            "start_colour": f"Seat {self.current} must first name the colour of the Wild.",
            "drawn": f"Seat {self.current} must play the drawn card or keep it.",
            "turn": f"It is seat {self.current}'s turn to play or draw.",
            "scoring": "The round is over: enter the cards left in each hand.",
            "start_card": "Turn up the start card first.",
            "dealer": "Choose the dealer first.",
        }
        reason = reasons.get(self.phase, "That is not possible now.")
        return RuleError(f"You cannot {what} now. {reason}")

    def after_draw(self) -> None:
        """What follows a voluntary draw once the card arrived (see `ClassicUno`)."""
        raise NotImplementedError

    def json_fields(self) -> dict[str, JSONValue]:
        """The state's fields as JSON (variants extend the dict)."""
        return {
            "totals": list(self.totals),
            "rounds": [dict(record) for record in self.rounds],
            "dealer": self.dealer,
            "dealer_candidates": list(self.dealer_candidates),
            "phase": self.phase,
            "pending_chance": self.pending_chance,
            "current": self.current,
            "direction": self.direction,
            "colour": None if self.colour is None else self.colour.value,
            "draw_pile": cards_to_json(self.draw_pile),
            "discard": cards_to_json(self.discard),
            "hands": [cards_to_json(hand) for hand in self.hands],
            "owed": [list(entry) for entry in self.owed],
            "uno_exposed": self.uno_exposed,
            "wd4": None if self.wd4 is None else dict(self.wd4),
            "drawn": self.drawn,
            "drawn_card": None if self.drawn_card is None else str(self.drawn_card),
            "round_winner": self.round_winner,
            "start_cards": cards_to_json(self.start_cards),
            "counted": {str(seat): points for seat, points in self.counted.items()},
        }

    def load_json_fields(self, data: dict[str, Any]) -> None:
        """Set the state's fields from `json_fields` output (variants extend it)."""
        self.totals = [int(total) for total in data["totals"]]
        self.rounds = [dict(record) for record in data["rounds"]]
        self.dealer = data["dealer"]
        self.dealer_candidates = list(data["dealer_candidates"])
        self.phase = str(data["phase"])
        self.pending_chance = data["pending_chance"]
        self.current = int(data["current"])
        self.direction = int(data["direction"])
        self.colour = None if data["colour"] is None else Colour.parse(data["colour"])
        self.draw_pile = cards_from_json(data["draw_pile"])
        self.discard = cards_from_json(data["discard"])
        self.hands = [cards_from_json(hand) for hand in data["hands"]]
        self.owed = [[int(value) for value in entry] for entry in data["owed"]]
        self.uno_exposed = data["uno_exposed"]
        self.wd4 = None if data["wd4"] is None else dict(data["wd4"])
        self.drawn = bool(data["drawn"])
        self.drawn_card = None if data["drawn_card"] is None else Card.parse(data["drawn_card"])
        self.round_winner = data["round_winner"]
        self.start_cards = [card for card in cards_from_json(data["start_cards"]) if card]
        self.counted = {int(seat): int(points) for seat, points in data["counted"].items()}

    def to_json(self) -> dict[str, JSONValue]:
        """The whole match as plain JSON; `from_json` reads it back exactly."""
        return {
            "game": self.game_name,
            "players": self.players,
            "options": self.options.to_json(),
            **self.json_fields(),
            "history": [action.to_json() for action in self.history],
        }

    @classmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        """Rebuild a match written by `to_json`.

        Raises:
            RuleError: the data does not describe a match of this game.
        """
        game = cls
        if not isinstance(data, dict) or data.get("game") != game.game_name:
            raise RuleError(f"This saved game is not a {game.title} match.")
        try:
            state = game(data["players"], game.options_type.from_json(data["options"]))
            state.load_json_fields(data)
            state.history = [action_from_json(item, game.action_types) for item in data["history"]]
        except RuleError as error:
            raise RuleError(f"The saved {game.title} match is damaged: {error}") from None
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise RuleError(f"The saved {game.title} match is damaged ({error!r}).") from None
        return state

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
                action = action_from_json(action, game.action_types)
            try:
                state.apply(action)
            except RuleError as error:
                raise RuleError(f"Action {number} ({action}) cannot be replayed: {error}") from None
        return state
