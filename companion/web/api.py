"""The JSON API (docs/web.md): reads open to all, changes behind the table PIN.

A change is checked whole (PIN, size, JSON, shape, game, names) before it is
posted to the table; the table's own refusal of a move (a rule) is a 409 with
its sentence, word for word.
"""

from __future__ import annotations

from collections.abc import Set
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any, NoReturn

from flask import Flask, Response, jsonify, request

from companion.games.actions import Action, action_from_json
from companion.games.base import INVALID_ROLL, RuleError
from companion.games.chance_actions import DiceThrow, InvalidRoll, Shuffle, SpinResult
from companion.i18n import _, ngettext
from companion.records import Player
from companion.table import (
    Command,
    DrawChance,
    NewMatch,
    Outcome,
    PlayAction,
    SupplyChance,
    Table,
    Undo,
)
from companion.table.commands import DEFAULT_COLOURS
from companion.table.core import check_players
from companion.table.hands import (
    AT_THE_TABLE,
    ON_PHONES,
    Hands,
    engine_options,
    options_with_hands,
)
from companion.table.lobby import Lobby
from companion.table.undo_asks import UndoAsks
from companion.web.guard import PinCheck, PinGuard, Verdict
from companion.web.hand_api import ShownHands
from companion.web.history import HistoryReader
from companion.web.requests import (
    Against,
    Refused,
    against,
    against_only,
    excerpt,
    json_body,
    json_object,
    match_request,
)
from companion.web.seats import SeatSessions
from companion.web.stream import Streams, state_body

PIN_HEADER = "X-Table-PIN"
ANSWER_TIMEOUT_S = 10.0
PHONE_SOURCE = "phone"
MAX_LAST = 1000


@dataclass(frozen=True)
class WebContext:
    """What the routes work with: the table, the PIN guard, the streams, the history, the
    phones' seat sessions."""

    table: Table
    guard: PinGuard
    streams: Streams
    history: HistoryReader
    seats: SeatSessions = field(default_factory=SeatSessions)
    undo_asks: UndoAsks | None = None
    """Where a phone's undo waits for the table's screen; None: no screen, the PIN confirms."""
    shown: ShownHands = field(default_factory=ShownHands)
    """The hand each player's Wild Draw Four challenge showed them (to them alone)."""
    lobby: Lobby = field(default_factory=Lobby)
    """The players of the match the table's screen is setting up, whom a phone may join
    before it starts; and the screen's bell for a phone that joined or left."""


def register_api(app: Flask, context: WebContext) -> None:
    """Add the `/api/...` routes to `app`."""
    reads = _Reads(context)
    changes = _Changes(context)
    app.add_url_rule("/api/state", "state", reads.state)
    app.add_url_rule("/api/events", "events", reads.events)
    app.add_url_rule("/api/matches", "matches", reads.matches)
    app.add_url_rule("/api/matches/<int:match_id>", "match", reads.match)
    app.add_url_rule("/api/matches", "new_match", changes.new_match, methods=["POST"])
    app.add_url_rule("/api/actions", "actions", changes.action, methods=["POST"])
    app.add_url_rule("/api/chance", "chance", changes.chance, methods=["POST"])
    app.add_url_rule("/api/undo", "undo", changes.undo, methods=["POST"])


class _Reads:
    def __init__(self, context: WebContext) -> None:
        self.context = context

    def state(self) -> Response:
        response = jsonify(state_body(self.context.table.snapshot))
        response.headers["Cache-Control"] = "no-store"
        return response

    def events(self) -> Response:
        streams = self.context.streams
        frames = streams.open()
        if frames is None:
            wait = streams.settings.busy_retry_after_s
            raise Refused(
                503,
                f"Too many phones are following the game live; this one checks every few"
                f" seconds instead (try the live view again in {wait} s).",
                retry_after_s=wait,
            )
        response = Response(frames, mimetype="text/event-stream")
        response.headers["Cache-Control"] = "no-store"
        response.headers["X-Accel-Buffering"] = "no"
        return response

    def matches(self) -> Response:
        return jsonify(self.context.history.matches())

    def match(self, match_id: int) -> Response:
        last = _last_events()
        # A log's match numbers are SQLite integers: a longer number is no match in it.
        shown = self.context.history.match(match_id, last) if match_id <= LARGEST_ID else None
        if shown is None:
            raise Refused(404, f"There is no match {match_id} in the log; see /api/matches.")
        return jsonify(shown)


