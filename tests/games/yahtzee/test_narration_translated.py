"""Every sentence a Yahtzee game narrates is in the catalog, so the shipped Welsh says it.

Tile names, recorded values and what beats a tile are phrases of their own, translated
before they go into a sentence.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from companion.games.autoplay import random_actions
from companion.games.base import Note
from companion.games.yahtzee import Tile, new_game
from companion.i18n import LOCALE_DIR, note_text, use_language

NAMES = ["Alys", "Bryn", "Cai"]
with (LOCALE_DIR / "cy" / "LC_MESSAGES" / "companion.po").open("rb") as po:
    WELSH = {message.id if isinstance(message.id, str) else message.id[0]
             for message in read_po(po) if message.id}


@pytest.fixture(autouse=True)
def welsh() -> Iterator[None]:
    use_language("cy")
    yield
    use_language("en")


def untranslated(note: Note) -> list[str]:
    """The sentence and every phrase in it that the catalog does not have."""
    missing = [] if note.text in WELSH or note.text == "{0}" else [note.text]
    for _name, value in note.values:
        if isinstance(value, Note):
            missing += untranslated(value)
    return missing


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_sentence_of_a_random_yahtzee_game_is_said_in_welsh(seed: int) -> None:
    state = new_game(3)
    missing: set[str] = set()
    for _action in random_actions(state, random.Random(seed)):
        for note in state.narration():
            missing.update(untranslated(note))
    assert sorted(missing) == []


def test_a_tile_with_its_value_and_what_beats_it_are_said_in_welsh() -> None:
    from companion.games.yahtzee.narration import held_note, needed_note

    assert note_text(held_note(Tile.FIVES, 2), NAMES.__getitem__) == "Pumau (dau 5)"
    assert note_text(needed_note(Tile.CHANCE, 27), NAMES.__getitem__) == "cyfanswm o 27 neu fwy"
