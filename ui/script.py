"""The scripted driver: the real app, headless, played line by line from a file.

`companion ui --headless --script FILE` runs each line of FILE against the
app as a person (and the dice tray, and the spinner) would, and stops at the
first line that fails, saying `line N: <why>`. docs/ui.md is the reference;
the lines are `new`, `tap`, `roll`, `spin`, `network`, `phones`, `phone`, `expect`, `shot`,
`widgets` and `wait` (`wait SECONDS` lets the app's time pass, `wait for TEXT`
waits for others, such as phones). Taps
go through the same input adapter as real touches: a finger down and up, with
the mouse events SDL synthesises for them.
"""

from __future__ import annotations

import ipaddress
import json
import shlex
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import pygame

from companion.games.actions import action_to_json
from companion.games.base import INVALID_ROLL, JSONValue
from companion.ports import PhoneFacts
from companion.table import DrawChance, PlayAction, SupplyChance, TableSnapshot
from companion.table.hands import AT_THE_TABLE, ON_PHONES, Hands
from companion.table.undo_asks import UndoAsks
from ui.app import App
from ui.scene import AddressWatcher, MatchSetter
from ui.widgets import Widget

CALL_UNO = "uno"
"""The last word of `phone SEAT ACTION ... uno`, and the action's JSON key: UNO is called."""
MAX_LINE = 10_000
"""The longest script line read (a hostile file must not keep the driver busy for minutes)."""
SETTLE_SECONDS = 30.0
"""How long a line waits for the table before it counts as failed."""
MAX_WAIT_SECONDS = 3600
"""The longest `wait SECONDS for TEXT` may wait."""
WAIT_STEP_SECONDS = 0.5
"""The longest `wait for` sleeps between two looks when nothing wakes the app."""


class ScriptError(Exception):
    """A line of the script could not be done; the message says why."""


@dataclass(frozen=True)
class ScriptResult:
    """How a script ended: the failing line (0 when all succeeded) and why."""

    failed_line: int = 0
    reason: str = ""

    @property
    def ok(self) -> bool:
        """True when every line succeeded."""
        return self.failed_line == 0


def run_script(app: App, lines: Iterable[str], out: TextIO = sys.stdout) -> ScriptResult:
    """Run script lines against `app`; stops at the first that fails."""
    driver = Driver(app, out)
    app.settle(SETTLE_SECONDS)
    for number, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE:
            return ScriptResult(number, f"the line is {len(raw):,} characters long; a script"
                                f" line is at most {MAX_LINE:,}")
        try:
            driver.run(raw)
        except ScriptError as error:
            return ScriptResult(number, str(error))
    return ScriptResult()


