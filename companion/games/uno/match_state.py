"""The cards, seats and scores of an UNO match, and their JSON form.

`MatchState` is the data half of `UnoMatch` (``match.py``): it builds the
deck, owns the round's cards (`piles`, a `Piles`: draw pile, discard pile,
hands and the moves between them) and names where every card lies
(`card_locations`), holds the seats, totals and the pending decision, and
writes and reads the lossless JSON form. The turn flow and the engine
protocol live in `UnoMatch`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Self

from companion.games.action_codec import Action, ActionSet
from companion.games.base import N_, GameState, JSONValue, Note, NoteValue, OptionChoice, RuleError
from companion.games.uno import actions as act
from companion.games.uno import narration, refusals
from companion.games.uno.cards import Card, Colour, Kind
from companion.games.uno.deck_facts import DeckFacts
from companion.games.uno.deck_file import builtin_deck
from companion.games.uno.options import (
    CLASSIC_CHOICES,
    OPTIONS_ADDED_LATER,
    REFEREE_AT_THE_TABLE,
    ClassicOptions,
)
from companion.games.uno.pending import OwedDraw, PendingChallenge
from companion.games.uno.phases import NO_TURN, ChanceKind, Phase
from companion.games.uno.piles import Piles, cards_from_json, cards_to_json
from companion.games.uno.scoring import CLASSIC_POINTS, PointsTable, RoundResult
from companion.games.uno.table_view import UnoTableView, cards_named


class UnfitDeckError(RuleError):
    """A user's deck that this game cannot be played with (the whole deck is refused)."""


