"""A Tiki Face costs two taps from the table: Play, then the face, seen on any colour's tab;
laying it on the idol starts the spin by itself a beat later (issue: it took four, Play,
the Wild tab, the card and Spin)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import Config
from companion.event_log.store import Store
from tests.ui.test_spin_view import on_a_sim_spinner, sim_config  # noqa: F401
from ui.app import App
from ui.script import run_script
from ui.uno.idol_spin import FACE_BEAT_S

DECK = ('["Red 1","Red 2","Red 3","Red 4","Red 5","Red 6","Red 7","Red 8","Red 9",'
        '"Blue 1","Blue 2","Blue 3","Tiki Draw 1","Tiki Draw 2","Tiki Go To","Wild Tiki"]')
TO_ANAS_TURN = [
    f"new tiki --players 4 --names Ana,Ben,Cleo,Dev --option hand_size=2"
    f" --option 'deck_cards={DECK}'",
    "tap dealer:3", "tap tab:red", 'tap "card:Red 5"',
]


@pytest.fixture
def table(tmp_path: Path, sim_config: Config) -> Iterator[tuple[App, Store]]:  # noqa: F811
    """The touchscreen at a Tiki Twist table whose sim spinner turns on virtual time, at
    the first player's turn."""
    with on_a_sim_spinner(tmp_path, sim_config) as (app, store):
        result = run_script(app, TO_ANAS_TURN)
        assert result.ok, result.reason
        yield app, store


def sources(store: Store) -> list[str]:
    return [event.detail.get("source", "") for event in store.events(store.matches()[-1].id)]


def test_a_tiki_face_is_played_from_the_colour_tab_in_play_without_the_wild_tab(
    table: tuple[App, Store],
) -> None:
    app, _store = table
    assert run_script(app, ["tap play"]).ok
    shown = {widget.name for widget in app.scene.visible_widgets()}
    assert "card:Red 1" in shown and "card:Tiki Draw 1" in shown  # the red tab, faces beside


def test_laying_a_tiki_face_on_the_idol_starts_its_spin_without_another_tap(
    table: tuple[App, Store],
) -> None:
    app, store = table
    taps = ["tap play", 'tap "card:Tiki Draw 1"']
    assert run_script(app, taps).ok
    assert app.snapshot is not None and app.snapshot.chance is not None  # the spin is asked
    assert "spinner" not in sources(store)  # the face is seen on the idol first
    assert run_script(app, [f"wait {FACE_BEAT_S + 0.5:g}", "wait"]).ok
    assert sources(store)[-1] == "spinner"  # the spinner turned for it
    assert app.spin is not None
    assert len(taps) <= 3


def test_an_undo_during_the_beat_spins_nothing(table: tuple[App, Store]) -> None:
    app, store = table
    assert run_script(app, ["tap play", 'tap "card:Tiki Draw 1"', "tap undo"]).ok
    assert run_script(app, [f"wait {FACE_BEAT_S + 0.5:g}", "wait"]).ok
    assert "spinner" not in sources(store)
    assert app.spin is None
