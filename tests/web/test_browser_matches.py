"""Whole matches played from phones in a real browser (Debian's chromium through Playwright, phone
size, touch): four players on their own phones and a spectator, one browser, five contexts.

The table is driven as it is at home: the touchscreen app runs headless on the same table (SDL's
dummy driver, taps through its scripted driver, `ui/script.py`): the match is started on the
screen, the Tiki spin entered there (the spinner's own stop, or a pick tapped when it stopped
between two seats), and a phone's undo confirmed there. A card played at the real table, or a
Yahtzee choice, is entered through the table's command queue as the screen would enter it; what
the rules ask of one player (their dice, the count of their hand) is done on that player's
phone. Every byte the
server sends each phone goes through a line of its own (`RecordingLine`), so the test can say
what the spectator, and each player, was ever sent.

Skipped, saying why, where no chromium is installed (`scripts/setup test` installs it).
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.app.commands.demo import choose_command
from companion.config import Config
from companion.event_log.store import Store
from companion.games.uno.actions import CountHand
from companion.ports import PhoneFacts
from companion.table import (
    DrawChance,
    FairChance,
    PlayAction,
    SoftwareSpinner,
    Table,
    TableSnapshot,
)
from companion.table.undo_asks import UndoAsks
from companion.web import PinGuard, StreamSettings, WebServer, create_app
from companion.web.app import close_app
from companion.web.seat_turns import chance_seat
from tests.web.conftest import PIN, ManualClock, start
from tests.web.phone_pages import NEEDS_CHROMIUM, PHONE, WAIT_MS
from tests.web.seat_helpers import RecordingLine, hands_to_count, seat_secrets
from ui.app import App, ScreenSetup
from ui.main import SCENES
from ui.script import Driver
from ui.system import SystemSetup

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
pytestmark = NEEDS_CHROMIUM
RECORD_VIBRATION = (
    "window.vibrations = [];"
    "navigator.vibrate = (ms) => {"
    " window.vibrations.push({ ms, turn: document.body.dataset.buzzed || '' }); return true; };"
)
"""Each vibration the page asks for, with the turn (match:seq) seat.js says it is for."""
CONTROLS = "#seat-count, #seat-roll, #seat-dice-send, #seat-undo, #seat-leave, #seat-prompt"
SEAT_TURN = re.compile(rb'"turn": ?\{')
"""`turn` of `GET /api/me`: what the table asks of one seat, sent to that seat's phone only."""
SPECTATOR_ME = re.compile(rb'\{"name": ?null, ?"seat": ?null, ?"csrf": ?null\}')
TIKI_TARGET = 100
"""A short match to the end: the lowest counts in the first round keep it going, the highest
in the next end it."""
FOUR_TILES = {"tiles": ["ones", "twos", "threes", "fours"]}
"""A whole Yahtzee board game raced for four tiles: about a hundred states, sixty throws."""


@pytest.fixture
def settings(clock: ManualClock) -> StreamSettings:
    """Room for the five phones' streams; every state sent at once."""
    return StreamSettings(
        max_streams=8, heartbeat_s=5.0, retry_ms=200, recycle_s=300.0, poll_ms=100,
        min_gap_s=0.0, clock=clock,
    )  # fmt: skip


@pytest.fixture
def table(log_path: Path) -> Iterator[Table]:
    """The conftest's table with its spinner seeded too: the same match every run."""
    with (
        Store.open(log_path) as store,
        Table(store, chance=FairChance(7), spinner=SoftwareSpinner(7)) as running,
    ):
        yield running


@pytest.fixture
def undo_asks() -> UndoAsks:
    """The desk where a phone's undo waits for the table's screen."""
    return UndoAsks()


@pytest.fixture
def app(
    table: Table, log_path: Path, clock: ManualClock, settings: StreamSettings,
    undo_asks: UndoAsks,
) -> Iterator[Flask]:
    """The phone page of a table with a screen: a phone's undo is put to the screen."""
    made = create_app(table, log_path, PinGuard(PIN, clock), settings, undo_asks=undo_asks)
    yield made
    close_app(made)


