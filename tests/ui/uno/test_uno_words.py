"""The UNO screen says what happened and why a card is refused in the table's language;
the log keeps its English line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.base import Note
from companion.games.uno import actions as act
from companion.games.uno import narration, refusals
from companion.games.uno.card_words import DISCARD_ALL_COLOUR, card_words, naming_cards
from companion.games.uno.cards import COLOUR_NAMES, NO_MATCH, Card, Colour
from companion.games.uno.phases import Phase
from companion.i18n import note_text, use_language
from companion.table import PlayAction
from tests.catalogs import translated_catalog

CAUGHT_IN_WELSH = "{count} cerdyn i {0} am beidio â galw UNO."
"""The count comes before the player in Welsh, after in English."""
NO_MATCH_IN_WELSH = "Nid yw {top} yn derbyn {card}."
"""The card in play comes before the card refused in Welsh, after in English."""
NOT_NOW_IN_WELSH = "{reason} Ni allwch {what} nawr."
"""What the game waits for comes first in Welsh, last in English."""


@pytest.fixture
def welsh(tmp_path: Path) -> Iterator[None]:
    """The table's language is Welsh, from a catalog started from the shipped template."""
    words = {
        narration.CAUGHT: CAUGHT_IN_WELSH,
        NO_MATCH: NO_MATCH_IN_WELSH,
        refusals.NOT_NOW: NOT_NOW_IN_WELSH,
        refusals.KEEP_A_DRAWN_CARD: "gadw'r cerdyn a godwyd",
        refusals.WAITING[Phase.TURN]: "Tro {0} yw hi i chwarae neu godi.",
    }
    use_language("cy", locale_dir=translated_catalog(tmp_path / "welsh", "cy", words))
    yield
    use_language("en")


def _classic_two(screen, *options: str) -> None:
    """Ana and Ben, Ben deals, Red 5 turned up: Ana plays first."""
    screen.run("new classic --names Ana,Ben " + " ".join(f"--option {o}" for o in options),
               "tap dealer:1", "tap tab:red", 'tap "card:Red 5"')


def _said(screen) -> str:
    message = screen.app.message
    assert message is not None and message.refusal
    return message.text


def _last_line(screen) -> str:
    [match] = screen.store.matches()
    return screen.store.events(match.id)[-1].text


def test_a_catch_is_told_in_welsh_with_the_count_before_the_player(screen, welsh: None) -> None:
    _classic_two(screen, "hand_size=2")
    screen.run("tap play", "tap tab:red", 'tap "card:Red 7"', "tap catch:0")
    assert screen.widget("last").text == "2 cerdyn i Ana am beidio â galw UNO."
    assert _last_line(screen) == "Ana: caught without UNO. Ana draws 2 cards for not calling UNO."


def test_a_card_that_does_not_match_is_refused_in_welsh_with_the_cards_reordered(
    screen, welsh: None
) -> None:
    _classic_two(screen)
    screen.run("tap play", "tap tab:blue", 'tap "card:Blue 7"')
    assert _said(screen) == "Nid yw Red 5 yn derbyn Blue 7."


def test_a_refusal_of_the_table_is_said_in_welsh_and_answered_in_english(
    screen, welsh: None
) -> None:
    _classic_two(screen)
    answer = screen.app.post(PlayAction(act.KeepCard(seat=0)))
    assert screen.app.settle()
    assert answer.result().text == (
        "You cannot keep a drawn card now. It is Ana's turn to play or draw."
    )
    assert _said(screen) == (
        "Tro Ana yw hi i chwarae neu godi. Ni allwch gadw'r cerdyn a godwyd nawr."
    )


def test_in_english_the_screen_says_the_logs_sentences(screen) -> None:
    _classic_two(screen, "hand_size=2")
    screen.run("tap play", "tap tab:blue", 'tap "card:Blue 7"')
    assert _said(screen) == "Blue 7 does not match Red 5."
    screen.run("tap tab:red", 'tap "card:Red 7"', "tap catch:0")
    assert screen.widget("last").text == "Ana draws 2 cards for not calling UNO."
    assert _last_line(screen).endswith(screen.widget("last").text)


