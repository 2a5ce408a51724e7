"""The link's supervisor and event sessions, against a scripted board (no pty, no firmware)."""

from __future__ import annotations

import itertools
import queue
import random
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from device.clock import Clock, VirtualClock
from device.errors import LinkError
from device.serial_link import LinkSettings, LinkState, SerialLink
from device.serial_port import CommandRefused, FirmwareMismatch, LinkTimeout
from firmware import protocol, version
from tests.device.scripted_board import HELLO_REPLY, ScriptedBoard, event
from tests.device.thread_clock import ThreadClock


@pytest.fixture
def scripted() -> Iterator[Callable[[ScriptedBoard], SerialLink]]:
    links: list[SerialLink] = []

    def start(board: ScriptedBoard, opened: Callable[[], None] = lambda: None) -> SerialLink:
        settings = LinkSettings(port="loop://", ack_timeout_s=0.05, retries=3,
                                handshake_timeout_s=2.0, reconnect_first_s=0.01,
                                reconnect_max_s=0.05, poll_interval_s=0.02)
        def opener(path: str, baud: int, timeout: float) -> ScriptedBoard:
            opened()
            return board

        link = SerialLink(settings, opener=opener)
        links.append(link)
        return link

    yield start
    for link in links:
        link.close()


def test_events_from_before_the_handshake_are_not_taken_for_new_ones(scripted) -> None:  # type: ignore[no-untyped-def]
    # After a reconnect the board may still push an event of its old session
    # before it answers HELLO (which restarts its numbering at 1).
    board = ScriptedBoard()
    board.before_hello_ack = [event(1, ev="button"), event(2, ev="button")]
    board.after_hello_ack = [event(1, ev="motion", active=True)]
    link = scripted(board)
    seen: list[dict[str, Any]] = []
    link.add_event_listener(seen.append)
    link.start()
    assert link.wait_online(2)
    link.poll()  # everything the board sent has been read by now
    assert [e["ev"] for e in seen] == ["motion"]
    assert link.stale_events == 2


def test_a_failing_connect_hook_does_not_end_the_link(scripted) -> None:  # type: ignore[no-untyped-def]
    board = ScriptedBoard()
    opens: list[int] = []
    link = scripted(board, opened=lambda: opens.append(board.hellos))
    failures = iter([KeyError("busy"), RuntimeError("a bug")])
    done = threading.Event()

    def hook(hello: dict[str, Any], send: Any) -> None:
        failure = next(failures, None)
        if failure is not None:
            raise failure
        done.set()

    problems: list[str] = []
    link.add_connect_hook(hook)
    link.add_state_listener(lambda state, problem: problems.append(problem))
    link.start()
    assert link.wait_online(3) and done.is_set()
    assert link.state == LinkState.ONLINE and link.supervisor_errors == 2
    assert ("an internal error interrupted the link (RuntimeError: a bug); it keeps reconnecting"
            in problems)
    # One attempt per failing hook, each a fresh open with its own handshake. (A HELLO the link
    # sent again within one attempt, its ack late on a busy machine, is the link's retry.)
    assert len(opens) == 3
    handshakes_after = [*opens[1:], board.hellos]
    assert all(later > earlier for earlier, later in zip(opens, handshakes_after, strict=True))


def test_random_frames_and_noise_from_the_board_never_stop_the_link(scripted) -> None:  # type: ignore[no-untyped-def]
    board = ScriptedBoard()
    link = scripted(board)
    link.add_event_listener(lambda e: None)
    link.start()
    assert link.wait_online(2)
    rng = random.Random(9)
    junk: list[Any] = [None, 5, "x", [], [1, {"id": "2"}], {"id": 2**70}, {"ev": "move_done"}]
    for _ in range(300):
        if rng.random() < 0.5:
            board.incoming.put(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))))
        else:
            fields = {rng.choice(["events", "id", "ev", "move"]): rng.choice(junk)}
            kind = rng.choice([protocol.ACK, protocol.NAK, protocol.EVENT, 0x7F])
            board.incoming.put(protocol.encode_frame(rng.randrange(256), kind, fields))
    for _ in range(5):
        link.poll()
    assert link.state not in (LinkState.OFFLINE,) and link.state == LinkState.ONLINE
    assert link.decoder.counters.dropped() > 0
    readers = [t for t in threading.enumerate() if t.name == "serial-reader" and t.is_alive()]
    assert readers and link.supervisor_errors == 0


