"""The serial spinner's homing and moves, against a scripted table controller on the link's
own clock: what it asks the controller for, what it reports, and the sentence of each
failure a person at the table would read."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.config import Config
from companion.config_schema import HomeConfig, SpinnerConfig
from device.backend import HomeReport, HomingPlan, MoveReport, StepSchedule
from device.errors import DeviceError, HomingError, LinkError
from device.serial_backend import SerialSpinner
from firmware import protocol
from tests.device.scripted_board import HELLO_REPLY, ScriptedBoard, link_to
from tests.device.thread_clock import ThreadClock

PLAN = HomingPlan(fast_interval_s=0.0015, slow_interval_s=0.003, backoff_steps=40,
                  timeout_s=4.0, max_steps=3000)
"""Step rates of 666.67 and 333.33 steps a second: sent to the controller to the millionth."""
SHORT_MOVE = StepSchedule((0.25, 0.5, 0.75))
"""Three steps ending at 0.75 s: the spinner gives its report until 0.75 * 1.5 + 2 s."""


@pytest.fixture
def spinner(controller: ScriptedBoard, clock: ThreadClock) -> Iterator[SerialSpinner]:
    link = link_to(controller, clock)
    with SerialSpinner(link, Config()) as spinner:
        link.start()
        assert link.wait_online(5)
        yield spinner


def in_thread(name: str, work: Callable[[], object]) -> tuple[threading.Thread, queue.Queue[Any]]:
    """Run `work` on a thread named `name`; its result or exception goes in the queue."""
    answers: queue.Queue[Any] = queue.Queue()

    def run() -> None:
        try:
            answers.put(work())
        except Exception as error:  # the test looks at it
            answers.put(error)

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    return thread, answers


def outcome_at_the_deadline(clock: ThreadClock, controller: ScriptedBoard, name: str,
                            work: Callable[[], object], kind: int, deadline_s: float) -> Any:
    """What `work`, run on thread `name`, ends with when the controller never reports the
    `kind` command it sent: nothing and no STOP a millisecond before `deadline_s` on the
    link's clock, then its outcome at the deadline."""
    thread, answers = in_thread(name, work)
    clock.looked_at(name)  # the wait for the report began: its deadline is set
    assert controller.commands(kind)
    clock.advance(deadline_s - 0.001)
    clock.looked_at(name)
    assert answers.empty() and controller.commands(protocol.STOP) == []
    clock.advance(0.001)
    outcome = answers.get(timeout=5)
    thread.join(timeout=5)
    return outcome


def homed(**fields: Any) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda asked: {"ev": "homed", **fields}


