"""The table: commands in, outcomes and snapshots out, undo, chance and the match lifecycle."""

from __future__ import annotations

import dataclasses
import itertools
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.errors import StoreError
from companion.event_log.store import Store
from companion.games.backgammon import refusals
from companion.games.base import GIVE_DICE, ChanceRequest, GameSpec, RuleError, check_outcome
from companion.games.registry import game_specs
from companion.i18n import note_text, use_language
from companion.table import (
    DrawChance,
    FairChance,
    NewMatch,
    PlayAction,
    Player,
    Rematch,
    SoftwarePick,
    SupplyChance,
    Table,
    Undo,
    default_players,
)
from companion.table.match import CHANCE_AS_PLAY
from tests.catalogs import translated_catalog
from tests.table.conftest import FIXED_TIME, GAMES, open_table, rebuild_from_scratch, state_text
from tests.table.tally import TALLY


def apply(table: Table, *commands: Any) -> list[int]:
    """Post commands one by one; every one must be applied. Returns their seqs."""
    seqs = []
    for command in commands:
        outcome = table.post(command).result(timeout=10)
        assert outcome.applied, outcome.text
        assert outcome.seq is not None
        seqs.append(outcome.seq)
    return seqs


class Constant:
    """A chance source that always gives the same outcome, and records what it was asked.

    Shuffles it leaves to a seeded fair source.
    """

    def __init__(self, outcome: Any) -> None:
        self.outcome_value = outcome
        self.asked: list[ChanceRequest] = []
        self._fair = FairChance(0)

    def outcome(self, request: ChanceRequest) -> Any:
        if request.kind == "shuffle":
            return self._fair.outcome(request)
        self.asked.append(request)
        return self.outcome_value


def test_new_match_publishes_a_fresh_snapshot_with_players_in_seat_order(table: Table) -> None:
    snapshot = table.snapshot
    assert snapshot is not None
    assert (snapshot.game, snapshot.title, snapshot.seq) == ("tally", "Tally", 0)
    assert [player.name for player in snapshot.players] == ["Ana", "Ben", "Cleo"]
    assert [player.colour for player in snapshot.players] == ["red", "blue", "green"]
    assert snapshot.chance is not None and snapshot.chance.kind == "shuffle"
    assert snapshot.scores == (0, 0, 0) and not snapshot.is_over and not snapshot.can_undo


def test_an_applied_command_is_in_the_log_before_its_sender_hears_of_it(
    table: Table, store: Store
) -> None:
    outcome = table.post(DrawChance()).result(timeout=10)
    assert outcome.applied and outcome.seq == 1
    events = store.events(outcome.match_id or 0)
    assert [(event.seq, event.text) for event in events] == [(1, outcome.text)]
    assert outcome.text == "The companion shuffles 5 cards"


def test_a_rejected_command_changes_nothing_and_carries_the_engines_sentence(
    table: Table, store: Store
) -> None:
    before = table.snapshot
    outcome = table.post(PlayAction({"action": "add"})).result(timeout=10)
    assert not outcome.applied
    assert outcome.text == "Shuffle the five cards first."
    assert outcome.seq is None
    assert table.snapshot is before
    assert store.events(before.match_id if before else 0) == []


def engine_sentence(dice: list[int]) -> str:
    """What `check_outcome` says about these dice for Tally's roll of one die."""
    with pytest.raises(RuleError) as refusal:
        check_outcome(ChanceRequest("dice", "Roll the die.", dice=1), dice)
    return str(refusal.value)


