"""`companion demo --deck FILE`: a table's own UNO deck, checked before anything starts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.app.cli import main
from companion.app.commands import demo as demo_command
from companion.event_log.store import Store
from companion.games.uno.deck_file import builtin_deck
from companion.table import Table, TableSnapshot


def demo(db: Path, *extra: str) -> int:
    return main(["demo", "--pace", "0", "--db", str(db), *extra])


def deck_file(tmp_path: Path, leave_out: str = "", extra: str = "") -> Path:
    """The classic 108 deck as a file, without the cards `leave_out` names."""
    deck = builtin_deck("classic108").cards
    lines = [f'"{card}" = {deck.count(card)}' for card in dict.fromkeys(deck)
             if str(card) != leave_out]
    path = tmp_path / "family.toml"
    path.write_text('title = "Family"\n[cards]\n' + "\n".join(lines) + "\n" + extra)
    return path


@pytest.fixture
def started_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo starts its match and stops there (a whole UNO match takes thousands of rows)."""

    def stop_at_once(table: Table, spec: Any, rng: Any, pace: float) -> TableSnapshot:
        snapshot = table.snapshot
        assert snapshot is not None
        return snapshot

    monkeypatch.setattr(demo_command, "play_out", stop_at_once)


@pytest.mark.usefixtures("started_only")
def test_demo_deck_file_is_the_deck_of_the_match(
    tmp_path: Path, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = deck_file(tmp_path, leave_out="Wild Draw Four")
    assert demo(db_path, "--game", "classic", "--players", "3", "--deck", str(path)) == 0
    with Store.open(db_path) as store:
        record = store.match(1)
    assert record is not None
    cards = Counter(record.options["deck_cards"])
    assert sum(cards.values()) == 104 and "Wild Draw Four" not in cards
    assert cards["Red 7"] == 2


@pytest.mark.parametrize(
    ("game", "extra", "problem"),
    [
        ("classic", '"Purple 7" = 2\n', "family.toml, line 57: 'Purple 7' is not an UNO card"),
        ("classic", '"Tiki Go To" = 1\n',
         "The deck file {path} cannot be used: UNO has no Tiki idol to play Tiki Faces"),
        ("backgammon", "", "--deck is for the UNO games (classic, tiki, duo), not Backgammon."),
    ],
)
def test_demo_refuses_a_broken_or_unfit_deck_before_the_log_opens(
    tmp_path: Path, db_path: Path, capsys: pytest.CaptureFixture[str],
    game: str, extra: str, problem: str,
) -> None:
    path = deck_file(tmp_path, extra=extra)
    assert demo(db_path, "--game", game, "--players", "2", "--deck", str(path)) == 1
    assert problem.format(path=path) in capsys.readouterr().err
    assert not db_path.exists()


def test_demo_deck_cannot_be_given_with_resume(
    tmp_path: Path, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert demo(db_path, "--resume", "--deck", str(deck_file(tmp_path))) == 1
    assert "--deck starts a new match" in capsys.readouterr().err


def test_demo_names_a_deck_file_it_cannot_read(
    tmp_path: Path, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "missing.toml"
    assert demo(db_path, "--game", "tiki", "--deck", str(missing)) == 1
    assert f"Cannot read the deck file {missing}" in capsys.readouterr().err
    assert not db_path.exists()
