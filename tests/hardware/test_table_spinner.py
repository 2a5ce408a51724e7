"""The motor spinner as the table's spin hook: instant results, motion after, the fallback."""

from __future__ import annotations

import random
import threading
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import Config, load_config
from companion.event_log.store import Store
from companion.games.base import ChanceRequest, RuleError, check_outcome
from companion.games.registry import game_spec
from companion.hardware.spin_status import SpinnerProblem, SpinnerStatus, status_sentence
from companion.hardware.table_spinner import TableSpinner, open_table_spinner
from companion.table import (
    DrawChance,
    FairChance,
    NewMatch,
    PlayAction,
    SupplyChance,
    Table,
    default_players,
)
from device import results
from device.backend import (
    HomeReport,
    HomingPlan,
    LinkListener,
    LinkState,
    MoveReport,
    StepSchedule,
)
from device.backends import open_spinner
from device.clock import VirtualClock
from device.pointer_motion import PointerMotion
from device.seat_fit import evenly_spaced
from device.sim import SimSpinner
from device.spinner import Spinner
from tests.device.test_gpio import STEP, MockRotor, rising_edge_times
from tests.table.tally import TALLY

WAIT_S = 20.0
"""Upper bound for the worker thread to finish (an event wait, never a sleep)."""
NAMES = ["Ana", "Ben", "Cleo", "Dev"]


def spin_request(players: int) -> ChanceRequest:
    return ChanceRequest("spin", "Spin!", seats=tuple(range(players)))


def config_with(write_config, extra: str = "") -> Config:  # type: ignore[no-untyped-def]
    return load_config(write_config(f'backend = "sim"\n{extra}'))


def sim(table_spinner: TableSpinner) -> SimSpinner:
    backend = table_spinner.spinner.backend
    assert isinstance(backend, SimSpinner)
    return backend


def make(config: Config, seed: int = 3, **options: object) -> TableSpinner:
    spinner = open_spinner(config, VirtualClock(), random.Random(seed))
    return TableSpinner(spinner, **options)  # type: ignore[arg-type]


class GatedMoves:
    """Holds every move of a sim spinner until `gate` is set, to see what happens meanwhile."""

    def __init__(self, backend: SimSpinner) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()
        self._move = backend.move
        backend.move = self.move  # type: ignore[method-assign]

    def move(self, schedule: StepSchedule) -> MoveReport:
        self.started.set()
        assert self.gate.wait(WAIT_S)
        return self._move(schedule)


@pytest.mark.parametrize("mode", ["fair", "physical"])
def test_the_result_comes_at_once_and_the_pointer_then_stops_on_it(
    sim_config: Config, mode: str
) -> None:
    with make(sim_config, mode=mode) as spinner:
        assert spinner.wait_idle(WAIT_S)  # homed
        gated = GatedMoves(sim(spinner))
        seat = spinner.outcome(spin_request(4))
        # The answer is back while the motor has not finished (its move is held).
        assert gated.started.wait(WAIT_S)
        assert spinner.status.moving
        assert spinner.status.last_result == ((seat,) if isinstance(seat, int) else tuple(seat))
        gated.gate.set()
        assert spinner.wait_idle(WAIT_S)
        assert not spinner.status.moving
        [done] = spinner.outcomes
        assert not done.software_pick
        assert done.result == spinner.status.last_result
        assert sim(spinner).stepper.rotor_angle_deg == pytest.approx(done.stop_angle_deg)
        assert done.revolutions >= 1


def test_motions_run_one_at_a_time_in_the_order_drawn(sim_config: Config) -> None:
    with make(sim_config, seed=11) as spinner:
        drawn = [spinner.outcome(spin_request(4)) for _ in range(6)]
        assert spinner.wait_idle(WAIT_S)
        assert [outcome.result for outcome in spinner.outcomes] == [(seat,) for seat in drawn]
        last = spinner.outcomes[-1]
        assert sim(spinner).stepper.rotor_angle_deg == pytest.approx(last.stop_angle_deg)
        assert results.read_stop(last.stop_angle_deg, (0.0, 90.0, 180.0, 270.0), 4.0) == (
            drawn[-1],
        )


