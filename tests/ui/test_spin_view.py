"""The spin on screen: the dial turns as the motor's plan, stops on its angle, and says so."""

from __future__ import annotations

import contextlib
import io
import itertools
import logging
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from companion.config import Config, load_config
from companion.event_log.store import Store
from companion.games.base import ChanceRequest
from companion.hardware import table_spins as table_spins_module
from companion.hardware.spin_status import status_sentence
from companion.hardware.table_spinner import TableSpinner
from companion.records import Player
from companion.table import FairChance, Table
from device.backends import open_spinner
from device.clock import VirtualClock
from device.errors import DeviceError
from device.motion import spin_profile
from device.pointer_motion import PointerMotion, software_motion
from device.seat_fit import evenly_spaced
from device.sim import SimSpinner
from ui import theme
from ui.app import FRAME_SECONDS, App, ScreenSetup
from ui.main import SCENES
from ui.scene import Scene
from ui.script import Driver, run_script
from ui.spin_view import (
    IDOL_DARK,
    LANDING_SECONDS,
    SpinDial,
    SpinMotion,
    dial_point,
    dial_seats,
    spin_dial,
)
from ui.theme import Theme
from ui.widgets import Widget

WAIT_S = 20.0
PLAYERS = (Player("Ana", "red"), Player("Ben", "blue"), Player("Cleo", "green"),
           Player("Dev", "yellow"))
ANGLES = (0.0, 90.0, 180.0, 270.0)


@dataclass
class FakeClock:
    """The app's clock in a test: time moves only when the app sleeps."""

    time: float = 1000.0
    slept: list[float] = field(default_factory=list)

    def now(self) -> float:
        return self.time

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.time += seconds


class DialScene(Scene):
    """A scene holding only the dial; `frames` are the app's frames (`record_frames`)."""

    name = "dial"

    def __init__(self, stage) -> None:  # type: ignore[no-untyped-def]
        super().__init__(stage)
        self.frames: list[tuple[float, float]] = []
        self.stopped: list[SpinMotion] = []

    def build(self) -> list[Widget]:
        area = pygame.Rect((0, 0), self.stage.size).inflate(-40, -40)
        return [spin_dial(area, PLAYERS, self.stage.seat_angles, self.stage.spin,
                          self.stage.now)]

    def spin_started(self, motion: SpinMotion) -> None:
        self.rebuild()

    def spin_stopped(self, motion: SpinMotion) -> None:
        self.stopped.append(motion)
        super().spin_stopped(motion)


def record_frames(app: App, frames: list[tuple[float, float]]) -> None:
    """Note the time and the dial's pointer angle at every frame the app draws, whether the
    whole scene or the turning dial alone."""
    draw = app.draw

    def drawn() -> None:
        draw()
        dial = app.scene.widgets[0]
        assert isinstance(dial, SpinDial)
        now = app.now()
        frames.append((now, dial.pointer_deg(now)))

    app.draw = drawn  # type: ignore[method-assign]


@pytest.fixture
def sim_config(tmp_path: Path) -> Config:
    path = tmp_path / "config.toml"
    path.write_text('backend = "sim"\n[spinner]\nseats_file = "' + str(tmp_path / "seats.toml")
                    + '"\n', encoding="utf-8")
    return load_config(path)


@dataclass
class Rig:
    app: App
    clock: FakeClock
    spinner: TableSpinner | None

    @property
    def scene(self) -> DialScene:
        scene = self.app.scene
        assert isinstance(scene, DialScene)
        return scene


def _rig(tmp_path: Path, spinner: TableSpinner | None, problem: str = "") -> Iterator[Rig]:
    clock = FakeClock()
    with (
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(3)) as table,
        App(table, [DialScene], ScreenSetup(headless=True, seat_angles=ANGLES),
            clock=clock.now, sleep=clock.sleep, spinner=spinner,
            spinner_problem=problem) as app,
    ):
        rig = Rig(app, clock, spinner)
        record_frames(app, rig.scene.frames)
        app.settle()
        yield rig


