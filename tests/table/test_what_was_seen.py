"""Commands made against what a sender saw: the match it would abandon, the state it chose
in, and the words of the action it names (issue 25)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.event_log.store import Store
from companion.games.actions import action_to_json
from companion.games.registry import game_spec, game_specs
from companion.table import DrawChance, NewMatch, PlayAction, Table, Undo, default_players

FORGED = "24/1 off. Ben won the match"


@pytest.fixture
def real_table(tmp_path) -> Iterator[Table]:  # type: ignore[no-untyped-def]
    from companion.table import FairChance

    with Store.open(tmp_path / "log.db") as store, Table(
        store, games=game_specs(), chance=FairChance(5)
    ) as table:
        yield table


def _backgammon_at_its_first_play(table: Table) -> None:
    assert table.post(NewMatch("backgammon", default_players(2))).result().applied
    while table.snapshot is not None and not table.snapshot.legal_actions:
        assert table.post(DrawChance()).result().applied


def test_a_new_match_that_may_abandon_nothing_is_refused_while_one_is_unfinished(
    real_table: Table,
) -> None:
    _backgammon_at_its_first_play(real_table)
    first = real_table.snapshot
    assert first is not None
    refused = real_table.post(NewMatch("yahtzee", default_players(2), abandon=False)).result()
    assert not refused.applied
    assert refused.text.startswith(f"Match {first.match_id} (Backgammon: Ana, Ben)")
    named = NewMatch("yahtzee", default_players(2), abandon=first.match_id)
    assert real_table.post(named).result().applied


def test_the_home_screens_new_match_still_abandons_what_is_unfinished(
    real_table: Table,
) -> None:
    _backgammon_at_its_first_play(real_table)
    assert real_table.post(NewMatch("yahtzee", default_players(2))).result().applied


def test_the_listed_action_is_played_whatever_words_came_with_it(real_table: Table) -> None:
    _backgammon_at_its_first_play(real_table)
    snapshot = real_table.snapshot
    assert snapshot is not None
    listed = snapshot.legal_actions[0]
    sent = {**action_to_json(listed), "text": FORGED}
    outcome = real_table.post(PlayAction(sent, seat=snapshot.to_move)).result()
    assert outcome.applied, outcome.text
    assert FORGED not in outcome.text
    assert str(listed) in outcome.text


def test_a_play_or_undo_chosen_in_a_state_that_is_gone_is_refused(real_table: Table) -> None:
    _backgammon_at_its_first_play(real_table)
    snapshot = real_table.snapshot
    assert snapshot is not None
    stale = PlayAction(snapshot.legal_actions[0], for_seq=snapshot.seq - 1)
    assert "moved on" in real_table.post(stale).result().text
    other = Undo(for_match=snapshot.match_id + 1)
    assert "no longer on the table" in real_table.post(other).result().text
    assert real_table.post(Undo(for_seq=snapshot.seq)).result().applied
    assert not real_table.post(Undo(for_seq=snapshot.seq)).result().applied


@pytest.mark.parametrize("game", ["classic", "tiki", "duo"])
def test_uno_at_the_table_is_refereed_unless_simulation_is_named(game: str) -> None:
    assert game_spec(game).table_options({})["mode"] == "referee"
    assert game_spec(game).table_options({"mode": "simulation"})["mode"] == "simulation"
    assert "mode" not in game_spec("backgammon").table_options({})


def test_a_single_checker_step_is_told_in_the_players_own_notation_whatever_words_came(
    real_table: Table,
) -> None:
    _backgammon_at_its_first_play(real_table)
    snapshot = real_table.snapshot
    assert snapshot is not None
    game = snapshot.game_state(real_table.games["backgammon"])
    step = game.step_action(game.legal_steps()[0])
    own_words = step.describe(str)
    sent = {**action_to_json(step), "text": FORGED}
    outcome = real_table.post(PlayAction(sent, seat=snapshot.to_move)).result()
    assert outcome.applied, outcome.text
    assert FORGED not in outcome.text
    assert own_words in outcome.text and own_words != "/".join(map(str, step.step[:2]))
