"""The seat API (docs/web.md, "Phones join"): a phone joins as a player and acts for its seat.

`POST /api/join` takes the table PIN once (the guard's lockout counts every
wrong one) and a player's name; the phone then holds a seat session
(`companion.web.seats`). Each seat-bound change needs the session's cookie,
from the address it joined from, and its CSRF token in `X-CSRF-Token`; it
plays only what belongs to the seat: an action the seat takes, or is about
(an UNO call, the count of its own hand), and dice the rules ask of it.
A phone of Ben's acting for Ana is a 403 with a sentence, and nothing changes. An undo
without the PIN is asked of the table's screen (`companion.web.seat_undo`). Every
sentence is said in the phone's language (`companion.web.languages`), the table's
refusals too (`companion.web.phone_answers`).
"""

from __future__ import annotations

from collections.abc import Set
from typing import Any

from flask import Flask, Response, jsonify, request

from companion.games.actions import Action, action_from_json
from companion.games.base import RuleError
from companion.games.chance_actions import DiceThrow, InvalidRoll
from companion.games.uno.actions import CatchUno, CountHand
from companion.i18n import _
from companion.seat_marks import seat_mark
from companion.table import Command, DrawChance, PlayAction, TableSnapshot, Undo
from companion.table.hands import ON_PHONES
from companion.table.lobby import Lobby
from companion.web.api import WebContext, applied, command_for, refuse_pin
from companion.web.guard import Verdict
from companion.web.hand_api import (
    asked_seat,
    challenged_hand,
    no_store,
    seat_hand,
)
from companion.web.phone_answers import no_match_sentence, said_answer
from companion.web.requests import (
    Against,
    Refused,
    against,
    against_only,
    excerpt,
    json_body,
    json_object,
)
from companion.web.seat_turns import chance_seat, seat_turn
from companion.web.seat_undo import ask_undo, undo_news
from companion.web.seats import COOKIE, CSRF_HEADER, IDLE_S, SeatSession, csrf_matches

MAX_NAME = 24


def register_seat_api(app: Flask, context: WebContext) -> None:
    """Add `/api/join`, `/api/me`, `/api/leave` and `/api/seat/...` (the hand too) to `app`."""
    routes = _SeatRoutes(context)
    app.add_url_rule("/api/join", "join", routes.join, methods=["POST"])
    app.add_url_rule("/api/me", "me", routes.me)
    app.add_url_rule("/api/leave", "leave", routes.leave, methods=["POST"])
    app.add_url_rule("/api/seat/actions", "seat_actions", routes.action, methods=["POST"])
    app.add_url_rule("/api/seat/chance", "seat_chance", routes.chance, methods=["POST"])
    app.add_url_rule("/api/seat/undo", "seat_undo", routes.undo, methods=["POST"])
    app.add_url_rule("/api/seat/hand", "seat_hand", routes.hand)
    app.add_url_rule("/api/lobby", "lobby", routes.lobby)


def _address() -> str:
    return request.remote_addr or ""


def refuse_unknown_name(name: str, snapshot: TableSnapshot | None, lobby: Lobby) -> None:
    """Refuse a join as `name`, who plays neither in the match on the table nor in the one
    the table's screen is setting up: a sentence that lists who may be joined.

    Raises:
        Refused: always (409).
    """
    offered = [player.name for player in lobby.players]
    if offered:
        raise Refused(409, _("Nobody called {name} plays in the match being set up on the"
                             " table; tap one of: {names}.").format(
                                 name=repr(excerpt(name)), names=", ".join(offered)))
    if snapshot is None:
        raise Refused(409, no_match_sentence())
    names = ", ".join(player.name for player in snapshot.players)
    raise Refused(409, _("Nobody called {name} plays in the match on the table; tap one"
                         " of: {names}.").format(name=repr(excerpt(name)), names=names))


def lobby_players(lobby: Lobby, joined: Set[str]) -> list[dict[str, Any]]:
    """The players on offer in `lobby` as `GET /api/lobby` lists them: each name, seat, mark
    (as the screen draws it) and whether a phone has joined it."""
    return [{"name": player.name, "seat": seat, "mark": seat_mark(player.colour).to_json(),
             "joined": player.name in joined}
            for seat, player in enumerate(lobby.players)]


def seat_of(snapshot: TableSnapshot | None, name: str) -> int | None:
    """The seat of the player called `name` in the match on the table, or None."""
    if snapshot is None:
        return None
    for seat, player in enumerate(snapshot.players):
        if player.name == name:
            return seat
    return None


