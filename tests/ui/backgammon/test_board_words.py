"""The board says what happened in the table's language; the log keeps its English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.backgammon import narration
from companion.i18n import use_language
from tests.catalogs import translated_catalog
from tests.ui.backgammon.players import board_scene

PASSED_IN_WELSH = "{0} sy'n ennill y gêm a {count} pwynt (ciwb ar {cube})."


@pytest.fixture
def welsh(tmp_path: Path) -> Iterator[None]:
    """The table's language is Welsh, from a catalog started from the shipped template."""
    words = {narration.PASSED: PASSED_IN_WELSH, narration.MATCH_TO: "gornest i {length}"}
    use_language("cy", locale_dir=translated_catalog(tmp_path / "welsh", "cy", words))
    yield
    use_language("en")


PASSED_GAME = (
    "new backgammon --names Ana,Ben --option match_length=3", "roll 3 1", "tap point:8",
    "tap point:5", "tap point:6", "tap point:5", "tap confirm", "tap double", "tap pass",
)


def test_a_game_won_by_a_pass_is_told_on_its_card_in_welsh(screen, welsh: None) -> None:
    screen.run(*PASSED_GAME, 'expect "Ben sy\'n ennill"')
    card = screen.widget("result").text
    assert "Ben sy'n ennill y gêm a 1 pwynt (ciwb ar 1)." in card
    assert "Score: Ana 0, Ben 1 (gornest i 3)." in card
    assert board_scene(screen).notice is not None


def test_the_log_keeps_the_english_line_whatever_the_screen_says(screen, welsh: None) -> None:
    screen.run(*PASSED_GAME)
    [match] = screen.store.matches()
    assert screen.store.events(match.id)[-1].text == (
        "Ana: Pass. Ben wins the game and 1 point (cube at 1). "
        "Score: Ana 0, Ben 1 (match to 3). Game 2 begins with the opening roll."
    )


def test_a_refused_double_is_told_once_on_the_card(screen) -> None:
    screen.run(*PASSED_GAME)
    card = screen.widget("result").text
    assert card.startswith("Ana refused the double. Ben wins the game and 1 point")
    assert "passes" not in card


def test_in_english_the_card_tells_the_action_done_then_the_logs_sentences(screen) -> None:
    """The log's "Ana: Pass" is an order on a card: the card says "Ana refused the double"."""
    screen.run(*PASSED_GAME)
    [match] = screen.store.matches()
    logged = screen.store.events(match.id)[-1].text
    assert logged.startswith("Ana: Pass. ")
    assert screen.widget("result").text == "Ana refused the double. " + logged.removeprefix(
        "Ana: Pass. "
    )
