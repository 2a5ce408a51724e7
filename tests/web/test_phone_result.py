"""At a match's end every phone shows the result: the winner, the final scores, and a chart
of each player's score round by round, drawn from the state that ended the match.

The public state carries `rounds`, the scores after each UNO round, backgammon
game or Yahtzee claim, as the log keeps them (`Store.rounds`) and the screen's
scoresheet shows them; the page draws the chart as SVG itself, each player's
line in their mark's colour with their letter at its end.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.app.commands.demo import choose_command
from companion.event_log.store import Store
from companion.table import FairChance, NewMatch, Player, Redo, Table, TableSnapshot, Undo
from companion.web import WebServer
from tests.web.conftest import start
from tests.web.phone_pages import NEEDS_CHROMIUM, WAIT_MS, open_phone, rgb, wait_for_seq
from ui.theme import player_colour

MATCHES = [
    ("backgammon", 2, {"match_length": 3}),
    ("minigam", 2, {}),
    ("classic", 3, {"target": 100}),
    ("yahtzee", 3, {}),
]


def play_to_the_end(table: Table, seed: int = 5, most: int = 20_000) -> TableSnapshot:
    """Play the match on the table to its end as the demo does."""
    rng = random.Random(seed)
    for _ in range(most):
        snapshot = table.snapshot
        assert snapshot is not None
        if snapshot.is_over:
            return snapshot
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
    pytest.fail(f"the match did not end in {most} commands")


def logged_rounds(log_path: Path, match_id: int) -> list[list[int]]:
    with Store.open_to_read(log_path) as store:
        return [list(scores) for _seq, scores in store.rounds(match_id)]


@pytest.mark.parametrize(("game", "players", "options"), MATCHES)
def test_the_state_that_ends_a_match_carries_its_scores_round_by_round(
    client: FlaskClient, table: Table, log_path: Path, game: str, players: int,
    options: dict[str, Any],
) -> None:
    start(table, game, players, options)
    snapshot = play_to_the_end(table)
    match = client.get("/api/state").get_json()["match"]
    assert match["is_over"]
    assert match["rounds"] == logged_rounds(log_path, snapshot.match_id)
    assert match["rounds"], "a finished match has at least one round"
    assert match["rounds"][-1] == match["scores"]
    assert json.loads(json.dumps(match["rounds"])) == [list(r) for r in snapshot.rounds]


def test_an_undone_round_leaves_the_state_as_it_leaves_the_log(
    client: FlaskClient, table: Table, log_path: Path
) -> None:
    start(table, "yahtzee", 3)
    rng = random.Random(4)
    while len(table.snapshot.rounds) < 3:
        snapshot = table.snapshot
        table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
    before = client.get("/api/state").get_json()["match"]["rounds"]
    assert table.post(Undo()).result().applied
    after = client.get("/api/state").get_json()["match"]["rounds"]
    assert after == before[:-1] == logged_rounds(log_path, table.snapshot.match_id)
    assert table.post(Redo()).result().applied
    assert client.get("/api/state").get_json()["match"]["rounds"] == before


def test_a_match_rebuilt_from_the_log_keeps_its_rounds(tmp_path: Path) -> None:
    path = tmp_path / "companion.db"
    with Store.open(path) as store, Table(store, chance=FairChance(3)) as table:
        start(table, "classic", 3, {"target": 300})
        rng = random.Random(8)
        while len(table.snapshot.rounds) < 2:
            snapshot = table.snapshot
            table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
        assert table.post(Undo()).result().applied
        played = table.snapshot.rounds
    with Store.open(path) as store, Table(store, chance=FairChance(3)) as again:
        assert again.snapshot is not None
        assert again.snapshot.rounds == played
        assert [list(r) for r in played] == logged_rounds(path, again.snapshot.match_id)


def _result(page: Any) -> dict[str, Any]:
    return page.evaluate(
        """() => {
          const section = document.getElementById('result');
          const lines = [...section.querySelectorAll('polyline.score-line')];
          return {
            hidden: section.hidden,
            winners: [...section.querySelectorAll('li.winner .name')].map(n => n.textContent),
            scores: [...section.querySelectorAll('li')].map(li => [
              li.querySelector('.name').textContent,
              Number(li.querySelector('.score').textContent)]),
            lines: lines.map(l => [Number(l.dataset.seat), getComputedStyle(l).stroke,
              l.getAttribute('points').split(' ').length]),
            ends: [...section.querySelectorAll('.end-letter')].map(t =>
              [Number(t.dataset.seat), t.textContent]),
            svg: section.querySelectorAll('svg.result-chart').length,
          };
        }"""
    )


@NEEDS_CHROMIUM
@pytest.mark.parametrize(("game", "players", "options"), [MATCHES[0], MATCHES[2], MATCHES[3]])
def test_every_phone_shows_the_result_as_the_last_command_lands(
    browser: Any, server: WebServer, table: Table, game: str, players: int,
    options: dict[str, Any],
) -> None:
    seated = (Player("Mum", "red"), Player("Dev", "yellow"), Player("Ana", "blue"))[:players]
    assert table.post(NewMatch(game, seated, options)).result().applied
    play_to_the_end(table)
    assert table.post(Undo()).result().applied  # one command from the end
    phones = [open_phone(browser, scheme) for scheme in ("light", "dark")]
    try:
        for page in phones:
            # The result must come with the state itself, not from a read of the log after it.
            page.route("**/api/matches/**", lambda route: route.abort())
            page.goto(f"http://127.0.0.1:{server.port}/")
            wait_for_seq(page, table.snapshot.seq)
            assert _result(page)["hidden"]
        assert table.post(Redo()).result().applied
        final = table.snapshot
        assert final.is_over
        for page in phones:
            wait_for_seq(page, final.seq)
            page.wait_for_selector("#result:not([hidden]) svg.result-chart", timeout=WAIT_MS)
            shown = _result(page)
            names = [player.name for player in seated]
            assert shown["winners"] == [names[seat] for seat in final.winners]
            expected = sorted(zip(names, final.scores, strict=True))
            assert sorted(map(tuple, shown["scores"])) == expected
            assert shown["svg"] == 1
            points = len(final.rounds) + 1  # the start, then after each round
            assert shown["lines"] == [
                [seat, rgb(player_colour(player.colour).rgb), points]
                for seat, player in enumerate(seated)
            ]
            assert sorted(shown["ends"]) == [
                [seat, player_colour(player.colour).mark] for seat, player in enumerate(seated)
            ]
            overflow = page.evaluate("() => document.documentElement.scrollWidth - innerWidth")
            assert overflow <= 0
            assert page.script_errors == []
    finally:
        for page in phones:
            page.context.close()