@pytest.mark.parametrize(
    ("command", "sentence"),
    [
        (PlayAction({"action": "add"}, seat=2), "It is Ana's turn, not Cleo's."),
        (PlayAction({"action": "add"}, seat=9), "There is no seat 9 at this table."),
        (PlayAction({"action": "add", "seat": 1}), "That action is Ben's, but it is Ana's to"
         " take; use one from the legal plays."),
        (
            PlayAction({"action": "fly"}),
            "'fly' is not an action of Tally; its actions are: add, cheer, crash, dice,"
            " invalid_roll, jam, shuffle, spin, spin_result. Use one of the legal plays.",
        ),
        (PlayAction("add"), "An action is written as a JSON object; use one from the legal plays."),
        # The engine protocol's own words for a bad roll (companion.games.base.check_outcome):
        (SupplyChance([7], source="dice tray"), engine_sentence([7])),
        (SupplyChance([3, 4], source="dice tray"), engine_sentence([3, 4])),
        (SupplyChance([3], source="dice tray", for_seq=0), "The table has moved on since this"
         " was asked for: roll or spin again."),
        # A second tap on a Roll button: the companion's roll was asked on a state now past.
        (DrawChance(for_seq=0), "The table has moved on since this was asked for: roll or"
         " spin again."),
        # Nothing to roll while a player is to move: the tray button asks for nothing.
        (DrawChance(), "No roll, shuffle or spin is needed now."),
        (SupplyChance([6], source="table"), "Only the companion draws as the table: a roll or"
         " spin from outside names its device, such as the dice tray, the spinner or touch."),
        (SupplyChance([6], source="tray\n#9 Ana"), "'tray\\n#9 Ana' is not the name of a"
         " device: use a short name on one line, such as dice tray, spinner or touch."),
        (SupplyChance([6], source=""), "'' is not the name of a"
         " device: use a short name on one line, such as dice tray, spinner or touch."),
    ],
)  # fmt: skip
def test_commands_that_do_not_fit_are_refused_with_a_sentence(
    table: Table, command: Any, sentence: str
) -> None:
    apply(table, DrawChance())
    if not isinstance(command, SupplyChance):
        apply(table, SupplyChance([4], source="dice tray"))
    before = table.snapshot
    outcome = table.post(command).result(timeout=10)
    assert (outcome.applied, outcome.text) == (False, sentence)
    assert table.snapshot is before


def test_a_chance_outcome_posted_as_a_play_is_refused_so_nobody_picks_their_own_dice(
    table: Table, store: Store
) -> None:
    apply(table, DrawChance())
    before = table.snapshot
    for seat in (None, 0, 2):
        command = PlayAction({"action": "dice", "values": [6]}, seat=seat)
        outcome = table.post(command).result(timeout=10)
        assert (outcome.applied, outcome.text) == (False, CHANCE_AS_PLAY)
    assert table.snapshot is before
    assert [event.kind for event in store.events(1)] == ["chance"]


def test_a_phone_acting_for_the_seat_to_move_is_applied(table: Table) -> None:
    apply(table, DrawChance(), SupplyChance([5], source="dice tray", for_seq=1))
    outcome = table.post(PlayAction({"action": "add"}, seat=0)).result(timeout=10)
    assert (outcome.applied, outcome.text) == (True, "Ana: add the die")
    assert table.snapshot is not None and table.snapshot.scores == (5, 0, 0)


def test_an_out_of_turn_action_is_taken_from_any_seat_and_its_line_names_that_seat(
    table: Table, store: Store
) -> None:
    apply(table, DrawChance(), SupplyChance([5], source="dice tray", for_seq=1))
    outcome = table.post(PlayAction({"action": "cheer", "cheered": 2}, seat=2)).result(timeout=10)
    assert (outcome.applied, outcome.text) == (True, "Cleo: cheered")
    assert store.events(1)[-1].seat == 2
    ordinary = table.post(PlayAction({"action": "add"}, seat=2)).result(timeout=10)
    assert (ordinary.applied, ordinary.text) == (False, "It is Ana's turn, not Cleo's.")


def test_the_companions_own_dice_are_logged_as_the_chance_action_with_their_source(
    table: Table, store: Store
) -> None:
    apply(table, DrawChance(), DrawChance())
    roll = store.events(1)[-1]
    assert roll.kind == "chance"
    assert roll.detail["source"] == "table"
    assert roll.action == {"action": "dice", "values": roll.detail["outcome"]}
    assert roll.detail["request"]["kind"] == "dice"


def test_the_same_seed_draws_the_same_chance(tmp_path: Path) -> None:
    texts = []
    for name in ("a.db", "b.db"):
        with Store.open(tmp_path / name) as store, open_table(store, seed=42) as table:
            apply(table, NewMatch("tally", default_players(2), {}))
            apply(table, DrawChance(), DrawChance())
            texts.append([event.detail["outcome"] for event in store.events(1)])
    assert texts[0] == texts[1]


def test_a_spin_goes_to_the_spinner(store: Store) -> None:
    spinner = Constant(2)
    with Table(store, games=GAMES, chance=FairChance(1), spinner=spinner) as table:
        apply(table, NewMatch("tally", default_players(3), {}), DrawChance())
        apply(table, SupplyChance([1], source="dice tray"), PlayAction({"action": "spin"}))
        outcome = table.post(DrawChance()).result(timeout=10)
    assert outcome.text == "The spinner points at Cleo. Cleo scores a point from Ana's spin."
    assert [request.kind for request in spinner.asked] == ["spin"]
    assert store.events(1)[-1].detail["source"] == "spinner"