def test_homing_asks_the_controller_for_the_plans_speeds_and_limits_and_reports_its_approach(
    spinner: SerialSpinner, controller: ScriptedBoard,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    assert spinner.home(PLAN) == HomeReport(approach_steps=812, duration_s=1.5)
    assert controller.commands(protocol.HOME) == [
        {"fast_hz": 666.666667, "slow_hz": 333.333333, "backoff_steps": 40, "max_steps": 3000}
    ]


def test_a_homing_that_found_no_home_says_why_and_what_to_check(
    spinner: SerialSpinner, controller: ScriptedBoard,
) -> None:
    controller.on_home = homed(ok=False, error="no home edge within 3000 steps",
                               approach_steps=3000, duration_ms=6000)
    with pytest.raises(HomingError) as failed:
        spinner.home(PLAN)
    assert str(failed.value) == (
        "The spinner could not home: no home edge within 3000 steps. Check the home sensor's "
        "wiring and that the pointer turns freely."
    )


def test_a_fault_of_the_controller_while_homing_is_told_in_its_own_words(
    spinner: SerialSpinner, controller: ScriptedBoard,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500,
                               fault="the motor driver reported a fault")
    with pytest.raises(HomingError, match=r"^the motor driver reported a fault$"):
        spinner.home(PLAN)


def test_a_homing_never_reported_is_stopped_when_the_links_clock_reaches_its_timeout(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    failure = outcome_at_the_deadline(clock, controller, "homing", lambda: spinner.home(PLAN),
                                      protocol.HOME, PLAN.timeout_s)
    assert isinstance(failure, HomingError)
    assert str(failure) == ("The spinner did not find home within 4 s; check the home sensor's "
                            "wiring and that the pointer turns freely.")
    assert controller.commands(protocol.STOP) == [{}]


def test_a_homing_report_from_before_is_not_taken_for_the_next_homing(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    controller.push({"ev": "homed", "ok": True, "approach_steps": 5, "duration_ms": 10})
    spinner.link.poll()  # answered after the late report: the spinner has heard it
    controller.on_home = lambda fields: None  # this homing reports only when told below
    thread, answers = in_thread("homing", lambda: spinner.home(PLAN))
    clock.looked_at("homing")  # waiting for this homing's report
    assert answers.empty()
    controller.push({"ev": "homed", "ok": True, "approach_steps": 640, "duration_ms": 1200})
    assert answers.get(timeout=5) == HomeReport(approach_steps=640, duration_s=1.2)
    thread.join(timeout=5)


def moved(fields: dict[str, Any]) -> dict[str, Any]:
    return {"ev": "move_done", "move": fields["move"], "steps": fields["steps"],
            "edges": [2], "duration_ms": 751}


def aborted(fields: dict[str, Any]) -> dict[str, Any]:
    return {"ev": "move_aborted", "move": fields["move"], "reason": "the stop command"}


def test_a_move_is_uploaded_run_and_reported_as_the_controller_measured_it(
    spinner: SerialSpinner, controller: ScriptedBoard,
) -> None:
    controller.on_move = moved
    report = spinner.move(SHORT_MOVE)
    assert report == MoveReport(steps_taken=3, home_edges=(2,), duration_s=0.751,
                                edge_latency_s=protocol.HOME_EDGE_LATENCY_US / 1_000_000)
    backward = spinner.move(StepSchedule((0.25, 0.5), direction=-1))
    assert backward.steps_taken == 2
    assert controller.commands(protocol.LOAD) == [
        {"move": 1, "offset": 0, "intervals": [250_000, 250_000, 250_000]},
        {"move": 2, "offset": 0, "intervals": [250_000, 250_000]},
    ]
    assert controller.commands(protocol.MOVE) == [
        {"move": 1, "dir": 1, "steps": 3}, {"move": 2, "dir": -1, "steps": 2},
    ]


def test_a_report_of_another_move_is_not_taken_for_this_one(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    # Heard before the upload of move 1 is answered: a report of move 8 is not move 1's.
    controller.before_answer = [controller.numbered({"ev": "move_done", "move": 8, "steps": 99,
                                                     "edges": [], "duration_ms": 5})]
    thread, answers = in_thread("moving", lambda: spinner.move(SHORT_MOVE))
    clock.looked_at("moving")  # waiting for move 1's report
    assert answers.empty()
    controller.push(moved({"move": 1, "steps": 3}))
    assert answers.get(timeout=5).steps_taken == 3
    thread.join(timeout=5)


def test_a_move_the_controller_stopped_says_why(
    spinner: SerialSpinner, controller: ScriptedBoard,
) -> None:
    controller.on_move = aborted
    with pytest.raises(LinkError) as stopped:
        spinner.move(SHORT_MOVE)
    assert str(stopped.value) == (
        "The spinner's move was stopped by the controller: the stop command.")


def test_a_fault_of_the_controller_during_a_move_is_told_in_its_own_words(
    spinner: SerialSpinner, controller: ScriptedBoard,
) -> None:
    controller.on_move = lambda fields: dict(moved(fields), fault="the step queue ran dry")
    with pytest.raises(DeviceError) as failed:
        spinner.move(SHORT_MOVE)
    assert str(failed.value) == "the step queue ran dry"
    assert not isinstance(failed.value, LinkError)


def test_a_move_never_reported_is_stopped_half_its_time_and_two_seconds_late(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    failure = outcome_at_the_deadline(clock, controller, "moving",
                                      lambda: spinner.move(SHORT_MOVE), protocol.MOVE,
                                      SHORT_MOVE.duration_s * 1.5 + 2.0)
    assert isinstance(failure, LinkError)
    assert str(failure) == "The spinner's move did not finish in time; it was stopped."
    assert controller.commands(protocol.STOP) == [{}]


def test_a_move_cut_off_by_an_unplug_fails_saying_the_spinner_re_homes_when_it_is_back(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    thread, answers = in_thread("moving", lambda: spinner.move(SHORT_MOVE))
    clock.looked_at("moving")  # waiting for the move's report
    spinner.link._drop_port("unplugged for the test")
    failure = answers.get(timeout=5)
    thread.join(timeout=5)
    assert isinstance(failure, LinkError)
    assert str(failure) == ("The table controller was disconnected during the move; the "
                            "spinner re-homes when it is back (check the USB cable).")


def unplug(spinner: SerialSpinner, clock: ThreadClock) -> None:
    """Pull the controller's cable (between heartbeats: not in the middle of one)."""
    clock.looked_at("serial-link", where="_pause")
    spinner.link._drop_port("unplugged for the test")


def plug_back(spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
              **hello: Any) -> None:
    """Plug the controller back in, its HELLO saying `hello` (homed, busy)."""
    controller.hello_reply = {**HELLO_REPLY, **hello}
    clock.advance(3600.0)  # the heartbeat's pause ends: the link sees the port gone
    assert spinner.link.wait_online(5)


def reconnect(spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
              **hello: Any) -> None:
    unplug(spinner, clock)
    plug_back(spinner, controller, clock, **hello)


def home_then_have_a_move_stopped(spinner: SerialSpinner, controller: ScriptedBoard) -> None:
    """Home the pointer, then have the controller stop its next move part-way."""
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    controller.on_move = aborted
    with pytest.raises(LinkError):
        spinner.move(SHORT_MOVE)


def kinds_heard(controller: ScriptedBoard) -> list[int]:
    """The commands the controller heard, in order, without heartbeats and set-ups."""
    with controller.changed:
        return [kind for kind, _ in controller.heard
                if kind in (protocol.HOME, protocol.MOVE, protocol.STOP)]


def test_after_a_move_the_controller_stopped_the_pointer_re_homes_once_before_the_next_spin(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    home_then_have_a_move_stopped(spinner, controller)
    # The board still says it is homed, but the stopped pointer is not where a spin expects.
    reconnect(spinner, controller, clock, homed=True)
    controller.on_move = moved
    assert spinner.move(SHORT_MOVE).steps_taken == 3
    assert kinds_heard(controller) == [protocol.HOME, protocol.MOVE, protocol.HOME,
                                       protocol.MOVE]
    assert spinner.rehomes == 1 and spinner.rehome_error == ""
    reconnect(spinner, controller, clock, homed=True)  # re-homed since: not turned home again
    spinner.move(SHORT_MOVE)
    assert kinds_heard(controller)[4:] == [protocol.MOVE]


def test_after_a_move_cut_off_by_an_unplug_the_pointer_re_homes_before_the_next_spin(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    thread, answers = in_thread("moving", lambda: spinner.move(SHORT_MOVE))
    clock.looked_at("moving")  # waiting for the move's report
    unplug(spinner, clock)
    assert isinstance(answers.get(timeout=5), LinkError)  # the move failed: then it is back
    thread.join(timeout=5)
    plug_back(spinner, controller, clock, homed=True)
    controller.on_move = moved
    assert spinner.move(SHORT_MOVE).steps_taken == 3
    assert kinds_heard(controller) == [protocol.HOME, protocol.MOVE, protocol.HOME,
                                       protocol.MOVE]


def test_a_homed_pointer_re_homes_by_itself_when_the_board_comes_back_without_its_home(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    reconnect(spinner, controller, clock, homed=False)  # its power was cut: home forgotten
    controller.on_move = moved
    spinner.move(SHORT_MOVE)
    assert kinds_heard(controller) == [protocol.HOME, protocol.HOME, protocol.MOVE]
    assert controller.commands(protocol.HOME)[1] == controller.commands(protocol.HOME)[0]


def test_a_re_home_that_fails_stops_the_next_spin_with_its_sentence(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    controller.on_home = homed(ok=False, error="no home edge within 3000 steps",
                               approach_steps=3000, duration_ms=6000)
    reconnect(spinner, controller, clock, homed=False)
    controller.on_move = moved
    with pytest.raises(HomingError) as failed:
        spinner.move(SHORT_MOVE)
    assert str(failed.value) == (
        "The spinner could not home: no home edge within 3000 steps. Check the home sensor's "
        "wiring and that the pointer turns freely."
    )
    assert controller.commands(protocol.MOVE) == []


def test_a_move_cut_off_is_re_homed_for_even_when_the_board_is_back_before_the_move_notices(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    thread, answers = in_thread("moving", lambda: spinner.move(SHORT_MOVE))
    clock.looked_at("moving")  # waiting for the move's report
    # Holding the waiter's lock keeps the move from looking at the link until the board is
    # back (it still says it is homed: it kept power), and the reconnect has decided.
    with spinner.waiter.condition:
        reconnect(spinner, controller, clock, homed=True)
    assert isinstance(answers.get(timeout=5), LinkError)
    thread.join(timeout=5)
    controller.on_move = moved
    assert spinner.move(SHORT_MOVE).steps_taken == 3
    assert kinds_heard(controller) == [protocol.HOME, protocol.MOVE, protocol.HOME,
                                       protocol.MOVE]
    assert spinner.rehomes == 1
    reconnect(spinner, controller, clock, homed=True)  # re-homed since: not turned home again
    spinner.move(SHORT_MOVE)
    assert kinds_heard(controller)[4:] == [protocol.MOVE]


def test_a_homing_asked_while_the_pointer_re_homes_waits_for_that_re_home_to_end(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    controller.on_home = lambda fields: None  # the re-home reports only when told below
    reconnect(spinner, controller, clock, homed=False)
    controller.hears(protocol.HOME, 2)  # the first homing and the re-home
    thread, answers = in_thread("homing", lambda: spinner.home(PLAN))
    clock.looked_at("homing", where="_rehome_ended")  # waiting, on the link's clock
    clock.advance(PLAN.timeout_s - 0.001)  # a millisecond short of the re-home's own time
    clock.looked_at("homing", where="_rehome_ended")
    assert answers.empty() and len(controller.commands(protocol.HOME)) == 2
    controller.on_home = homed(ok=True, approach_steps=640, duration_ms=1200)
    controller.push({"ev": "homed", "ok": True, "approach_steps": 700, "duration_ms": 1300})
    assert answers.get(timeout=5) == HomeReport(approach_steps=640, duration_s=1.2)
    thread.join(timeout=5)
    assert len(controller.commands(protocol.HOME)) == 3
    assert spinner.rehomes == 1


def test_a_spin_whose_upload_meets_a_reconnect_sends_no_move_and_says_it_is_re_homing(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    request = spinner.link.request
    cut: list[int] = []

    def cut_during_the_upload(kind: int, fields: dict[str, Any] | None = None) -> dict[str, Any]:
        if kind == protocol.LOAD and not cut:
            cut.append(kind)
            reconnect(spinner, controller, clock, homed=False)  # the board lost its power
        return request(kind, fields)

    monkeypatch.setattr(spinner.link, "request", cut_during_the_upload)
    controller.on_move = moved
    with pytest.raises(HomingError) as stopped:
        spinner.move(SHORT_MOVE)
    assert str(stopped.value) == "The spinner is still re-homing after a reconnect; try again."
    assert spinner.move(SHORT_MOVE).steps_taken == 3  # once the re-home has ended
    assert kinds_heard(controller) == [protocol.HOME, protocol.HOME, protocol.MOVE]


def hold_the_re_home(spinner: SerialSpinner, monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Keep the next re-home from starting its homing until the returned event is set."""
    release = threading.Event()
    home = spinner._home

    def held(plan: HomingPlan) -> HomeReport:
        if threading.current_thread().name == "serial-rehome":
            # Longer than any wait of the test for an answer: it never ends the hold first.
            assert release.wait(timeout=15)
        return home(plan)

    monkeypatch.setattr(spinner, "_home", held)
    return release


def test_a_spin_asked_while_a_re_home_outlasts_its_time_and_five_seconds_fails_saying_so(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    release = hold_the_re_home(spinner, monkeypatch)
    reconnect(spinner, controller, clock, homed=False)
    controller.on_move = moved
    thread, answers = in_thread("moving", lambda: spinner.move(SHORT_MOVE))
    clock.looked_at("moving", where="_rehome_ended")  # waiting, on the link's clock
    clock.advance(PLAN.timeout_s + 5.0 - 0.001)
    clock.looked_at("moving", where="_rehome_ended")
    assert answers.empty()
    clock.advance(0.001)
    failure = answers.get(timeout=5)
    thread.join(timeout=5)
    assert isinstance(failure, HomingError)
    assert str(failure) == "The spinner is still re-homing after a reconnect; try again."
    release.set()
    assert spinner.move(SHORT_MOVE).steps_taken == 3  # waits for the re-home, then spins
    assert kinds_heard(controller) == [protocol.HOME, protocol.HOME, protocol.MOVE]


def test_a_homing_asked_while_a_re_home_outlasts_its_time_and_five_seconds_homes_then(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    release = hold_the_re_home(spinner, monkeypatch)
    reconnect(spinner, controller, clock, homed=False)
    thread, answers = in_thread("homing", lambda: spinner.home(PLAN))
    clock.looked_at("homing", where="_rehome_ended")
    clock.advance(PLAN.timeout_s + 5.0 - 0.001)
    clock.looked_at("homing", where="_rehome_ended")
    assert answers.empty() and len(controller.commands(protocol.HOME)) == 1
    clock.advance(0.001)
    assert answers.get(timeout=5) == HomeReport(approach_steps=812, duration_s=1.5)
    thread.join(timeout=5)
    assert len(controller.commands(protocol.HOME)) == 2  # this homing's: the re-home is held
    release.set()


def test_a_board_back_still_running_a_move_from_before_is_stopped_and_the_pointer_re_homed(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    reconnect(spinner, controller, clock, homed=True, busy=True)
    controller.on_move = moved
    spinner.move(SHORT_MOVE)
    assert kinds_heard(controller) == [protocol.HOME, protocol.STOP, protocol.HOME,
                                       protocol.MOVE]


@pytest.mark.parametrize("active_low", [True, False])
def test_the_spinner_sets_up_its_home_sensors_polarity_after_every_handshake(
    controller: ScriptedBoard, clock: ThreadClock, active_low: bool,
) -> None:
    config = Config(spinner=SpinnerConfig(home=HomeConfig(active_low=active_low)))
    link = link_to(controller, clock)
    with SerialSpinner(link, config) as spinner:
        link.start()
        assert link.wait_online(5)
        reconnect(spinner, controller, clock)
    assert controller.commands(protocol.SETUP) == [{"home_active_low": active_low}] * 2


def test_a_board_back_still_running_a_move_is_sent_a_plain_stop(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    reconnect(spinner, controller, clock, busy=True)
    assert controller.commands(protocol.STOP) == [{}]


def test_the_re_homing_thread_never_keeps_the_program_from_exiting(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    release = hold_the_re_home(spinner, monkeypatch)
    try:
        reconnect(spinner, controller, clock, homed=False)
        threads = {thread.name: thread for thread in threading.enumerate()}
        assert threads["serial-rehome"].daemon
    finally:
        release.set()


def test_after_a_second_reconnect_a_spin_waits_for_the_second_re_home(
    spinner: SerialSpinner, controller: ScriptedBoard, clock: ThreadClock,
) -> None:
    controller.on_home = homed(ok=True, approach_steps=812, duration_ms=1500)
    spinner.home(PLAN)
    reconnect(spinner, controller, clock, homed=False)  # re-homed at once
    controller.on_move = moved
    spinner.move(SHORT_MOVE)
    controller.on_home = lambda fields: None  # the second re-home reports only when told
    reconnect(spinner, controller, clock, homed=False)
    controller.hears(protocol.HOME, 3)
    thread, answers = in_thread("moving", lambda: spinner.move(SHORT_MOVE))
    clock.looked_at("moving", where="_rehome_ended")  # waiting for the second re-home
    assert answers.empty() and len(controller.commands(protocol.MOVE)) == 1
    controller.push({"ev": "homed", "ok": True, "approach_steps": 640, "duration_ms": 1200})
    assert answers.get(timeout=5).steps_taken == 3
    thread.join(timeout=5)
    assert kinds_heard(controller) == [protocol.HOME, protocol.HOME, protocol.MOVE,
                                       protocol.HOME, protocol.MOVE]
    assert spinner.rehomes == 2