@pytest.mark.parametrize("mode", ["fair", "physical"])
@pytest.mark.parametrize("asked", [(1, 2), (1, 3), (0, 2, 3)])
def test_a_spin_over_some_of_the_seats_stops_at_one_of_those_seats(
    sim_config: Config, mode: str, asked: tuple[int, ...]
) -> None:
    calibrated = sim_config.spinner.seat_angles
    assert len(calibrated) == 4
    angles = tuple(calibrated[seat] for seat in asked)
    request = ChanceRequest("spin", "Spin!", seats=asked)
    with make(sim_config, seed=7, mode=mode) as spinner:
        drawn = [spinner.outcome(request) for _ in range(24)]
        assert spinner.wait_idle(WAIT_S)
        results_seen: set[int] = set()
        for answer, done in zip(drawn, spinner.outcomes, strict=True):
            result = (answer,) if isinstance(answer, int) else tuple(answer)
            assert set(result) <= set(asked) and done.result == result
            assert not done.software_pick
            results_seen |= set(result)
        # The pointer, where it really stopped, shows the last result among the asked seats.
        pointer = sim(spinner).stepper.rotor_angle_deg
        shown = results.read_stop(pointer, angles, spinner.margin_deg)
        assert tuple(asked[index] for index in shown) == spinner.outcomes[-1].result
        for done in spinner.outcomes:
            shown = results.read_stop(done.stop_angle_deg, angles, spinner.margin_deg)
            assert tuple(asked[index] for index in shown) == done.result
        assert results_seen == set(asked)


@pytest.mark.parametrize("home_now", [True, False])
def test_a_dead_home_sensor_gives_software_picks_with_the_reason(
    write_config, home_now: bool  # type: ignore[no-untyped-def]
) -> None:
    config = config_with(write_config, "[sim]\ndead_home_sensor = true\n")
    seen: list[SpinnerStatus] = []
    with make(config, listener=seen.append, home_now=home_now) as spinner:
        seat = spinner.outcome(spin_request(4))
        assert spinner.wait_idle(WAIT_S)
        status = spinner.status
        assert not status.available
        assert "home sensor" in status.reason
        assert status.software_pick
        assert status.last_result == (seat,)
        assert status.problem is SpinnerProblem.NOT_HOMED
        # The table hears it in its words; the journal gets the device's sentence.
        assert status_sentence(status, NAMES) == (
            "Spinner unavailable: The spinner could not find its starting point."
            f" The companion picked {NAMES[seat]}."
        )
        assert status_sentence(status, NAMES, detail=True) == (
            f"Spinner unavailable: {status.reason} The companion picked {NAMES[seat]}."
        )
        # Later spins are software picks at once: no new homing timeout each time.
        motions = list(spinner.outcomes)
        again = spinner.outcome(spin_request(4))
        assert spinner.status.software_pick and spinner.status.last_result == (again,)
        assert spinner.wait_idle(WAIT_S)
        assert list(spinner.outcomes) == motions
    assert seen[-1] == spinner.status
    assert any(not status.available for status in seen)


def test_an_available_spinner_says_nothing_on_screen(sim_config: Config) -> None:
    with make(sim_config) as spinner:
        spinner.outcome(spin_request(4))
        assert spinner.wait_idle(WAIT_S)
        assert spinner.status.available
        assert status_sentence(spinner.status, NAMES) == ""


def test_a_failing_status_listener_does_not_stop_the_spinner(sim_config: Config) -> None:
    def broken(status: SpinnerStatus) -> None:
        raise RuntimeError("the screen fell over")

    with make(sim_config, listener=broken) as spinner:
        seats = [spinner.outcome(spin_request(4)) for _ in range(3)]
        assert spinner.wait_idle(WAIT_S)
        assert [outcome.result for outcome in spinner.outcomes] == [(seat,) for seat in seats]
        assert not any(outcome.software_pick for outcome in spinner.outcomes)


