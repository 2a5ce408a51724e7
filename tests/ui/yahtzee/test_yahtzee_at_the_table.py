"""Whole Yahtzee board games refereed at the table through the scripted driver, checked in the
log: what the log says happened, that it replays to the screen's board, and the final scores."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.event_log.store import Store
from companion.games.actions import action_from_json
from companion.games.yahtzee import new_game
from tests.ui.conftest import seeded_dice
from tests.ui.yahtzee.yahtzee_players import play_out, yahtzee_scene

SMALL_BOARD = ("new yahtzee --names Ana,Ben --option squares=6 --option wild_squares=[1,4]"
               " --option 'tiles=[\"fives\",\"sixes\",\"full_house\"]'")
"""Six squares (1 and 4 wild) and three tiles: a whole game in a few dozen lines."""
SMALL_OPTIONS = {"squares": 6, "wild_squares": [1, 4], "tiles": ["fives", "sixes", "full_house"]}

WHOLE_GAME = f"""
{SMALL_BOARD}
roll 6 5
roll 2 1
expect Order of play: Ana, Ben
# Ana to square 2: holds two 6s, throws three dice, and chooses Sixes over Fives.
roll 1
roll 6 6 2 1 3
tap hold:1
tap hold:2
tap throw
roll 6 4 5
tap stop
expect the dice make several tiles
tap tile:sixes
expect Ana claims Sixes (three 6s) on square 2
# Ben to square 2: two 6s do not steal three.
roll 4
roll 6 6 2 3 4
tap stop
expect Ben needs at least three 6s to steal Sixes: Ana keeps it
# Ana to wild square 4: sees the first throw, goes for Full House, placed on square 5.
roll 2
roll 5 5 5 3 3
expect choose the tile to go for
tap tile:full_house
tap stop
expect Ana claims Full House on square 5
# Ben to square 2: four 6s steal Sixes.
roll 6
roll 6 6 6 6 2
tap stop
expect Ben steals Sixes (four 6s) from Ana
# Ana to square 2: a Yahtzee takes Sixes back and protects it.
roll 3
roll cocked
expect The roll does not count: Ana rolls again
roll 6 6 6 6 6
tap stop
expect Yahtzee! Ana may claim any tile
tap tile:sixes
expect The Yahtzee protection marker is now on Sixes
# Ben to square 3 claims Fives, the last tile: the challenge rounds begin with Ana.
roll 1
roll 5 5 1 2 3
tap stop
expect challenge rounds begin
expect Ana plays until failing to win a tile
# Ana steals Fives and goes again, then fails on the blank square 6: she is out.
roll 1
roll 5 5 5 1 2
tap stop
expect Ana succeeded: they go again
roll 3
roll 1 2 3 4 6
tap stop
expect Ana is out of the challenge rounds
expect Still in: Ben
# Ben steals Full House and goes again, then fails on the protected Sixes: game over.
roll 2
roll 2 2 3 3 3
tap stop
expect Ben steals Full House from Ana
roll 3
roll 6 6 6 6 1
tap stop
expect Ben needs a Yahtzee to steal the protected Sixes: Ana keeps it
expect Game over: Ana wins
"""


def _companion_ui(tmp_path: Path, script: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "game.script"
    path.write_text(script, encoding="utf-8")
    # A tray that reads the dice thrown, as the script's `roll` lines say.
    config = tmp_path / "config.toml"
    config.write_text('[tray]\ndice_source = "serial"\n', encoding="utf-8")
    env = {**os.environ, "COMPANION_CONFIG": "", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("DISPLAY", None)
    return subprocess.run(
        [sys.executable, "-m", "companion", "ui", "--headless", "--script", str(path),
         "--db", str(tmp_path / "log.db"), "--size", "800x480", "--config", str(config)],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )


def _replayed(store: Store, match_id: int, players: int, options: dict):
    """The game rebuilt from the log's actions alone, in a fresh engine."""
    game = new_game(players, options)
    for event in store.events(match_id):
        assert event.kind in ("play", "chance"), f"unexpected {event.kind} event in the log"
        game.apply(action_from_json("yahtzee", event.action))
    return game


def test_a_scripted_game_with_steals_a_yahtzee_and_a_wild_square_ends_in_the_log(
        tmp_path: Path) -> None:
    done = _companion_ui(tmp_path, WHOLE_GAME)
    assert done.returncode == 0, done.stderr
    with Store.open(tmp_path / "log.db") as store:
        record = store.matches()[-1]
        assert record.status == "finished"
        assert list(record.scores) == [70, 30]  # Ana: Sixes 4 x 10, Fives 3 x 10; Ben: Full House
        assert record.result["winners"] == [0]
        texts = [event.text for event in store.events(record.id)]
        assert "Ana: Go for Full House" in texts
        steals = [part.rstrip(".") for text in texts for part in text.split(". ")
                  if " steals " in part and "only" not in part]
        assert steals == ["Ben steals Sixes (four 6s) from Ana",
                          "Ana steals Sixes (four 6s) from Ben",
                          "Ana steals Fives (three 5s) from Ben",
                          "Ben steals Full House from Ana"]
        assert any("needs at least three 6s to steal Sixes: Ana keeps it" in t for t in texts)
        assert any("The roll does not count" in text for text in texts)
        game = _replayed(store, record.id, 2, SMALL_OPTIONS)
    assert game.is_over and game.scores() == [70, 30]
    assert game.protected is not None and game.protected.value == "sixes"


def test_a_whole_game_on_the_full_board_plays_to_the_end_and_replays_from_the_log(
        screen) -> None:
    tiles = ["ones", "twos", "sixes", "full_house", "small_straight", "chance"]
    screen.run(f"new yahtzee --names Ana,Ben --option 'tiles={json.dumps(tiles)}'")
    played = play_out(screen, seeded_dice(1), yahtzees=0.05)
    record = screen.store.matches()[-1]
    assert record.status == "finished"
    view = yahtzee_scene(screen).view
    assert view is not None and view.snapshot.is_over
    assert list(record.scores) == view.scores()
    replayed = _replayed(screen.store, record.id, 2, {"tiles": tiles})
    assert replayed.to_json() == view.game.to_json()
    texts = " ".join(event.text for event in screen.store.events(record.id))
    for happened in ("steals", "to steal", "Yahtzee protection marker", "Go for",
                     "challenge rounds begin", "does not count"):
        assert happened in texts, f"the game had no {happened!r}"
    assert any(line.startswith("tap hold:") for line in played)
    assert any(line.startswith("tap face:") for line in played)
    screen.run("expect Game over", "expect Rematch")
