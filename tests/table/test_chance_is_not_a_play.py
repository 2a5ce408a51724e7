"""Chance at the table comes from the tray, the spinner or the dice entry, never as a play.

A phone or a mis-wired screen that posts a chance outcome as a `PlayAction` would
let a player choose their own dice, deck order or spin result.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.app.commands.demo import choose_command
from companion.event_log.store import Store
from companion.games.autoplay import sample_outcome
from companion.games.registry import game_specs
from companion.table import NewMatch, PlayAction, default_players
from companion.table.match import CHANCE_AS_PLAY
from tests.table.conftest import open_table


@pytest.mark.parametrize("game", sorted(game_specs()))
def test_no_game_takes_a_chance_outcome_as_a_players_play(game: str, tmp_path: Path) -> None:
    spec = game_specs()[game]
    rng = random.Random(game)
    tried = 0
    with Store.open(tmp_path / "log.db") as store, open_table(store, games=game_specs()) as table:
        table.post(NewMatch(game, default_players(spec.min_players), {})).result(timeout=10)
        for _ in range(300):
            snapshot = table.snapshot
            assert snapshot is not None
            if snapshot.is_over:
                break
            if snapshot.chance is not None:
                state = spec.state_from_json(json.loads(snapshot.state_json))
                chosen = state.chance_action(sample_outcome(snapshot.chance, rng))
                for seat in (None, *range(len(snapshot.players))):
                    outcome = table.post(PlayAction(chosen.to_json(), seat=seat)).result(timeout=10)
                    assert (outcome.applied, outcome.text) == (False, CHANCE_AS_PLAY)
                    assert table.snapshot is snapshot
                tried += 1
            table.post(choose_command(snapshot, spec, rng)).result(timeout=10)
    assert tried >= 2  # at least the deal and one more: a shuffle, a spin or dice