def test_fair_mode_gives_every_player_the_same_chance(write_config) -> None:  # type: ignore[no-untyped-def]
    # Software picks (dead sensor) draw exactly as the motor spins do, without motion.
    config = config_with(write_config, "[sim]\ndead_home_sensor = true\n")
    with make(config, seed=5, mode="fair") as spinner:
        assert spinner.wait_idle(WAIT_S)
        spins = 6000
        counts = Counter(spinner.outcome(spin_request(3)) for _ in range(spins))
    expected = spins / 3
    chi_square = sum((counts[seat] - expected) ** 2 / expected for seat in range(3))
    assert set(counts) == {0, 1, 2}
    assert chi_square < 13.8  # 2 degrees of freedom, p = 0.001


@pytest.mark.parametrize("mode", ["fair", "physical"])
def test_fewer_players_than_seats_use_the_first_seat_angles(
    sim_config: Config, mode: str
) -> None:
    first_three = sim_config.spinner.seat_angles[:3]
    with make(sim_config, seed=8, mode=mode) as spinner:
        drawn = [spinner.outcome(spin_request(3)) for _ in range(12)]
        assert spinner.wait_idle(WAIT_S)
    for outcome, done in zip(drawn, spinner.outcomes, strict=True):
        seats = (outcome,) if isinstance(outcome, int) else tuple(outcome)
        assert set(seats) <= {0, 1, 2}
        assert results.read_stop(done.stop_angle_deg, first_three, 4.0) == seats


@pytest.mark.parametrize("mode", ["fair", "physical"])
def test_the_sim_spinner_spaces_a_larger_tables_players_evenly_and_says_so(
    sim_config: Config, mode: str
) -> None:
    six = evenly_spaced(6)
    with make(sim_config, seed=8, mode=mode) as spinner:
        drawn = [spinner.outcome(spin_request(6)) for _ in range(12)]
        assert spinner.wait_idle(WAIT_S)
        status = spinner.status
    assert status.available and not status.software_pick
    assert status.seats_note is not None and status.seats_note.render(str) == (
        "The spinner knows 4 seats and this game has 6 players: the simulated spinner"
        " spaces them evenly.")
    for outcome, done in zip(drawn, spinner.outcomes, strict=True):
        seats = (outcome,) if isinstance(outcome, int) else tuple(outcome)
        assert not done.software_pick and set(seats) <= set(range(6))
        assert results.read_stop(done.stop_angle_deg, six, 4.0) == seats
    assert any(seat >= 4 for done in spinner.outcomes for seat in done.result)


def test_real_hardware_with_too_few_seats_picks_in_software_and_says_to_calibrate(
    mock_factory: MockFactory, virtual_clock: VirtualClock, write_config  # type: ignore[no-untyped-def]
) -> None:
    config = load_config(write_config('backend = "gpio"\n'))
    MockRotor(mock_factory, virtual_clock, 700)
    step_pin = mock_factory.pin(STEP)
    names = [*NAMES, "Emil", "Fay"]
    with TableSpinner(open_spinner(config, virtual_clock, random.Random(3))) as spinner:
        assert spinner.wait_idle(WAIT_S) and spinner.status.available  # homed on the mock
        step_pin.clear_states()
        motions: list[PointerMotion] = []
        spinner.add_motion_listener(motions.append)
        seat = spinner.outcome(spin_request(6))
        assert spinner.wait_idle(WAIT_S)
        status = spinner.status
    assert seat in range(6) and spinner.last_pick_in_software
    note = ("The spinner knows 4 seats and this game has 6 players: the companion picks the"
            " seat instead; calibrate 6 seats with `companion hw calibrate`.")
    assert status.available and status.software_pick and status.seats_note is not None
    assert status.seats_note.render(str) == note
    assert status_sentence(status, names) == f"{note} The companion picked {names[seat]}."
    [motion] = motions
    assert motion.software_pick and motion.reason == note and motion.result == (seat,)
    margin = config.spinner.margin_deg
    assert results.read_stop(motion.stop_angle_deg, evenly_spaced(6), margin) == (seat,)
    assert rising_edge_times(step_pin.states) == []  # the pointer stays where it is


