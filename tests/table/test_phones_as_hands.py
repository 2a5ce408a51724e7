"""UNO "with phones as hands": the companion holds the deck, its engine in full-information
mode, every shuffle the table's own and logged, the match replayed exactly."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from companion.app.commands.demo import choose_command
from companion.event_log.store import Store
from companion.games.registry import game_specs
from companion.games.uno.actions import PlayCard
from companion.games.uno.match_state import MatchState
from companion.table import (
    DrawChance,
    NewMatch,
    PlayAction,
    Rematch,
    Table,
    default_players,
)
from companion.table.hands import ON_PHONES, hands_of
from tests.table.conftest import open_table

UNO_GAMES = [("classic", 4), ("tiki", 4), ("duo", 2)]


def _play(table: Table, commands: int, seed: int = 5) -> None:
    rng = random.Random(seed)
    for _ in range(commands):
        snapshot = table.snapshot
        assert snapshot is not None
        if snapshot.is_over:
            return
        outcome = table.post(choose_command(snapshot, table.games[snapshot.game], rng)).result()
        assert outcome.applied, outcome.text


@pytest.mark.parametrize(("game", "players"), UNO_GAMES)
def test_an_uno_game_with_phones_as_hands_is_dealt_by_the_companion_and_replays_exactly(
    store: Store, game: str, players: int
) -> None:
    with open_table(store, games=game_specs()) as table:
        started = table.post(NewMatch(game, default_players(players), {"mode": "referee"},
                                      hands="phones")).result()
        assert started.applied, started.text
        snapshot = table.snapshot
        assert snapshot is not None and snapshot.hands == ON_PHONES
        assert snapshot.chance is not None and snapshot.chance.kind == "shuffle"
        record = store.match(snapshot.match_id)
        assert record is not None and record.options["mode"] == "simulation"
        _play(table, 150)
        snapshot = table.snapshot
        assert snapshot is not None
        state = snapshot.game_state(table.games[game])
        assert isinstance(state, MatchState)
        dealt = [card for hand in state.piles.hands for card in hand]
        assert dealt and None not in dealt  # every card of every hand known to the engine
        shuffles = [event for event in store.events(snapshot.match_id)
                    if event.kind == "chance" and "order" in (event.action or {})]
        assert shuffles  # each shuffle in the log with its order
        played_to = snapshot.state_json
    with open_table(store, games=game_specs()) as reopened:
        again = reopened.snapshot
        assert again is not None and again.state_json == played_to
        assert again.hands == ON_PHONES


def test_a_rematch_of_a_match_with_phones_as_hands_holds_the_hands_again(store: Store) -> None:
    with open_table(store, games=game_specs()) as table:
        assert table.post(NewMatch("tiki", default_players(3), {"target": 1},
                                   hands="phones")).result().applied
        _play(table, 3000)
        assert table.snapshot is not None and table.snapshot.is_over
        assert table.post(Rematch()).result().applied
        assert table.snapshot is not None and table.snapshot.hands == ON_PHONES


def test_a_game_without_cards_is_refused_with_phones_as_hands_in_a_sentence(
    store: Store,
) -> None:
    with open_table(store, games=game_specs()) as table:
        outcome = table.post(NewMatch("yahtzee", default_players(2), hands="phones")).result()
        assert not outcome.applied
        assert outcome.text == ("Yahtzee board game has no hands of cards for the companion to"
                                " hold: start it without phones as hands.")
        assert table.snapshot is None


def test_real_cards_at_the_table_stay_refereed(store: Store) -> None:
    with open_table(store, games=game_specs()) as table:
        assert table.post(NewMatch("tiki", default_players(3), {"mode": "referee"})).result()
        snapshot = table.snapshot
        assert snapshot is not None and snapshot.hands == "table"
        assert snapshot.chance is None  # the real deck is dealt by hand: no shuffle asked
        assert table.post(DrawChance()).result().applied is False


def test_where_the_hands_are_is_read_back_from_the_logged_options() -> None:
    specs = game_specs()
    assert hands_of(specs["duo"], {"mode": "simulation", "hands": "phones"}) == ON_PHONES
    assert hands_of(specs["duo"], {"mode": "simulation"}) == "table"
    assert hands_of(specs["duo"], {"mode": "referee"}) == "table"
    assert hands_of(specs["yahtzee"], {"mode": "simulation", "hands": "phones"}) == "table"


@pytest.mark.parametrize(("game", "players"), UNO_GAMES)
def test_a_simulated_match_started_without_phones_as_hands_is_not_taken_for_one(
    store: Store, game: str, players: int
) -> None:
    """The engine's full-information mode is also the demo's and the tests': the plan to
    hold the hands on phones is a fact of its own, logged with the options."""
    with open_table(store, games=game_specs()) as table:
        assert table.post(NewMatch(game, default_players(players), {})).result().applied
        snapshot = table.snapshot
        assert snapshot is not None and snapshot.hands == "table"
        record = store.match(snapshot.match_id)
        assert record is not None and record.options["mode"] == "simulation"
        assert "hands" not in record.options
        _play(table, 20)
    with open_table(store, games=game_specs()) as reopened:
        assert reopened.snapshot is not None and reopened.snapshot.hands == "table"


def test_phones_as_hands_cannot_be_slipped_in_among_the_rule_options(store: Store) -> None:
    with open_table(store, games=game_specs()) as table:
        outcome = table.post(NewMatch("tiki", default_players(4), {"hands": "phones"})).result()
        assert not outcome.applied
        assert outcome.text == ('Where the hands are is said by "hands" beside the rule options,'
                                " not among them.")
        assert table.snapshot is None


def test_an_engine_failure_on_a_play_journals_its_kind_and_seat_never_the_card(
    store: Store, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine bug is journalled (a Pi without a screen has no other place to say it), but
    a play from a phone holds a card of its hand: the journal says what kind of command
    failed and for which seat, never the command itself."""
    with open_table(store, games=game_specs()) as table:
        assert table.post(NewMatch("tiki", default_players(4), hands="phones")).result().applied
        snapshot = table.snapshot
        assert snapshot is not None
        while snapshot.chance is not None:
            assert table.post(DrawChance(for_seq=snapshot.seq)).result().applied
            snapshot = table.snapshot
            assert snapshot is not None
        state = snapshot.game_state(table.games["tiki"])
        assert isinstance(state, MatchState)
        seat = snapshot.to_move
        assert seat is not None
        hand = {str(card) for card in state.piles.hands[seat]}
        play = next(action for action in snapshot.legal_actions if isinstance(action, PlayCard))

        honest = type(state).apply

        def fall_over(self: MatchState, action: Any) -> Any:
            if isinstance(action, PlayCard):  # an engine bug whose words name the card
                raise RuntimeError(f"the engine fell over playing {action}")
            return honest(self, action)

        monkeypatch.setattr(type(state), "apply", fall_over)
        caplog.set_level(logging.DEBUG)
        outcome = table.post(PlayAction(play, seat=seat, for_seq=snapshot.seq)).result()
        assert not outcome.applied
        assert table.snapshot is snapshot
        journal = caplog.text
        assert "could not apply" in journal and f"seat {seat}" in journal
        assert "RuntimeError" in journal and "Traceback" in journal
        assert str(play.card) not in journal
        leaked = {card for card in hand if card in journal}
        assert not leaked, journal