def test_the_last_action_is_told_as_done_and_the_log_keeps_its_words(screen) -> None:
    """The screen narrates in the past ("Ana drew a card"); the log and `companion history`
    keep the scoresheet's "Ana: draw a card"."""
    _classic_two(screen)
    assert screen.widget("last").text == "Ben turned up Red 5"
    screen.run("tap draw")
    assert screen.widget("last").text == "Ana drew a card"
    screen.run("tap keep")
    assert screen.widget("last").text == "Ana kept the drawn card"
    screen.run("tap play", "tap tab:red", 'tap "card:Red 7"')
    assert screen.widget("last").text == "Ben played Red 7"
    [match] = screen.store.matches()
    assert [event.text for event in screen.store.events(match.id)][-4:] == [
        "Ben: turn up Red 5", "Ana: draw a card", "Ana: keep the drawn card", "Ben: Red 7",
    ]


def test_the_last_action_is_told_in_welsh(tmp_path: Path, screen) -> None:
    catalog = translated_catalog(tmp_path / "welsh", "cy", {act.DREW: "Cododd {0} gerdyn"})
    use_language("cy", locale_dir=catalog)
    try:
        _classic_two(screen)
        screen.run("tap draw")
        assert screen.widget("last").text == "Cododd Ana gerdyn"
    finally:
        use_language("en")


def test_a_card_is_named_in_the_tables_language_and_the_log_keeps_the_decks_name(
    tmp_path: Path, screen
) -> None:
    words = {COLOUR_NAMES[Colour.RED]: "Coch", COLOUR_NAMES[Colour.BLUE]: "Glas",
             NO_MATCH: NO_MATCH_IN_WELSH, act.TURNED_UP: "Trodd {0} {card}"}
    use_language("cy", locale_dir=translated_catalog(tmp_path / "welsh", "cy", words))
    try:
        _classic_two(screen)
        assert screen.widget("last").text == "Trodd Ben Coch 5"
        screen.run("tap play", "tap tab:blue", 'tap "card:Blue 7"')
        assert _said(screen) == "Nid yw Coch 5 yn derbyn Glas 7."
        assert screen.widget("card:Blue 7").text == "Glas 7"
    finally:
        use_language("en")
    [match] = screen.store.matches()
    assert screen.store.events(match.id)[-1].text == "Ben: turn up Red 5"


@pytest.mark.parametrize(("card", "english"), [
    ("Red 5", "Red 5"), ("Green 4 Spin", "Green 4 Spin"), ("Blue Skip", "Blue Skip"),
    ("Yellow Draw Two", "Yellow Draw Two"), ("Wild Draw Four", "Wild Draw Four"),
    ("Blank Wild", "Blank Wild"), ("Tiki Discard All Red", "Tiki Discard All Red"),
    ("Tiki Go To", "Tiki Go To"),
])
def test_a_cards_words_say_in_english_what_the_deck_prints(card: str, english: str) -> None:
    assert note_text(card_words(Card.parse(card)), str) == english == str(Card.parse(card))


def test_a_tiki_face_in_a_sentence_is_named_in_the_tables_language(tmp_path: Path) -> None:
    words = {COLOUR_NAMES[Colour.RED]: "Coch", DISCARD_ALL_COLOUR: "Taflu Pob {colour}"}
    use_language("cy", locale_dir=translated_catalog(tmp_path / "welsh", "cy", words))
    try:
        note = Note.of(narration.SPINS, (0,), face="Discard All Red")
        assert note_text(naming_cards(note), lambda seat: "Ana") == (
            "Ana spins the idol: Taflu Pob Coch is active.")
    finally:
        use_language("en")