def test_a_game_the_seats_fit_again_clears_the_seats_note(sim_config: Config) -> None:
    with make(sim_config) as spinner:
        spinner.outcome(spin_request(6))
        assert spinner.status.seats_note
        spinner.outcome(spin_request(4))
        assert spinner.wait_idle(WAIT_S)
        assert spinner.status.seats_note is None and status_sentence(spinner.status, NAMES) == ""


def test_a_stop_between_two_seats_is_a_pair_the_request_accepts(write_config) -> None:  # type: ignore[no-untyped-def]
    config = config_with(write_config, '[spinner]\nmode = "physical"\nmargin_deg = 20.0\n')
    request = spin_request(4)
    with make(config, seed=2) as spinner:
        drawn = [spinner.outcome(request) for _ in range(20)]
        assert spinner.wait_idle(WAIT_S)
    pairs = [outcome for outcome in drawn if not isinstance(outcome, int)]
    assert pairs, "a 20-degree margin makes almost half the stops ambiguous"
    for pair in pairs:
        check_outcome(request, pair)
        assert (pair[1] - pair[0]) % 4 in (1, 3)  # neighbours
    ambiguous = [done for done in spinner.outcomes if len(done.result) == 2]
    assert [list(done.result) for done in ambiguous] == pairs


def test_a_lost_link_makes_it_unavailable_and_coming_back_online_rehomes(
    sim_config: Config,
) -> None:
    with make(sim_config) as spinner:
        problem = "it stopped answering; check its USB cable and power"
        spinner.on_link_state(LinkState.OFFLINE, problem)
        assert spinner.wait_idle(WAIT_S)
        assert spinner.status.reason == (
            "The table controller's link is offline: it stopped answering;"
            " check its USB cable and power."
        )
        spinner.outcome(spin_request(4))
        assert spinner.status.software_pick and not spinner.status.available
        spinner.on_link_state(LinkState.ONLINE, "")
        assert spinner.wait_idle(WAIT_S)
        assert spinner.status.available
        seat = spinner.outcome(spin_request(4))
        assert spinner.wait_idle(WAIT_S)
        assert not spinner.status.software_pick
        assert spinner.outcomes[-1].result == (seat,)


@pytest.mark.parametrize(
    ("state", "lost"),
    [
        (LinkState.CONNECTING, False),
        (LinkState.ONLINE, False),
        (LinkState.OFFLINE, True),
        (LinkState.MISMATCH, True),
        (LinkState.CLOSED, True),
    ],
)
def test_the_spinner_is_unavailable_while_the_link_is_lost_and_only_then(
    sim_config: Config, state: LinkState, lost: bool
) -> None:
    assert state.lost is lost
    with make(sim_config) as spinner:
        assert spinner.wait_idle(WAIT_S)
        spinner.on_link_state(state, "the problem")
        assert spinner.wait_idle(WAIT_S)
        assert spinner.status.available is not lost
        assert spinner.spinner.available is not lost
        if lost:
            assert spinner.status.reason == f"The table controller's link is {state}: the problem."


class FakeLink:
    """Records state listeners, as `SerialLink.add_state_listener` does, and plays states."""

    def __init__(self) -> None:
        self.listeners: list[LinkListener] = []

    def add_state_listener(self, listener: LinkListener) -> None:
        self.listeners.append(listener)

    def becomes(self, state: LinkState, problem: str = "") -> None:
        for listener in self.listeners:
            listener(state, problem)


def count_homings(spinner: Spinner) -> list[int]:
    homings: list[int] = []
    home = spinner.backend.home

    def counted(plan: HomingPlan) -> HomeReport:
        homings.append(1)
        return home(plan)

    spinner.backend.home = counted  # type: ignore[method-assign]
    return homings