@pytest.fixture
def rig(tmp_path: Path, sim_config: Config) -> Iterator[Rig]:
    """A dial on a headless app with a fake clock, fed by a sim spinner on virtual time."""
    spinner = TableSpinner(open_spinner(sim_config, VirtualClock(), random.Random(9)))
    with spinner:
        assert spinner.wait_idle(WAIT_S)
        yield from _rig(tmp_path, spinner)


def spin(rig: Rig, players: int = 4) -> PointerMotion:
    assert rig.spinner is not None
    rig.spinner.outcome(ChanceRequest("spin", "Spin!", seats=tuple(range(players))))
    assert rig.app.settle(WAIT_S)
    spin = rig.app.spin
    assert spin is not None
    return spin.plan


def test_the_dial_turns_as_the_motors_plan_for_its_duration_within_a_frame(rig: Rig) -> None:
    plan = spin(rig)
    started = rig.clock.time
    rig.scene.frames.clear()
    rig.app.finish_animation()
    *frames, landing_end = rig.scene.frames  # the last: the landing leaves the screen
    assert landing_end == (started + plan.duration_s + LANDING_SECONDS, plan.stop_angle_deg)
    assert rig.app.spin is not None and rig.app.spin.started == started
    for when, angle in frames:
        assert angle == pytest.approx(plan.angle_at(when - started), abs=1e-9)
    last_time, last_angle = frames[-1]
    assert plan.duration_s - 1e-9 <= last_time - started < plan.duration_s + FRAME_SECONDS
    assert len(frames) >= plan.duration_s * 60 * 0.95
    # The screen's stop is the backend's: where the simulated rotor really is.
    backend = rig.spinner.spinner.backend if rig.spinner else None
    assert isinstance(backend, SimSpinner)
    assert last_angle == plan.stop_angle_deg
    assert backend.stepper.rotor_angle_deg == pytest.approx(last_angle)
    assert rig.scene.stopped == [rig.app.spin]
    assert not rig.app.animating


def test_frames_never_come_faster_than_sixty_a_second(rig: Rig) -> None:
    spin(rig)
    rig.scene.frames.clear()
    rig.app.finish_animation()
    *turning, landing = rig.clock.slept  # the last: the landing shown, nothing moving
    assert turning and max(turning) <= FRAME_SECONDS + 1e-12
    assert landing == pytest.approx(LANDING_SECONDS)
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(rig.scene.frames[:-1])]
    assert min(gaps[:-1]) >= FRAME_SECONDS - 1e-9


def test_an_idle_app_sleeps_until_woken_and_an_animation_wakes_it(rig: Rig) -> None:
    assert rig.app._wait_seconds() is None
    plan = spin(rig)
    assert rig.app._wait_seconds() <= FRAME_SECONDS
    rig.clock.time += plan.duration_s + 1
    rig.app.step(None)  # the last frame
    assert not rig.app.animating
    assert rig.app._wait_seconds() == pytest.approx(LANDING_SECONDS - 1)  # the landing's end
    rig.clock.time += LANDING_SECONDS
    rig.app.step(None)
    assert rig.app._wait_seconds() is None


def test_the_scripts_wait_lets_the_spin_finish_on_the_apps_clock(rig: Rig) -> None:
    plan = spin(rig)
    start = rig.clock.time
    Driver(rig.app, io.StringIO()).run("wait")
    assert rig.clock.time >= start + plan.duration_s
    assert not rig.app.animating
    assert rig.scene.stopped == [rig.app.spin]


def test_the_dial_names_the_seat_it_stopped_at_once_stopped(rig: Rig) -> None:
    plan = spin(rig)
    dial = rig.scene.widgets[0]
    assert dial.name == "dial" and dial.text == "Spinning…"
    rig.app.finish_animation()
    dial = rig.scene.widgets[0]  # built again when the spin stopped
    assert dial.text == PLAYERS[plan.result[0]].name
    assert isinstance(dial, SpinDial)
    assert dial.ringed(rig.clock.time) == plan.result


