"""Dice from the tray at the table: thrown instead of doubling, cocked, or not wanted."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from companion.event_log.store import Store
from companion.games.base import INVALID_ROLL
from companion.games.registry import game_specs
from companion.table import (
    DrawChance,
    NewMatch,
    PlayAction,
    SupplyChance,
    Table,
    TableSnapshot,
    Undo,
    default_players,
)
from tests.table.conftest import open_table, rebuild_from_scratch, state_text


@pytest.fixture
def backgammon(store: Store) -> Iterator[Table]:
    """A Backgammon match played on to the first turn where the player may double."""
    with open_table(store, games=game_specs()) as table:
        assert table.post(NewMatch("backgammon", default_players(2), {})).result().applied
        rng = random.Random(1)
        for _ in range(200):
            snapshot = current(table)
            if snapshot.chance is None and "Double" in kinds(snapshot):
                break
            command = (
                DrawChance()
                if snapshot.chance
                else PlayAction(rng.choice(snapshot.legal_actions), seat=snapshot.to_move)
            )
            assert table.post(command).result().applied
        else:
            raise AssertionError("no turn where the player may double")
        yield table


def current(table: Table) -> TableSnapshot:
    snapshot = table.snapshot
    assert snapshot is not None
    return snapshot


def kinds(snapshot: TableSnapshot) -> list[str]:
    return [type(action).__name__ for action in snapshot.legal_actions]


def throw(table: Table, outcome: object) -> tuple[bool, str]:
    result = table.post(SupplyChance(outcome, "dice tray", current(table).seq)).result()
    return result.applied, result.text


def test_dice_thrown_while_the_player_may_double_are_a_roll_without_doubling(
    backgammon: Table,
) -> None:
    assert throw(backgammon, [3, 5]) == (True, "The dice tray rolls 3 5")
    after = current(backgammon)
    assert "Double" not in kinds(after)
    assert after.legal_actions, "the player now moves the 3 and the 5"
    assert all("Double" not in str(action) for action in after.legal_actions)


def test_a_cocked_throw_while_the_player_may_double_leaves_the_choice_to_double(
    backgammon: Table,
) -> None:
    applied, text = throw(backgammon, INVALID_ROLL)
    assert applied
    assert text.startswith("The dice tray reports a cocked roll. ")
    assert kinds(current(backgammon)) == ["Roll", "Double"]


def test_undoing_a_throw_instead_of_doubling_gives_the_choice_back(backgammon: Table) -> None:
    before = current(backgammon)
    assert throw(backgammon, [6, 2])[0]
    assert backgammon.post(Undo()).result().applied
    after = current(backgammon)
    assert kinds(after) == kinds(before) == ["Roll", "Double"]
    assert state_text(after.state_json) == state_text(before.state_json)


def test_the_log_of_throws_instead_of_doubling_replays_to_the_same_match(
    backgammon: Table, store: Store
) -> None:
    assert throw(backgammon, INVALID_ROLL)[0]
    assert throw(backgammon, [4, 4])[0]
    snapshot = current(backgammon)
    spec = game_specs()["backgammon"]
    rebuilt = rebuild_from_scratch(spec, 2, {}, store.events(snapshot.match_id))
    assert rebuilt == state_text(snapshot.state_json)


def test_dice_while_a_checker_move_is_awaited_are_refused_and_change_nothing(
    backgammon: Table,
) -> None:
    assert throw(backgammon, [3, 5])[0]
    before = current(backgammon)
    assert throw(backgammon, [1, 2]) == (False, "No roll, shuffle or spin is needed now.")
    assert current(backgammon) == before


def test_a_cocked_yahtzee_roll_at_the_table_is_logged_and_the_same_dice_are_asked_for(
    store: Store,
) -> None:
    with open_table(store, games=game_specs()) as table:
        assert table.post(NewMatch("yahtzee", default_players(2), {})).result().applied
        before = current(table)
        applied, text = throw(table, INVALID_ROLL)
        assert applied
        assert (
            text == "The dice tray reports a cocked roll. The roll does not count: Ana rolls again."
        )
        assert current(table).chance == before.chance
        assert throw(table, [5, 2]) == (
            True,
            "The dice tray rolls 5 2. Ana rolls 7 for the order of play.",
        )
        assert table.post(Undo()).result().applied
        assert current(table).chance == before.chance
        spec = game_specs()["yahtzee"]
        snapshot = current(table)
        rebuilt = rebuild_from_scratch(spec, 2, {}, store.events(snapshot.match_id))
        assert rebuilt == state_text(snapshot.state_json)


def test_a_cocked_roll_offered_for_a_shuffle_is_refused(store: Store) -> None:
    with open_table(store, games=game_specs()) as table:
        assert table.post(NewMatch("classic", default_players(2), {})).result().applied
        before = current(table)
        assert before.chance is not None and before.chance.kind == "shuffle"
        applied, text = throw(table, INVALID_ROLL)
        assert not applied
        assert text.startswith("A shuffle must be an order of all")
        assert current(table) == before


def test_the_companions_roll_while_the_player_may_double_is_rolling(
    backgammon: Table, store: Store
) -> None:
    player = current(backgammon).to_move
    outcome = backgammon.post(DrawChance()).result()
    assert outcome.applied, outcome.text
    after = current(backgammon)
    assert "Double" not in kinds(after)
    assert after.to_move == player or after.state()["last_turn"]["play"] == "no move"
    spec = game_specs()["backgammon"]
    rebuilt = rebuild_from_scratch(spec, 2, {}, store.events(after.match_id))
    assert rebuilt == state_text(after.state_json)