@pytest.fixture
def screen(
    table: Table, server: WebServer, undo_asks: UndoAsks, clock: ManualClock
) -> Iterator[TableScreen]:
    """The table's touchscreen, headless, on the same table, told of the phone page as
    `companion run` tells it; its dice are read off the tray (it never rolls by itself).
    Its clock is the test's: nothing on it starts by itself while the phones play."""
    config = Config()
    config = replace(config, tray=replace(config.tray, dice_source="serial"))
    phone = PhoneFacts(port=server.port, pin=PIN, undo_asks=undo_asks)
    system = SystemSetup(config=config, phone=phone)
    setup = ScreenSetup(panel=(800, 480), headless=True)
    with App(table, SCENES, setup, system=system, clock=clock) as shown:
        shown.settle()
        yield TableScreen(shown)


class TableScreen:
    """The touchscreen as the test taps it: script lines (`ui/script.py`), what it shows."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.driver = Driver(app, io.StringIO())

    def run(self, *lines: str) -> None:
        """Run script lines; a failing line fails the test with the driver's reason."""
        for line in lines:
            self.driver.run(line)



@dataclass
class Phone:
    """One phone at the table: its page, its own line to the server, the seat it joined."""

    page: Any
    line: RecordingLine
    seat: int | None = None
    name: str = ""
    script_errors: list[str] = field(default_factory=list)

    @property
    def address(self) -> str:
        return f"http://127.0.0.1:{self.line.port}/"

    def vibrations(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate("() => window.vibrations"))


@pytest.fixture
def phones(browser: Any, server: WebServer) -> Iterator[Callable[[], Phone]]:
    """Opens a phone of its own (its own cookies, its own recorded line) each call."""
    opened: list[tuple[Any, Phone]] = []

    def open_phone() -> Phone:
        context = browser.new_context(
            viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=1
        )
        context.add_init_script(RECORD_VIBRATION)
        made = Phone(context.new_page(), RecordingLine(server.port))
        made.page.on("pageerror", lambda error: made.script_errors.append(str(error)))
        opened.append((context, made))
        return made

    yield open_phone
    for context, made in opened:
        context.close()
        made.line.close()


def join_as(phone: Phone, snapshot: TableSnapshot, seat: int) -> None:
    """Join through the form as a player does: Join, the PIN, the name's button."""
    join_named(phone, snapshot.players[seat].name)
    phone.seat = seat


def join_named(phone: Phone, name: str) -> None:
    """Join through the form as the player `name`: Join, the PIN, the name's button (a
    player of the match on the table, or of the lobby the table's screen offers)."""
    page = phone.page
    page.goto(phone.address)
    page.tap("#seat-join")
    page.fill("#seat-pin", PIN)
    page.tap("#seat-pin-next")
    page.tap(f'.seat-name[data-name="{name}"]')
    page.wait_for_function(
        "name => document.body.dataset.seatName === name", arg=name, timeout=WAIT_MS
    )
    phone.name = name


def seat_the_table(
    phones: Callable[[], Phone], snapshot: TableSnapshot
) -> tuple[dict[int, Phone], Phone]:
    players = {}
    for seat in range(len(snapshot.players)):
        players[seat] = phones()
        join_as(players[seat], snapshot, seat)
    spectator = phones()
    spectator.page.goto(spectator.address)
    spectator.page.wait_for_selector("#seat-join", timeout=WAIT_MS)
    return players, spectator


