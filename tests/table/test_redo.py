"""Redo: the last undo played again, logged like undo, guarded like it, rebuilt from the log."""

from __future__ import annotations

from pathlib import Path

from companion.event_log.store import Store
from companion.table import (
    DrawChance,
    NewMatch,
    PlayAction,
    Redo,
    SupplyChance,
    Table,
    Undo,
    default_players,
)
from tests.table.conftest import GAMES, open_table
from tests.table.test_table import Constant, apply


def test_redo_plays_again_what_the_last_undo_took_back(table: Table, store: Store) -> None:
    apply(table, DrawChance(), SupplyChance([6], source="dice tray"))
    (play_seq,) = apply(table, PlayAction({"action": "add"}))
    played = table.snapshot
    apply(table, Undo())
    undone = table.snapshot
    (redo_seq,) = apply(table, Redo())
    redone = table.snapshot
    assert played is not None and undone is not None and redone is not None
    assert (undone.can_redo, redone.can_redo) == (True, False)
    assert redone.state_json == played.state_json
    assert redone.last_event == "Ana: add the die"
    event = store.events(1)[-1]
    assert (event.seq, event.kind, event.detail["redoes"]) == (redo_seq, "play", play_seq)
    assert event.seat == store.events(1)[play_seq - 1].seat == 0, "Ana's play, redone, is Ana's"


def test_a_redone_spin_reads_in_the_sentences_it_first_had(table: Table) -> None:
    apply(table, DrawChance(), SupplyChance([4], source="dice tray"))
    apply(table, PlayAction({"action": "spin"}), SupplyChance(1, source="touch"))
    spun = table.snapshot
    apply(table, Undo(), Redo())
    redone = table.snapshot
    assert spun is not None and redone is not None
    assert redone.last_event == spun.last_event == (
        "The touchscreen points at Ben. Ben scores a point from Ana's spin."
    )
    assert redone.last_notes == spun.last_notes, "the screen says it in its own language again"


def test_the_snapshot_after_an_undo_says_what_it_took_back(table: Table) -> None:
    apply(table, DrawChance(), SupplyChance([6], source="dice tray"), PlayAction({"action": "add"}))
    apply(table, Undo())
    snapshot = table.snapshot
    assert snapshot is not None and isinstance(snapshot.took_back, tuple)
    assert snapshot.took_back[0].render(lambda seat: "Ana") == (
        "Ana: add the die"
    )
    apply(table, Redo())
    assert table.snapshot is not None and table.snapshot.took_back is None


def test_undos_in_a_row_are_redone_in_turn(table: Table) -> None:
    apply(table, DrawChance(), SupplyChance([6], source="dice tray"))
    start = table.snapshot
    apply(table, PlayAction({"action": "add"}), Undo(), Undo(), Redo(), Redo())
    refused = table.post(Redo()).result(timeout=10)
    assert not refused.applied
    assert refused.text == "There is nothing to redo: only what was just undone can be redone."
    apply(table, Undo())
    assert table.snapshot is not None and start is not None
    assert table.snapshot.state_json == start.state_json


def test_a_new_move_after_an_undo_forgets_the_redo(table: Table) -> None:
    apply(table, DrawChance(), Undo(), DrawChance())
    refused = table.post(Redo()).result(timeout=10)
    assert not refused.applied
    assert table.snapshot is not None and not table.snapshot.can_redo


def test_a_redo_chosen_at_an_older_seq_or_in_another_match_is_refused(table: Table) -> None:
    apply(table, DrawChance(), Undo())
    seq = table.snapshot.seq if table.snapshot else 0
    stale = table.post(Redo(for_seq=seq - 1)).result(timeout=10)
    elsewhere = table.post(Redo(for_seq=seq, for_match=99)).result(timeout=10)
    assert (stale.applied, elsewhere.applied) == (False, False)
    apply(table, Redo(for_seq=seq, for_match=1))


def test_a_redone_roll_of_the_companion_is_the_same_roll(store: Store) -> None:
    chance = Constant([2])
    with Table(store, games=GAMES, chance=chance, spinner=Constant(0)) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance(), DrawChance())
        chance.outcome_value = [6]
        apply(table, Undo())
        outcome = table.post(Redo()).result(timeout=10)
    assert outcome.text == "The companion rolls 2"
    assert store.events(1)[-1].detail["reused"] is True


def test_after_two_rolls_undone_and_one_redone_the_next_roll_is_the_other_undone_one(
    store: Store,
) -> None:
    chance = Constant([2])
    with Table(store, games=GAMES, chance=chance, spinner=Constant(0)) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance(), DrawChance())
        chance.outcome_value = [6]
        apply(table, Undo(), Undo(), Redo())
        outcome = table.post(DrawChance()).result(timeout=10)
    assert outcome.text == "The companion rolls 2"
    assert store.events(1)[-1].detail["reused"] is True


def test_undo_and_redo_survive_a_restart(store: Store, db_path: Path) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance())
        apply(table, SupplyChance([6], source="dice tray"), Undo())
    store.close()
    with Store.open(db_path) as reopened, open_table(reopened) as table:
        assert table.snapshot is not None and table.snapshot.can_redo
        assert table.snapshot.took_back == "The dice tray rolls 6"
        apply(table, Redo(), Undo(), Redo())
    with Store.open(db_path) as again, open_table(again) as table:
        assert table.snapshot is not None and not table.snapshot.can_redo
        assert table.snapshot.last_event == "The dice tray rolls 6"
        assert table.snapshot.can_undo