class MatchState(GameState[ClassicOptions]):
    """The cards, seats, scores and pending decision of an UNO match, with its JSON form."""

    game_name: ClassVar[str] = "classic"
    family: ClassVar[str] = "uno"
    uses_spinner: ClassVar[bool] = False
    title: ClassVar[str] = N_("UNO")
    description: ClassVar[str] = N_(
        "Match the card in play by colour, number or symbol, and empty your hand first."
    )
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 10
    builtin_decks: ClassVar[tuple[str, ...]] = ("classic108", "classic112")
    options_type: ClassVar[type[ClassicOptions]] = ClassicOptions
    table_choices: ClassVar[tuple[OptionChoice, ...]] = CLASSIC_CHOICES
    table_defaults: ClassVar[Mapping[str, JSONValue]] = REFEREE_AT_THE_TABLE
    action_types: ClassVar[ActionSet] = act.CLASSIC_ACTIONS
    points_table: ClassVar[PointsTable] = CLASSIC_POINTS
    """The game's card points; a match scores with `round_points_table` (D-U1 applied)."""
    dealer_role: ClassVar[str] = "deals"
    """What the seat that cut the highest card does, for the prompt of the cut (UNO Duo:
    "drafts first")."""
    cut_won: ClassVar[str] = narration.CUT_DEALS
    """The narration of the cut's winner (UNO Duo: who drafts first)."""
    new_round: ClassVar[str] = narration.NEW_ROUND_DEALS
    """The narration of a new round's dealer (UNO Duo: who drafts first)."""
    plays_tiki_faces: ClassVar[bool] = False
    """True for a game with the Tiki idol; the others refuse a deck with Tiki Faces."""
    catch_phases: ClassVar[frozenset[Phase]] = frozenset(
        {Phase.TURN, Phase.DRAWN, Phase.CHALLENGE, Phase.START_COLOUR}
    )
    """Phases in which a player who did not call UNO may be caught."""
    keeps_uno_window: ClassVar[frozenset[type]] = frozenset(
        {act.Shuffle, act.CatchUno, act.CallUno}
    )
    """Action classes that do not close the UNO catch window (chance, the catch or call itself)."""

    piles: Piles
    """The round's draw pile, discard pile and hands."""
    colour: Colour | None
    """The colour in play (named by a wild, else the top card's)."""
    drawn_card: Card | None
    uno_exposed: int | None
    """A seat that went down to one card without calling UNO and may be caught."""
    phase: Phase
    pending_challenge: PendingChallenge | None
    """The Wild Draw Four waiting for a challenge (saved as ``wd4``)."""
    owed: list[OwedDraw]
    """Draws not yet paid, first owed first."""
    round_winner: int | None
    dealer: int | None
    pending_chance: ChanceKind | None
    """The kind of chance the match waits for, or None."""

    @classmethod
    def start(cls, players: int, options: ClassicOptions) -> Self:
        """A new match (see `__init__`).

        Raises:
            RuleError: a bad player count, deck or option, in a sentence.
        """
        return cls(players, options)

    def __init__(self, players: int, options: ClassicOptions | None = None) -> None:
        """Start a match: the first event is choosing the dealer.

        Raises:
            RuleError: a bad player count, deck or option, in a sentence.
        """
        self.check_players(players)
        self.players = players
        self.options = options if options is not None else self.options_type()
        self.referee = self.options.mode == "referee"
        self.deck_facts = DeckFacts.of(self.build_deck())
        """The deck's cards, copies and matching table, shared with other matches."""
        needed = players * self.options.hand_size + 1
        if len(self.deck) < needed:
            raise UnfitDeckError(
                f"A deck of {len(self.deck)} cards cannot deal {self.options.hand_size} cards "
                f"to {players} players and turn up a start card; use a bigger deck."
            )
        self.totals = [0] * players
        self.rounds: list[RoundResult] = []
        self.dealer = None
        self.dealer_candidates = list(range(players))
        # The actions applied to this object, for tests and tools; not part of the
        # saved state, which is the position alone (the event log keeps the actions).
        self.history: list[Any] = []
        # What the last applied action caused (`narration()`), as the arguments of
        # `Note.of`: most actions of a simulated match are never narrated, so the notes
        # are made when asked for. Not saved either, so a match read back from JSON
        # has none until its next action.
        self.said: list[tuple[str | tuple[str, str], tuple[int, ...], dict[str, NoteValue]]] = []
        self.phase = Phase.DEALER
        self.pending_chance = None if self.referee else ChanceKind.DEALER
        # Until the first deal the whole deck waits as the draw pile.
        self.piles = Piles.empty_hands(players, [] if self.referee else self.deck)
        self._reset_round()

    @property
    def deck(self) -> tuple[Card, ...]:
        """The match's deck, one entry per physical card."""
        return self.deck_facts.cards

    @property
    def deck_kinds(self) -> frozenset[Card]:
        """The deck's different cards, as a set."""
        return self.deck_facts.kinds

    @property
    def deck_counts(self) -> Mapping[Card, int]:
        """The copies of each different card of the deck."""
        return self.deck_facts.counts

    @property
    def deck_distinct(self) -> tuple[Card, ...]:
        """Each different card of the deck once, in deck order."""
        return self.deck_facts.distinct

    @property
    def round_points_table(self) -> PointsTable:
        """The points cards score at a round's end: a blank wild as the card it plays as (D-U1)."""
        blank_wild = self.points_table[self.effective_kind(Card(Kind.BLANK_WILD))]
        return {**self.points_table, Kind.BLANK_WILD: blank_wild}

    def effective_kind(self, card: Card) -> Kind:
        """What `card` does when played (D-U1: a blank wild acts as the option says)."""
        if card.is_blank_wild:
            return Kind.WILD_DRAW_FOUR if self.options.blank_wild == "wild_draw_four" else Kind.WILD
        return card.kind

    def build_deck(self) -> tuple[Card, ...]:
        """The match's deck: the user's cards if given, else the built-in deck.

        Raises:
            RuleError: the deck names an unknown card or built-in deck.
            UnfitDeckError: the user's deck holds cards this game cannot play.
        """
        if self.options.deck_cards:
            cards = tuple(Card.parse(text) for text in self.options.deck_cards)
            self.check_deck(cards)
            return cards
        if self.options.deck not in self.builtin_decks:
            choices = " or ".join(self.builtin_decks)
            raise RuleError(
                f"{self.title} is played with the {choices} deck, not {self.options.deck!r}; "
                "give your own cards with deck_cards."
            )
        return builtin_deck(self.options.deck).cards

    def check_deck(self, cards: tuple[Card, ...]) -> None:
        """Refuse a user's deck with cards this game cannot play (Tiki Faces need the idol).

        Raises:
            UnfitDeckError: the deck holds Tiki Faces and this game has no idol.
        """
        if self.plays_tiki_faces:
            return
        faces = list(dict.fromkeys(str(card) for card in cards if card.is_tiki_face))
        if faces:
            raise UnfitDeckError(
                f"{self.title} has no Tiki idol to play Tiki Faces, and this deck holds "
                f"{', '.join(faces)}: play it as UNO Tiki Twist or take those cards out."
            )

    def check_copies_left(self, card: Card, entered: int = 1) -> None:
        """Referee mode: refuse a card whose every copy is already face up.

        `entered` is how many copies of `card` the entry plays at once.

        Raises:
            RuleError: fewer than `entered` copies of `card` are left: the others
                are known to lie elsewhere (the discard pile, the idol...).
        """
        seen = sum(place.count(card) for place in self.card_locations().values())
        copies = self.deck_facts.counts[card]
        if seen + entered > copies:
            raise RuleError(Note.of(refusals.COPIES_SHOWING, count=copies, card=str(card)))

    def unseen_cards(self) -> list[Card]:
        """Referee mode: each different card of the deck with a copy not yet showing.

        The cards a person may enter as played, turned up or discarded now
        (`check_copies_left` refuses the others).
        """
        shown = Counter(
            card for place in self.card_locations().values() for card in place if card is not None
        )
        facts = self.deck_facts
        return [card for card in facts.distinct if shown[card] < facts.counts[card]]

    def card_locations(self) -> dict[str, list[Card | None]]:
        """Every place a card can be, by name (hands as ``hand 0``, ``hand 1``...)."""
        return self.piles.locations()

    def note(self, text: str | tuple[str, str], *seats: int, **values: NoteValue) -> None:
        """Tell what the action being applied caused: a sentence of `narration`.

        `text` names `seats` as ``{0}``, ``{1}``... and `values` by name
        (``count`` for a counted sentence): ``self.note(narration.CAUGHT, seat, count=2)``.
        """
        self.said.append((text, seats, values))

    @property
    def top_card(self) -> Card | None:
        """The top card of the discard pile, if any."""
        return self.piles.top_card

    @property
    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds."""
        return self.piles.hand_sizes

    @property
    def hands(self) -> list[list[Card | None]]:
        """Each seat's hand (`piles.hands`; None: a card unknown in referee mode)."""
        return self.piles.hands

    @property
    def draw_pile(self) -> list[Card | None]:
        """The draw pile, top card last (`piles.draw_pile`)."""
        return self.piles.draw_pile

    @property
    def discard(self) -> list[Card | None]:
        """The discard pile, top card last (`piles.discard`)."""
        return self.piles.discard

    def _reset_round(self) -> None:
        """Reset the turn state; the cards stay where they lie until the next deal."""
        self.current = 0
        self.direction = 1
        self.colour = None
        self.owed = []
        self.uno_exposed: int | None = None
        self.pending_challenge = None
        self.drawn = False
        self.drawn_card = None
        self.round_winner: int | None = None
        self.start_cards: list[Card] = []
        self.counted: dict[int, int] = {}

    def json_fields(self) -> dict[str, JSONValue]:
        """The state's fields as JSON (variants extend the dict)."""
        return {
            "totals": list(self.totals),
            "rounds": [record.to_json() for record in self.rounds],
            "dealer": self.dealer,
            "dealer_candidates": list(self.dealer_candidates),
            "phase": self.phase.value,
            "pending_chance": None if self.pending_chance is None else self.pending_chance.value,
            "current": self.current,
            "direction": self.direction,
            "colour": None if self.colour is None else self.colour.value,
            **self.piles.to_json(),
            "owed": [entry.to_json() for entry in self.owed],
            "uno_exposed": self.uno_exposed,
            "wd4": None if self.pending_challenge is None else self.pending_challenge.to_json(),
            "drawn": self.drawn,
            "drawn_card": None if self.drawn_card is None else str(self.drawn_card),
            "round_winner": self.round_winner,
            "start_cards": cards_to_json(self.start_cards),
            "counted": {str(seat): points for seat, points in self.counted.items()},
        }

    def load_json_fields(self, data: dict[str, Any]) -> None:
        """Set the state's fields from `json_fields` output (variants extend it)."""
        self.totals = [int(total) for total in data["totals"]]
        self.rounds = [RoundResult.from_json(record) for record in data["rounds"]]
        self.dealer = data["dealer"]
        self.dealer_candidates = list(data["dealer_candidates"])
        self.phase = Phase(data["phase"])
        chance = data["pending_chance"]
        self.pending_chance = None if chance is None else ChanceKind(chance)
        self.current = int(data["current"])
        self.direction = int(data["direction"])
        self.colour = None if data["colour"] is None else Colour.parse(data["colour"])
        self.piles = Piles.from_json(data)
        self.owed = [OwedDraw.from_json(entry) for entry in data["owed"]]
        self.uno_exposed = data["uno_exposed"]
        wd4 = data["wd4"]
        self.pending_challenge = None if wd4 is None else PendingChallenge.from_json(wd4)
        self.drawn = bool(data["drawn"])
        self.drawn_card = None if data["drawn_card"] is None else Card.parse(data["drawn_card"])
        self.round_winner = data["round_winner"]
        self.start_cards = [card for card in cards_from_json(data["start_cards"]) if card]
        self.counted = {int(seat): int(points) for seat, points in data["counted"].items()}

    def earlier_json_forms(self) -> list[dict[str, JSONValue]]:
        """The JSON of matches logged before the options in `OPTIONS_ADDED_LATER` existed."""
        data = self.to_json()
        options = data["options"]
        if not any(options.get(key) == value for key, value in OPTIONS_ADDED_LATER.items()):
            return []
        earlier = {key: value for key, value in options.items() if key not in OPTIONS_ADDED_LATER}
        return [{**data, "options": earlier}]

    def public_view(self) -> UnoTableView:
        """The match as everyone at the table sees it: no card of a hand or of the draw pile."""
        return UnoTableView(**self.table_fields())

    def table_fields(self) -> dict[str, Any]:
        """The fields of `UnoTableView` (a variant's view adds its own)."""
        piles = self.piles
        return {
            "game": self.game_name,
            "players": self.players,
            "phase": self.phase,
            "colour": self.colour,
            "current": self.current,
            "turn_seat": None if self.phase in NO_TURN else self.current,
            "dealer": self.dealer,
            "direction": self.direction,
            "drawn": self.drawn,
            "uno_exposed": self.uno_exposed,
            "round_winner": self.round_winner,
            "totals": tuple(self.totals),
            "rounds": tuple(record.to_json() for record in self.rounds),
            "top_card": piles.top_card,
            "discard_count": len(piles.discard),
            "draw_count": len(piles.draw_pile),
            "hand_counts": tuple(piles.hand_sizes),
            "hands_left": self.hands_left(),
            "challenge_pending": self.pending_challenge is not None,
            "mode": self.options.mode,
            "target": self.options.target,
            "target_loses": self.options.scoring == "own_hand",
        }

    def hands_left(self) -> tuple[tuple[Card, ...], ...] | None:
        """The cards each seat held when the last round ended, while they still lie there:
        from its scoring to the next deal, and at the match's end. They are public then (the
        hands are counted face up). None during a round, before the first one's end, and in
        a refereed match (the companion knows no card of a hand)."""
        if self.referee or not self.rounds or self.phase not in (Phase.DEAL, Phase.OVER):
            return None
        return tuple(tuple(card for card in hand if card is not None)
                     for hand in self.piles.hands)

    def hidden_cards(self) -> set[Card]:
        """The cards nobody but their holder may know: in a hand (until the round's end has
        shown them, `hands_left`), in the draw pile, just drawn (known only in simulation; a
        refereed match knows none of them)."""
        hands = [] if self.hands_left() is not None else self.piles.hands
        places = [*hands, self.piles.draw_pile, [self.drawn_card]]
        return {card for place in places for card in place if card is not None}

    def public_actions(self, actions: Sequence[Action]) -> tuple[Action, ...]:
        """The actions of `actions` that name no hidden card (`hidden_cards`)."""
        hidden = self.hidden_cards()
        if not hidden:
            return tuple(actions)
        return tuple(action for action in actions if hidden.isdisjoint(cards_named(action)))

    def to_json(self) -> dict[str, JSONValue]:
        """The whole match as plain JSON; `from_json` reads it back exactly."""
        return {
            "game": self.game_name,
            "players": self.players,
            "options": self.options.to_json(),
            **self.json_fields(),
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
        except RuleError as error:
            raise RuleError(f"The saved {game.title} match is damaged: {error}") from None
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise RuleError(f"The saved {game.title} match is damaged ({error!r}).") from None
        return state