def test_the_configured_spinner_follows_its_serial_link(
    sim_config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    link = FakeLink()
    spinner = open_spinner(sim_config, VirtualClock(), random.Random(1))
    spinner.backend.link = link  # type: ignore[attr-defined]
    homings = count_homings(spinner)
    monkeypatch.setattr("device.backends.open_spinner", lambda *args: spinner)
    with open_table_spinner(sim_config) as table_spinner:
        link.becomes(LinkState.ONLINE)  # the first connection: homing is already under way
        assert table_spinner.wait_idle(WAIT_S)
        assert len(homings) == 1 and table_spinner.status.available
        link.becomes(LinkState.OFFLINE, "it stopped answering; check its USB cable and power")
        assert table_spinner.wait_idle(WAIT_S)
        assert not table_spinner.status.available
        link.becomes(LinkState.ONLINE)
        assert table_spinner.wait_idle(WAIT_S)
        assert len(homings) == 2 and table_spinner.status.available
    link.becomes(LinkState.ONLINE)  # after close: ignored
    assert len(homings) == 2


def test_open_table_spinner_homes_and_spins_on_the_sim_backend(sim_config: Config) -> None:
    with open_table_spinner(sim_config, VirtualClock(), random.Random(4)) as spinner:
        seat = spinner.outcome(spin_request(4))
        assert spinner.wait_idle(WAIT_S)
        assert spinner.status == SpinnerStatus(True, "", False, (seat,), False)
        assert spinner.outcomes[-1].result == (seat,)


def test_closing_twice_is_harmless_and_later_spins_are_refused(sim_config: Config) -> None:
    spinner = make(sim_config)
    spinner.outcome(spin_request(4))
    spinner.close()
    spinner.close()
    assert not spinner._worker.is_alive()
    assert sim(spinner).stepper.closed
    with pytest.raises(RuleError, match="shut down"):
        spinner.outcome(spin_request(4))


def test_closing_stops_the_motion_under_way_instead_of_waiting_for_the_whole_spin(
    sim_config: Config,
) -> None:
    spinner = make(sim_config)
    backend = sim(spinner)
    stopped: list[bool] = []
    real_stop = backend.stop
    backend.stop = lambda: (stopped.append(spinner._worker.is_alive()), real_stop())[1]  # type: ignore[method-assign]
    spinner.outcome(spin_request(4))
    spinner.close()
    assert stopped == [True]  # asked while the worker still ran, before it was joined
    assert backend.stepper.closed


def test_only_spins_are_asked_of_the_spinner(sim_config: Config) -> None:
    with make(sim_config) as spinner, pytest.raises(RuleError, match="only spins"):
        spinner.outcome(ChanceRequest("dice", "Roll.", dice=1))


def test_the_table_spins_with_it_and_the_pointer_shows_the_logged_seat(
    sim_config: Config, tmp_path: Path
) -> None:
    fixed = datetime(2026, 5, 1, 20, 30, tzinfo=UTC)
    with (
        Store.open(tmp_path / "log.db", clock=lambda: fixed) as store,
        make(sim_config, seed=9) as spinner,
        Table(
            store,
            games={"tally": TALLY},
            chance=FairChance(7),
            spinner=spinner,
            clock=lambda: fixed,
        ) as table,
    ):
        for command in (
            NewMatch("tally", default_players(3), {"target": 30}),
            DrawChance(),
            SupplyChance([1], source="dice tray"),
            PlayAction({"action": "spin"}),
        ):
            assert table.post(command).result(timeout=WAIT_S).applied
        outcome = table.post(DrawChance()).result(timeout=WAIT_S)
        assert outcome.applied, outcome.text
        event = store.events(1)[-1]
        assert event.detail["source"] == "spinner"
        seat = event.detail["outcome"]
        names = [player.name for player in default_players(3)]
        assert outcome.text.startswith(f"The spinner points at {names[seat]}")
        assert spinner.wait_idle(WAIT_S)
    assert spinner.outcomes[-1].result == (seat,)
    angle = sim_config.spinner.seat_angles[seat]
    assert results.read_stop(angle, sim_config.spinner.seat_angles[:3], 0.0) == (seat,)
    assert results.read_stop(spinner.outcomes[-1].stop_angle_deg, (0.0, 90.0, 180.0), 4.0) == (
        seat,
    )


def test_a_tiki_match_spins_the_idol_with_it(sim_config: Config, tmp_path: Path) -> None:
    fixed = datetime(2026, 5, 1, 20, 30, tzinfo=UTC)
    rng = random.Random(12)
    with (
        Store.open(tmp_path / "log.db", clock=lambda: fixed) as store,
        make(sim_config, seed=6) as spinner,
        Table(
            store,
            games={"tiki": game_spec("tiki")},
            chance=FairChance(12),
            spinner=spinner,
            clock=lambda: fixed,
        ) as table,
    ):
        assert table.post(NewMatch("tiki", default_players(4), {})).result(WAIT_S).applied
        spun: list[str] = []
        for _ in range(3000):
            snapshot = table.snapshot
            assert snapshot is not None and not snapshot.is_over
            is_spin = snapshot.chance is not None and snapshot.chance.kind == "spin"
            if snapshot.chance is not None:
                command: DrawChance | PlayAction = DrawChance()
            else:
                command = PlayAction(rng.choice(snapshot.legal_actions))
            outcome = table.post(command).result(WAIT_S)
            assert outcome.applied, outcome.text
            if is_spin:
                spun.append(outcome.text)
                if len(spun) == 3:
                    break
        assert len(spun) == 3, "three spins within 3000 actions"
        assert spinner.wait_idle(WAIT_S)
        logged = [
            event.detail["outcome"]
            for event in store.events(1)
            if event.kind == "chance" and event.detail["source"] == "spinner"
        ]
    names = [player.name for player in default_players(4)]
    assert [outcome.result for outcome in spinner.outcomes] == [
        (seat,) if isinstance(seat, int) else tuple(seat) for seat in logged
    ]
    for text, seat in zip(spun, logged, strict=True):
        assert text.startswith("The spinner points at") or text.startswith("The spinner stops")
        assert names[seat if isinstance(seat, int) else seat[0]] in text
    last = spinner.outcomes[-1]
    assert sim(spinner).stepper.rotor_angle_deg == pytest.approx(last.stop_angle_deg)


def test_work_on_the_spinner_waits_for_the_motion_before_it_and_answers_its_result(
    write_config,  # type: ignore[no-untyped-def]
) -> None:
    with make(config_with(write_config)) as table_spinner:
        assert table_spinner.wait_idle(WAIT_S)
        gate = GatedMoves(sim(table_spinner))
        table_spinner.outcome(spin_request(4))
        assert gate.started.wait(WAIT_S)
        answer = table_spinner.call(lambda spinner: len(table_spinner.outcomes))
        assert not answer.done()  # the spin before it still turns
        gate.gate.set()
        assert answer.result(WAIT_S) == 1


def test_work_that_fails_answers_its_error_and_the_worker_goes_on(
    write_config,  # type: ignore[no-untyped-def]
) -> None:
    def jam(spinner: Spinner) -> None:
        raise ValueError("jammed")

    with make(config_with(write_config)) as table_spinner:
        with pytest.raises(ValueError, match="jammed"):
            table_spinner.call(jam).result(WAIT_S)
        assert table_spinner.call(lambda spinner: spinner.position).result(WAIT_S) == 0
    assert table_spinner.call(lambda spinner: 1).cancelled()


def test_a_test_spin_turns_a_whole_spin_to_the_angle_and_tells_the_screen(
    write_config,  # type: ignore[no-untyped-def]
) -> None:
    told: list[float] = []
    with make(config_with(write_config)) as table_spinner:
        table_spinner.add_motion_listener(lambda motion: told.append(motion.stop_angle_deg))
        outcome = table_spinner.spin_to(135.0, 1).result(WAIT_S)
    assert outcome.stop_angle_deg == pytest.approx(135.0) and outcome.revolutions >= 1
    assert outcome.result == (1,) and told == [outcome.stop_angle_deg]
