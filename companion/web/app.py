"""The Flask app of the phone page: the page itself, its static files, the API, the headers.

`create_app` builds it around a running `Table`; `companion.web.server`
serves it with waitress in the table's process. Every answer carries a strict
Content-Security-Policy (no inline script, nothing from elsewhere),
`X-Content-Type-Options` and `Referrer-Policy`; an error is one sentence,
never a traceback (the details go to the log).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from companion.i18n import language
from companion.table import Table
from companion.table.lobby import Lobby
from companion.table.undo_asks import UndoAsks
from companion.web.api import WebContext, register_api
from companion.web.guard import PinGuard
from companion.web.hand_words import hand_words
from companion.web.history import HistoryReader
from companion.web.languages import follow_phone_language
from companion.web.match_start import register_match_start
from companion.web.public import board_scripts
from companion.web.requests import MAX_BODY_BYTES, Refused, too_large
from companion.web.seat_api import register_seat_api
from companion.web.seat_words import seat_words
from companion.web.seats import SeatSessions
from companion.web.stream import Streams, StreamSettings
from companion.web.words import page_words

CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';"
    " connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none';"
    " frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
STATIC_MAX_AGE_S = 300
log = logging.getLogger(__name__)


def create_app(
    table: Table,
    history_path: Path,
    guard: PinGuard,
    settings: StreamSettings | None = None,
    undo_asks: UndoAsks | None = None,
    lobby: Lobby | None = None,
) -> Flask:
    """The phone page's app for `table`, reading the history from the log at `history_path`.

    `undo_asks` is the desk a phone's undo is put on for the table's screen to confirm
    (None: no screen answers, a phone confirms its undo with the PIN); `lobby` is where
    the screen offers the players of the match it sets up (None: a lobby of its own, which
    no screen offers anyone). Every answer is in the phone's language
    (`companion.web.languages`).

    The app's `extensions["companion"]` holds its `WebContext`; call
    `close_app(app)` to end its streams and close its history reader.
    """
    here = Path(__file__).parent
    app = Flask(
        __name__,
        static_folder=str(here / "static"),
        template_folder=str(here / "templates"),
    )
    app.config.update(
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        SEND_FILE_MAX_AGE_DEFAULT=STATIC_MAX_AGE_S,
        JSON_SORT_KEYS=False,
        TRAP_HTTP_EXCEPTIONS=False,
        PROPAGATE_EXCEPTIONS=False,
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    context = WebContext(
        table=table,
        guard=guard,
        streams=Streams(table, settings or StreamSettings()),
        history=HistoryReader(history_path),
        seats=SeatSessions(guard.clock),
        undo_asks=undo_asks,
        lobby=lobby or Lobby(),
    )
    app.extensions["companion"] = context
    register_api(app, context)
    register_seat_api(app, context)
    register_match_start(app, context)
    app.add_url_rule("/", "page", _page)
    app.add_url_rule("/favicon.ico", "favicon", lambda: Response(status=204))
    app.after_request(_secure)
    follow_phone_language(app)
    app.register_error_handler(Refused, _refused)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _failure)
    return app


def close_app(app: Flask) -> None:
    """End every live stream and close the history reader; safe to call twice."""
    context: WebContext = app.extensions["companion"]
    context.streams.close()
    context.history.close()


def _page() -> str:
    context: WebContext = current_app.extensions["companion"]
    return render_template(
        "index.html",
        words={**page_words(), **seat_words(), **hand_words()},
        language=language(),
        poll_ms=context.streams.settings.poll_ms,
        board_scripts=board_scripts(),
    )


def _secure(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _error(status: int, sentence: str, retry_after_s: int | None = None) -> Response:
    response = jsonify(ok=False, error=sentence)
    response.status_code = status
    if retry_after_s is not None:
        response.headers["Retry-After"] = str(retry_after_s)
    return _secure(response)


def _refused(refusal: Refused) -> Response:
    return _error(refusal.status, refusal.sentence, refusal.retry_after_s)


HTTP_SENTENCES: dict[int, str] = {
    404: "There is nothing at this address; the page is at /.",
    405: "This address does not take that method; see docs/web.md for the API.",
}


def _http_error(error: HTTPException) -> Response:
    if isinstance(error, RequestEntityTooLarge):
        return _refused(too_large())
    status = error.code or 400
    sentence = HTTP_SENTENCES.get(status, f"The request was refused ({error.name}): check it.")
    response = _error(status, sentence)
    for name, value in error.get_headers():
        if name.lower() == "allow":
            response.headers[name] = value
    return response


def _failure(error: Exception) -> Response:
    log.error("The phone page failed on %s %s", request.method, request.path, exc_info=error)
    return _error(500, "The companion could not answer that; the details are in its log.")


def context_of(app: Flask) -> Any:
    """The `WebContext` of an app made by `create_app`."""
    return app.extensions["companion"]


__all__ = ["CONTENT_SECURITY_POLICY", "close_app", "context_of", "create_app"]