SHOWN = """([seq, seated, turn, controls, waitMs]) => new Promise((resolve, reject) => {
  const body = document.body;
  const ready = () => body.dataset.seq === seq && (!seated || body.dataset.seatSeq === seq);
  const shown = () => {
    const prompt = document.getElementById("seat-prompt");
    const row = document.querySelector("#scoreboard tr.my-seat");
    return {
      prompt: prompt && prompt.textContent,
      myTurn: body.classList.contains("my-turn"),
      myRow: row ? row.rowIndex : null,
      controls: document.querySelectorAll(controls).length,
      seatName: body.dataset.seatName || "",
      // the seats ringed as to play: in the hands' list and in the scores
      ringed: [...document.querySelectorAll("li.hand.current, #scoreboard tr.to-move")].length,
      message: (document.getElementById("seat-message") || {}).textContent || "",
      vibrated: window.vibrations.filter((v) => v.turn === turn).length,
      // the header's sentence, without the winners' seat marks before it
      over: [...document.getElementById("turn").childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent).join("").trim(),
    };
  };
  if (ready()) return resolve(shown());
  const guard = setTimeout(() => {
    watch.disconnect();
    reject(new Error(`not showing #${seq}: ${body.dataset.seq}, seat ${body.dataset.seatSeq}`));
  }, waitMs);
  const watch = new MutationObserver(() => {
    if (!ready()) return;
    watch.disconnect();
    clearTimeout(guard);
    resolve(shown());
  });
  watch.observe(body, { attributes: true, attributeFilter: ["data-seq", "data-seat-seq"] });
})"""
"""Waits (watching the page, no polling) until the phone shows the state `seq`: its stream's
state, and for a seat also the table's answer about that seat (`GET /api/me`) for it; then says
what the phone shows. One round trip to the browser per phone and state."""


def shown(phone: Phone, match: int, seq: int) -> dict[str, Any]:
    """What `phone` shows once it shows the state `seq` of the match `match`."""
    arg = [str(seq), phone.seat is not None, f"{match}:{seq}", CONTROLS, WAIT_MS]
    try:
        answer: dict[str, Any] = phone.page.evaluate(SHOWN, arg)
    except playwright_api.Error as error:  # say what the page had, to find why it fell behind
        dataset = phone.page.evaluate("JSON.stringify(document.body.dataset)")
        raise AssertionError(f"{phone.name}'s phone: {error}; its body {dataset}; "
                             f"its script errors {phone.script_errors}") from error
    return answer


def asked_of(snapshot: TableSnapshot, seat: int) -> str | None:
    """What the phone of `seat` must say to its player at `snapshot`, or None (nothing)."""
    name = snapshot.players[seat].name
    if seat in hands_to_count(snapshot):
        return f"{name}, count your hand."
    if snapshot.is_over:
        return None
    if snapshot.chance is not None:
        return f"{name}, your turn: roll." if chance_seat(snapshot) == seat else None
    return f"{name}, your turn." if snapshot.to_move == seat else None


def check_every_phone(
    players: dict[int, Phone], spectator: Phone, snapshot: TableSnapshot
) -> dict[int | None, dict[str, Any]]:
    """Each player's prompt and highlight on that player's phone only, its own row of the
    scores marked; nothing of a seat's on the spectator's. What each phone shows, by seat
    (None: the spectator's)."""
    at = (snapshot.match_id, snapshot.seq)
    answers: dict[int | None, dict[str, Any]] = {
        seat: shown(phone, *at) for seat, phone in players.items()
    }
    for seat, answer in answers.items():
        asked = asked_of(snapshot, seat)
        where = (snapshot.seq, players[seat].name, snapshot.last_event)
        assert answer["prompt"] == asked, where
        assert answer["myTurn"] == (asked is not None), where
        assert answer["myRow"] == seat + 1, where
        assert answer["seatName"] == players[seat].name
    answers[None] = watching = shown(spectator, *at)
    assert watching["controls"] == 0 and watching["seatName"] == "" and not watching["myTurn"]
    assert watching["myRow"] is None and watching["vibrated"] == 0
    assert len({answer["over"] for answer in answers.values()}) == 1  # the same words on all
    return answers


def names(snapshot: TableSnapshot, seats: list[int]) -> str:
    """The players of `seats` as the page lists them: "Ana, Cleo and Dev"."""
    listed = [snapshot.players[seat].name for seat in seats]
    return listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]


def winners(snapshot: TableSnapshot) -> str:
    return names(snapshot, list(snapshot.winners))


