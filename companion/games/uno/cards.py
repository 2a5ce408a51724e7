"""The UNO card model shared by classic UNO, UNO Tiki Twist and UNO Duo.

A `Card` is a small immutable value with a paired parse and format, the way
python-chess pairs `Move.from_uci()` with `move.uci()`:

    >>> Card.parse("blue 7")
    Card.parse('Blue 7')
    >>> str(Card.parse("wild draw 4"))
    'Wild Draw Four'

Card texts (case and spacing do not matter when parsing; `str()` gives the
canonical form shown first):

- numbers: "Blue 7", "Red 0"; a Tiki Twist Spin card adds "Spin": "Green 4 Spin";
- colour actions: "Red Skip", "Yellow Reverse", "Green Draw Two" ("Draw 2", "+2");
- wilds: "Wild", "Wild Draw Four" ("Wild Draw 4", "Wild +4"), "Blank Wild"
  (the customisable cards of the 112-card deck), "Wild Tiki";
- Tiki Faces: "Tiki Draw 1", "Tiki Draw 2", "Tiki Draw 4", "Tiki Discard 2",
  "Tiki Discard All Red" (the colour shown on the face), "Tiki Go To".

Colours may be abbreviated to their first letter when parsing ("B7", "r skip").
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from companion.games.base import N_, Note, RuleError


class CardError(RuleError):
    """A text that does not name an UNO card."""


class Colour(StrEnum):
    """The four UNO colours, in the order the decks list them."""

    RED = "Red"
    YELLOW = "Yellow"
    GREEN = "Green"
    BLUE = "Blue"

    @classmethod
    def parse(cls, text: str) -> Colour:
        """The colour named by `text` ("red", "R", "Blue").

        Raises:
            CardError: no colour has that name.
        """
        key = text.strip().lower()
        for colour in cls:
            if key in (colour.value.lower(), colour.value[0].lower()):
                return colour
        raise CardError(f"{text!r} is not a colour: choose Red, Yellow, Green or Blue.")


class Kind(StrEnum):
    """What a card does, independent of its colour."""

    NUMBER = "Number"
    SKIP = "Skip"
    REVERSE = "Reverse"
    DRAW_TWO = "Draw Two"
    WILD = "Wild"
    WILD_DRAW_FOUR = "Wild Draw Four"
    BLANK_WILD = "Blank Wild"
    WILD_TIKI = "Wild Tiki"
    TIKI_FACE = "Tiki"


class TikiAction(StrEnum):
    """The action printed on a Tiki Face card."""

    DRAW_1 = "Draw 1"
    DRAW_2 = "Draw 2"
    DRAW_4 = "Draw 4"
    DISCARD_2 = "Discard 2"
    DISCARD_ALL = "Discard All"
    GO_TO = "Go To"


_INTERNED: dict[tuple[object, ...], Card] = {}

WILD_KINDS = frozenset({Kind.WILD, Kind.WILD_DRAW_FOUR, Kind.BLANK_WILD, Kind.WILD_TIKI})
COLOUR_ACTION_KINDS = frozenset({Kind.SKIP, Kind.REVERSE, Kind.DRAW_TWO})


class Card:
    """One UNO card: an immutable value, one shared object per distinct card.

    `colour` is None for wilds and for Tiki Faces other than Discard All (whose
    colour is the one shown on the face). `value` is the face value of number
    cards and None otherwise. `spin` marks a Tiki Twist Spin card; `tiki` is
    the action of a Tiki Face.

    ``Card(...)`` returns the same object for the same card, so equality and
    hashing are the built-in identity ones: cards are compared and hashed in
    every step of every simulated game, and this keeps that at C speed.
    """

    __slots__ = (
        "_text",
        "colour",
        "is_blank_wild",
        "is_tiki_face",
        "is_wild",
        "kind",
        "spin",
        "symbol",
        "tiki",
        "value",
    )
    kind: Kind
    colour: Colour | None
    value: int | None
    spin: bool
    tiki: TikiAction | None
    is_wild: bool
    """True for cards that match anything and name a colour when played."""
    is_blank_wild: bool
    """True for a blank wild (it plays as the match's option says)."""
    is_tiki_face: bool
    """True for a Tiki Face card (it goes into the idol, not the discard pile)."""
    symbol: int | Kind | None
    """What the card matches by besides its colour: its number, or its action
    kind (Skip, Reverse, Draw Two); None for wilds and Tiki Faces."""
    _text: str

    def __new__(
        cls,
        kind: Kind,
        colour: Colour | None = None,
        value: int | None = None,
        spin: bool = False,
        tiki: TikiAction | None = None,
    ) -> Card:
        key = (kind, colour, value, spin, tiki)
        card = _INTERNED.get(key)
        if card is None:
            card = object.__new__(cls)
            for name, item in zip(("kind", "colour", "value", "spin", "tiki"), key, strict=True):
                object.__setattr__(card, name, item)
            symbol: int | Kind | None = None
            if kind is Kind.NUMBER:
                symbol = value
            elif kind in COLOUR_ACTION_KINDS:
                symbol = kind
            object.__setattr__(card, "symbol", symbol)
            object.__setattr__(card, "is_wild", kind in WILD_KINDS)
            object.__setattr__(card, "is_blank_wild", kind is Kind.BLANK_WILD)
            object.__setattr__(card, "is_tiki_face", kind is Kind.TIKI_FACE)
            object.__setattr__(card, "_text", _format(card))
            _INTERNED[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"A card cannot change: {self} stays {self}.")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"A card cannot change: {self} stays {self}.")

    def __reduce__(self) -> tuple[type[Card], tuple[object, ...]]:
        return (Card, (self.kind, self.colour, self.value, self.spin, self.tiki))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card.parse({self._text!r})"

    @classmethod
    def parse(cls, text: str) -> Card:
        """The card named by `text` (see the module docstring for the forms).

        Raises:
            CardError: `text` names no UNO card; the message repeats it.
        """
        return _parse(" ".join(str(text).split()).lower(), text)

    def __str__(self) -> str:
        return self._text

    @property
    def cut_value(self) -> int:
        """What the card counts when players draw to choose the dealer: symbols count 0."""
        return self.value if self.value is not None else 0

    def matches(self, top: Card, colour: Colour | None) -> bool:
        """True if this card may be played on `top` while `colour` is in force.

        A card matches by colour, by number, or by symbol; a wild matches
        anything. `colour` is the colour in play (the one named for a wild).
        """
        if self.is_wild or (colour is not None and self.colour is colour):
            return True
        return self.symbol is not None and self.symbol == top.symbol