def test_a_spinner_stopping_between_two_seats_is_logged_as_both(store: Store) -> None:
    with Table(store, games=GAMES, chance=FairChance(1), spinner=Constant([1, 2])) as table:
        apply(table, NewMatch("tally", default_players(3), {}), DrawChance())
        apply(table, SupplyChance([1], source="dice tray"), PlayAction({"action": "spin"}))
        outcome = table.post(DrawChance()).result(timeout=10)
    assert outcome.text == (
        "The spinner stops between Ben and Cleo. Ben scores a point from Ana's spin."
    )


def test_undo_takes_back_the_last_play_and_is_logged_as_its_own_event(
    table: Table, store: Store
) -> None:
    apply(table, DrawChance(), SupplyChance([6], source="dice tray"))
    before = table.snapshot
    (play_seq,) = apply(table, PlayAction({"action": "add"}))
    (undo_seq,) = apply(table, Undo())
    after = table.snapshot
    assert before is not None and after is not None
    assert after.state_json == before.state_json
    assert after.last_event == "Undo #3 (Ana: add the die)"
    events = store.events(1)
    assert [(event.seq, event.kind) for event in events][-2:] == [
        (play_seq, "play"),
        (undo_seq, "undo"),
    ]
    assert events[-1].detail == {"undoes": play_seq}


class BrokenSpinner:
    """A spinner whose motor driver fails."""

    def outcome(self, request: ChanceRequest) -> Any:
        raise OSError("the motor driver does not answer")


def test_a_spinner_that_fails_is_reported_and_the_spin_can_be_entered_by_hand(
    store: Store,
) -> None:
    with Table(store, games=GAMES, chance=FairChance(1), spinner=BrokenSpinner()) as table:
        apply(table, NewMatch("tally", default_players(3), {}), DrawChance())
        apply(table, SupplyChance([1], source="dice tray"), PlayAction({"action": "spin"}))
        refused = table.post(DrawChance()).result(timeout=10)
        by_hand = table.post(SupplyChance(1, source="touch")).result(timeout=10)
    assert (refused.applied, refused.text) == (
        False,
        "The spinner could not give a result (OSError: the motor driver does not answer);"
        " try again, or enter what happened by hand.",
    )
    assert by_hand.applied
    assert by_hand.text == "The touchscreen points at Ben. Ben scores a point from Ana's spin."


def test_repeated_undo_walks_back_and_stops_at_the_start(table: Table) -> None:
    apply(table, DrawChance(), SupplyChance([6], source="dice tray"), Undo(), Undo())
    outcome = table.post(Undo()).result(timeout=10)
    assert (outcome.applied, outcome.text) == (False, "There is nothing to undo yet.")


def test_an_undone_roll_of_the_companions_dice_is_served_again(store: Store) -> None:
    chance = Constant([2])
    with Table(store, games=GAMES, chance=chance, spinner=Constant(0)) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance(), DrawChance())
        chance.outcome_value = [6]
        apply(table, Undo())
        outcome = table.post(DrawChance()).result(timeout=10)
    assert outcome.text == "The companion rolls 2"
    assert store.events(1)[-1].detail["reused"] is True


def test_an_undone_roll_is_served_again_after_an_upgrade_reworded_its_prompt(
    store: Store, db_path: Path
) -> None:
    chance = Constant([2])
    with Table(store, games=GAMES, chance=chance, spinner=Constant(0)) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance(), DrawChance())
    store.close()
    with sqlite3.connect(db_path) as db:  # as an older companion worded the request
        db.execute(
            "UPDATE events SET detail = json_set(detail, '$.request.prompt', 'Throw the die.')"
            " WHERE seq = 2"
        )
    chance.outcome_value = [6]
    with Store.open(db_path) as reopened, Table(
        reopened, games=GAMES, chance=chance, spinner=Constant(0)
    ) as table:
        apply(table, Undo())
        outcome = table.post(DrawChance()).result(timeout=10)
        assert outcome.text == "The companion rolls 2"


def test_an_undone_dice_tray_roll_is_not_kept(store: Store) -> None:
    chance = Constant([6])
    with Table(store, games=GAMES, chance=chance, spinner=Constant(0)) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance())
        apply(table, SupplyChance([1], source="dice tray"), Undo())
        outcome = table.post(DrawChance()).result(timeout=10)
    assert outcome.text == "The companion rolls 6"


def play_to_the_end(table: Table) -> None:
    """Roll with the companion's dice and always add, until the match is over."""
    for _ in range(500):
        snapshot = table.snapshot
        assert snapshot is not None
        if snapshot.is_over:
            return
        apply(table, DrawChance() if snapshot.chance else PlayAction({"action": "add"}))
    raise AssertionError("the match did not end")


