"""The board says why a move is refused, and what dice it waits for, in the table's language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.backgammon import movement, refusals
from companion.games.base import GIVE_DICE
from companion.i18n import use_language
from companion.table import SupplyChance
from tests.catalogs import translated_catalog

ROLL_IN_WELSH = "Tafled {0} ddau ddis."
"""Who rolls comes after the verb in Welsh, first in English."""
GIVE_IN_WELSH = "Nid {outcome}: rhowch {count} dis yn union. {prompt}"
NOT_HOME_IN_WELSH = "Dim ond pan fydd pob dyn yn y tŷ y cewch ddwyn oddi ar y bwrdd."

NO_CUBE_GAME = ("new backgammon --names Ana,Ben --option cube=false", "roll 3 1",
                "tap point:8", "tap point:5", "tap point:6", "tap point:5", "tap confirm")
"""Ana plays the opening 3-1; Ben, with no cube to turn, is asked for two dice."""


@pytest.fixture
def welsh(tmp_path: Path) -> Iterator[None]:
    """The table's language is Welsh, from a catalog started from the shipped template."""
    words = {
        refusals.SEAT_ROLLS_TWO: ROLL_IN_WELSH,
        GIVE_DICE: GIVE_IN_WELSH,
        movement.NOT_ALL_HOME: NOT_HOME_IN_WELSH,
    }
    use_language("cy", locale_dir=translated_catalog(tmp_path / "welsh", "cy", words))
    yield
    use_language("en")


def _refusal(screen) -> str:
    message = screen.app.message
    assert message is not None and message.refusal
    return message.text


def test_the_dice_prompt_names_the_roller_where_welsh_puts_them(screen, welsh: None) -> None:
    screen.run(*NO_CUBE_GAME, "expect Tafled Ben ddau ddis.")


def test_a_refusal_of_the_table_is_said_in_welsh_and_answered_in_english(
    screen, welsh: None
) -> None:
    screen.run(*NO_CUBE_GAME)
    answer = screen.app.post(SupplyChance([1, 2, 3], source="dice tray"))
    assert screen.app.settle()
    assert answer.result().text == "Give exactly 2 die values, not [1, 2, 3]. Ben: roll two dice."
    assert _refusal(screen) == "Nid [1, 2, 3]: rhowch 2 dis yn union. Tafled Ben ddau ddis."


def test_a_move_the_board_refuses_is_explained_in_welsh(screen, welsh: None) -> None:
    screen.run("new backgammon --names Ana,Ben", "roll 6 5", "tap point:6")
    assert _refusal(screen) == NOT_HOME_IN_WELSH


def test_in_english_the_board_says_the_engines_own_sentences(screen) -> None:
    screen.run(*NO_CUBE_GAME, "expect Ben: roll two dice.")
    answer = screen.app.post(SupplyChance([1, 2, 3], source="dice tray"))
    assert screen.app.settle()
    assert _refusal(screen) == answer.result().text
    screen.run("new backgammon --names Ana,Ben", "roll 6 5", "tap point:6")
    assert _refusal(screen) == (
        "You can bear off only once all your checkers are in your home board."
    )