class Driver:
    """Runs one line at a time against the app."""

    def __init__(self, app: App, out: TextIO) -> None:
        self.app = app
        self.out = out

    def run(self, line: str) -> None:
        """Run one line.

        Raises:
            ScriptError: the line is not understood or what it asks cannot be done.
        """
        try:
            words = shlex.split(line, comments=True)
        except ValueError as error:
            raise ScriptError(f"cannot read the line ({error})") from None
        if not words:
            return
        command, arguments = words[0], words[1:]
        handler = {
            "new": self.new,
            "tap": self.tap,
            "roll": self.roll,
            "spin": self.spin,
            "network": self.network,
            "phones": self.phones,
            "phone": self.phone,
            "expect": self.expect,
            "shot": self.shot,
            "widgets": self.widgets,
            "wait": self.wait,
        }.get(command)
        if handler is None:
            raise ScriptError(
                f"unknown command {command[:40]!r}; use new, tap, roll, spin, network, phones,"
                " phone, expect, shot, widgets or wait"
            )
        handler(arguments)

    # -- the commands -------------------------------------------------------------------------

    def new(self, arguments: list[str]) -> None:
        """`new GAME [--players N] [--names A,B,...] [--option KEY=VALUE ...]`."""
        if not arguments:
            raise ScriptError("new needs a game, e.g. `new backgammon`")
        game, options, count, names = arguments[0], {}, None, None
        hands: Hands = AT_THE_TABLE
        rest = iter(arguments[1:])
        for word in rest:
            value = next(rest, None)
            if value is None:
                raise ScriptError(f"{word[:40]} needs a value")
            if word == "--players":
                count = _whole(value, "--players")
            elif word == "--hands":
                if value not in (AT_THE_TABLE, ON_PHONES):
                    raise ScriptError(f"--hands is table or phones, not {value[:40]!r}")
                hands = ON_PHONES if value == ON_PHONES else AT_THE_TABLE
            elif word == "--names":
                names = [name.strip() for name in value.split(",")]
            elif word == "--option":
                key, sep, text = value.partition("=")
                if not sep or not key:
                    raise ScriptError(f"--option is KEY=VALUE, not {value[:60]!r}")
                options[key] = _json_or_text(text)
            else:
                raise ScriptError("new takes --players, --names, --option and --hands, not"
                                  f" {word[:40]}")
        home = self.app.scenes[self.app.home]
        if not isinstance(home, MatchSetter):
            raise ScriptError("the home screen of this app does not set up matches")
        on_screen = [name for name in self.app.games if self.app.scene_for(name) is not None]
        if game not in on_screen:
            raise ScriptError(f"there is no game {game[:40]!r} on the touchscreen; the games are "
                              + ", ".join(on_screen))
        self.app.go(self.app.home)
        try:
            home.set_up(game, count, names, options, hands)
        except ValueError as error:
            raise ScriptError(str(error)) from None
        home.start(confirmed=True)
        self._settle()
        if self.app.message is not None and self.app.message.refusal:
            raise ScriptError(f"the match did not start: {self.app.message.text}")

    def tap(self, arguments: list[str]) -> None:
        """`tap NAME` or `tap X Y` (logical pixels)."""
        if len(arguments) == 1:
            widget = self._visible(arguments[0])
            pos = widget.rect.center
        elif len(arguments) == 2:
            pos = (_whole(arguments[0], "X"), _whole(arguments[1], "Y"))
            width, height = self.app.size
            if not (0 <= pos[0] < width and 0 <= pos[1] < height):
                raise ScriptError(f"({pos[0]}, {pos[1]}) is off the {width}x{height} screen")
        else:
            raise ScriptError("tap takes a widget name, or X Y")
        for event in touch_events(self.app, pos):
            self.app.handle_event(event)
        self._settle()

    def roll(self, arguments: list[str]) -> None:
        """`roll D1 D2 ...`: dice settle in the tray with these values (`roll cocked`: cocked)."""
        snapshot = self.app.snapshot
        if snapshot is None:
            raise ScriptError("no match is on the table to roll for")
        if arguments == ["cocked"]:
            outcome: object = INVALID_ROLL
        elif not arguments:
            self._chance(DrawChance(), "the companion's roll")
            return
        else:
            values = [_whole(word, "a die") for word in arguments]
            if any(not 1 <= value <= 6 for value in values):
                raise ScriptError(f"a die shows 1 to 6, not {' '.join(arguments)[:60]}")
            outcome = values
        self._chance(SupplyChance(outcome, source="dice tray", for_seq=snapshot.seq), "the dice")

    def spin(self, arguments: list[str]) -> None:
        """`spin SEAT` or `spin SEAT SEAT`: the spinner stops at a seat, or between two."""
        snapshot = self.app.snapshot
        if snapshot is None:
            raise ScriptError("no match is on the table to spin for")
        if len(arguments) not in (1, 2):
            raise ScriptError("spin takes one seat, or the two seats it stopped between")
        seats = [_whole(word, "a seat") for word in arguments]
        spinner = self.app.spinner
        if spinner is not None and hasattr(spinner, "stop_next_at"):
            # The table's spinner turns and stops there: the motor (or the sim) and the
            # screen's dial show the whole spin, as at a real table (`wait` lets it end).
            if snapshot.chance is None or snapshot.chance.kind != "spin":
                raise ScriptError("no spin is asked for now")
            spinner.stop_next_at(tuple(seats))
            self._chance(DrawChance(), "the spin")
            return
        outcome: object = seats[0] if len(seats) == 1 else seats
        self._chance(SupplyChance(outcome, source="spinner", for_seq=snapshot.seq), "the spin")

    def network(self, arguments: list[str]) -> None:
        """`network ADDRESS` or `network none`: the table's network gives this IP address from
        now on (or none); the join screen, if it shows, looks again at once."""
        if len(arguments) != 1:
            raise ScriptError("network takes one IP address, e.g. `network 192.168.1.20`,"
                              " or `none`")
        word = arguments[0]
        if word == "none":
            address = None
        else:
            try:
                address = str(ipaddress.IPv4Address(word))
            except ValueError:
                raise ScriptError(f"{word[:40]!r} is not an IP address such as 192.168.1.20"
                                  ) from None
        self.app.system.address = lambda: address
        if isinstance(self.app.scene, AddressWatcher):
            self.app.scene.look_again(self.app.now())
        self.app.draw()

    def phones(self, arguments: list[str]) -> None:
        """`phones PORT PIN [NAME ...]`: the screen is told that the phone page is served on
        PORT with PIN, as `companion run` tells it (for pictures of the join screen: nothing
        listens), and that the players NAME have a phone joined; the screen draws again."""
        if len(arguments) < 2 or not all(word.isascii() and word.isdigit()
                                         for word in arguments[:2]):
            raise ScriptError("phones takes a port and a PIN, then the players with a phone"
                              " joined, e.g. `phones 8080 482193 Ana Ben`")
        port, pin = int(arguments[0]), arguments[1]
        if not 1 <= port <= 65535 or not 4 <= len(pin) <= 8:
            raise ScriptError("phones takes a port from 1 to 65535 and a PIN of 4 to 8 digits")
        joined = frozenset(arguments[2:])
        asks = self.app.undo_card.asks or UndoAsks()
        self.app.undo_card.use(asks)
        self.app.system.phone = PhoneFacts(port=port, pin=pin, undo_asks=asks,
                                           joined=lambda: joined)
        self.app.scene.rebuild()
        self.app.draw()

    def phone(self, arguments: list[str]) -> None:
        """`phone SEAT ACTION [CARD] [COLOUR] [uno]`: the seat's phone makes one of its legal
        actions, as the phone page posts it (`play "Red 7"`, `play Wild blue uno`, `draw`,
        `keep`, `challenge`, `accept`); the line fails when the seat has no such action.
        `phone SEAT undo`: the seat's phone asks the screen to take back the last move."""
        snapshot = self.app.snapshot
        if snapshot is None or len(arguments) < 2:
            raise ScriptError("phone takes a seat and an action, e.g. `phone 0 play \"Red 7\"`,"
                              " with a match on the table")
        seat = _whole(arguments[0], "a seat")
        if arguments[1:] == ["undo"]:
            self._ask_undo(seat, snapshot)
            return
        wanted, uno = arguments[1:], False
        if wanted[-1] == CALL_UNO:
            wanted, uno = wanted[:-1], True
        for action in snapshot.legal_actions:
            if getattr(action, "seat", None) != seat:
                continue
            coded = action_to_json(action)
            said = [coded.get("action"), coded.get("card"), coded.get("colour")]
            if (all(str(word).casefold() == str(part).casefold()
                    for word, part in zip(wanted, said, strict=False))
                    and bool(coded.get(CALL_UNO, False)) is uno):
                self._phone_post(PlayAction(action, seat=seat, for_seq=snapshot.seq,
                                            for_match=snapshot.match_id))
                return
        raise ScriptError(f"seat {seat} has no legal action {' '.join(arguments[1:])[:80]!r}"
                          " now")

    def _ask_undo(self, seat: int, snapshot: TableSnapshot) -> None:
        """The seat's phone asks the screen to take back the last move (after `phones`)."""
        asks = self.app.undo_card.asks
        if asks is None or not 0 <= seat < len(snapshot.players):
            raise ScriptError("a phone asks to undo after a `phones` line, for a seat at the"
                              " table")
        asks.ask(snapshot.players[seat].name, snapshot.match_id, snapshot.seq)
        self._settle()
        self.app.draw()

    def _phone_post(self, command: PlayAction) -> None:
        ticket = self.app.post(command)
        self._settle()
        outcome = ticket.result()
        if not outcome.applied:
            raise ScriptError(f"the table refused the phone's action: {outcome.text}")

    def expect(self, arguments: list[str]) -> None:
        """`expect TEXT`: some visible text contains TEXT (case-insensitive)."""
        wanted = " ".join(arguments)
        if not wanted:
            raise ScriptError("expect needs the text to look for")
        shown = self._shown_unless(wanted)
        if shown is not None:
            raise ScriptError(f"no visible text contains {wanted[:200]!r}; shown: {shown}")

    def shot(self, arguments: list[str]) -> None:
        """`shot PATH`: save the screen as a person sees it, as a PNG."""
        if len(arguments) != 1:
            raise ScriptError("shot takes one path, e.g. `shot board.png`")
        if "\x00" in arguments[0]:
            raise ScriptError("a file name cannot hold a NUL character")
        path = Path(arguments[0])
        self.app.draw()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.app.screenshot(), str(path))
        except (OSError, pygame.error) as error:
            raise ScriptError(f"cannot save {path}: {error}") from None

    def widgets(self, arguments: list[str]) -> None:
        """`widgets`: the visible widgets, one JSON object a line, on standard output."""
        if arguments:
            raise ScriptError("widgets takes nothing after it")
        for widget in self.app.scene.visible_widgets():
            print(json.dumps(widget.described(), ensure_ascii=False), file=self.out)
        self.out.flush()

    def wait(self, arguments: list[str]) -> None:
        """`wait`: until the table applied every posted command, a spin on screen has
        stopped, and the screen is drawn. `wait SECONDS`: SECONDS of the app's clock pass
        (a spin moves on; a seeded run's virtual clock moves only so, and by `wait`).
        `wait [SECONDS] for TEXT`: until some visible text contains TEXT
        (case-insensitive) while others play, e.g. phones through the phone page, for at
        most SECONDS of real time (default 30)."""
        if not arguments:
            self._settle()
            self.app.finish_animation(SETTLE_SECONDS)
            return
        if len(arguments) == 1 and arguments[0] != "for":
            self._settle()
            self.app.let_time_pass(_seconds(arguments[0]))
            return
        seconds = SETTLE_SECONDS
        if arguments[0] != "for":
            seconds = float(_whole(arguments[0], "the seconds to wait"))
            if not 1 <= seconds <= MAX_WAIT_SECONDS:
                raise ScriptError(f"wait for 1 to {MAX_WAIT_SECONDS:,} seconds,"
                                  f" not {arguments[0]}")
            arguments = arguments[1:]
        if len(arguments) < 2 or arguments[0] != "for":
            raise ScriptError('wait takes nothing, SECONDS, or `for TEXT`, e.g. `wait 1.5`'
                              ' or `wait 60 for "wins"`')
        self._wait_for(" ".join(arguments[1:]), seconds)

    # -- helpers ------------------------------------------------------------------------------

    def _chance(self, command: DrawChance | SupplyChance, what: str) -> None:
        """Chance from a device: the line fails when the table refuses it (the tray or the
        spinner would have been wrong, not a person)."""
        ticket = self.app.post(command)
        self._settle()
        outcome = ticket.result()
        if not outcome.applied:
            raise ScriptError(f"the table refused {what}: {outcome.text}")

    def _wait_for(self, wanted: str, seconds: float) -> None:
        """Step the app (asleep until the table or an event wakes it) until TEXT shows."""
        deadline = time.monotonic() + seconds
        while True:
            self._settle()
            shown = self._shown_unless(wanted)
            if shown is None:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ScriptError(f"no visible text contained {wanted[:200]!r} within"
                                  f" {seconds:.0f} s; shown: {shown}")
            self.app.step(min(remaining, WAIT_STEP_SECONDS))

    def _shown_unless(self, wanted: str) -> str | None:
        """None when some visible text contains `wanted` (case-insensitive); else what is
        shown, for the line's failure."""
        texts = [w.text for w in self.app.scene.visible_widgets() if w.text]
        if any(wanted.casefold() in text.casefold() for text in texts):
            return None
        return "; ".join(texts)[:600]

    def _settle(self) -> None:
        if not self.app.settle(SETTLE_SECONDS):
            raise ScriptError(f"the table did not answer within {SETTLE_SECONDS:.0f} s")

    def _visible(self, name: str) -> Widget:
        """The widget `tap NAME` taps: on screen, and the one a finger at its centre reaches.

        Raises:
            ScriptError: no widget of that name is seen, or another covers its centre.
        """
        scene = self.app.scene
        seen = scene.visible_widgets()
        for widget in reversed(seen):
            if widget.name == name:
                taker = scene.answering(widget.rect.center)
                if taker is not None and _drawn_after(scene.widgets, taker, widget):
                    raise ScriptError(f"{name[:80]!r} is covered by {taker.name!r}"
                                      f" ({taker.text[:60] or 'drawn over it'}): a tap on its"
                                      f" centre reaches {taker.name!r}")
                return widget
        drawn = [w for w in scene.widgets if w.visible]
        for index, widget in enumerate(drawn):
            cover = scene.covering(widget, drawn[index + 1:])
            if widget.name == name and cover is not None:
                raise ScriptError(f"{name[:80]!r} is hidden under {cover.name!r}; visible: "
                                  + ", ".join(w.name for w in seen))
        names = ", ".join(w.name for w in seen)
        raise ScriptError(f"no visible widget is called {name[:80]!r}; visible: {names}")