def test_match_end_stores_the_result_and_the_scores_of_every_round(
    table: Table, store: Store
) -> None:
    play_to_the_end(table)
    snapshot = table.snapshot
    assert snapshot is not None and snapshot.is_over
    record = store.match(1)
    assert record is not None and record.status == "finished"
    assert record.result == {"winners": list(snapshot.winners), "scores": list(snapshot.scores)}
    assert record.finished_at == FIXED_TIME.isoformat(timespec="milliseconds")
    rounds = store.rounds(1)
    assert rounds[-1][1] == list(snapshot.scores)
    assert all(a[1] != b[1] for a, b in itertools.pairwise(rounds))
    (winner,) = [snapshot.players[seat].name for seat in snapshot.winners]
    assert snapshot.last_event == f"{winner}: add the die. {winner} won the match"


def test_undoing_the_winning_play_takes_the_match_back_into_play(
    table: Table, store: Store
) -> None:
    play_to_the_end(table)
    last_round = store.rounds(1)[-1]
    apply(table, Undo())
    record = store.match(1)
    assert record is not None
    assert (record.status, record.result, record.finished_at) == ("playing", None, None)
    assert store.rounds(1)[-1] != last_round
    assert table.snapshot is not None and not table.snapshot.is_over


def test_a_finished_match_refuses_more_play(table: Table) -> None:
    play_to_the_end(table)
    outcome = table.post(DrawChance()).result(timeout=10)
    assert not outcome.applied


def test_rematch_starts_the_same_game_with_the_same_players_and_options(
    table: Table, store: Store
) -> None:
    refused = table.post(Rematch()).result(timeout=10)
    assert refused.text == "This match is still being played: finish it, or start a new match."
    play_to_the_end(table)
    outcome = table.post(Rematch()).result(timeout=10)
    assert outcome.applied and outcome.match_id == 2
    first, second = store.match(1), store.match(2)
    assert first is not None and second is not None
    assert (second.game, second.players) == (first.game, first.players)
    assert second.options == first.options == {"target": 30}
    assert (second.status, second.rematch_of) == ("playing", 1)


def test_a_match_is_stored_with_every_rule_option_it_is_played_with(store: Store) -> None:
    with open_table(store, games=game_specs()) as table:
        chosen = {"tile_points": {"large_straight": 70}}
        outcome = table.post(NewMatch("yahtzee", default_players(2), chosen)).result(timeout=10)
        assert outcome.applied
    record = store.match(1)
    assert record is not None
    defaults = game_specs()["yahtzee"].new(2, {}).options.to_json()
    assert set(record.options) == set(defaults)
    assert record.options["tile_points"]["large_straight"] == 70
    assert record.options["chance_minimum"] == defaults["chance_minimum"]


def test_a_new_match_leaves_the_unfinished_one_in_history_as_abandoned(
    table: Table, store: Store
) -> None:
    apply(table, DrawChance())
    apply(table, NewMatch("tally", default_players(2), {}))
    assert [(match.id, match.status) for match in store.matches()] == [
        (1, "abandoned"),
        (2, "playing"),
    ]


def pair(second: Player) -> tuple[Player, Player]:
    """Ana in red and one more player."""
    return (Player("Ana", "red"), second)


@pytest.mark.parametrize(
    ("command", "sentence"),
    [
        (NewMatch("chess", default_players(2)),
         "There is no game called 'chess'; choose one of: tally."),
        (NewMatch("tally", default_players(5)),
         "Tally is for 2 to 4 players, not 5."),
        (NewMatch("tally", default_players(2), {"target": 0}),
         "The target is a whole number of points, at least 1."),
        (NewMatch("tally", pair(Player(" ", "blue"))),
         "Every player needs a name."),
        (NewMatch("tally", pair(Player("Ana", "blue"))),
         "Two players are called Ana: give each a different name."),
        (NewMatch("tally", pair(Player("B" * 30, "blue"))),
         f"{'B' * 24}... is too long: use at most 24 letters."),
        (NewMatch("tally", pair(Player("Ben", ""))),
         "Every player needs a colour."),
        (NewMatch("tally", pair(Player("Ben\nCleo", "blue"))),
         "'Ben\\nCleo' is not a name on one line: use letters, digits and spaces."),
        (NewMatch("tally", pair(Player("Ben\x1b[2J", "blue"))),
         "'Ben\\x1b[2J' is not a name on one line: use letters, digits and spaces."),
        (NewMatch("tally", pair(Player(" Ana ", "blue"))),
         "Two players are called Ana: give each a different name."),
        (NewMatch("tally", default_players(2), {"target": {30}}),
         "That cannot be written to the log: Object of type set is not JSON serializable."),
        (NewMatch("tally", default_players(2), [("target", 30)]),  # type: ignore[arg-type]
         "The options are written as a JSON object, {} for the defaults."),
    ],
)  # fmt: skip
def test_a_match_that_cannot_start_is_refused_with_a_sentence(
    store: Store, command: NewMatch, sentence: str
) -> None:
    with open_table(store) as table:
        outcome = table.post(command).result(timeout=10)
    assert (outcome.applied, outcome.text) == (False, sentence)
    assert store.matches() == []