def owner_of(action: Action, snapshot: TableSnapshot) -> int | None:
    """Whose `action` is: the hand a count is of, the seat an out-of-turn call is about, the
    seat whose dice are awaited, the seat taking it, else the seat to move."""
    if isinstance(action, CountHand):
        return action.counted
    if action.is_chance:
        return chance_seat(snapshot)
    if action.about_seat is not None:
        return action.about_seat
    return action.seat if action.seat is not None else snapshot.to_move


def takes(action: Action, snapshot: TableSnapshot, seat: int) -> bool:
    """Whether the phone of `seat` may take `action`: a catch of another player who did not
    call UNO (anyone may catch them, the rules say, but not themselves), or an action whose
    owner (`owner_of`) is the seat."""
    if isinstance(action, CatchUno):
        return action.caught != seat
    return owner_of(action, snapshot) == seat


def _seat_command(action: Action, seat: int, made_against: Against, match: int) -> Command:
    """The command for an action that is the seat's own (checked before)."""
    if isinstance(action, CountHand):
        # Each player counts their own hand at the same moment: a count is made against
        # the match, not its seq, so that the counts of the others do not make it stale.
        return PlayAction(action, seat=None, for_match=match)
    if not action.is_chance:
        return PlayAction(action, seat=seat, for_seq=made_against.seq, for_match=match)
    if not isinstance(action, DiceThrow | InvalidRoll):
        raise Refused(409, _("A phone enters only the dice the rules ask of its player."))
    return command_for(action, Against(match, made_against.seq))