def touch_events(app: App, pos: tuple[int, int]) -> list[pygame.event.Event]:
    """The events a finger tapping the logical point `pos` makes, in SDL's order.

    SDL sends its synthesised mouse events (`touch=True`) before each finger event.
    """
    panel_w, panel_h = app.rotation.panel
    px, py = app.rotation.to_panel(pos)
    fx, fy = (px + 0.5) / panel_w, (py + 0.5) / panel_h
    finger: dict[str, Any] = {
        "touch_id": 1, "finger_id": 0, "x": fx, "y": fy, "dx": 0.0, "dy": 0.0, "pressure": 1.0,
    }
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(px, py), button=1, touch=True),
        pygame.event.Event(pygame.FINGERDOWN, **finger),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(px, py), button=1, touch=True),
        pygame.event.Event(pygame.FINGERUP, **finger),
    ]


def _drawn_after(widgets: list[Widget], above: Widget, below: Widget) -> bool:
    """True when `above` is drawn after `below` (over it, where they overlap)."""
    order = {id(widget): index for index, widget in enumerate(widgets)}
    return order.get(id(above), -1) > order.get(id(below), -1)


def _whole(text: str, what: str) -> int:
    if len(text) > 9 or not text.lstrip("-").isdigit():
        raise ScriptError(f"{what} is a whole number, not {text[:40]!r}")
    return int(text)


def _seconds(text: str) -> float:
    """The seconds of `wait SECONDS`: more than 0, at most `MAX_WAIT_SECONDS`."""
    try:
        seconds = float(text[:20])
    except ValueError:
        seconds = -1.0
    if len(text) > 20 or not 0 < seconds <= MAX_WAIT_SECONDS:  # NaN fails this too
        raise ScriptError(f"wait takes seconds above 0 and at most {MAX_WAIT_SECONDS:,},"
                          f" such as 1.5, not {text[:40]!r}")
    return seconds


def _json_or_text(text: str) -> JSONValue:
    try:
        value: JSONValue = json.loads(text)
    except ValueError:
        return text
    return value


__all__ = ["Driver", "ScriptError", "ScriptResult", "run_script", "touch_events"]