class InstantBoard(ScriptedBoard):
    """Answers inside `write()` and returns only once the link has read the answer.

    The writer is held until the reader thread asks for more bytes (it has then
    decoded and dispatched the reply): the fastest a USB board can answer,
    before the writing thread runs again.
    """

    def __init__(self) -> None:
        super().__init__()
        self.sequences: list[int] = []  # sequence numbers, as sent
        self._reads = threading.Condition()
        self._read_calls = 0

    def read(self, size: int = 1) -> bytes:
        with self._reads:
            self._read_calls += 1
            self._reads.notify_all()
        return super().read(size)

    def write(self, data: bytes) -> int:
        self.sequences += [seq for seq, _, _ in protocol.FrameDecoder().feed(data)]
        with self._reads:
            calls = self._read_calls
            super().write(data)
            # Two more reads: the answer was taken, then the reader came back for more.
            self._reads.wait_for(lambda: self._read_calls >= calls + 2, timeout=2)
        return len(data)


def test_an_answer_that_comes_before_the_writer_runs_again_is_taken(scripted) -> None:  # type: ignore[no-untyped-def]
    board = InstantBoard()
    link = scripted(board)
    link.start()
    assert link.wait_online(2)
    link.request(protocol.PING, {"seen": 0})
    assert len(set(board.sequences)) == len(board.sequences)  # nothing was resent
    assert link.stale_replies == 0


class WatchedClock(VirtualClock):
    """A virtual clock that counts how often it is read, so a test can wait for the link
    to have looked at it many times (instead of sleeping)."""

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0
        self.read = threading.Condition()

    def now(self) -> float:
        with self.read:
            self.reads += 1
            self.read.notify_all()
        return super().now()


def silent_board() -> ScriptedBoard:
    """A board that reads every command and answers none."""
    board = ScriptedBoard()
    board.silent = True
    return board


def test_a_silent_board_is_sent_the_handshake_again_only_when_the_links_clock_says_so() -> None:
    board, clock = silent_board(), WatchedClock()
    settings = LinkSettings(port="loop://", ack_timeout_s=0.05, handshake_timeout_s=2.0)
    with SerialLink(settings, opener=lambda path, baud, timeout: board, clock=clock) as link:
        link.start()
        with board.changed:
            assert board.changed.wait_for(lambda: board.hellos == 1, timeout=5)
        # However long the machine takes, no time passed on the link's clock: no resend.
        with clock.read:
            seen = clock.reads
            assert clock.read.wait_for(lambda: clock.reads >= seen + 10, timeout=5)
        assert board.hellos == 1
        clock.advance(settings.ack_timeout_s)
        with board.changed:
            assert board.changed.wait_for(lambda: board.hellos == 2, timeout=5)
        assert link.state == LinkState.CONNECTING


def quiet_link(board: ScriptedBoard, clock: Clock | None = None, **timing: Any) -> SerialLink:
    """A link whose heartbeat polls once, right after connecting, then not for an hour."""
    settings = LinkSettings(**{"port": "loop://", "ack_timeout_s": 0.01,
                               "max_resend_delay_s": 0.01, "poll_interval_s": 3600.0,
                               **timing})
    return SerialLink(settings, opener=lambda path, baud, timeout: board, clock=clock)


