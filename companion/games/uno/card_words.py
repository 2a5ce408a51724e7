"""A card's name as a phrase a catalog translates, worded from the card's typed fields.

`str(card)` stays the deck's English name ("Red 5", "Wild Draw Four") for the log and
the command line; the screen says `card_words(card)` in the table's language
(`companion.i18n.note_text`), and `naming_cards` turns the card names inside an
engine's sentence into such phrases.
"""

from __future__ import annotations

from companion.games.base import N_, Note, NoteValue
from companion.games.uno.cards import COLOUR_NAMES, Card, CardError, Kind, TikiAction

# Translators: a number card, "{colour} {number}" is "Red 5".
NUMBER = N_("{colour} {number}")
# Translators: a Tiki Twist Spin card, "Green 4 Spin".
NUMBER_SPIN = N_("{colour} {number} Spin")
COLOURED = {
    Kind.SKIP: N_("{colour} Skip"),
    Kind.REVERSE: N_("{colour} Reverse"),
    Kind.DRAW_TWO: N_("{colour} Draw Two"),
}
WILDS = {
    Kind.WILD: N_("Wild"),
    Kind.WILD_DRAW_FOUR: N_("Wild Draw Four"),
    Kind.BLANK_WILD: N_("Blank Wild"),
    Kind.WILD_TIKI: N_("Wild Tiki"),
}
TIKI_FACES = {
    TikiAction.DRAW_1: N_("Tiki Draw 1"),
    TikiAction.DRAW_2: N_("Tiki Draw 2"),
    TikiAction.DRAW_4: N_("Tiki Draw 4"),
    TikiAction.DISCARD_2: N_("Tiki Discard 2"),
    TikiAction.DISCARD_ALL: N_("Tiki Discard All {colour}"),
    TikiAction.GO_TO: N_("Tiki Go To"),
}
TIKI_ACTIONS = {
    TikiAction.DRAW_1: N_("Draw 1"),
    TikiAction.DRAW_2: N_("Draw 2"),
    TikiAction.DRAW_4: N_("Draw 4"),
    TikiAction.DISCARD_2: N_("Discard 2"),
    TikiAction.DISCARD_ALL: N_("Discard All"),
    TikiAction.GO_TO: N_("Go To"),
}
"""The action printed on a Tiki Face, said on its own ("Draw 4 is active")."""
# Translators: the Tiki Face that discards every card of a colour, "Discard All Red".
DISCARD_ALL_COLOUR = N_("Discard All {colour}")
CARD_VALUES = ("card", "top", "drawn")
"""The names of a sentence's values that hold a card's English name."""
FACE_VALUES = ("face",)
"""The names of a sentence's values that hold a Tiki Face's action in English ("Draw 4",
"Discard All Red": `companion.games.uno.tiki_options.face_name`)."""


def card_words(card: Card) -> Note:
    """`card`'s name as a phrase to translate ("{colour} {number}" with Red and 5)."""
    values: dict[str, NoteValue] = {}
    if card.colour is not None:
        values["colour"] = Note.of(COLOUR_NAMES[card.colour])
    if card.kind is Kind.TIKI_FACE and card.tiki is not None:
        text = TIKI_FACES[card.tiki]
    elif card.kind in WILDS:
        text = WILDS[card.kind]
    elif card.kind is Kind.NUMBER and card.value is not None:
        text = NUMBER_SPIN if card.spin else NUMBER
        values["number"] = card.value
    else:
        text = COLOURED[card.kind]
    return Note.of(text, (), **values)


def face_words(face: Card) -> Note:
    """The action of the Tiki Face `face` as a phrase to translate ("Draw 4")."""
    if face.tiki is TikiAction.DISCARD_ALL and face.colour is not None:
        return Note.of(DISCARD_ALL_COLOUR, colour=Note.of(COLOUR_NAMES[face.colour]))
    if face.tiki is None:
        return card_words(face)
    return Note.of(TIKI_ACTIONS[face.tiki])


def naming_cards(note: Note) -> Note:
    """`note` with each card named in it (its `card`, `top`... values, and in the phrases it
    holds) as `card_words`, so that the card's name is translated with the sentence."""
    values = {name: _named(name, value) for name, value in note.values}
    return Note(note.text, note.seats, tuple(values.items()), note.plural)


def _named(name: str, value: NoteValue) -> NoteValue:
    if isinstance(value, Note):
        return naming_cards(value)
    if not isinstance(value, str) or name not in CARD_VALUES + FACE_VALUES:
        return value
    try:
        if name in CARD_VALUES:
            return card_words(Card.parse(value))
        face = Card.parse(f"Tiki {value}")
    except CardError:
        return value
    return face_words(face) if face.is_tiki_face else value


__all__ = ["CARD_VALUES", "FACE_VALUES", "TIKI_ACTIONS", "card_words", "face_words", "naming_cards"]