def test_seats_sit_where_calibrated_seat_zero_at_the_bottom_clockwise() -> None:
    centre = (100.0, 100.0)
    assert dial_point(centre, 50, 0) == pytest.approx((100, 150))
    assert dial_point(centre, 50, 90) == pytest.approx((50, 100))
    assert dial_point(centre, 50, 180) == pytest.approx((100, 50))
    assert dial_point(centre, 50, 270) == pytest.approx((150, 100))
    seats = dial_seats(PLAYERS[:3], (10.0, 130.0, 250.0, 300.0))
    assert [seat.angle_deg for seat in seats] == [10.0, 130.0, 250.0]
    assert [seat.name for seat in seats] == ["Ana", "Ben", "Cleo"]


def test_more_players_than_calibrated_seats_are_spread_evenly() -> None:
    seats = dial_seats(PLAYERS, (0.0, 180.0))
    assert [seat.angle_deg for seat in seats] == list(evenly_spaced(4)) == [0, 90, 180, 270]


def drawn(dial: SpinDial, size: tuple[int, int] = (480, 480)) -> pygame.Surface:
    pygame.font.init()
    surface = pygame.Surface(size)
    surface.fill(theme.BACKGROUND)
    dial.draw(surface, Theme())
    return surface


def accent_near(surface: pygame.Surface, point: tuple[float, float], reach: int = 30) -> bool:
    x0, y0 = round(point[0]), round(point[1])
    return any(
        surface.get_at((x, y))[:3] == theme.ACCENT
        for x in range(max(0, x0 - reach), min(surface.get_width(), x0 + reach))
        for y in range(max(0, y0 - reach), min(surface.get_height(), y0 + reach))
    )


def motion_to(stop_deg: float, result: tuple[int, ...], config: Config,
              software: bool = False) -> SpinMotion:
    plan = software_motion(0.0, stop_deg, result, config.spinner, "No spinner.")
    if not software:
        plan = PointerMotion(plan.start_angle_deg, plan.stop_angle_deg, plan.profile,
                             plan.duration_s, plan.steps_per_turn, result)
    return SpinMotion(plan, started=0.0)


@pytest.mark.parametrize("angle", [0.0, 45.0, 90.0, 200.0, 315.0])
def test_the_pointer_is_drawn_toward_its_angle(sim_config: Config, angle: float) -> None:
    motion = motion_to(angle, (0,), sim_config)
    dial = spin_dial(pygame.Rect(0, 0, 480, 480), PLAYERS, ANGLES, motion, lambda: 99.0)
    surface = drawn(dial)
    centre, radius, _ = dial.geometry(Theme())
    inside_tip = dial_point(centre, radius * 0.85, angle)
    opposite = dial_point(centre, radius * 0.85, angle + 180)
    assert surface.get_at((round(inside_tip[0]), round(inside_tip[1])))[:3] == IDOL_DARK
    assert surface.get_at((round(opposite[0]), round(opposite[1])))[:3] != IDOL_DARK


def test_the_landing_seat_is_ringed_only_after_the_stop(sim_config: Config) -> None:
    motion = motion_to(90.0, (1,), sim_config)
    rect = pygame.Rect(0, 0, 480, 480)
    centre, _, name_radius = spin_dial(rect, PLAYERS, ANGLES, None, lambda: 0).geometry(
        Theme())
    turning = drawn(spin_dial(rect, PLAYERS, ANGLES, motion, lambda: motion.until / 2))
    stopped = drawn(spin_dial(rect, PLAYERS, ANGLES, motion, lambda: motion.until))
    ben = dial_point(centre, name_radius, 90.0)
    assert not accent_near(turning, ben)
    assert accent_near(stopped, ben)
    assert not accent_near(stopped, dial_point(centre, name_radius, 270.0))


def test_a_stop_between_two_seats_rings_both_and_says_so(sim_config: Config) -> None:
    motion = motion_to(135.0, (1, 2), sim_config)
    rect = pygame.Rect(0, 0, 480, 480)
    dial = spin_dial(rect, PLAYERS, ANGLES, motion, lambda: motion.until + 1)
    assert dial.text == "Between Ben and Cleo"
    surface = drawn(dial)
    centre, _, name_radius = dial.geometry(Theme())
    assert accent_near(surface, dial_point(centre, name_radius, 90.0))
    assert accent_near(surface, dial_point(centre, name_radius, 180.0))
    assert not accent_near(surface, dial_point(centre, name_radius, 0.0))