def check_what_each_phone_was_sent(players: dict[int, Phone], spectator: Phone) -> None:
    """No CSRF token, seat cookie or seat-only field ever reached the spectator, and no
    player's token or cookie reached another player."""
    secrets = {seat: seat_secrets(phone.line.received) for seat, phone in players.items()}
    for seat, (tokens, cookies) in secrets.items():
        assert len(tokens) == 1 and len(cookies) == 1, players[seat].name  # its own, once
    sent = spectator.line.received
    assert sent.count(b"event: state") > 10  # the spectator followed the match
    assert seat_secrets(sent) == (set(), set())
    assert SPECTATOR_ME.search(sent)  # it asked who it is, and was told: nobody
    assert not SEAT_TURN.search(sent) and b"Set-Cookie" not in sent
    for seat, phone in players.items():
        received = phone.line.received
        assert SEAT_TURN.search(received)  # what the table asks of its seat: seat-only
        for other, (tokens, cookies) in secrets.items():
            if other != seat:
                for secret in tokens | cookies:
                    assert secret.encode() not in received, (phone.name, players[other].name)
        for secret in secrets[seat][0] | secrets[seat][1]:
            assert secret.encode() not in sent


def count_hands(players: dict[int, Phone], snapshot: TableSnapshot, lowest: bool) -> None:
    """Every hand left counted on its own player's phone, all of them sent at once."""
    counting = hands_to_count(snapshot)
    for seat in counting:
        points = [
            action.points or 0
            for action in snapshot.legal_actions
            if isinstance(action, CountHand) and action.counted == seat
        ]
        players[seat].page.fill("#seat-count", str(min(points) if lowest else max(points)))
    for seat in counting:  # every count sent before any answer is awaited
        players[seat].page.evaluate("() => document.getElementById('seat-count-send').click()")
    for seat in counting:
        players[seat].page.wait_for_selector("#seat-count", state="detached", timeout=WAIT_MS)
        assert players[seat].page.text_content("#seat-message") == ""


def draw_is_showing(snapshot: TableSnapshot) -> bool:
    """True when the Tiki Face showing in the idol is a Draw 1, 2 or 4."""
    idol = (snapshot.public_state() or {}).get("idol") or [""]
    return str(idol[-1]).startswith("Tiki Draw")


def spin_and_check_the_pick(
    table: Table,
    screen: TableScreen,
    players: dict[int, Phone],
    spectator: Phone,
    between: bool,
) -> None:
    """The spin is asked for on the table's screen and the spinner spins; the phone of the
    seat it picks vibrates, and no phone but that one and the next to move's does. `between`:
    the spinner stops between Ben and Cleo, and the player who spun taps Cleo on the screen."""
    if between:
        screen.run("wait", "spin 1 2")  # the spinner's own report: it stopped between two seats
        stopped = table.snapshot
        assert stopped is not None
        answers = check_every_phone(players, spectator, stopped)
        for seat in (1, 2):  # nobody picked yet: a phone vibrates only for its turn
            assert answers[seat]["vibrated"] == int(seat == stopped.to_move)
        screen.run("expect between two seats", "tap pick:2")
    else:
        screen.run("wait", "tap spin")  # the table's spinner (seeded) turns and stops at a seat
    after = table.snapshot
    assert after is not None
    picked = 2 if between else after.last_notes[0].seats[0]
    answers = check_every_phone(players, spectator, after)
    assert answers[picked]["vibrated"] == 1, after.last_event
    for seat, answer in answers.items():
        if seat not in (picked, after.to_move, None):
            assert answer["vibrated"] == 0, (players[seat].name, after.last_event)


def send_answered(phone: Phone) -> None:
    """Wait for the phone's answer to what it sent: its message cleared (a refusal says why)."""
    try:
        phone.page.wait_for_function(
            "() => document.getElementById('seat-message').textContent === ''", timeout=WAIT_MS)
    except playwright_api.Error as error:
        said = phone.page.text_content("#seat-message")
        raise AssertionError(f"{phone.name}'s phone says {said!r} after its throw") from error


def undo_confirmed_on_the_screen(screen: TableScreen, phone: Phone, before: TableSnapshot) -> None:
    """The player to move asks on their phone to take the last move back; the table's screen
    shows who asks and the Undo is tapped there; the phone says the table took it back."""
    shown(phone, before.match_id, before.seq)
    phone.page.tap("#seat-undo")
    screen.run(f"wait for {phone.name} asks to take back", "tap undo_ask:undo")
    assert screen.app.table.snapshot is not None
    assert screen.app.table.snapshot.took_back is not None
    phone.page.wait_for_function(
        "text => document.getElementById('seat-message').textContent === text",
        arg="The table took the move back.", timeout=WAIT_MS)
    # the table's answer, not a refusal: in the seat panel's ink, not the error's red
    inks = phone.page.evaluate("""() => {
      const said = document.getElementById("seat-message");
      return [getComputedStyle(said).color, getComputedStyle(said.parentElement).color];
    }""")
    assert inks[0] == inks[1], inks


