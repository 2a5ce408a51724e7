"""The Yahtzee board's game-over words: the winner, then every player's points, highest first."""

from __future__ import annotations

import random
from pathlib import Path

from companion.app.commands.demo import choose_command
from companion.event_log.store import Store
from companion.table import FairChance, NewMatch, Table, TableSnapshot, default_players
from tests.ui.conftest import seeded_dice
from tests.ui.yahtzee.yahtzee_players import play_out
from ui.yahtzee.view_model import YahtzeeView

SMALL_BOARD = {"tiles": ["ones", "fives", "sixes", "full_house"]}
SMALL_GAME = ("new yahtzee --names Ana,Ben --option squares=6 --option wild_squares=[1,4]"
              " --option 'tiles=[\"fives\",\"sixes\"]'")
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


def test_the_game_over_line_names_the_winner_once(screen) -> None:
    # The engine's "Winner: Ana." and the table's "Ana won the match" said it twice.
    screen.run(SMALL_GAME)
    play_out(screen, seeded_dice(3))
    snapshot = screen.app.snapshot
    assert snapshot is not None and snapshot.is_over and len(snapshot.winners) == 1
    winner = snapshot.players[snapshot.winners[0]].name
    last = screen.widget("last").text
    ending = last[last.index("Game over: "):]
    # Each player's points, then the table's one sentence for the winner.
    assert "Winner" not in ending and ending.endswith(f". {winner} won the match"), ending
    assert ending.count(winner) == 2, ending
