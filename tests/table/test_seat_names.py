"""At the table, prompts and refusals name the players, not "Player 0" or "seat 2"."""

from __future__ import annotations

import random
from pathlib import Path

from companion.app.commands.demo import choose_command
from companion.event_log.store import Store
from companion.games.registry import game_specs
from companion.table import DrawChance, NewMatch, PlayAction, SupplyChance, Table, default_players
from tests.table.conftest import open_table


def test_the_opening_roll_asks_the_players_by_name(db_path: Path) -> None:
    with Store.open(db_path) as store, open_table(store, games=game_specs()) as table:
        table.post(NewMatch("backgammon", default_players(2), {})).result(timeout=10)
        snapshot = table.snapshot
        assert snapshot is not None and snapshot.chance is not None
        assert snapshot.chance.prompt == "Roll one die each: Ana, Ben, in that order."


def test_the_yahtzee_dice_prompt_names_the_player_and_survives_a_restart(db_path: Path) -> None:
    with Store.open(db_path) as store, open_table(store, games=game_specs()) as table:
        table.post(NewMatch("yahtzee", default_players(3), {})).result(timeout=10)
        snapshot = table.snapshot
        assert snapshot is not None and snapshot.chance is not None
        assert snapshot.chance.prompt == "Ana: roll two dice for the order of play."
        assert table.post(DrawChance()).result(timeout=10).applied
    with Store.open(db_path) as store, open_table(store, games=game_specs()) as table:
        reopened = table.snapshot
        assert reopened is not None and reopened.chance is not None
        assert reopened.chance.prompt == "Ben: roll two dice for the order of play."


def test_a_refusal_names_the_player_it_is_about(db_path: Path) -> None:
    with Store.open(db_path) as store, open_table(store, games=game_specs()) as table:
        table.post(NewMatch("backgammon", default_players(2), {})).result(timeout=10)
        apply(table, SupplyChance([3, 1], source="dice tray"))  # Ana wins the opening roll
        snapshot = table.snapshot
        assert snapshot is not None and snapshot.to_move == 0
        opening_move = snapshot.legal_actions[0]
        apply(table, PlayAction(opening_move), PlayAction({"action": "double"}, seat=1))
        refused = table.post(PlayAction(opening_move)).result(timeout=10)
    assert (refused.applied, refused.text) == (
        False, "It is not time to move checkers: Ana must take or pass the double.",
    )  # fmt: skip


def apply(table: Table, *commands: object) -> None:
    for command in commands:
        outcome = table.post(command).result(timeout=10)
        assert outcome.applied, outcome.text


def test_an_uno_refusal_names_the_player(db_path: Path) -> None:
    with Store.open(db_path) as store, open_table(store, games=game_specs()) as table:
        table.post(NewMatch("classic", default_players(3), {})).result(timeout=10)
        while table.snapshot is not None and table.snapshot.chance is not None:
            apply(table, DrawChance())
        refused = table.post(PlayAction({"action": "call_uno", "caller": 1})).result(timeout=10)
    assert not refused.applied
    assert refused.text.startswith("Ben cannot call UNO now: ")


def test_the_pick_between_two_seats_reads_with_names(db_path: Path) -> None:
    spec = game_specs()["tiki"]
    rng = random.Random(3)
    with Store.open(db_path) as store, open_table(store, games=game_specs()) as table:
        table.post(NewMatch("tiki", default_players(4), {})).result(timeout=10)
        for _ in range(2000):
            snapshot = table.snapshot
            assert snapshot is not None and not snapshot.is_over
            if snapshot.chance is not None and snapshot.chance.kind == "spin":
                break
            apply(table, choose_command(snapshot, spec, rng))
        apply(table, SupplyChance([1, 2], source="spinner"))
        picked = table.post(PlayAction({"action": "pick_seat", "picked": 2})).result(timeout=10)
    assert picked.applied
    assert picked.text.split(". ")[0].endswith(": pick Cleo")