def test_the_link_goes_offline_at_the_configured_number_of_timeouts_in_a_row() -> None:
    board = ScriptedBoard()
    with quiet_link(board, retries=0, offline_after=3) as link:
        link.start()
        assert link.wait_online(2)
        board.wait_for_pings(1)  # the first heartbeat was answered
        board.silent = True
        for _ in range(2):
            with pytest.raises(LinkTimeout):
                link.request(protocol.PING, {"seen": 0})
        assert link.state == LinkState.ONLINE  # two timeouts: not yet
        board.silent = False
        link.request(protocol.PING, {"seen": 0})  # an answer starts the count afresh
        board.silent = True
        for _ in range(2):
            with pytest.raises(LinkTimeout):
                link.request(protocol.PING, {"seen": 0})
        assert link.state == LinkState.ONLINE
        with pytest.raises(LinkTimeout):
            link.request(protocol.PING, {"seen": 0})
        assert link.state == LinkState.OFFLINE
        assert link.problem == "it stopped answering; check its USB cable and power"


@pytest.mark.parametrize(
    ("pushed", "queued", "delivered"),
    [
        ([], [5, 6], [5, 6]),  # its queue overflowed: events 1 to 4 are lost
        ([], [2, 3], [2, 3]),  # a single event lost
        ([1], [1], [1]),  # pushed as it happened, and still queued: delivered once
        ([], [1, 2], [1, 2]),  # never pushed, queued in order: delivered from the answer
    ],
)
def test_events_the_board_had_to_drop_are_skipped_and_none_is_delivered_twice(
    pushed: list[int], queued: list[int], delivered: list[int],
) -> None:
    board = ScriptedBoard()
    board.before_answer = [event(ident, ev="button") for ident in pushed]
    board.ping_events = [{"id": ident, "ev": "button"} for ident in queued]
    seen: list[dict[str, Any]] = []
    with quiet_link(board, poll_interval_s=0.01) as link:
        link.add_event_listener(seen.append)
        link.start()
        board.wait_for_pings(3)  # the first heartbeats were answered and handled
        assert [e["id"] for e in seen] == delivered
        assert board.pings[0] == {"seen": 0}
        assert board.pings[2] == {"seen": delivered[-1]}  # the board may forget those


def test_a_board_with_other_firmware_is_refused_and_named_until_it_changes() -> None:
    board = ScriptedBoard()
    board.hello_reply = dict(HELLO_REPLY, firmware="0.0.1")
    with quiet_link(board, reconnect_max_s=0.01) as link:
        link.start()
        assert not link.wait_online(2)  # returns at once: no wait would help
        assert link.state == LinkState.MISMATCH
        assert "companion firmware install" in link.problem
        with pytest.raises(FirmwareMismatch, match="companion firmware install"):
            link.request(protocol.PING, {"seen": 0})
        assert link.connection >= 2  # the port was let go
        online = threading.Event()
        link.add_state_listener(lambda state, problem: online.set()
                                if state == LinkState.ONLINE else None)
        board.hello_reply = HELLO_REPLY  # the firmware was installed
        assert online.wait(timeout=5)
        assert link.problem == ""


def test_a_reconnect_is_counted_once_per_new_session_and_the_first_connection_is_not() -> None:
    # On the virtual clock no answer is ever late, so each handshake is one HELLO.
    board, clock = ScriptedBoard(), ThreadClock()
    with quiet_link(board, clock=clock) as link:
        link.start()
        assert link.wait_online(5)
        clock.looked_at("serial-link", where="_pause")  # the first heartbeat is over
        assert (link.reconnects, board.hellos) == (0, 1)
        assert link.hello["firmware"] == version.FIRMWARE_VERSION
        link._drop_port("unplugged for the test")
        clock.advance(link.settings.poll_interval_s)  # the supervisor's pause ends
        # The supervisor polls only once a connection is set up and counted.
        with board.changed:
            assert board.changed.wait_for(
                lambda: board.hellos == 2 and board.pings_since_hello >= 1, timeout=5)
        assert link.reconnects == 1


def test_closing_the_link_stops_its_threads_and_closes_the_port() -> None:
    board = ScriptedBoard()
    before = set(threading.enumerate())
    link = quiet_link(board).start()
    assert link.wait_online(2)
    supervisor = link._supervisor
    readers = [t for t in set(threading.enumerate()) - before if t.name == "serial-reader"]
    assert readers
    link.close()
    link.close()  # idempotent
    assert link.state == LinkState.CLOSED and link.problem == "the link was closed"
    assert board.closed.is_set()
    assert supervisor is not None and not supervisor.is_alive()
    for reader in readers:
        reader.join(timeout=5)
        assert not reader.is_alive()
    assert not link.wait_online(0)


