"""The table's own refusals are sentences a catalog translates, as the engines' are.

The English sentence stays the answer's `text` (the log, the command line, the phone's
JSON); its `note` is what a screen says in the table's language.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.i18n import note_text, use_language
from companion.table import DrawChance, NewMatch, PlayAction, SupplyChance, Table, Undo
from companion.table.commands import Outcome

NAMES = ["Ana", "Ben", "Cleo"]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    use_language("en")


def refusal(table: Table, *commands: object) -> Outcome:
    outcome = None
    for command in commands:
        outcome = table.post(command).result(timeout=10)  # type: ignore[arg-type]
    assert outcome is not None and not outcome.applied and outcome.note is not None
    return outcome


def in_welsh(outcome: Outcome) -> str:
    assert outcome.note is not None
    use_language("cy")
    return note_text(outcome.note, NAMES.__getitem__)


def test_a_play_out_of_turn_is_refused_in_welsh_with_both_players_named(table: Table) -> None:
    outcome = refusal(table, DrawChance(), SupplyChance([4], source="dice tray"),
                      PlayAction({"action": "add"}, seat=2))
    assert outcome.text == "It is Ana's turn, not Cleo's."
    assert in_welsh(outcome) == "Tro Ana yw hi, nid tro Cleo."


def test_nothing_to_undo_is_said_in_welsh(table: Table) -> None:
    outcome = refusal(table, Undo())
    assert outcome.text == "There is nothing to undo yet."
    assert in_welsh(outcome) == "Nid oes dim i'w ddadwneud eto."


def test_an_unknown_game_is_refused_in_welsh_with_its_name_as_given(table: Table) -> None:
    outcome = refusal(table, NewMatch("chess", (), {}, abandon=True))
    assert outcome.text.startswith("There is no game called 'chess'; choose one of: ")
    assert in_welsh(outcome).startswith("Nid oes gêm o'r enw 'chess'; dewiswch un o: ")
