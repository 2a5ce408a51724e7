"""The event line tells what an action caused, as the engine narrates it, with names."""

from __future__ import annotations

import random
import re

from companion.event_log.store import Store
from companion.games.registry import game_spec
from companion.table import (
    FairChance,
    NewMatch,
    PlayAction,
    SoftwareSpinner,
    SupplyChance,
    default_players,
    event_line,
)
from companion.table.lines import is_players_own
from companion.table.match import RunningMatch
from tests.table.conftest import open_table
from tests.table.test_table import apply

NOW = "2026-05-01T20:30:00.000"


def test_the_line_appends_the_narration_with_the_players_names(store: Store) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(3), {}))
        apply(table, SupplyChance([0, 1, 2, 3, 4], source="touch"))
        apply(table, SupplyChance([4], source="dice tray"), PlayAction({"action": "spin"}))
        outcome = table.post(SupplyChance(2, source="touch")).result(timeout=10)
    assert outcome.text == "The touchscreen points at Cleo. Cleo scores a point from Ana's spin."
    assert store.events(1)[-1].text == outcome.text


def test_a_match_won_by_what_an_action_caused_tells_it_then_the_winner(store: Store) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(2), {"target": 1}))
        apply(table, SupplyChance([0, 1, 2, 3, 4], source="touch"))
        apply(table, SupplyChance([4], source="dice tray"), PlayAction({"action": "spin"}))
        outcome = table.post(SupplyChance(1, source="touch")).result(timeout=10)
    assert outcome.text == (
        "The touchscreen points at Ben. Ben scores a point from Ana's spin. Ben won the match"
    )


def test_an_action_that_caused_nothing_keeps_its_plain_line(store: Store) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(2), {}))
        apply(table, SupplyChance([0, 1, 2, 3, 4], source="touch"))
        apply(table, SupplyChance([4], source="dice tray"))
        outcome = table.post(PlayAction({"action": "add"})).result(timeout=10)
    assert outcome.text == "Ana: add the die"


def test_the_table_line_says_what_the_spin_made_the_chosen_player_do() -> None:
    spec = game_spec("tiki")
    match = RunningMatch.start(spec, default_players(4), {})
    chance, spinner, rng = FairChance(5), SoftwareSpinner(5), random.Random(5)
    lines: list[str] = []
    for _ in range(3000):
        if match.state.is_over:
            break
        if match.state.chance() is not None:
            lines.append(match.draw(chance, spinner, NOW).event.text)
        else:
            action = rng.choice(match.state.legal_actions())
            lines.append(match.play(action, None, NOW).event.text)
    names = "(Ana|Ben|Cleo|Dev)"
    drawn = re.compile(
        rf"The spinner points at {names}\. \1 draws \d cards? \(Tiki Draw \d\)\. "
        rf"Play goes on with {names}\.$"
    )
    assert any(drawn.match(line) for line in lines)
    assert any(re.search(rf": \w+ Skip(, UNO!)?\. {names} is skipped\.", line) for line in lines)
    scored = re.compile(rf"{names} wins the round and scores \d+ points\.")
    assert any(scored.search(line) for line in lines)
    assert not any("{0}" in line or "seat" in line for line in lines)


def test_the_snapshot_keeps_the_lines_sentences_for_a_screen_to_say(store: Store) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(2), {"target": 1}))
        apply(table, SupplyChance([0, 1, 2, 3, 4], source="touch"))
        apply(table, SupplyChance([4], source="dice tray"), PlayAction({"action": "spin"}))
        apply(table, SupplyChance(1, source="touch"))
        snapshot = table.snapshot
    assert snapshot is not None
    names = ("Ana", "Ben")
    said = [note.render(names.__getitem__) for note in snapshot.last_notes]
    assert said == [
        "The touchscreen points at Ben",
        "Ben scores a point from Ana's spin.",
        "Ben won the match",
    ]
    assert event_line(said) == snapshot.last_event
    assert snapshot.last_notes[0].seats == (1,), "the seat is left for the screen to name"


def test_a_players_own_action_is_told_apart_from_the_tables_roll(store: Store) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(2), {}))
        apply(table, SupplyChance([0, 1, 2, 3, 4], source="touch"))
        apply(table, SupplyChance([4], source="dice tray"))
        rolled = table.snapshot
        apply(table, PlayAction({"action": "cheer", "cheered": 1}))
        cheered = table.snapshot
    assert rolled is not None and cheered is not None
    assert not is_players_own(rolled.last_notes[0])
    assert is_players_own(cheered.last_notes[0])