def test_a_whole_tiki_twist_match_from_four_phones_a_spectator_and_the_screen(
    phones: Callable[[], Phone], server: WebServer, table: Table, screen: TableScreen
) -> None:
    screen.run(f"new tiki --players 4 --names Ana,Ben,Cleo,Dev --option mode=referee"
               f" --option target={TIKI_TARGET}")
    snapshot = table.snapshot
    assert snapshot is not None and snapshot.game == "tiki"
    players, spectator = seat_the_table(phones, snapshot)
    rng = random.Random(2)
    rounds = spins = 0
    stopped_between = undone = False
    for _ in range(3000):
        snapshot = table.snapshot
        assert snapshot is not None
        answers = check_every_phone(players, spectator, snapshot)
        if snapshot.is_over:
            break
        if hands_to_count(snapshot):
            # The header says the hands are being counted, not that the one who went out
            # is to move.
            still = names(snapshot, hands_to_count(snapshot))
            assert answers[None]["over"] == f"Counting hands: {still} still to count"
            # and nobody is ringed as to play, on any phone
            assert {answer["ringed"] for answer in answers.values()} == {0}
            count_hands(players, snapshot, lowest=rounds == 0)
            rounds += 1
        elif snapshot.chance is not None and snapshot.chance.kind == "spin":
            # Once, with a Draw showing (the picked player draws, another is next to move),
            # the spinner stops between two seats.
            between = not stopped_between and draw_is_showing(snapshot)
            spin_and_check_the_pick(table, screen, players, spectator, between)
            spins, stopped_between = spins + 1, stopped_between or between
        elif not undone and rounds > 0 and snapshot.to_move is not None:
            # Once, the player to move asks for the last move back; the screen confirms.
            undo_confirmed_on_the_screen(screen, players[snapshot.to_move], snapshot)
            undone = True
        else:  # a card played at the real table, entered as the screen enters it
            command = choose_command(snapshot, table.games[snapshot.game], rng)
            assert table.post(command).result().applied
    assert snapshot.is_over and rounds >= 2 and spins >= 2, (rounds, spins)
    assert stopped_between and undone, (stopped_between, undone)
    screen.run("wait", f"expect {winners(snapshot)} won the match.")  # the screen says it too
    assert max(snapshot.scores) >= TIKI_TARGET
    assert answers[None]["over"] == f"The match is over: {winners(snapshot)} won."
    check_what_each_phone_was_sent(players, spectator)
    for phone in (*players.values(), spectator):
        assert phone.script_errors == []