def test_names_and_colours_are_kept_without_outer_spaces(store: Store) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", (Player(" Ana ", " red"), Player("Ben Li", "blue "))))
        snapshot = table.snapshot
    assert snapshot is not None
    assert snapshot.players == (Player("Ana", "red"), Player("Ben Li", "blue"))
    assert store.matches()[0].players == snapshot.players


def test_play_before_any_match_is_refused(store: Store) -> None:
    with open_table(store) as table:
        outcome = table.post(DrawChance()).result(timeout=10)
    assert outcome.text == "No match is on the table: start a new match first."


def test_reopening_rebuilds_the_unfinished_match_by_replay(store: Store, db_path: Path) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(3), {"target": 30}))
        add = PlayAction({"action": "add"})
        apply(table, DrawChance(), DrawChance(), add, DrawChance(), Undo())
        shown = table.snapshot
    with Store.open(db_path) as again, open_table(again) as reopened:
        rebuilt = reopened.snapshot
        assert reopened.notices == []
        events = again.events(1)
    assert shown is not None and rebuilt is not None
    assert (rebuilt.match_id, rebuilt.seq, rebuilt.state_json) == (1, 5, shown.state_json)
    assert state_text(rebuilt.state_json) == rebuild_from_scratch(TALLY, 3, {"target": 30}, events)
    assert rebuilt.can_undo


def test_after_a_restart_the_latest_of_two_unfinished_matches_is_back_on_the_table(
    store: Store, db_path: Path
) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(3), {"target": 30}), DrawChance())
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance(), DrawChance())
        latest = table.snapshot
    # The first match was abandoned when the second began; make it unfinished again, as
    # a log put together or edited by hand may leave it.
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE matches SET status = 'playing' WHERE id = 1")
    with Store.open(db_path) as again, open_table(again) as reopened:
        resumed = reopened.snapshot
    assert latest is not None and resumed is not None
    assert (resumed.match_id, resumed.players) == (2, default_players(2))
    assert (resumed.seq, resumed.state_json) == (latest.seq, latest.state_json)


def test_a_replay_that_differs_from_what_was_shown_is_reported(
    store: Store, db_path: Path
) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance())
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE events SET state_sha = 'x' WHERE seq = 1")
    with Store.open(db_path) as again, open_table(again) as reopened:
        assert reopened.notices == [
            "Match 1: Replaying up to #1 gave a different state than was shown;"
            " play goes on from the replayed state."
        ]
        assert reopened.snapshot is not None and reopened.snapshot.seq == 1


def test_a_logged_match_that_no_longer_fits_its_game_is_abandoned_not_fatal(
    store: Store, db_path: Path
) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance())
    with sqlite3.connect(db_path) as db:
        db.execute("""UPDATE events SET action = '{"action": "add"}' WHERE seq = 1""")
    with Store.open(db_path) as again, open_table(again) as reopened:
        assert reopened.snapshot is None
        assert reopened.notices == [
            "Match 1 cannot be rebuilt (Event #1 no longer applies: Shuffle the five cards"
            " first.); it stays in the history as abandoned."
        ]
        assert again.matches()[0].status == "abandoned"


