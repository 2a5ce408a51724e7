"""Starting a match or a rematch from any phone with the table PIN (docs/web.md, "New match").

`POST /api/match/start` takes `{"pin", "game", "players", "options"}`, `POST
/api/match/rematch` takes `{"pin"}`. Over an unfinished match the answer asks first, as
the home screen does: `409` with `"ask": "abandon"` and the question ("Abandon Ana, Ben and
Cleo's match?"), and only the same request again with `"abandon": true` abandons it (the
match the phone was asked about: another started meanwhile is refused). `GET /api/games`
lists the games a phone may start, their titles in the phone's language, and which of
them is on the table (the form offers it first).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, request

from companion.i18n import _
from companion.records import Player
from companion.table import Rematch, TableSnapshot
from companion.table.commands import DEFAULT_COLOURS
from companion.table.hands import ON_PHONES, can_hold_hands
from companion.web.api import (
    WebContext,
    applied,
    new_match_command,
    refuse_pin,
    refuse_unjoined,
)
from companion.web.guard import Verdict
from companion.web.phone_answers import said_answer
from companion.web.requests import Refused, json_body, json_object, match_request

ASK_ABANDON = "abandon"
"""The `ask` of a refusal that a second request with `"abandon": true` answers."""


def register_match_start(app: Flask, context: WebContext) -> None:
    """Add `/api/games`, `/api/match/start` and `/api/match/rematch` to `app`."""
    routes = _MatchRoutes(context)
    app.add_url_rule("/api/games", "games", routes.games)
    app.add_url_rule("/api/match/start", "match_start", routes.start, methods=["POST"])
    app.add_url_rule("/api/match/rematch", "match_rematch", routes.rematch, methods=["POST"])


def players_named(names: list[str], last: TableSnapshot | None) -> tuple[Player, ...]:
    """The players of a new match by name: who played the last match keeps its colour (the
    same mark on the table and the phones); anyone else takes the first colour left."""
    kept = {player.name: player.colour for player in last.players} if last is not None else {}
    taken = {kept[name] for name in names if name in kept}
    left = [colour for colour in DEFAULT_COLOURS if colour not in taken]
    players = []
    for name in names:
        colour = kept.get(name) or (left.pop(0) if left else DEFAULT_COLOURS[0])
        players.append(Player(name, colour))
    return tuple(players)


def names_in_words(names: list[str]) -> str:
    """"Ana, Ben and Cleo", in the phone's language."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def ask_first(snapshot: TableSnapshot) -> tuple[Response, int]:
    """The answer over an unfinished match: `409`, a sentence, and the question to ask."""
    players = names_in_words([player.name for player in snapshot.players])
    response = jsonify(
        ok=False,
        error=_("{players}'s match is not finished: send the same again with \"abandon\":"
                " true to abandon it, or keep playing it.").format(players=players),
        ask=ASK_ABANDON,
        question=_("Abandon {players}'s match?").format(players=players),
        match=snapshot.match_id,
    )
    return response, 409


class _MatchRoutes:
    def __init__(self, context: WebContext) -> None:
        self.context = context

    def _fields(self, what: str, empty: Any = None) -> tuple[dict[str, Any], bool, Any]:
        """The body's fields but the PIN and `abandon`; `abandon`; the PIN as sent.

        Raises:
            Refused: 400 when the body is not a JSON object or `abandon` is not true or false.
        """
        fields = json_object(json_body(request, empty=empty), what)
        pin = fields.pop("pin", None)
        abandon = fields.pop("abandon", False)
        if not isinstance(abandon, bool):
            raise Refused(400, _("abandon is true (abandon the unfinished match) or false."))
        return fields, abandon, pin

    def _allowed(self, pin: Any) -> None:
        """The PIN sent is the table's (the lockout counts every other).

        Raises:
            Refused: 403 for a missing or wrong PIN, 429 for an address locked out.
        """
        given = pin if isinstance(pin, str) else None
        check = self.context.guard.check(request.remote_addr or "", given)
        if check.verdict is not Verdict.ALLOWED:
            refuse_pin(check, given=None if pin is None else (given or "?"))

    def games(self) -> Response:
        snapshot = self.context.table.snapshot
        games = [
            {"game": spec.name, "title": _(spec.title), "family": spec.family,
             "min_players": spec.min_players, "max_players": spec.max_players,
             "on_table": snapshot is not None and snapshot.game == spec.name,
             "hands_on_phones": can_hold_hands(spec)}
            for spec in self.context.table.games.values()
        ]
        return jsonify(games=games)

    def start(self) -> Response | tuple[Response, int]:
        fields, abandon, pin = self._fields("A new match")
        asked = match_request(fields)
        self._allowed(pin)
        table = self.context.table
        snapshot = table.snapshot
        unfinished = _unfinished(snapshot)
        players = players_named(asked.names, snapshot)
        # Checked before asking, so that "abandon" is asked only of a match that can start.
        command = new_match_command(table, asked.game, players, asked.options,
                                    False if unfinished is None else unfinished.match_id,
                                    asked.hands, self.context.seats.names())
        if unfinished is not None and not abandon:
            return ask_first(unfinished)
        return applied(said_answer(table, command, snapshot)), 201

    def rematch(self) -> Response | tuple[Response, int]:
        fields, abandon, pin = self._fields("A rematch", empty={})
        if fields:
            raise Refused(400, _('A rematch takes only pin and abandon: {"pin": "4821"}.'))
        self._allowed(pin)
        snapshot = self.context.table.snapshot
        if snapshot is not None and snapshot.hands == ON_PHONES:  # a phone may be gone since
            refuse_unjoined([player.name for player in snapshot.players],
                            self.context.seats.names())
        unfinished = _unfinished(snapshot)
        if unfinished is not None and not abandon:
            return ask_first(unfinished)
        command = Rematch(abandon=False if unfinished is None else unfinished.match_id)
        return applied(said_answer(self.context.table, command, snapshot)), 201


def _unfinished(snapshot: TableSnapshot | None) -> TableSnapshot | None:
    """`snapshot` when it is of a match still being played (the one a start would abandon)."""
    return snapshot if snapshot is not None and not snapshot.is_over else None


__all__ = ["ASK_ABANDON", "ask_first", "names_in_words", "players_named",
           "register_match_start"]