def test_a_whole_yahtzee_board_game_with_each_throw_from_its_players_phone_and_the_screen(
    phones: Callable[[], Phone], server: WebServer, table: Table, screen: TableScreen
) -> None:
    tiles = json.dumps(FOUR_TILES["tiles"], separators=(",", ":"))
    screen.run(f"new yahtzee --players 4 --names Ana,Ben,Cleo,Dev --option 'tiles={tiles}'")
    snapshot = table.snapshot
    assert snapshot is not None and snapshot.game == "yahtzee"
    players, spectator = seat_the_table(phones, snapshot)
    rng = random.Random(3)
    entered = rolled = 0
    undone = False
    for _ in range(3000):
        snapshot = table.snapshot
        assert snapshot is not None
        answers = check_every_phone(players, spectator, snapshot)
        if snapshot.is_over:
            break
        if snapshot.chance is None and not undone and entered + rolled > 4:
            # Once, the player to move takes their throw back; the screen confirms.
            undo_confirmed_on_the_screen(screen, players[snapshot.to_move], snapshot)
            undone = True
            continue
        if snapshot.chance is None:  # a choice made at the table (keep, claim, go for a tile)
            action = rng.choice(snapshot.legal_actions)
            assert table.post(PlayAction(action, seat=snapshot.to_move)).result().applied
            continue
        seat = chance_seat(snapshot)
        assert seat is not None and snapshot.chance.dice is not None
        page = players[seat].page
        if (entered + rolled) % 2 == 0:  # the throw read off the table, entered by hand
            faces = [str(rng.randint(1, 6)) for _ in range(snapshot.chance.dice)]
            for die, face in enumerate(faces):
                page.select_option(f'select[data-die="{die}"]', face)
            page.tap("#seat-dice-send")
            entered += 1
        else:  # the companion's own roll
            faces = []
            page.tap("#seat-roll")
            rolled += 1
        # The throw's answer shown on the phone: the table has played it, and the phone's
        # own answer to the send (which may come after the stream's news of it) says no
        # refusal.
        shown(players[seat], snapshot.match_id, snapshot.seq + 1)
        send_answered(players[seat])
        if faces:
            assert table.snapshot is not None
            assert table.snapshot.last_event.startswith("Phone rolls " + " ".join(faces))
    assert snapshot.is_over and entered > 10 and rolled > 10 and undone
    screen.run("wait", f"expect Game over: {winners(snapshot)} wins.")  # the screen says it too
    assert answers[None]["over"] == f"The match is over: {winners(snapshot)} won."
    for phone in players.values():
        assert phone.vibrations(), f"{phone.name}'s phone never said it was their turn"
    assert spectator.vibrations() == []
    check_what_each_phone_was_sent(players, spectator)
    for phone in (*players.values(), spectator):
        assert phone.script_errors == []


def test_the_pin_being_typed_stays_when_the_table_moves_meanwhile(
    phones: Callable[[], Phone], server: WebServer, table: Table
) -> None:
    """A match goes on while a player joins: the states that come meanwhile leave the PIN
    they are typing where it is (a whole match's phones found the form emptied under them)."""
    snapshot = start(table, "yahtzee", 2)
    phone = phones()
    phone.page.goto(phone.address)
    shown(phone, snapshot.match_id, snapshot.seq)
    phone.page.tap("#seat-join")
    phone.page.fill("#seat-pin", PIN)
    assert table.post(DrawChance()).result().applied
    assert table.snapshot is not None
    shown(phone, table.snapshot.match_id, table.snapshot.seq)
    assert phone.page.input_value("#seat-pin") == PIN
    phone.page.tap("#seat-pin-next")
    phone.page.tap('.seat-name[data-name="Ana"]')
    phone.page.wait_for_function("() => document.body.dataset.seatName === 'Ana'", timeout=WAIT_MS)
    assert phone.script_errors == []


ASK_AGAIN = """(waitMs) => new Promise((resolve, reject) => {
  const guard = setTimeout(() => reject(new Error("the seat was not asked again")), waitMs);
  const watch = new MutationObserver(() => { watch.disconnect(); clearTimeout(guard); resolve(); });
  watch.observe(document.body, { attributes: true, attributeFilter: ["data-seat-seq"] });
  document.dispatchEvent(new Event("visibilitychange"));
})"""
"""The phone's screen wakes (`visibilitychange`): the page asks the table again for its seat;
answered once the seat's answer has been drawn for."""


def test_dice_half_chosen_stay_chosen_when_the_phone_asks_for_its_seat_again(
    phones: Callable[[], Phone], server: WebServer, table: Table
) -> None:
    snapshot = start(table, "yahtzee", 2)
    while snapshot.chance is None or snapshot.chance.dice != 5:
        command: Any = (
            DrawChance()
            if snapshot.chance is not None
            else PlayAction(snapshot.legal_actions[0], seat=snapshot.to_move)
        )
        assert table.post(command).result().applied
        assert table.snapshot is not None
        snapshot = table.snapshot
    seat = chance_seat(snapshot)
    assert seat is not None
    phone = phones()
    join_as(phone, snapshot, seat)
    shown(phone, snapshot.match_id, snapshot.seq)
    phone.page.select_option('select[data-die="0"]', "6")
    phone.page.select_option('select[data-die="1"]', "5")
    phone.page.evaluate(ASK_AGAIN, WAIT_MS)
    chosen = phone.page.eval_on_selector_all("select.seat-die", "dice => dice.map((d) => d.value)")
    assert chosen == ["6", "5", "1", "1", "1"]
    assert phone.script_errors == []
