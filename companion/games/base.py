"""What every rules engine shares: the error type, chance requests, the state protocol.

Engines are shaped like python-chess or OpenSpiel: a state with
`legal_actions()` and `apply(action)`, chance made explicit, and a lossless
JSON form. The table (`companion.table`) drives every engine through this
module alone, so it never needs to know which game is on the table.

Chance is input. When a state needs dice, a shuffle or a spin before play can
go on, `chance()` returns a `ChanceRequest` describing exactly what is needed;
whoever drives the game (the table with `secrets`, a test with a seeded
`random.Random`, a player tapping dice faces) produces an outcome and turns it
into an ordinary action with `chance_action(outcome)`. That action is applied
and logged like any other, so every game replays exactly from its actions.

Actions themselves, of every game, are one kind of value with one JSON codec:
`companion.games.actions`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, Protocol, Self, TypeVar

from companion.games.action_codec import Action, ActionSet, without_written_words
from companion.games.errors import JSONValue as JSONValue
from companion.games.errors import RuleError as RuleError
from companion.games.notes import N_ as N_
from companion.games.notes import N_counted as N_counted
from companion.games.notes import Note as Note
from companion.games.notes import NoteValue as NoteValue
from companion.games.option_choice import OptionChoice as OptionChoice

ChanceKind = Literal["dice", "shuffle", "spin"]

INVALID_ROLL = "invalid"
"""The outcome of a dice request when the dice landed cocked, off the tray or on a checker."""


@dataclass(frozen=True)
class ChanceRequest:
    """What chance must supply before play can go on.

    Outcomes by kind:
    - ``dice``: a list of `dice` integers, each from 1 to `sides`, or
      `INVALID_ROLL` when the dice tray reports a cocked or escaped roll: an
      engine whose rules say to re-roll then changes nothing and asks again;
    - ``shuffle``: a permutation of ``range(size)`` (the new order of `size`
      cards, described by the engine);
    - ``spin``: one seat from `seats`, or a pair of neighbouring seats when the
      spinner stopped between two players (the player who spun then picks one).
    """

    kind: ChanceKind
    prompt: str
    """A sentence for the screen: "Roll two dice.", "Spin needed: Draw 4 is active."."""
    dice: int = 0
    sides: int = 6
    size: int = 0
    seats: tuple[int, ...] = field(default=())
    note: Note | None = None
    """The prompt as a sentence with its seats apart, for a screen to say in its language
    (`companion.i18n.note_text`); None where the engine gives the prompt in English only."""
    takes_declared: bool = False
    """Dice the players may throw at the table and say what they made instead of their values:
    the engine also takes a declared result, a JSON object its `chance_action` reads and
    checks (the Yahtzee board's "Ana made four 5s"). Never in the log's request."""


class RuleOptions(Protocol):
    """A game's rule options: a typed value (defaults filled in) that writes itself as JSON."""

    def to_json(self) -> dict[str, JSONValue]:
        """Every option, defaults included, as plain JSON (what the table stores with a match)."""
        ...


class RuleOptionsType(Protocol):
    """The type of a game's rule options: it reads them from JSON."""

    def from_json(self, data: dict[str, JSONValue]) -> RuleOptions:
        """The options written in `data`, defaults filled in for what it leaves out.

        Raises:
            RuleError: an option is unknown or its value does not fit.
        """
        ...


OptionsT = TypeVar("OptionsT", bound=RuleOptions, covariant=True)


class PublicView(Protocol):
    """What everyone at the table may see of a match, as a typed value that writes itself
    as JSON (what a phone or an onlooker is sent)."""

    def to_json(self) -> dict[str, JSONValue]:
        """The public match as plain JSON."""
        ...


class GameState(ABC, Generic[OptionsT]):
    """A game or match in progress that lists and applies actions.

    Every engine subclasses it, the way python-chess's variants subclass
    `Board`: the abstract methods are what each engine must define; the hooks
    (`narration`, `unasked_chance`, `unnamed_seat`) have defaults that an
    engine overrides when its game needs to. `OptionsT` is the type of the
    engine's rule options, the `options` attribute every engine sets.

    `apply` validates first and only then changes the state: a `RuleError`
    leaves it untouched. Replaying the applied actions from the state that
    `GameSpec.new` made reproduces the state exactly.
    """

    # ----- what every engine class says about its game (its `GameSpec`, `GameSpec.of`) -----

    game_name: ClassVar[str]
    """Short name used on the command line and in the log: "backgammon", "tiki"."""
    title: ClassVar[str]
    """Name for people: "UNO Tiki Twist"."""
    family: ClassVar[str]
    """The family of games it belongs to, set once by the family's base engine: "uno"."""
    description: ClassVar[str]
    """One sentence describing the match, in English marked with `N_` for the catalog."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[RuleOptionsType]
    """The type of its rule options (`options`), read from JSON by `from_json`."""
    action_types: ClassVar[ActionSet]
    """Its actions by tag."""
    uses_spinner: ClassVar[bool] = False
    """The game asks for spins (UNO Tiki Twist): the table fits the spinner for it."""
    named_in_sentences: ClassVar[str] = ""
    """How a sentence that begins with the game names it ("The Yahtzee board game"); empty:
    by its `title`."""
    hides_nothing: ClassVar[bool] = False
    """Every player sees the whole state (Backgammon, the Yahtzee board): the state is its own
    `public_view`. False: the engine says what is public, or nothing is."""
    table_choices: ClassVar[tuple[OptionChoice, ...]] = ()
    """The rule options the table offers the players, in order (`OptionChoice`)."""
    table_defaults: ClassVar[Mapping[str, JSONValue]] = {}
    """Options a match started at the physical table gets under what the players chose (UNO's
    real cards are refereed: ``{"mode": "referee"}``); an explicit option still wins."""

    options: OptionsT
    """The rules this match is played with, defaults filled in."""

    _seat_names: tuple[str, ...] = ()

    @classmethod
    def check_players(cls, players: object) -> None:
        """Check that the game can be played by `players` players: the one refusal of a
        player count, for every engine.

        Raises:
            RuleError: `players` is not a whole number, or not one the game is for.
        """
        check_player_count(cls.named_in_sentences or cls.title, cls.min_players,
                           cls.max_players, players)

    @classmethod
    @abstractmethod
    def start(cls, players: int, options: Any) -> Self:
        """A new match for `players` players (already checked) with `options`, a value of
        `options_type`.

        Raises:
            RuleError: the options do not fit the game, in a sentence.
        """

    # ----- what every engine defines -----

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose decision it is, or None while chance is pending or the match is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """True once the match has a result."""

    @abstractmethod
    def chance(self) -> ChanceRequest | None:
        """What chance must supply next, or None when a player is to act."""

    @abstractmethod
    def chance_action(self, outcome: object) -> Action:
        """The action that applies a chance outcome (see `ChanceRequest`).

        The outcome comes from outside (a device, a person, JSON), so an
        engine checks its shape (`check_outcome`) before using it.

        Raises:
            RuleError: no chance is pending, or the outcome does not fit the request.
        """

    @abstractmethod
    def legal_actions(self) -> Sequence[Action]:
        """Every player action allowed now; empty while chance is pending or once over."""

    def as_listed(self, action: Action) -> Action:
        """`action` in this engine's own words: the legal action equal to it, or, for an
        action the engine takes without listing it, the same action without the words it
        was sent with (a game whose unlisted actions have words of their own says them
        here: backgammon's single checker steps)."""
        for legal in self.legal_actions():
            if legal == action:
                return legal
        return without_written_words(action)

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Apply one action (a player's or a chance outcome's).

        An action of another game is refused like any action the rules do not allow.

        Raises:
            RuleError: the action is not allowed now; nothing changed.
        """

    @abstractmethod
    def scores(self) -> list[int]:
        """Match scores so far, one per seat."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won the match (several on a shared win); empty until it is over."""

    @abstractmethod
    def to_json(self) -> dict[str, JSONValue]:
        """The whole state as plain JSON; `from_json` reads it back exactly."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, JSONValue]) -> Self:
        """Rebuild a state written by `to_json`.

        Raises:
            RuleError: the data does not describe a valid state.
        """

    # ----- hooks with defaults -----

    def public_view(self) -> PublicView | None:
        """What everyone at the table may see of the match: the whole state of a game that
        `hides_nothing`; else None (nothing leaves the companion) unless the engine says."""
        return self if self.hides_nothing else None

    def public_actions(self, actions: Sequence[Action]) -> tuple[Action, ...]:
        """The actions of `actions` everyone may see: all of them in a game that
        `hides_nothing`; else none unless the engine says (an action can name a card in a
        hand)."""
        return tuple(actions) if self.hides_nothing else ()

    def narration(self) -> list[Note]:
        """What the last applied action caused beyond itself: none unless the engine says.

        The consequences of the last action that its own text does not show
        (cards drawn as a penalty, a checker hit, a round scored, whose turn is
        skipped), for the screen and the table's log line. Not saved: a state
        read back from JSON has none.
        """
        return []

    def earlier_json_forms(self) -> list[dict[str, JSONValue]]:
        """The state's JSON as earlier versions of the companion wrote it: none unless it changed.

        An event log keeps the hash of the state's JSON after each event; a
        match logged before the JSON gained a field is checked against these.
        """
        return []

    def unasked_chance(self) -> ChanceRequest | None:
        """Chance the state accepts without asking for it: none unless the engine says.

        A Backgammon player who may double and throws the dice instead has
        chosen to roll without doubling.
        """
        return None

    def accepted_chance(self) -> ChanceRequest | None:
        """The chance the state takes now: what it asks for, or else what it accepts unasked."""
        request = self.chance()
        return request if request is not None else self.unasked_chance()

    def unnamed_seat(self, seat: int) -> str:
        """How a seat is called until the table names the players ("Player 1", "Seat 0").

        Each engine keeps its own wording for the command line.
        """
        return f"Seat {seat}"

    def seat_name(self, seat: int) -> str:
        """How prompts and refusals name a seat: the player's name once given."""
        if 0 <= seat < len(self._seat_names):
            return self._seat_names[seat]
        return self.unnamed_seat(seat)

    def name_seats(self, names: Sequence[str]) -> None:
        """Name the seats for prompts and refusals ("Ana: roll two dice.").

        Presentation only: used by no rule and never saved in the state's
        JSON, so replay and state hashes do not change.
        """
        self._seat_names = tuple(names)


def check_player_count(game: str, least: int, most: int, players: object) -> None:
    """Check that `players` is a whole number from `least` to `most`: the one refusal of a
    player count (`GameState.check_players`, `GameSpec.check_players`), naming `game`.

    Raises:
        RuleError: it is not, in a sentence ("Backgammon is for exactly 2 players, not 3.").
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise RuleError(f"Give the number of players as a whole number, not {players!r}.")
    if least <= players <= most:
        return
    allowed = f"exactly {least}" if least == most else f"{least} to {most}"
    raise RuleError(f"{game} is for {allowed} players, not {players}.")


@dataclass(frozen=True)
class GameSpec:
    """How the table starts, stores and restores one game.

    Derived from the engine's class attributes by `GameSpec.of`; each game
    family package exposes its specs as a module-level ``GAME_SPECS`` tuple,
    and `companion.games.registry` lists the families.
    """

    name: str
    """Short name used on the command line and in the log: "backgammon", "tiki"."""
    title: str
    """Name for people: "UNO Tiki Twist"."""
    family: str
    """The family of games it belongs to ("uno", "backgammon", "yahtzee"): what the rest of
    the product asks instead of the game's name."""
    description: str
    """One sentence describing the match, in English (marked for the catalog: a screen says it
    in its language)."""
    min_players: int
    max_players: int
    new: Callable[[int, dict[str, JSONValue]], GameState[RuleOptions]]
    """Start a match: (number of players, rule options as JSON, {} for defaults).

    Raises RuleError for a bad player count or option, with a sentence.
    """
    state_from_json: Callable[[dict[str, JSONValue]], GameState[RuleOptions]]
    actions: ActionSet
    """The game's actions by tag: `actions.from_json(data)` reads one back (RuleError on bad
    data)."""
    uses_spinner: bool = False
    """The game asks for spins (UNO Tiki Twist): the table fits the spinner for it."""
    choices: tuple[OptionChoice, ...] = ()
    """The rule options the table offers, in order (`GameState.table_choices`)."""
    table_defaults: Mapping[str, JSONValue] = field(default_factory=dict, hash=False)
    """Options under the players' choice for a match started at the table
    (`GameState.table_defaults`)."""

    named_in_sentences: str = ""
    """How a sentence that begins with the game names it; empty: by its `title`."""

    def check_players(self, players: object) -> None:
        """Check that the game can be played by `players` players (`check_player_count`).

        Raises:
            RuleError: it cannot, with the numbers it can.
        """
        check_player_count(self.named_in_sentences or self.title, self.min_players,
                           self.max_players, players)

    def table_options(self, options: Mapping[str, JSONValue]) -> dict[str, JSONValue]:
        """`options` over the table's defaults for this game."""
        return {**self.table_defaults, **options}

    def offered_choices(self, options: Mapping[str, JSONValue]) -> list[OptionChoice]:
        """The options of `choices` that mean something with `options` as they are now."""
        return [choice for choice in self.choices if choice.applies(options)]

    @classmethod
    def of(cls, game: type[GameState[Any]]) -> GameSpec:
        """The spec of an engine class, read from its class attributes.

        Its `new` refuses a player count the game is not for (`GameState.check_players`),
        then reads the options and starts the match (`GameState.start`).
        """

        def new(players: int, options: dict[str, JSONValue]) -> GameState[RuleOptions]:
            game.check_players(players)
            return game.start(players, game.options_type.from_json(options))

        return cls(
            name=game.game_name,
            title=game.title,
            family=game.family,
            description=game.description,
            min_players=game.min_players,
            max_players=game.max_players,
            new=new,
            state_from_json=game.from_json,
            actions=game.action_types,
            uses_spinner=game.uses_spinner,
            choices=game.table_choices,
            table_defaults=dict(game.table_defaults),
            named_in_sentences=game.named_in_sentences,
        )


def spin_seats(outcome: Any) -> tuple[int, ...] | None:
    """The seats of a spin outcome (one seat, or a sequence of seats), or None if it is not one.

    A seat is a whole number; True and False are not seats, although Python
    counts them as 1 and 0.
    """
    if isinstance(outcome, int) and not isinstance(outcome, bool):
        return (outcome,)
    if isinstance(outcome, Sequence) and not isinstance(outcome, str) and all(
        isinstance(seat, int) and not isinstance(seat, bool) for seat in outcome
    ):
        return tuple(outcome)
    return None


GIVE_DICE = N_counted(
    "Give exactly {count} die value, not {outcome}. {prompt}",
    "Give exactly {count} die values, not {outcome}. {prompt}",
)
DIE_WHOLE = N_("A die shows a whole number, not {value}.")
DIE_RANGE = N_("A die shows 1 to {sides}, not {value}.")
SHUFFLE_ORDER = N_("A shuffle must be an order of all {size} cards.")
SPIN_SEATS = N_("The spinner can stop only at seats {choices}.")


def check_outcome(
    request: ChanceRequest, outcome: Any, seat_name: Callable[[int], str] | None = None
) -> None:
    """Check that a chance outcome fits its request.

    `seat_name` names the seats of the request's prompt when a refusal repeats
    it; without it the refusal repeats the prompt's English words.

    Raises:
        RuleError: the outcome is of the wrong shape or out of range.
    """
    if request.kind == "dice":
        if request.takes_declared and isinstance(outcome, Mapping):
            return  # what the dice made, in words the engine reads and checks itself
        if outcome != INVALID_ROLL:
            _check_dice(request, outcome, seat_name)
    elif request.kind == "shuffle":
        if not isinstance(outcome, Sequence) or sorted(outcome) != list(range(request.size)):
            raise RuleError(Note.of(SHUFFLE_ORDER, size=request.size))
    elif request.kind == "spin":
        seats = spin_seats(outcome)
        if seats is None or not 1 <= len(seats) <= 2 or any(
            seat not in request.seats for seat in seats
        ):
            raise RuleError(Note.of(SPIN_SEATS, choices=str(list(request.seats))))


def _check_dice(
    request: ChanceRequest, outcome: Any, seat_name: Callable[[int], str] | None
) -> None:
    """`check_outcome` of dice values (every roll of every game comes through here).

    Raises:
        RuleError: not a sequence of `request.dice` whole numbers from 1 to `request.sides`.
    """
    values = outcome if type(outcome) in (list, tuple) else None  # the usual ones, not copied
    if values is None and isinstance(outcome, Sequence):
        values = list(outcome)
    if values is None or len(values) != request.dice:
        prompt: NoteValue = request.prompt
        if request.note is not None and seat_name is not None:
            prompt = request.note
        note = Note.of(GIVE_DICE, count=request.dice, outcome=repr(outcome), prompt=prompt)
        raise RuleError(note, seat_name)
    sides = request.sides
    for value in values:
        if type(value) is int and 1 <= value <= sides:  # `type(...) is int` turns bools away
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleError(Note.of(DIE_WHOLE, value=repr(value)))
        if not 1 <= value <= sides:
            raise RuleError(Note.of(DIE_RANGE, sides=sides, value=value))