class BreakingBoard(InstantBoard):
    """An instant board whose writes, once `breaks` is set, fail after it has answered:
    the cable pulled just as the answer came back."""

    def __init__(self) -> None:
        super().__init__()
        self.breaks = False

    def write(self, data: bytes) -> int:
        written = super().write(data)
        if self.breaks:
            raise OSError("write failed: the device went away")
        return written


def test_an_answer_of_a_connection_that_broke_does_not_bring_the_link_back_online() -> None:
    board = BreakingBoard()
    with quiet_link(board) as link:
        link.start()
        assert link.wait_online(2)
        link.poll()
        board.breaks = True
        with pytest.raises(LinkError) as lost:
            link.poll()
        assert str(lost.value) == ("The table controller was disconnected before it answered; "
                                   "it is reconnecting (check the USB cable).")
        # The supervisor reconnects only after its hour-long pause: the link must say
        # it is offline, and why, until then.
        assert link.state == LinkState.OFFLINE
        assert "the USB connection broke" in link.problem


def test_a_request_to_a_board_never_found_fails_when_the_links_clock_says_so() -> None:
    clock = WatchedClock()
    settings = LinkSettings(port="loop://", handshake_timeout_s=2.0)
    answers: queue.Queue[BaseException | dict[str, Any]] = queue.Queue()

    def ask(link: SerialLink) -> None:
        try:
            answers.put(link.request(protocol.PING, {"seen": 0}))
        except LinkError as error:
            answers.put(error)

    def looked(times: int) -> None:
        with clock.read:
            seen = clock.reads
            assert clock.read.wait_for(lambda: clock.reads >= seen + times, timeout=5)

    with SerialLink(settings, clock=clock) as link:  # never started: never connects
        assert link.status()["state"] == "connecting"
        asking = threading.Thread(target=ask, args=(link,))
        asking.start()
        looked(5)
        clock.advance(1.5)
        looked(5)
        assert answers.empty()  # three quarters of the handshake timeout: still waiting
        clock.advance(0.5)
        answer = answers.get(timeout=5)
        asking.join()
    assert isinstance(answer, LinkError)
    assert str(answer) == ("The table controller is not connected: "
                           "connecting to the table controller.")


def test_a_poll_tells_the_board_which_events_were_taken() -> None:
    board = ScriptedBoard()
    board.ping_events = [{"id": 1, "ev": "button"}, {"id": 2, "ev": "motion"}]
    seen: list[dict[str, Any]] = []
    with quiet_link(board) as link:
        link.add_event_listener(seen.append)
        link.start()
        assert link.wait_online(2)
        link.poll()  # after the heartbeat, whose answer delivered both
        link.poll()
        assert board.pings[-1] == {"seen": 2}
    assert [e["id"] for e in seen] == [1, 2]


def test_a_late_answer_to_an_earlier_command_is_not_taken_for_the_next_ones() -> None:
    board = ScriptedBoard()
    with quiet_link(board) as link:
        link.start()
        assert link.wait_online(2)
        link.poll()
        board.before_answer = [protocol.encode_frame(200, protocol.NAK, {"error": "late"})]
        assert link.poll() == {"events": []}
        assert link.stale_replies == 1


def test_an_answer_whose_event_list_holds_junk_is_still_the_answer_with_its_good_events(
) -> None:
    board = ScriptedBoard()
    board.ping_events = [5, "x", {"id": 1, "ev": "button"}]
    seen: list[dict[str, Any]] = []

    def clumsy(event: dict[str, Any]) -> None:
        raise RuntimeError("a bug in a listener")

    with quiet_link(board) as link:
        link.add_event_listener(clumsy)
        link.add_event_listener(seen.append)
        link.start()
        assert link.wait_online(2)
        link.poll()
        assert [e["id"] for e in seen] == [1]
        assert link.reader_errors == 1  # the clumsy listener, once: the junk is no error


