"""The phone page served for a table that is already open: `serve_phone_page`.

`companion web` and `companion run` both serve it this way: the table PIN
from the config (or a fresh random one), the port from the config or the
command line, and the address phones reach it at, which is this machine's
address on the table's network (an IP address: `.local` names fail on many
Android phones).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.network import lan_address, page_url

if TYPE_CHECKING:
    from companion.config import Config
    from companion.table import Table


@dataclass(frozen=True)
class PhonePage:
    """A phone page being served: where phones find it and the PIN that lets them play."""

    port: int
    pin: str

    @property
    def url(self) -> str:
        """The address to type or scan, with this machine's current network address."""
        return page_url(lan_address(), self.port)


@contextlib.contextmanager
def serve_phone_page(
    table: Table, history: Path, config: Config, port: int | None = None
) -> Iterator[PhonePage]:
    """Serve the page for `table` until the block ends (the streams end, waitress drains).

    `history` is the log the page lists past matches from; `port` overrides
    `[web] port` (0: any free port).

    Raises:
        CompanionError: the port cannot be listened on (in use, or not allowed).
    """
    from companion.web import PinGuard, WebServer, create_app
    from companion.web.app import close_app
    from companion.web.guard import random_pin

    pin = config.web.pin or random_pin()
    app = create_app(table, history, PinGuard(pin))
    try:
        with WebServer(app, port=config.web.port if port is None else port) as server:
            yield PhonePage(server.port, pin)
    finally:
        close_app(app)


__all__ = ["PhonePage", "serve_phone_page"]