class _SeatRoutes:
    def __init__(self, context: WebContext) -> None:
        self.context = context

    def _session(self) -> tuple[str, SeatSession]:
        """The request's session, checked: cookie, address and CSRF token.

        Raises:
            Refused: 403 with a sentence when any of them is missing or not right.
        """
        session_id = request.cookies.get(COOKIE)
        session = self.context.seats.find(session_id, _address())
        if session is None or session_id is None:
            raise Refused(403, _("This phone has no seat at this table: tap Join as a player"
                                 " and enter the PIN."))
        if not csrf_matches(session, request.headers.get(CSRF_HEADER)):
            raise Refused(403, _("This request did not carry this phone's check token"
                                 " (X-CSRF-Token): reload the page and try again."))
        return session_id, session

    def _seated(self) -> tuple[SeatSession, int, TableSnapshot]:
        _session_id, session = self._session()
        snapshot = self.context.table.snapshot
        if snapshot is None:
            raise Refused(409, no_match_sentence())
        seat = seat_of(snapshot, session.name)
        if seat is None:
            raise Refused(409, _("{name} does not play in the match on the table: tap Leave,"
                                 " then join as one of its players.").format(name=session.name))
        return session, seat, snapshot

    def join(self) -> Response:
        fields = json_object(json_body(request), "A join")
        unknown = sorted(set(fields) - {"pin", "name"})
        if unknown:
            raise Refused(400, _("A join has no field {field}: send pin and name.").format(
                field=repr(excerpt(unknown[0]))))
        pin, name = fields.get("pin"), fields.get("name")
        if not isinstance(pin, str):
            pin = None
        check = self.context.guard.check(_address(), pin)
        if check.verdict is not Verdict.ALLOWED:
            refuse_pin(check, given=pin)
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            raise Refused(400, _('Name the player you are: "name": "Cleo", as the table shows'
                                 ' it.'))
        snapshot = self.context.table.snapshot
        seat = seat_of(snapshot, name)
        lobby = self.context.lobby
        if seat is None and not lobby.offers(name):
            refuse_unknown_name(name, snapshot, lobby)
        self.context.seats.close(request.cookies.get(COOKIE))
        session_id, session = self.context.seats.open(name, _address())
        # One phone a seat: the old one (locked away, broken) no longer sees the hand.
        self.context.seats.take_over(name, session_id)
        lobby.phones_changed()
        response = jsonify(ok=True, name=name, seat=seat, csrf=session.csrf)
        response.set_cookie(
            COOKIE, session_id, max_age=int(IDLE_S), path="/", httponly=True, samesite="Strict"
        )
        return response

    def me(self) -> Response:
        session = self.context.seats.find(request.cookies.get(COOKIE), _address())
        if session is None:
            body: dict[str, Any] = {"name": None, "seat": None, "csrf": None}
        else:
            snapshot = self.context.table.snapshot
            seat = seat_of(snapshot, session.name)
            body = {"name": session.name, "seat": seat, "csrf": session.csrf,
                    "lobby": seat is None and self.context.lobby.offers(session.name)}
            if snapshot is not None and seat is not None:
                body["turn"] = seat_turn(snapshot, seat)
            body.update(undo_news(self.context.undo_asks, session.name, snapshot))
        response = jsonify(body)
        response.headers["Cache-Control"] = "no-store"
        return response

    def lobby(self) -> Response:
        lobby = self.context.lobby
        return no_store({"players": lobby_players(lobby, self.context.seats.names())})

    def leave(self) -> Response:
        session_id, _session = self._session()
        if json_object(json_body(request, empty={}), "A leave's body"):
            raise Refused(400, _("A leave takes no body: send nothing, or {}."))
        self.context.seats.close(session_id)
        self.context.lobby.phones_changed()
        response = jsonify(ok=True)
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="Strict")
        return response

    def action(self) -> Response:
        session, seat, snapshot = self._seated()
        fields = json_object(json_body(request), "An action")
        made_against = against(fields)
        try:
            action = action_from_json(snapshot.game, fields)
        except RuleError as error:
            raise Refused(400, str(error)) from None
        if isinstance(action, CatchUno) and action.caught == seat:
            raise Refused(409, _("Nobody catches themselves: tap UNO! to call it before another"
                                 " player catches you."))
        if not isinstance(action, CatchUno):  # anyone else may catch a player
            self._own(session, owner_of(action, snapshot), snapshot)
        if snapshot.hands == ON_PHONES and made_against.seq is None:
            # Without it a request sent again would be played again at a later turn.
            raise Refused(400, _('A play from a hand says the state it was chosen at, as the'
                                 ' hand gave it: "match": 12, "seq": 25.'))
        match = made_against.match or snapshot.match_id
        command = _seat_command(action, seat, made_against, match)
        shown = challenged_hand(action, snapshot, self.context.table.games[snapshot.game])
        outcome = said_answer(self.context.table, command, snapshot)
        if shown is not None and made_against.seq in (None, shown.seq):
            self.context.shown.keep(session.name, shown)  # to the challenger only
        return applied(outcome)

    def hand(self) -> Response:
        session, seat, snapshot = self._seated()
        asked = asked_seat()
        if asked is not None and asked != seat:
            names = [player.name for player in snapshot.players]
            other = names[asked] if asked < len(names) else _("seat {seat}").format(seat=asked)
            raise Refused(403, _("This phone is {name}'s: it cannot see {other}'s hand.").format(
                name=session.name, other=other))
        spec = self.context.table.games[snapshot.game]
        owned = [action for action in snapshot.legal_actions if takes(action, snapshot, seat)]
        shown = self.context.shown.of(session.name, snapshot.match_id)
        return no_store(seat_hand(snapshot, spec, seat, owned, shown))

    def _own(self, session: SeatSession, owner: int | None, snapshot: TableSnapshot) -> None:
        names = [player.name for player in snapshot.players]
        if owner is None:
            raise Refused(403, _("That is no one player's to do: do it on the table's screen."))
        if not 0 <= owner < len(names) or names[owner] != session.name:
            other = (names[owner] if 0 <= owner < len(names)
                     else _("seat {seat}").format(seat=owner))
            raise Refused(403, _("This phone is {name}'s: it cannot act for {other}.").format(
                name=session.name, other=other))

    def chance(self) -> Response:
        session, _seat, snapshot = self._seated()
        made_against = against_only(request)
        if snapshot.chance is None:
            raise Refused(409, _("Nothing is waiting for dice, a shuffle or a spin now."))
        self._own(session, chance_seat(snapshot), snapshot)
        command = DrawChance(
            for_seq=snapshot.seq if made_against.seq is None else made_against.seq,
            for_match=made_against.match or snapshot.match_id,
        )
        return applied(said_answer(self.context.table, command, snapshot))

    def undo(self) -> Response | tuple[Response, int]:
        session, _seat, snapshot = self._seated()
        fields = json_object(json_body(request, empty={}), "An undo")
        pin = fields.pop("pin", None)
        made_against = against(fields)
        if fields:
            raise Refused(400, _('An undo takes only pin, match and seq: {"pin": "4821",'
                                 ' "seq": 25}.'))
        if pin is None:
            # The table's screen confirms it (Undo / Keep); with no screen, the PIN does.
            return ask_undo(self.context.undo_asks, session.name, made_against, snapshot)
        check = self.context.guard.check(_address(), pin if isinstance(pin, str) else "")
        if check.verdict is not Verdict.ALLOWED:
            refuse_pin(check, given=pin if isinstance(pin, str) else "")
        command = Undo(for_seq=made_against.seq, for_match=made_against.match)
        return applied(said_answer(self.context.table, command, snapshot))


__all__ = ["lobby_players", "owner_of", "refuse_unknown_name",
           "register_seat_api", "seat_of", "takes"]