def test_an_engine_bug_is_refused_reported_and_leaves_the_state_as_it_was(
    table: Table, store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    apply(table, DrawChance(), DrawChance())
    before = table.snapshot
    outcome = table.post(PlayAction({"action": "crash"})).result(timeout=10)
    assert (outcome.applied, outcome.text, outcome.match_id) == (
        False,
        "The game's rules engine failed on that (ZeroDivisionError: the engine fell over);"
        " nothing changed, so try another move.",
        1,
    )
    assert [record.getMessage().splitlines()[-1] for record in caplog.records
            if record.levelname == "ERROR"] == ["ZeroDivisionError"]
    assert len(store.events(1)) == 2
    apply(table, PlayAction({"action": "add"}))
    after = table.snapshot
    assert before is not None and after is not None
    assert after.seq == before.seq + 1 and max(after.scores) <= 6


@pytest.mark.parametrize(
    ("jam", "error"),
    [
        (None, "RuntimeError: the engine lost its moves"),
        ("moves", "the engine lost its moves"),
        ("scores", "the engine lost the scores"),
    ],
    ids=["legal actions fail", "legal actions refuse", "scores refuse"],
)
def test_a_state_the_engine_cannot_describe_is_refused_undone_and_not_logged(
    table: Table, store: Store, jam: str | None, error: str
) -> None:
    apply(table, DrawChance(), DrawChance())
    before = table.snapshot
    with table.subscribe() as subscription:
        assert subscription.get(timeout=5) is before
        outcome = table.post(PlayAction({"action": "jam", "what": jam})).result(timeout=10)
        assert not outcome.applied and error in outcome.text
        assert outcome.text.startswith("The game's rules engine failed on that (")
        assert subscription.latest() is None  # nothing was published
    assert [event.seq for event in store.events(1)] == [1, 2]
    assert table.snapshot is before
    (seq,) = apply(table, PlayAction({"action": "add"}))  # the jam was undone: play goes on
    assert seq == 3 and table.snapshot is not None and sum(table.snapshot.scores) > 0


def failing_replay(fail: list[bool]) -> GameSpec:
    """Tally whose `new` raises an engine bug (not a RuleError) once `fail[0]` is set."""

    def new(players: int, options: dict[str, Any]) -> Any:
        if fail[0]:
            raise RuntimeError("the engine cannot start")
        return TALLY.new(players, options)

    return dataclasses.replace(TALLY, new=new)


def test_a_match_the_engine_cannot_rebuild_after_a_bug_leaves_the_table_which_keeps_working(
    store: Store,
) -> None:
    fail = [False]
    with open_table(store, games={"tally": failing_replay(fail)}) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance(), DrawChance())
        fail[0] = True
        assert not table.post(PlayAction({"action": "crash"})).result(timeout=10).applied
        outcome = table.post(PlayAction({"action": "add"})).result(timeout=10)
        assert outcome.text == "No match is on the table: start a new match first."
        fail[0] = False
        apply(table, NewMatch("tally", default_players(2), {}))
    assert [(match.id, match.status) for match in store.matches()] == [
        (1, "abandoned"),
        (2, "playing"),
    ]


def test_a_logged_match_the_engine_cannot_replay_is_abandoned_and_the_table_starts(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    fail = [False]
    games = {"tally": failing_replay(fail)}
    with open_table(store, games=games) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance())
    fail[0] = True
    with open_table(store, games=games) as reopened:
        assert reopened.snapshot is None
        assert reopened.notices == [
            "Match 1 cannot be rebuilt (the game's rules engine failed (RuntimeError: the"
            " engine cannot start)); it stays in the history as abandoned."
        ]
    assert store.matches()[0].status == "abandoned"
    assert any(record.getMessage().endswith("RuntimeError") for record in caplog.records)


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        ("UPDATE matches SET players = 'Ana and Ben'", "its match row: JSONDecodeError("),
        ("UPDATE matches SET players = '[{\"name\": \"Ana\"}]'", "its match row: KeyError("),
        ("UPDATE events SET detail = '[]' WHERE seq = 1", "its event #1: TypeError("),
        ("UPDATE events SET action = '{' WHERE seq = 1", "its event #1: JSONDecodeError("),
    ],
    ids=["players not JSON", "player without colour", "detail not an object", "action cut"],
)
def test_a_logged_match_edited_by_hand_is_abandoned_and_the_table_starts(
    store: Store, db_path: Path, edit: str, problem: str
) -> None:
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance())
    with sqlite3.connect(db_path) as db:
        db.execute(edit)
    with Store.open(db_path) as again, open_table(again) as reopened:
        assert reopened.snapshot is None
        (notice,) = reopened.notices
        assert notice.startswith(f"Match 1 cannot be rebuilt ({problem}")
        assert notice.endswith("); it stays in the history as abandoned.")
        assert again.unfinished_match_id() is None
        apply(reopened, NewMatch("tally", default_players(2), {}))


def test_a_log_that_cannot_be_written_refuses_the_command_and_keeps_the_state(
    table: Table, store: Store
) -> None:
    apply(table, DrawChance())
    before = table.snapshot
    store.close()
    outcome = table.post(DrawChance()).result(timeout=10)
    assert (outcome.applied, outcome.text) == (False, "The match log is closed.")
    assert table.snapshot is before