def test_a_software_spin_says_so_in_words(sim_config: Config) -> None:
    motion = motion_to(180.0, (2,), sim_config, software=True)
    rect = pygame.Rect(0, 0, 480, 480)
    turning = spin_dial(rect, PLAYERS, ANGLES, motion, lambda: 0.5)
    stopped = spin_dial(rect, PLAYERS, ANGLES, motion, lambda: motion.until)
    assert turning.text == "Software spin: Spinning…"
    assert stopped.text == "Software spin: Cleo"
    with_words = drawn(stopped)
    without = drawn(spin_dial(rect, PLAYERS, ANGLES, motion_to(180.0, (2,), sim_config),
                              lambda: motion.until))
    centre, radius, _ = stopped.geometry(Theme())
    words = pygame.Rect(0, 0, radius, 20)
    words.center = (centre[0], centre[1] + radius // 2)
    assert any(with_words.get_at(point) != without.get_at(point)
               for point in [(x, y) for x in range(words.left, words.right)
                             for y in range(words.top, words.bottom)])


def test_a_spin_motion_starts_on_the_apps_clock(sim_config: Config) -> None:
    profile = spin_profile(0, 400, sim_config.spinner)
    plan = PointerMotion(0.0, 90.0, profile, profile.duration_s, 1600, (1,))
    motion = SpinMotion(plan, started=50.0)
    assert motion.angle_at(50.0) == 0.0
    assert motion.angle_at(50.0 + plan.duration_s) == 90.0
    assert not motion.done(50.0 + plan.duration_s - 1e-6)
    assert motion.done(motion.until)
    assert motion.until == pytest.approx(50.0 + plan.duration_s)


def test_a_spinner_that_cannot_home_is_shown_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "config.toml"
    path.write_text('backend = "sim"\n[sim]\ndead_home_sensor = true\n[spinner]\n'
                    f'seats_file = "{tmp_path / "seats.toml"}"\n', encoding="utf-8")
    config = load_config(path)
    spinner = TableSpinner(open_spinner(config, VirtualClock(), random.Random(1)))
    with caplog.at_level(logging.WARNING), spinner:
        for rig in _rig(tmp_path, spinner):
            assert spinner.wait_idle(WAIT_S)
            plan = spin(rig)
            assert plan.software_pick
            status = rig.app.spinner_status
            assert status is not None and not status.available
            # The table reads it in its own words; the engineer's detail is the journal's.
            assert status_sentence(status).startswith(
                "Spinner unavailable: The spinner could not find its starting point.")
            assert "home sensor" in status_sentence(status, detail=True)
            rig.app.finish_animation()
            assert rig.scene.widgets[0].text.startswith("Software spin")
            assert "home sensor" not in rig.scene.widgets[0].text
    assert any("Spinner unavailable" in record.getMessage() and "home sensor" in
               record.getMessage() for record in caplog.records)


def test_with_no_spinner_to_open_the_screen_turns_a_software_spin_and_says_why(
    sim_config: Config, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def unplugged(*args: object, **kwargs: object) -> TableSpinner:
        raise DeviceError("The table controller is not plugged in.")

    monkeypatch.setattr(table_spins_module, "open_table_spinner", unplugged)
    clock = FakeClock()
    with (
        table_spins_module.table_spins(sim_config, seed=1) as spins,
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(3), spinner=spins) as table,
        App(table, SCENES, ScreenSetup(headless=True, seat_angles=ANGLES), clock=clock.now,
            sleep=clock.sleep, spinner=spins, spinner_problem=spins.problem) as app,
    ):
        reason = spins.problem
        assert isinstance(spins, table_spins_module.SoftwareSpins) and "not plugged in" in reason
        status = app.spinner_status
        assert status is not None and not status.available and "plugged" in status.reason
        assert run_script(app, [*_to_a_spin(app), "expect The spinner is not connected",
                                "spin 1"]).ok
        seen = _seen(app)
        assert seen["dial"] == "Software spin: Spinning…"
        assert "the companion picks" in seen["spinner"]
        assert app.spin is not None and app.spin.plan.revolutions >= 1
        assert run_script(app, ["wait", "expect Ben draws 1"]).ok
        assert "dial" not in _seen(app)


def test_the_configured_sim_spinner_becomes_the_tables(sim_config: Config) -> None:
    with table_spins_module.table_spins(sim_config, seed=1) as spins:
        assert isinstance(spins, TableSpinner) and spins.problem == ""
        assert isinstance(spins.spinner.backend, SimSpinner)


def test_with_no_motion_the_pointer_rests_on_the_landing() -> None:
    rect = pygame.Rect(0, 0, 480, 480)
    assert spin_dial(rect, PLAYERS, ANGLES, None, lambda: 0.0).pointer_deg(0.0) == 0.0
    one = spin_dial(rect, PLAYERS, ANGLES, None, lambda: 0.0, landed=(2,))
    assert one.pointer_deg(0.0) == 180.0 and one.text == "Cleo"
    # Between Dev and Ana, the pointer rests over the boundary, not across the table.
    two = spin_dial(rect, PLAYERS, ANGLES, None, lambda: 0.0, landed=(3, 0))
    assert two.pointer_deg(0.0) == 315.0 and two.text == "Between Dev and Ana"
    assert two.ringed(0.0) == (3, 0)


@pytest.mark.parametrize(("seats", "angle"), [((2,), 180.0), ((1, 2), 135.0), ((3, 0), 315.0)])
def test_a_spin_told_where_to_stop_turns_its_whole_plan_and_stops_there(
    rig: Rig, seats: tuple[int, ...], angle: float
) -> None:
    assert rig.spinner is not None
    rig.spinner.stop_next_at(seats)
    result = rig.spinner.outcome(ChanceRequest("spin", "Spin!", seats=(0, 1, 2, 3)))
    assert result == (seats[0] if len(seats) == 1 else list(seats))
    assert rig.app.settle(WAIT_S)
    motion = rig.app.spin
    assert motion is not None and motion.plan.revolutions >= 1
    assert motion.plan.stop_angle_deg == pytest.approx(angle, abs=0.5)
    assert motion.result == seats


def test_the_scripts_spin_line_goes_through_the_spinner_and_the_dial(
    tmp_path: Path, sim_config: Config
) -> None:
    with on_a_sim_spinner(tmp_path, sim_config) as (app, store):
        result = run_script(app, _to_a_spin(app))
        assert result.ok, result.reason
        assert run_script(app, ["spin 1 2"]).ok
        assert app.spin is not None and app.spin.result == (1, 2)
        names = [widget.name for widget in app.scene.visible_widgets()]
        assert "dial" in names and "pick:1" not in names  # the idol still turns
        assert run_script(app, ["wait"]).ok
        names = [widget.name for widget in app.scene.visible_widgets()]
        assert "dial" in names and {"pick:1", "pick:2"} <= set(names)
        events = store.events(store.matches()[-1].id)
        assert events[-1].detail["source"] == "spinner"


@pytest.fixture
def spinner_table(tmp_path: Path, sim_config: Config) -> Iterator[App]:
    """The whole touchscreen at a table whose sim spinner turns on virtual time."""
    with on_a_sim_spinner(tmp_path, sim_config) as (app, _store):
        result = run_script(app, _to_a_spin(app))
        assert result.ok, result.reason
        yield app


@contextlib.contextmanager
def on_a_sim_spinner(tmp_path: Path, config: Config) -> Iterator[tuple[App, Store]]:
    """The whole touchscreen on a fresh log, at a table whose sim spinner (homed) turns on
    virtual time and whose app runs on a `FakeClock`."""
    spinner = TableSpinner(open_spinner(config, VirtualClock(), random.Random(9)))
    clock = FakeClock()
    with (
        spinner,
        Store.open(tmp_path / "log.db") as store,
        Table(store, chance=FairChance(3), spinner=spinner) as table,
        App(table, SCENES, ScreenSetup(headless=True, seat_angles=ANGLES), clock=clock.now,
            sleep=clock.sleep, spinner=spinner) as app,
    ):
        assert spinner.wait_idle(WAIT_S)
        yield app, store


def _seen(app: App) -> dict[str, str]:
    return {widget.name: widget.text for widget in app.scene.visible_widgets()}


def test_while_the_idol_turns_the_screen_shows_the_table_before_the_spins_result(
    spinner_table: App,
) -> None:
    before = _seen(spinner_table)
    assert run_script(spinner_table, ["spin 1"]).ok
    turning = _seen(spinner_table)
    assert "dial" in turning and turning["dial"] == "Spinning…"
    assert turning["prompt"] == before["prompt"] and "spins the idol" in turning["prompt"]
    assert turning["seat:1"] == before["seat:1"]  # Ben has not drawn yet, on screen
    assert "play" not in turning and "draw" not in turning and "spin" not in turning
    assert "spinning" in turning


def test_once_the_idol_stops_the_dial_closes_and_the_screen_names_who_acts(
    spinner_table: App,
) -> None:
    before = _seen(spinner_table)
    assert run_script(spinner_table, ["spin 1", "wait"]).ok
    stopped = _seen(spinner_table)
    assert "dial" not in stopped and {"top", "colour", "play"} <= set(stopped)
    assert stopped["seat:1"] != before["seat:1"]
    assert "Ben draws 1" in stopped["last"]
    assert stopped["prompt"].startswith("Ben: play")


def test_where_the_idol_stopped_stays_on_screen_a_moment_before_the_table_comes_back(
    spinner_table: App,
) -> None:
    app = spinner_table
    assert run_script(app, ["spin 1"]).ok
    motion = app.spin
    assert motion is not None
    app.let_time_pass(motion.until - app.now())  # the idol has just stopped
    landed = _seen(app)
    assert landed["dial"] == "Ben"  # the pointer at rest on Ben, his name over the dial
    dial = next(w for w in app.scene.visible_widgets() if isinstance(w, SpinDial))
    assert dial.pointer_deg(app.now()) == motion.plan.stop_angle_deg % 360.0
    assert dial.ringed(app.now()) == (1,)
    look = app.look
    assert dial.landing_font(look).get_height() > look.font(theme.TEXT_MIN, True).get_height()
    assert app._wait_seconds() == pytest.approx(LANDING_SECONDS)  # no frame until it ends
    app.let_time_pass(LANDING_SECONDS - 0.1)
    assert _seen(app)["dial"] == "Ben"
    app.let_time_pass(0.1)
    assert "dial" not in _seen(app) and _seen(app)["prompt"].startswith("Ben: play")


def _to_a_spin(app: App) -> list[str]:
    """Script lines that bring a referee-mode Tiki match of four to its first spin."""
    deck = ('["Red 1","Red 2","Red 3","Red 4","Red 5","Red 6","Red 7","Red 8","Red 9",'
            '"Blue 1","Blue 2","Blue 3","Tiki Draw 1","Tiki Draw 2","Tiki Go To","Wild Tiki"]')
    return [
        f"new tiki --players 4 --names Ana,Ben,Cleo,Dev --option hand_size=2"
        f" --option 'deck_cards={deck}'",
        "tap dealer:3", "tap tab:red", 'tap "card:Red 5"',
        "tap play", "tap tab:wild", 'tap "card:Tiki Draw 1"', "expect spins the idol",
    ]


def test_where_the_idol_landed_is_written_over_the_dial(sim_config: Config) -> None:
    motion = motion_to(135.0, (1, 2), sim_config)
    rect = pygame.Rect(0, 0, 480, 480)
    dial = spin_dial(rect, PLAYERS, ANGLES, motion, lambda: motion.until + 1)
    band = pygame.Rect(0, 0, rect.w, dial.table_area(Theme()).y)
    assert band.h >= Theme().font(theme.TEXT_MIN, True).get_linesize()
    with_words = drawn(dial)
    dial.clock = lambda: motion.until - 1  # still turning: nothing has landed yet
    turning = drawn(dial)
    changed = [(x, y) for x in range(band.left, band.right) for y in range(band.top, band.bottom)
               if with_words.get_at((x, y)) != turning.get_at((x, y))]
    assert len(changed) > 100, "the landing words are drawn over the table, in its strip"