_NUMBER_WORDS = {str(number): number for number in range(10)}
_ACTIONS = {
    "skip": Kind.SKIP,
    "reverse": Kind.REVERSE,
    "draw two": Kind.DRAW_TWO,
    "draw 2": Kind.DRAW_TWO,
    "+2": Kind.DRAW_TWO,
}
_WILDS = {
    "wild": Kind.WILD,
    "wild draw four": Kind.WILD_DRAW_FOUR,
    "wild draw 4": Kind.WILD_DRAW_FOUR,
    "wild +4": Kind.WILD_DRAW_FOUR,
    "blank wild": Kind.BLANK_WILD,
    "wild tiki": Kind.WILD_TIKI,
}
_TIKI = {action.value.lower(): action for action in TikiAction}


@cache
def _parse(key: str, text: str) -> Card:
    if key in _WILDS:
        return Card(_WILDS[key])
    if key.startswith("tiki "):
        return _parse_tiki(key[5:], text)
    colour_word, _, rest = key.partition(" ")
    if not rest and len(key) >= 2 and key[0] in "rygb":
        colour_word, rest = key[0], key[1:]
    try:
        colour = Colour.parse(colour_word)
    except CardError:
        raise _not_a_card(text) from None
    spin = rest.endswith(" spin")
    if spin:
        rest = rest[: -len(" spin")]
    if rest in _NUMBER_WORDS:
        return Card(Kind.NUMBER, colour, _NUMBER_WORDS[rest], spin=spin)
    if rest in _ACTIONS and not spin:
        return Card(_ACTIONS[rest], colour)
    raise _not_a_card(text)


def _parse_tiki(rest: str, text: str) -> Card:
    if rest.startswith("discard all"):
        colour_word = rest[len("discard all") :].strip()
        if not colour_word:
            raise CardError(
                f"{text!r} needs the colour shown on the face, such as \"Tiki Discard All Red\"."
            )
        return Card(Kind.TIKI_FACE, Colour.parse(colour_word), tiki=TikiAction.DISCARD_ALL)
    if rest in _TIKI:
        return Card(Kind.TIKI_FACE, tiki=_TIKI[rest])
    raise _not_a_card(text)


def _not_a_card(text: str) -> CardError:
    return CardError(
        f"{text!r} is not an UNO card: write a colour and a value (\"Blue 7\", \"Red Skip\"), "
        "a wild (\"Wild\", \"Wild Draw Four\") or a Tiki Face (\"Tiki Draw 4\")."
    )


def _format(card: Card) -> str:
    if card.kind is Kind.TIKI_FACE:
        shown = f" {card.colour.value}" if card.colour is not None else ""
        return f"Tiki {card.tiki.value if card.tiki else '?'}{shown}"
    if card.kind in WILD_KINDS:
        return card.kind.value
    colour = card.colour.value if card.colour is not None else "?"
    if card.kind is Kind.NUMBER:
        return f"{colour} {card.value}{' Spin' if card.spin else ''}"
    return f"{colour} {card.kind.value}"


COLOUR_NAMES = {
    Colour.RED: N_("Red"),
    Colour.YELLOW: N_("Yellow"),
    Colour.GREEN: N_("Green"),
    Colour.BLUE: N_("Blue"),
}
"""Each colour's name, marked for the translation catalog (the screen's colour buttons say the
same words)."""
NO_MATCH = N_("{card} does not match {top}.")
# Translators: {colour} is the colour a wild named, "Red".
NO_MATCH_COLOUR = N_("{card} does not match {top}: the colour in play is {colour}.")


def colour_name(colour: Colour) -> Note:
    """A colour said on its own in a sentence ("all Red cards"): a phrase translated apart."""
    return Note.of(COLOUR_NAMES[colour])


def play_error_note(card: Card, top: Card, colour: Colour | None) -> Note:
    """Why `card` may not be played on `top` while `colour` is in play, as a sentence.

    Cards are named as the deck prints them; the colour in play is a phrase
    of its own (`colour_name`).
    """
    if colour is not None and top.colour is not colour:
        return Note.of(NO_MATCH_COLOUR, card=str(card), top=str(top), colour=colour_name(colour))
    return Note.of(NO_MATCH, card=str(card), top=str(top))


def describe_play_error(card: Card, top: Card, colour: Colour | None) -> str:
    """The sentence that says why `card` may not be played on `top`, in English.

    Example: "Blue 7 does not match Red 5." or, when a wild named the colour,
    "Blue 7 does not match Wild: the colour in play is Red."
    """
    return play_error_note(card, top, colour).render(str)
