"""Dice that settle in the tray reach the table as its commands, for the request then open."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from companion.config import TrayConfig, load_config, parse_config
from companion.event_log.store import Store
from companion.hardware.table_tray import TrayFeed, open_tray_feed
from companion.table import (
    DrawChance,
    FairChance,
    NewMatch,
    PlayAction,
    Rematch,
    SupplyChance,
    Table,
    Undo,
    default_players,
)
from device import backends
from device.backend import TrayThrow
from device.clock import VirtualClock
from device.dice import DiceSource
from device.errors import DeviceUnavailable
from device.sim import SimTray
from device.tray import BUTTON, SETTLED, THROW, DiceTray, TrayEvent


@pytest.fixture
def table(tmp_path: Path):
    with Store.open(tmp_path / "log.db") as store, Table(store, chance=FairChance(3)) as table:
        table.post(NewMatch("backgammon", default_players(2))).result()
        yield table


def _feed(table: Table, heard: list[TrayEvent] | None = None) -> TrayFeed:
    clock = VirtualClock()
    tray = DiceTray(SimTray(clock), TrayConfig(dice_source="serial"), clock,
                    DiceSource("serial", 2, 6))
    return TrayFeed(tray, table, heard.append if heard is not None else None)


def test_dice_read_in_the_tray_are_the_opening_roll(table: Table) -> None:
    feed = _feed(table)
    feed.event(TrayEvent(SETTLED, 1.0, TrayThrow((5, 2), source="serial")))
    _drain(table)
    assert "Ana wins the opening roll" in table.snapshot.last_event


def test_a_cocked_die_is_rolled_again_and_changes_nothing_else(table: Table) -> None:
    feed = _feed(table)
    before = table.snapshot.state_json
    feed.event(TrayEvent(SETTLED, 1.0, TrayThrow((5,), cocked=True, source="serial")))
    _drain(table)
    assert table.snapshot.state_json == before
    assert "again" in table.snapshot.last_event.lower()


def test_the_fair_roll_lets_the_table_roll_as_many_dice_as_the_rules_ask(table: Table) -> None:
    feed = _feed(table)
    feed.event(TrayEvent(BUTTON, 1.0, TrayThrow((1, 1), source="fair")))
    _drain(table)
    assert table.snapshot.seq == 1
    assert table.snapshot.state()["opening"]["showing"] != [0, 0]


def test_a_throw_without_values_posts_nothing_and_is_heard(table: Table) -> None:
    heard: list[TrayEvent] = []
    feed = _feed(table, heard)
    feed.event(TrayEvent(THROW, 0.5))
    feed.event(TrayEvent(SETTLED, 1.0, None, "the dice values could not be read"))
    _drain(table)
    assert table.snapshot.seq == 0
    assert [event.kind for event in heard] == [THROW, SETTLED]


def test_dice_that_settle_after_the_table_moved_on_are_refused(table: Table) -> None:
    feed = _feed(table)
    feed.event(TrayEvent(SETTLED, 1.0, TrayThrow((5, 2), source="serial")))
    feed.event(TrayEvent(SETTLED, 2.0, TrayThrow((6, 6), source="serial")))
    _drain(table)
    # The second throw was asked for at seq 0 too (the first had not been applied yet) or
    # came while Ana must move: either way it is not applied to Ana's turn.
    state = table.snapshot.state()
    assert state["dice"] == [5, 2]


def test_dice_thrown_before_the_table_moved_on_by_an_undo_are_not_applied_to_the_next_roll(
    table: Table,
) -> None:
    feed = _feed(table)
    feed.event(TrayEvent(THROW, 0.5))  # thrown for the opening roll, at seq 0
    table.post(DrawChance()).result(timeout=10)  # the opening roll entered on the screen
    table.post(Undo()).result(timeout=10)  # and taken back: the opening roll is asked again
    asked_again = table.snapshot
    assert asked_again.seq == 2 and asked_again.chance is not None
    feed.event(TrayEvent(SETTLED, 1.0, TrayThrow((5, 2), source="serial")))
    _drain(table)
    assert table.snapshot.seq == asked_again.seq
    assert table.snapshot.state_json == asked_again.state_json


def test_dice_thrown_before_the_table_asked_for_them_are_the_roll_it_then_asks_for(
    table: Table,
) -> None:
    feed = _feed(table)
    table.post(SupplyChance([5, 2], source="screen")).result(timeout=10)  # Ana won the roll
    table.post(Undo()).result(timeout=10)
    table.post(SupplyChance([6, 1], source="screen")).result(timeout=10)
    assert table.snapshot.chance is None  # Ana must move: no dice are asked for
    feed.event(TrayEvent(THROW, 0.5))  # Ben throws early, while Ana's move is entered
    for play in table.snapshot.legal_actions[:1]:
        table.post(PlayAction(play, seat=play.seat)).result(timeout=10)
    assert table.snapshot.to_move == 1  # now Ben rolls (or doubles: thrown dice are a roll)
    feed.event(TrayEvent(SETTLED, 1.0, TrayThrow((4, 3), source="serial")))
    _drain(table)
    assert table.snapshot.state()["dice"] == [4, 3]


def test_the_configured_tray_feeds_the_table_and_its_button_rolls(table: Table) -> None:
    config = parse_config({"backend": "sim", "tray": {"dice_source": "fair"}})
    with open_tray_feed(config, table) as feed:
        assert isinstance(feed, TrayFeed)
        feed.tray.inputs.press_button()
        _drain(table)
        assert table.snapshot.seq == 1
    assert table.snapshot.state()["opening"]["showing"] != [0, 0]


def test_no_tray_is_opened_when_the_config_turns_it_off(table: Table) -> None:
    config = parse_config({"backend": "sim", "tray": {"enabled": False}})
    with open_tray_feed(config, table) as feed:
        assert feed is None


def test_a_tray_that_cannot_be_opened_is_a_warning_not_a_failure(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unplugged(*_args: object, **_kwargs: object) -> DiceTray:
        raise DeviceUnavailable("the tray's sensor pin is busy")

    monkeypatch.setattr(backends, "open_tray", unplugged)
    with open_tray_feed(parse_config({"backend": "sim"}), table) as feed:
        assert feed is None
    assert "The dice tray is not available" in caplog.text


def test_closing_the_feed_stops_its_thread_and_frees_the_trays_pins(
    table: Table, mock_factory: MockFactory, write_config  # type: ignore[no-untyped-def]
) -> None:
    config = load_config(write_config('backend = "gpio"\n'))
    with open_tray_feed(config, table) as feed:
        assert isinstance(feed, TrayFeed)
        assert "tray-feed" in _thread_names()
    assert "tray-feed" not in _thread_names()
    for pin in (config.tray.sensor_pin, config.tray.button_pin):
        Button(pin).close()  # a pin still held by the tray would raise GPIOPinInUse


def _thread_names() -> list[str]:
    return [thread.name for thread in threading.enumerate()]


def _drain(table: Table) -> None:
    """Wait until the table has applied everything posted so far."""
    table.post(Rematch()).result(timeout=10)  # refused (the match goes on), but queued last


def test_the_tray_is_polled_only_while_dice_roll(table: Table) -> None:
    polled = threading.Event()
    feed = _feed(table)
    feed.tray.poll = lambda: polled.set()  # type: ignore[method-assign,assignment,return-value]
    with feed.start():
        assert not feed.polling  # nothing rolls: the feed sleeps until a throw
        feed.event(TrayEvent(THROW, 0.5))
        assert feed.polling
        assert polled.wait(10)
        feed.event(TrayEvent(SETTLED, 1.0, TrayThrow((5, 2), source="serial")))
        assert not feed.polling
    assert not feed.polling