def test_snapshots_cannot_be_changed(table: Table) -> None:
    snapshot = table.snapshot
    assert snapshot is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        snapshot.seq = 99  # type: ignore[misc]
    snapshot.state()["scores"][0] = 99
    assert snapshot.state()["scores"][0] == 0


def test_a_closed_table_refuses_commands(store: Store) -> None:
    table = open_table(store)
    table.close()
    table.close()
    outcome = table.post(DrawChance()).result(timeout=10)
    assert not outcome.applied
    assert outcome.text == "The table is closed: start the companion again."


def test_a_kept_roll_is_still_served_again_after_a_restart(store: Store, db_path: Path) -> None:
    chance = Constant([3])
    with Table(store, games=GAMES, chance=chance, spinner=Constant(0)) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance(), DrawChance())
        apply(table, Undo())
    chance.outcome_value = [5]
    with (
        Store.open(db_path) as again,
        Table(again, games=GAMES, chance=chance, spinner=Constant(0)) as reopened,
    ):
        outcome = reopened.post(DrawChance()).result(timeout=10)
    assert outcome.text == "The companion rolls 3"


class WatchfulStore(Store):
    """A log that notes, as each command is written, the seq the table was showing."""

    table: Table | None = None
    shown_when_written: list[tuple[int, int | None]]

    def record(self, match_id: int, step: Any, scores: list[int], result: Any) -> None:
        self.shown_when_written.append((step.event.seq, self._shown()))
        super().record(match_id, step, scores, result)

    def create_match(self, *args: Any, **kwargs: Any) -> int:
        self.shown_when_written.append((0, self._shown()))
        return super().create_match(*args, **kwargs)

    def _shown(self) -> int | None:
        snapshot = self.table.snapshot if self.table is not None else None
        return None if snapshot is None else snapshot.seq


def test_each_command_is_written_to_the_log_before_its_effect_is_shown(db_path: Path) -> None:
    with WatchfulStore.open(db_path) as store:
        store.shown_when_written = []
        with open_table(store) as table:
            store.table = table
            apply(table, NewMatch("tally", default_players(2), {}), DrawChance(), DrawChance())
            apply(table, PlayAction({"action": "add"}), Undo())
            shown = table.snapshot
    assert store.shown_when_written == [(0, None), (1, 0), (2, 1), (3, 2), (4, 3)]
    assert shown is not None and shown.seq == 4



def test_a_device_named_in_up_to_24_letters_is_accepted_and_a_longer_name_refused(
    table: Table,
) -> None:
    apply(table, DrawChance())
    refused = table.post(SupplyChance([4], source="d" * 25)).result(timeout=10)
    assert not refused.applied and refused.text.startswith(repr("d" * 24) + " is not the name")
    outcome = table.post(SupplyChance([4], source="d" * 24)).result(timeout=10)
    assert outcome.applied and outcome.text.startswith("D" + "d" * 23 + " rolls 4")


def test_a_roll_from_the_tray_is_logged_as_thrown_not_as_a_roll_served_again(
    table: Table, store: Store
) -> None:
    apply(table, DrawChance(), SupplyChance([4], source="dice tray"))
    thrown = store.events(1)[-1].detail
    assert (thrown["source"], thrown["outcome"], thrown["reused"]) == ("dice tray", [4], False)
    apply(table, Undo(), DrawChance(), Undo(), DrawChance())
    served_again, drawn = store.events(1)[-1].detail, store.events(1)[-3].detail
    assert (drawn["reused"], served_again["reused"]) == (False, True)
    assert served_again["outcome"] == drawn["outcome"]


def test_a_rematch_before_any_match_is_refused_with_a_sentence(store: Store) -> None:
    with open_table(store) as table:
        outcome = table.post(Rematch()).result(timeout=10)
    assert (outcome.applied, outcome.text) == (
        False, "There is no match to play again: start a new match."
    )


def test_a_rematch_of_a_seeded_match_is_recorded_with_the_same_seed(store: Store) -> None:
    """So that resuming the rematch can tell whether its draws go on alike."""
    with open_table(store) as table:
        apply(table, NewMatch("tally", default_players(2), {"target": 5}, seed=31))
        play_to_the_end(table)
        apply(table, Rematch())
    assert [(match.id, match.seed) for match in store.matches()] == [(1, 31), (2, 31)]