LARGEST_ID = 2**63 - 1
"""The largest number SQLite stores: a match number in a URL beyond it is in no log."""


def _last_events() -> int | None:
    raw = request.args.get("last")
    if raw is None:
        return None
    if not raw.isascii() or not raw.isdigit() or int(raw) > MAX_LAST:
        raise Refused(400, f"last is a whole number of events from 0 to {MAX_LAST}.")
    return int(raw)


class _Changes:
    def __init__(self, context: WebContext) -> None:
        self.context = context

    def _allowed(self) -> None:
        given = request.headers.get(PIN_HEADER)
        check = self.context.guard.check(request.remote_addr or "", given)
        if check.verdict is not Verdict.ALLOWED:
            refuse_pin(check, given)

    def new_match(self) -> tuple[Response, int]:
        self._allowed()
        asked = match_request(json_body(request))
        table = self.context.table
        players = tuple(
            Player(name, DEFAULT_COLOURS[seat % len(DEFAULT_COLOURS)])
            for seat, name in enumerate(asked.names)
        )
        abandon = False if asked.abandon is None else asked.abandon
        outcome = answer(table, new_match_command(table, asked.game, players, asked.options,
                                                  abandon, asked.hands,
                                                  self.context.seats.names()))
        return applied(outcome), 201

    def action(self) -> Response:
        self._allowed()
        fields = json_object(json_body(request), "An action")
        made_against = against(fields)
        snapshot = self.context.table.snapshot
        if snapshot is None:
            raise Refused(409, "No match is on the table: start a new match first.")
        try:
            action = action_from_json(snapshot.game, fields)
        except RuleError as error:
            raise Refused(400, str(error)) from None
        # The action is read as the game of this snapshot's match: it is meant for it alone.
        made_against = Against(made_against.match or snapshot.match_id, made_against.seq)
        return applied(answer(self.context.table, command_for(action, made_against)))

    def chance(self) -> Response:
        self._allowed()
        made_against = against_only(request)
        snapshot = self.context.table.snapshot
        if snapshot is None or snapshot.chance is None:
            raise Refused(409, "Nothing is waiting for dice, a shuffle or a spin now.")
        # What is pending now, and nothing after it: of two phones asking at once, the
        # second finds the table moved on rather than answering the next request.
        command = DrawChance(
            for_seq=snapshot.seq if made_against.seq is None else made_against.seq,
            for_match=made_against.match or snapshot.match_id,
        )
        return applied(answer(self.context.table, command))

    def undo(self) -> Response:
        self._allowed()
        made_against = against_only(request)
        command = Undo(for_seq=made_against.seq, for_match=made_against.match)
        return applied(answer(self.context.table, command))


def new_match_command(
    table: Table, game: str, players: tuple[Player, ...], options: dict[str, Any],
    abandon: bool | int, hands: Hands = AT_THE_TABLE, joined: Set[str] = frozenset(),
) -> NewMatch:
    """The command that starts `game` for `players` with `options`, all checked first;
    with `hands` "phones", only when every player is in `joined` (has a phone joined).

    Raises:
        Refused: 400 for a game the table does not know, names it refuses, a player count
            or options the game refuses, a game without hands to hold on phones; 409 for
            phones as hands while a player has no phone joined.
    """
    spec = table.games.get(game)
    if spec is None:
        known = ", ".join(sorted(table.games))
        raise Refused(400, f"There is no game called {excerpt(game)!r}; choose one of: {known}.")
    # Refereed as at the touchscreen: UNO with real cards (simulation only by name), or
    # the companion holding the deck with phones as hands.
    try:
        chosen = options_with_hands(spec, spec.table_options(options), hands)
        spec.check_players(len(players))
        players = check_players(players)
        spec.new(len(players), engine_options(chosen))  # the engine checks its options
    except RuleError as error:
        raise Refused(400, str(error)) from None
    if hands == ON_PHONES:
        refuse_unjoined([player.name for player in players], joined)
    return NewMatch(spec.name, players, chosen, abandon=abandon, hands=hands)


