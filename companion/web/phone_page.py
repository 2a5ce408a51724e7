"""The phone page served for a table that is already open: `serve_phone_page`.

`companion web` and `companion run` both serve it this way: the table PIN
from the config, else the one kept in the data directory beside the log (made
at the first start, the same at every start after until someone asks for a new
one: `--new-pin`, or the settings screen), the port from the config or the
command line, and the address phones reach it at, which is this machine's
address on the table's network (an IP address: `.local` names fail on many
Android phones).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Set
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from companion.network import lan_address, page_url

if TYPE_CHECKING:
    from companion.config import Config
    from companion.table import Table
    from companion.table.lobby import Lobby
    from companion.table.undo_asks import UndoAsks


log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PhonePage:
    """A phone page being served: where phones find it and the PIN that lets them play."""

    port: int
    pin: str
    joined: Callable[[], Set[str]] = field(default=frozenset)
    """The names of the players who have a phone joined now (`SeatSessions.names`)."""

    @property
    def url(self) -> str:
        """The address to type or scan, with this machine's current network address."""
        return page_url(lan_address(), self.port)


@contextlib.contextmanager
def serve_phone_page(
    table: Table, history: Path, config: Config, port: int | None = None,
    new_pin: bool = False, undo_asks: UndoAsks | None = None, lobby: Lobby | None = None,
) -> Iterator[PhonePage]:
    """Serve the page for `table` until the block ends (the streams end, waitress drains).

    `history` is the log the page lists past matches from (the PIN is kept beside it);
    `port` overrides `[web] port` (0: any free port); `new_pin` makes a new kept PIN
    (unless `[web] pin` sets one); `undo_asks` is where phones' undos wait for the
    table's screen to confirm them (None: there is no screen, the PIN confirms); `lobby`
    is where the screen offers the players of the match it sets up, for phones to join.

    Raises:
        CompanionError: the port cannot be listened on (in use, or not allowed).
    """
    from companion.web import PinGuard, WebServer, create_app
    from companion.web.app import close_app
    pin = config.web.pin or _kept_pin(history.parent, new_pin)
    app = create_app(table, history, PinGuard(pin), undo_asks=undo_asks, lobby=lobby)
    try:
        with WebServer(app, port=config.web.port if port is None else port) as server:
            yield PhonePage(server.port, pin, app.extensions["companion"].seats.names)
    finally:
        close_app(app)


def _kept_pin(directory: Path, renew: bool) -> str:
    """The PIN kept in the data directory; a random one for this run, said in the log, when
    it cannot be kept (phones then need the new one at the next start)."""
    from companion.datadir import kept_pin, random_pin
    from companion.errors import StoreError

    try:
        return kept_pin(directory, renew=renew)
    except StoreError as error:
        log.warning("%s This run uses a PIN of its own.", error)
        return random_pin()


__all__ = ["PhonePage", "serve_phone_page"]