def test_a_board_that_stops_answering_a_command_fails_it_after_every_resend() -> None:
    board = ScriptedBoard()
    with quiet_link(board, retries=2) as link:
        link.start()
        assert link.wait_online(2)
        board.wait_for_pings(1)
        board.silent = True
        with pytest.raises(LinkTimeout, match="did not answer the ping command after 3 tries"):
            link.poll()


def test_a_board_that_stops_answering_the_heartbeat_is_let_go_saying_why() -> None:
    board = ScriptedBoard()
    let_go = threading.Event()
    problems: list[tuple[LinkState, str]] = []

    def heard(state: LinkState, problem: str) -> None:
        problems.append((state, problem))
        if "did not answer" in problem:
            let_go.set()

    with quiet_link(board, retries=2, poll_interval_s=0.01) as link:
        link.add_state_listener(heard)
        link.start()
        assert link.wait_online(2)
        board.silent = True
        assert let_go.wait(timeout=10)
    assert (LinkState.OFFLINE, "The table controller did not answer the ping command after "
            "3 tries; check its USB cable.") in problems
    assert all(one != next_one for one, next_one in itertools.pairwise(problems))  # once each


class UnpluggableBoard(ScriptedBoard):
    """A scripted board whose reads fail once `unplugged` is set, as a pulled cable's do."""

    def __init__(self) -> None:
        super().__init__()
        self.unplugged = False

    def read(self, size: int = 1) -> bytes:
        if self.unplugged:
            raise OSError("device reports readiness to read but returned no data")
        return super().read(size)


def test_an_unplugged_board_is_noticed_at_once_without_waiting_for_a_heartbeat() -> None:
    board = UnpluggableBoard()
    lost = threading.Event()
    with quiet_link(board) as link:  # the next heartbeat is an hour away
        link.add_state_listener(lambda state, problem: lost.set() if "broke" in problem
                                else None)
        link.start()
        assert link.wait_online(2)
        board.unplugged = True
        assert lost.wait(timeout=5)
        assert link.state == LinkState.OFFLINE
        assert link.problem.startswith("the USB connection broke (device reports readiness")
        assert link.problem.endswith("; check the cable")
        status = link.status()
        assert (status["state"], status["problem"], status["reconnects"]) == (
            "offline", link.problem, 0)
        assert status["dropped_frames"] == 0
        assert status["counters"]["frames"] >= 2 and status["counters"]["crc"] == 0


def test_the_links_threads_never_keep_the_program_from_exiting() -> None:
    board = ScriptedBoard()
    with quiet_link(board) as link:
        link.start()
        assert link.wait_online(2)
        threads = {thread.name: thread for thread in threading.enumerate()}
        assert threads["serial-link"].daemon and threads["serial-reader"].daemon


def test_a_refused_command_says_what_the_board_answered() -> None:
    board = ScriptedBoard()
    with quiet_link(board) as link:
        link.start()
        assert link.wait_online(2)
        board.refuse = "busy homing"
        with pytest.raises(CommandRefused) as refused:
            link.poll()
        assert str(refused.value) == "The table controller refused the ping command: busy homing."
        assert link.state == LinkState.ONLINE


def test_a_board_not_plugged_in_is_named_with_the_setting_to_check(tmp_path: Path) -> None:
    pattern = str(tmp_path / "usb-MicroPython_*")
    told = threading.Event()
    with SerialLink(LinkSettings(port=pattern)) as link:
        link.add_state_listener(lambda state, problem: told.set())
        link.start()
        assert told.wait(timeout=5)
        assert link.state == LinkState.CONNECTING
        assert link.problem == (f"no board matches {pattern}; plug in the Pico, or set "
                                "serial.port in the configuration")


