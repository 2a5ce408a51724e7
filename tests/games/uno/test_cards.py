"""The UNO card model: paired parse and format, matching, colours."""

import pytest

from companion.games.base import RuleError
from companion.games.uno.cards import (
    Card,
    CardError,
    Colour,
    Kind,
    TikiAction,
    describe_play_error,
)


@pytest.mark.parametrize(
    ("text", "kind", "colour", "value"),
    [
        ("Blue 7", Kind.NUMBER, Colour.BLUE, 7),
        ("Red 0", Kind.NUMBER, Colour.RED, 0),
        ("Red Skip", Kind.SKIP, Colour.RED, None),
        ("Yellow Reverse", Kind.REVERSE, Colour.YELLOW, None),
        ("Green Draw Two", Kind.DRAW_TWO, Colour.GREEN, None),
        ("Wild", Kind.WILD, None, None),
        ("Wild Draw Four", Kind.WILD_DRAW_FOUR, None, None),
        ("Blank Wild", Kind.BLANK_WILD, None, None),
        ("Wild Tiki", Kind.WILD_TIKI, None, None),
    ],
)
def test_card_text_parses_to_its_parts(
    text: str, kind: Kind, colour: Colour | None, value: int | None
) -> None:
    card = Card.parse(text)
    assert (card.kind, card.colour, card.value) == (kind, colour, value)


@pytest.mark.parametrize(
    "text",
    [
        "Blue 7",
        "Red Skip",
        "Green Draw Two",
        "Wild",
        "Wild Draw Four",
        "Blank Wild",
        "Wild Tiki",
        "Green 4 Spin",
        "Tiki Draw 1",
        "Tiki Draw 2",
        "Tiki Draw 4",
        "Tiki Discard 2",
        "Tiki Discard All Red",
        "Tiki Go To",
    ],
)
def test_format_and_parse_are_inverse(text: str) -> None:
    assert str(Card.parse(text)) == text
    assert Card.parse(str(Card.parse(text))) == Card.parse(text)


@pytest.mark.parametrize(
    ("spelling", "canonical"),
    [
        ("blue 7", "Blue 7"),
        ("  BLUE   7 ", "Blue 7"),
        ("b7", "Blue 7"),
        ("r skip", "Red Skip"),
        ("Green Draw 2", "Green Draw Two"),
        ("yellow +2", "Yellow Draw Two"),
        ("wild draw 4", "Wild Draw Four"),
        ("Wild +4", "Wild Draw Four"),
        ("tiki discard all blue", "Tiki Discard All Blue"),
        ("red 6 spin", "Red 6 Spin"),
    ],
)
def test_parse_accepts_keypad_spellings(spelling: str, canonical: str) -> None:
    assert str(Card.parse(spelling)) == canonical


@pytest.mark.parametrize(
    "text", ["Purple 7", "Blue 10", "Blue", "Wild Draw Five", "Tiki Draw 3", "Red Skip Spin", ""]
)
def test_unknown_card_text_is_refused_with_a_sentence_repeating_it(text: str) -> None:
    with pytest.raises(CardError) as error:
        Card.parse(text)
    assert repr(text) in str(error.value)
    assert isinstance(error.value, RuleError) and isinstance(error.value, ValueError)


def test_tiki_discard_all_needs_the_colour_shown() -> None:
    with pytest.raises(CardError, match="colour shown"):
        Card.parse("Tiki Discard All")


def test_tiki_face_knows_its_action_and_spin_card_its_symbol() -> None:
    assert Card.parse("Tiki Go To").tiki is TikiAction.GO_TO
    assert Card.parse("Tiki Go To").is_tiki_face
    assert Card.parse("Green 4 Spin").spin
    assert Card.parse("Green 4 Spin") != Card.parse("Green 4")


@pytest.mark.parametrize(
    ("card", "top", "colour", "matches"),
    [
        ("Red 7", "Red 5", "Red", True),  # colour
        ("Blue 5", "Red 5", "Red", True),  # number
        ("Blue Skip", "Red Skip", "Red", True),  # symbol
        ("Blue Draw Two", "Red Draw Two", "Red", True),
        ("Blue 7", "Red 5", "Red", False),
        ("Blue Skip", "Red Reverse", "Red", False),
        ("Blue 0", "Red Skip", "Red", False),  # symbols do not count as 0
        ("Wild", "Red 5", "Red", True),
        ("Wild Draw Four", "Blue 2", "Blue", True),
        ("Blue 7", "Wild", "Blue", True),  # the named colour
        ("Red 7", "Wild", "Blue", False),
        ("Blue 5", "Red 5", "Green", True),  # number still matches under a named colour
    ],
)
def test_a_card_matches_by_colour_number_or_symbol_and_a_wild_matches_anything(
    card: str, top: str, colour: str, matches: bool
) -> None:
    assert Card.parse(card).matches(Card.parse(top), Colour.parse(colour)) is matches


def test_mismatch_sentence_names_both_cards() -> None:
    sentence = describe_play_error(Card.parse("Blue 7"), Card.parse("Red 5"), Colour.RED)
    assert sentence == "Blue 7 does not match Red 5."


def test_mismatch_sentence_after_a_wild_names_the_colour_in_play() -> None:
    sentence = describe_play_error(Card.parse("Blue 7"), Card.parse("Wild"), Colour.RED)
    assert sentence == "Blue 7 does not match Wild: the colour in play is Red."


@pytest.mark.parametrize(
    ("text", "value"), [("Blue 9", 9), ("Red 0", 0), ("Red Skip", 0), ("Wild", 0)]
)
def test_cut_value_counts_symbols_as_zero(text: str, value: int) -> None:
    assert Card.parse(text).cut_value == value


def test_colour_parse_refuses_unknown_colours_with_the_choices() -> None:
    with pytest.raises(CardError, match="Red, Yellow, Green or Blue"):
        Colour.parse("Purple")


@pytest.mark.parametrize("deck_name", ["classic108", "classic112"])
def test_every_card_of_the_built_in_decks_reads_back_from_its_text(deck_name: str) -> None:
    from companion.games.uno.deck_file import builtin_deck

    for card in builtin_deck(deck_name).cards:
        assert Card.parse(str(card)) is card


def test_a_card_is_immutable() -> None:
    card = Card.parse("Blue 7")
    with pytest.raises(AttributeError, match="A card cannot change"):
        card.value = 8  # type: ignore[misc]
    assert str(card) == "Blue 7"


def test_equal_cards_are_the_same_value_however_they_are_made() -> None:
    assert Card(Kind.NUMBER, Colour.BLUE, 7) == Card.parse("b7")
    assert len({Card.parse("Blue 7"), Card.parse("blue 7"), Card(Kind.NUMBER, Colour.BLUE, 7)}) == 1
    assert Card.parse("Blue 7") != Card.parse("Blue 8")