def test_the_journal_names_the_command_an_engine_bug_failed_on(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    """A Pi without a screen has no other place to say what went wrong: the kind of command
    and of error, and where it was raised; not what the command held nor the error's words
    (with phones as hands, a play holds a card of a hand: tests/table/test_phones_as_hands)."""
    apply(table, DrawChance(), DrawChance())
    assert not table.post(PlayAction({"action": "crash"})).result(timeout=10).applied
    (record,) = [record for record in caplog.records if record.levelname == "ERROR"]
    said = record.getMessage().splitlines()
    assert said[0] == "The table could not apply PlayAction (crash)"
    assert said[1] == "Traceback (most recent call last):"
    assert said[-1] == "ZeroDivisionError" and "the engine fell over" not in said[-1]
    assert record.exc_info is None


def test_the_journal_says_which_match_left_the_table_when_its_log_could_not_rebuild_it(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    fail = [False]
    with open_table(store, games={"tally": failing_replay(fail)}) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance(), DrawChance())
        fail[0] = True
        caplog.clear()
        assert not table.post(PlayAction({"action": "crash"})).result(timeout=10).applied
    said = [record.getMessage().splitlines() for record in caplog.records
            if record.levelname == "ERROR"]
    assert (said[1][0], said[1][-1]) == ("Match 1 cannot be rebuilt from its log", "RuntimeError")


def test_a_match_that_can_be_neither_rebuilt_nor_marked_abandoned_is_reported_and_play_goes_on(
    store: Store, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    fail = [False]

    def disk_full(match_id: int) -> None:
        raise StoreError("The event log cannot be written: the disk is full.")

    with open_table(store, games={"tally": failing_replay(fail)}) as table:
        apply(table, NewMatch("tally", default_players(2), {}), DrawChance(), DrawChance())
        fail[0] = True
        monkeypatch.setattr(store, "abandon_match", disk_full)
        caplog.clear()
        assert not table.post(PlayAction({"action": "crash"})).result(timeout=10).applied
        fail[0] = False
        monkeypatch.undo()
        apply(table, NewMatch("tally", default_players(2), {}))
    said = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    assert said[-1] == (
        "Match 1 cannot be marked abandoned: The event log cannot be written: the disk is full."
    )


def test_a_screen_reads_a_snapshots_questions_with_the_players_named_and_changes_nothing(
    store: Store,
) -> None:
    with open_table(store, games=game_specs()) as table:
        apply(table, NewMatch("backgammon", default_players(2), {}))
        snapshot = table.snapshot
        assert snapshot is not None
        game = snapshot.game_state(table.games["backgammon"])
        request = game.chance()
        assert request is not None
        assert request.prompt == "Roll one die each: Ana, Ben, in that order."
        game.apply(game.chance_action([6, 1]))
        assert table.snapshot is snapshot
        assert snapshot.game_state(table.games["backgammon"]).chance() == request


def test_with_no_spinner_to_show_it_the_companion_says_it_picked_and_still_rolls_its_own_dice(
    store: Store,
) -> None:
    with Table(store, games=GAMES, chance=FairChance(1), spinner=SoftwarePick(2)) as table:
        apply(table, NewMatch("tally", default_players(3), {}), DrawChance(), DrawChance())
        assert store.events(1)[-1].detail["source"] == "table"
        apply(table, PlayAction({"action": "spin"}))
        outcome = table.post(DrawChance()).result(timeout=10)
    assert outcome.text.startswith("The companion picks ")
    assert ": the spinner is unavailable" in outcome.text
    assert store.events(1)[-1].detail["source"] == "software pick"


def test_a_refused_roll_says_its_prompt_in_the_tables_language_with_the_players_named(
    store: Store, tmp_path: Path
) -> None:
    words = {
        GIVE_DICE: "Nid {outcome}: rhowch {count} dis yn union. {prompt}",
        refusals.OPENING[2]: "Tafled un dis yr un: {0}, {1}, yn y drefn honno.",
    }
    use_language("cy", locale_dir=translated_catalog(tmp_path / "welsh", "cy", words))
    try:
        with open_table(store, games=game_specs()) as table:
            apply(table, NewMatch("backgammon", default_players(2), {}))
            refused = table.post(SupplyChance([1, 2, 3], source="dice tray")).result(timeout=10)
        assert refused.text == (
            "Give exactly 2 die values, not [1, 2, 3]. Roll one die each: Ana, Ben, in that order."
        )
        assert refused.note is not None
        said = note_text(refused.note, ("Ana", "Ben").__getitem__)
    finally:
        use_language("en")
    assert said == "Nid [1, 2, 3]: rhowch 2 dis yn union. Tafled un dis yr un: Ana, Ben, yn y" \
        " drefn honno."