def test_a_board_unplugged_then_plugged_back_is_reconnected_and_counted() -> None:
    board = UnpluggableBoard()
    gone = threading.Event()
    problems: list[str] = []
    refused_opens = threading.Condition()
    refusals = 0

    def opener(path: str, baud: int, timeout: float) -> UnpluggableBoard:
        nonlocal refusals
        if gone.is_set():
            with refused_opens:
                refusals += 1
                refused_opens.notify_all()
            raise LinkError("cannot open loop://: no such device")
        return board

    settings = LinkSettings(port="loop://", ack_timeout_s=0.01, max_resend_delay_s=0.01,
                            poll_interval_s=0.01, reconnect_first_s=0.01, reconnect_max_s=0.02,
                            handshake_timeout_s=0.5)
    with SerialLink(settings, opener=opener) as link:
        link.add_state_listener(lambda state, problem: problems.append(problem))
        link.start()
        assert link.wait_online(2)
        for unplug in (1, 2):
            del problems[:]
            gone.set()
            board.unplugged = True
            with refused_opens:  # three tries to open it again, all refused
                tries = refusals
                assert refused_opens.wait_for(lambda tries=tries: refusals >= tries + 3, timeout=5)
            assert link.state == LinkState.OFFLINE
            assert problems.count("cannot open loop://: no such device") == 1  # said once
            with pytest.raises(LinkError, match=r"^The table controller is offline: "):
                link.request(protocol.PING, {"seen": 0})
            board.unplugged = False
            gone.clear()
            assert link.wait_online(5)
            assert link.reconnects == unplug and link.supervisor_errors == 0


def test_the_link_keeps_answering_past_255_commands_without_using_the_events_number() -> None:
    board = ScriptedBoard()
    with quiet_link(board) as link:
        link.start()
        assert link.wait_online(2)
        for _ in range(300):
            assert link.poll() == {"events": []}
        assert link.stale_replies == 0


def test_a_board_answering_again_after_timeouts_brings_the_same_link_back_online() -> None:
    board = ScriptedBoard()
    offline, back = threading.Event(), threading.Event()

    def heard(state: LinkState, problem: str) -> None:
        if state == LinkState.OFFLINE and "stopped answering" in problem:
            offline.set()
        elif state == LinkState.ONLINE and offline.is_set():
            back.set()

    # A thousand resends of 10 ms: the heartbeat still resends when the board answers again.
    with quiet_link(board, retries=1000, offline_after=2, poll_interval_s=0.01) as link:
        link.add_state_listener(heard)
        link.start()
        assert link.wait_online(2)
        connection = link.connection
        board.silent = True
        assert offline.wait(timeout=10)
        board.silent = False
        assert back.wait(timeout=10)
        assert (link.state, link.problem) == (LinkState.ONLINE, "")
        assert link.connection == connection and link.reconnects == 0


def looked_at(clock: WatchedClock, times: int = 3) -> None:
    """Wait until the link has read its clock `times` more times: it saw the time as it is."""
    with clock.read:
        seen = clock.reads
        assert clock.read.wait_for(lambda: clock.reads >= seen + times, timeout=5)


def test_a_silent_board_is_sent_the_handshakes_whose_doubling_waits_fit_the_timeout_then_let_go(
) -> None:
    board, clock = silent_board(), WatchedClock()
    # Waits of 0.25, 0.5 and 1 s fill the 1.75 s exactly: a fourth would not fit.
    settings = LinkSettings(port="loop://", ack_timeout_s=0.25, max_resend_delay_s=1.0,
                            handshake_timeout_s=1.75, reconnect_first_s=0.125)
    problems: list[str] = []
    with SerialLink(settings, opener=lambda path, baud, timeout: board, clock=clock) as link:
        link.add_state_listener(lambda state, problem: problems.append(problem))
        link.start()
        for hellos, wait_s in ((1, 0.25), (2, 0.5), (3, 1.0)):
            with board.changed:
                assert board.changed.wait_for(lambda hellos=hellos: board.hellos == hellos,
                                            timeout=5)
            clock.advance(wait_s - 0.001)
            looked_at(clock)
            assert board.hellos == hellos and not board.closed.is_set()
            clock.advance(0.001)
        assert board.closed.wait(timeout=5)
        assert board.hellos == 3
        assert problems[-1] == ("no handshake from loop:// (The table controller did not answer "
                                "the hello command after 3 tries; check its USB cable.)")
        assert link.state == LinkState.CONNECTING


