"""Whatever happens at the table, replaying the log gives back exactly what was shown."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.event_log.store import Store
from companion.table import DrawChance, NewMatch, PlayAction, SupplyChance, Undo, default_players
from tests.table.conftest import open_table, rebuild_from_scratch, state_text
from tests.table.tally import TALLY

COMMANDS = st.sampled_from(
    [
        DrawChance(),
        PlayAction({"action": "add"}),
        PlayAction({"action": "spin"}),
        PlayAction({"action": "add"}, seat=1),
        SupplyChance([6], source="dice tray"),
        SupplyChance([1, 2], source="dice tray"),
        Undo(),
    ]
)


@settings(max_examples=25, deadline=None)
@given(commands=st.lists(COMMANDS, max_size=40), seed=st.integers(0, 1000))
def test_a_reopened_table_shows_exactly_what_was_last_shown(commands: list, seed: int) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "log.db"
        with Store.open(path) as store, open_table(store, seed=seed) as table:
            table.post(NewMatch("tally", default_players(3), {"target": 15})).result(timeout=10)
            for command in commands:
                table.post(command).result(timeout=10)
            shown = table.snapshot
        with Store.open(path) as store, open_table(store, seed=seed) as reopened:
            rebuilt = reopened.snapshot
            events = store.events(1)
            assert reopened.notices == []
    assert shown is not None
    if shown.is_over:
        assert rebuilt is None  # a finished match is history, not resumed
    else:
        assert rebuilt is not None
        assert (rebuilt.seq, rebuilt.state_json, rebuilt.can_undo) == (
            shown.seq, shown.state_json, shown.can_undo,
        )  # fmt: skip
    assert state_text(shown.state_json) == rebuild_from_scratch(TALLY, 3, {"target": 15}, events)
