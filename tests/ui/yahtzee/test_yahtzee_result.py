"""The Yahtzee board's game-over words: the winner, then every player's points, highest first."""

from __future__ import annotations

import random
from pathlib import Path

from companion.app.commands.demo import choose_command
from companion.event_log.store import Store
from companion.table import FairChance, NewMatch, Table, TableSnapshot, default_players
from ui.yahtzee.view_model import YahtzeeView

SMALL_BOARD = {"tiles": ["ones", "fives", "sixes", "full_house"]}
SEED = 2
"""A seeded three-player game that the last seat wins, with the first seat scoring least."""


def played_out(table: Table, seed: int) -> TableSnapshot:
    table.post(NewMatch("yahtzee", default_players(3), SMALL_BOARD)).result(timeout=10)
    rng = random.Random(seed)
    while table.snapshot is not None and not table.snapshot.is_over:
        table.post(choose_command(table.snapshot, table.games["yahtzee"], rng)).result(timeout=10)
    assert table.snapshot is not None
    return table.snapshot


def test_the_game_over_scores_are_listed_highest_first(tmp_path: Path) -> None:
    with Store.open(tmp_path / "log.db") as store, Table(store, chance=FairChance(SEED)) as table:
        snapshot = played_out(table, SEED)
        view = YahtzeeView.of(snapshot, table.games["yahtzee"])
    scores = list(snapshot.scores)
    assert snapshot.winners == (2,) and scores[0] < scores[1] < scores[2]
    names = [player.name for player in snapshot.players]
    headline, *lines = view.result_words().split("\n")
    assert headline == f"Game over: {names[2]} wins."
    assert lines == [f"{names[seat]}: {scores[seat]}" for seat in (2, 1, 0)]