def refuse_unjoined(names: list[str], joined: Set[str]) -> None:
    """Refuse phones as hands while a player of `names` has no phone joined to their seat.

    Raises:
        Refused: 409 naming who still has to join.
    """
    missing = [name for name in names if name not in joined]
    if missing:
        raise Refused(409, ngettext(
            "Every hand is held on its player's phone: {names} has no phone joined yet"
            " (Join as a player, with the PIN).",
            "Every hand is held on its player's phone: {names} have no phone joined yet"
            " (Join as a player, with the PIN).",
            len(missing),
        ).format(names=", ".join(missing)))


def refuse_pin(check: PinCheck, given: str | None) -> NoReturn:
    """Refuse a request whose PIN the guard did not allow.

    Raises:
        Refused: 429 with Retry-After for a locked address, else 403.
    """
    if check.verdict is Verdict.LOCKED:
        raise Refused(
            429,
            _("Too many wrong PINs from this device: wait {seconds} s, then enter the PIN"
              " shown on the table's screen.").format(seconds=check.retry_after_s),
            retry_after_s=check.retry_after_s,
        )
    if not given:
        raise Refused(403, _("This needs the table PIN: enter the PIN shown on the table's"
                             " screen."))
    raise Refused(403, _("That PIN is not the table's: enter the PIN shown on the table's"
                         " screen."))


def command_for(action: Action, made_against: Against) -> Command:
    """A player's action as itself; chance that happened at the table as `SupplyChance`.

    Raises:
        Refused: 409 for a shuffle (the companion shuffles itself: `POST /api/chance`).
    """
    for_seq, for_match = made_against.seq, made_against.match
    if not action.is_chance:
        return PlayAction(action, seat=action.seat, for_seq=for_seq, for_match=for_match)
    outcome: Any
    if isinstance(action, DiceThrow):
        outcome = list(action.values)
    elif isinstance(action, InvalidRoll):
        outcome = INVALID_ROLL
    elif isinstance(action, SpinResult):
        outcome = action.seats[0] if len(action.seats) == 1 else list(action.seats)
    elif isinstance(action, Shuffle):
        raise Refused(409, "The companion shuffles the cards itself: use POST /api/chance.")
    else:
        raise Refused(409, f"A phone cannot enter {type(action).__name__}; use the table.")
    return SupplyChance(outcome, source=PHONE_SOURCE, for_seq=for_seq, for_match=for_match)


def answer(table: Table, command: Command) -> Outcome:
    """Post `command` and wait for the table's answer (the web thread waits, never the table).

    Raises:
        Refused: 409 with the table's sentence when it refused; 503 when it did not answer.
    """
    try:
        outcome = table.post(command).result(timeout=ANSWER_TIMEOUT_S)
    except FutureTimeout:
        raise Refused(
            503, "The table did not answer in time; look at its screen and try again."
        ) from None
    if not outcome.applied:
        raise Refused(409, outcome.text)
    return outcome


def applied(outcome: Outcome) -> Response:
    return jsonify(ok=True, id=outcome.match_id, seq=outcome.seq)


__all__ = [
    "PIN_HEADER",
    "WebContext",
    "answer",
    "applied",
    "command_for",
    "new_match_command",
    "refuse_pin",
    "refuse_unjoined",
    "register_api",
]
