"""The page follows the phone's language: Accept-Language picks the words and the sentences."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask.testing import FlaskClient

from companion import i18n
from companion.table import Table
from companion.web.languages import phone_language

OFFERED = ("cy", "en")


@pytest.mark.parametrize(("header", "chosen"), [
    ("cy", "cy"),
    ("en", "en"),
    ("cy-GB", "cy"),
    ("CY-gb,en;q=0.5", "cy"),
    ("en;q=0.5, cy;q=0.9", "cy"),
    ("en-GB,en;q=0.9,cy;q=0.8", "en"),
    ("de, cy;q=0.2", "cy"),
    ("cy;q=0, en;q=0.1", "en"),
    ("cy;q=1.5, en;q=0.3", "en"),
    ("cy;q=abc, en;q=0.3", "en"),
    ("de-CH, fr;q=0.9", None),
    ("*", None),
    ("", None),
    (None, None),
    ("cy;q=0", None),
    (",,;;=", None),
    ("x" * 5000, None),
])
def test_the_language_read_best_of_those_with_a_catalog_is_chosen(
    header: str | None, chosen: str | None
) -> None:
    assert phone_language(header, OFFERED) == chosen


@pytest.fixture
def table_in_english() -> Iterator[None]:
    i18n.use_language("en")
    yield
    i18n.use_language("en")


def test_a_phone_asking_for_welsh_gets_the_page_in_welsh(
    client: FlaskClient, table_in_english: None
) -> None:
    page = client.get("/", headers={"Accept-Language": "cy"})
    html = page.get_data(as_text=True)
    assert '<html lang="cy">' in html
    assert "Ymuno fel chwaraewr" in html  # "Join as a player"
    assert "Cydymaith y Bwrdd" in html  # "Tabletop Companion"
    assert "Join as a player" not in html
    assert "Accept-Language" in page.headers["Vary"]


def test_a_phone_asking_for_english_on_a_welsh_table_gets_english(
    client: FlaskClient,
) -> None:
    i18n.use_language("cy")
    try:
        english = client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"})
        unknown = client.get("/", headers={"Accept-Language": "de-DE,fr;q=0.8"})
    finally:
        i18n.use_language("en")
    assert "Join as a player" in english.get_data(as_text=True)
    assert "Ymuno fel chwaraewr" in unknown.get_data(as_text=True)  # the table's setting


def test_the_table_keeps_its_own_language_while_a_phone_reads_another(
    client: FlaskClient, table_in_english: None
) -> None:
    client.get("/", headers={"Accept-Language": "cy"})
    assert i18n.language() == "en"
    assert i18n._("Join as a player") == "Join as a player"


def test_the_apis_sentences_to_a_welsh_phone_are_welsh(
    client: FlaskClient, table: Table, table_in_english: None
) -> None:
    welsh = client.post("/api/match/rematch", json={"pin": "4821"},
                        headers={"Accept-Language": "cy"})
    assert welsh.status_code == 409
    assert welsh.get_json()["error"] == (
        "Nid oes gornest i'w chwarae eto: dechreuwch ornest newydd.")
    assert "Accept-Language" in welsh.headers["Vary"]
    english = client.post("/api/match/rematch", json={"pin": "4821"})
    assert english.get_json()["error"] == "There is no match to play again: start a new match."


def test_the_games_are_titled_in_the_phones_language(
    client: FlaskClient, table: Table, table_in_english: None
) -> None:
    games = client.get("/api/games", headers={"Accept-Language": "cy"}).get_json()["games"]
    titles = {game["game"]: game["title"] for game in games}
    assert titles["yahtzee"] == "Gêm fwrdd Yahtzee"  # "Yahtzee board game"


def test_static_files_do_not_vary_by_language(client: FlaskClient) -> None:
    answer = client.get("/static/seat.js", headers={"Accept-Language": "cy"})
    assert answer.status_code == 200
    assert "Accept-Language" not in answer.headers.get("Vary", "")
    answer.close()