def test_a_board_that_cannot_be_opened_is_tried_again_after_doubling_pauses_on_the_links_clock(
) -> None:
    clock = WatchedClock()
    opened = threading.Condition()
    tries = 0

    def opener(path: str, baud: int, timeout: float) -> ScriptedBoard:
        nonlocal tries
        with opened:
            tries += 1
            opened.notify_all()
        raise LinkError("cannot open loop://: no such device")

    def wait_for_tries(count: int) -> None:
        with opened:
            assert opened.wait_for(lambda: tries == count, timeout=5)

    # Pauses in whole binary fractions of a second, so the sums on the clock are exact.
    settings = LinkSettings(port="loop://", reconnect_first_s=0.125, reconnect_max_s=0.5)
    with SerialLink(settings, opener=opener, clock=clock) as link:
        link.start()
        for count, pause_s in ((1, 0.125), (2, 0.25), (3, 0.5), (4, 0.5)):
            wait_for_tries(count)
            clock.advance(pause_s - 0.001)
            looked_at(clock)
            assert tries == count  # the pause is not over on the link's clock: no new try
            clock.advance(0.001)
        wait_for_tries(5)
        assert link.state == LinkState.CONNECTING
        assert link.problem == "cannot open loop://: no such device"


class StuckBoard(ScriptedBoard):
    """A scripted board whose read, once `stuck` is set, hangs until `fail` is set and then
    fails: a port that broke while its connection was already over."""

    def __init__(self) -> None:
        super().__init__()
        self.stuck = threading.Event()
        self.reading_stuck = threading.Event()
        self.fail = threading.Event()

    def read(self, size: int = 1) -> bytes:
        if self.stuck.is_set():
            self.reading_stuck.set()
            self.fail.wait(timeout=10)
            raise OSError("input/output error")
        return super().read(size)


def test_the_reader_of_a_connection_already_over_failing_does_not_drop_the_next_connection(
) -> None:
    old, new = StuckBoard(), ScriptedBoard()
    boards = iter([old, new])
    clock = ThreadClock()
    settings = LinkSettings(port="loop://", poll_interval_s=3600.0)
    with SerialLink(settings, opener=lambda path, baud, timeout: next(boards),
                    clock=clock) as link:
        link.start()
        assert link.wait_online(5)
        clock.looked_at("serial-link", where="_pause")  # the first heartbeat is over
        old.stuck.set()
        assert old.reading_stuck.wait(timeout=5)
        old_readers = [t for t in threading.enumerate() if t.name == "serial-reader"]
        link._drop_port("unplugged for the test")
        clock.advance(settings.poll_interval_s)  # the supervisor's pause ends: it reconnects
        with new.changed:
            assert new.changed.wait_for(lambda: new.pings_since_hello >= 1, timeout=5)
        assert link.wait_online(5)
        connection = link.connection
        old.fail.set()  # the old connection's reader now sees its port fail
        for reader in old_readers:
            reader.join(timeout=5)
            assert not reader.is_alive()
        assert (link.state, link.problem) == (LinkState.ONLINE, "")
        assert link.connection == connection and not new.closed.is_set()
        assert link.poll() == {"events": []}


class UnclosableBoard(ScriptedBoard):
    """A scripted board whose port fails to close, as a vanished device's may."""

    def close(self) -> None:
        super().close()
        raise OSError("the device is gone")


def test_a_port_that_fails_to_close_is_still_let_go_and_the_board_reconnected() -> None:
    board, clock = UnclosableBoard(), ThreadClock()
    settings = LinkSettings(port="loop://", poll_interval_s=3600.0)
    with SerialLink(settings, opener=lambda path, baud, timeout: board, clock=clock) as link:
        link.start()
        assert link.wait_online(5)
        clock.looked_at("serial-link", where="_pause")  # the first heartbeat is over
        link._drop_port("unplugged for the test")
        assert board.closed.is_set()
        assert (link.state, link.problem) == (LinkState.OFFLINE, "unplugged for the test")
        clock.advance(settings.poll_interval_s)
        with board.changed:
            assert board.changed.wait_for(lambda: board.hellos == 2, timeout=5)
        assert link.wait_online(5) and link.reconnects == 1
