"""The lobby: the players of the match being set up, whom a phone may join before it starts.

A phone joins a seat by its player's name (`companion.web.seats`). Once a match is on the
table its players are the names; before then, the players are the ones the home screen is
setting up (its match draft), and the home screen offers them here (`Lobby.offer`). A phone
that joins such a name holds it as any seat session is held: when the match starts, the
seat of that name is the phone's with no second join, so a match "with phones as hands"
can start as soon as every player has joined from the home screen. The screen takes the
offer back (`Lobby.close`) when the match it set up starts or it goes back to the one on
the table; a phone whose name is then not in the match is told so and may join another.

The screen also hears here that a phone joined or left (`Lobby.attach`): the page tells
the lobby (`Lobby.phones_changed`), the lobby rings the screen, and the home screen draws
who has a phone again. Nothing here changes a match. Safe from any thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Wake = Callable[[], None]
"""A screen's bell: called on the telling thread, it must return at once and never raise."""


@dataclass(frozen=True)
class LobbyPlayer:
    """A player of the match being set up: their name and colour, as the home screen shows
    them (the phone draws the same mark, `companion.seat_marks`)."""

    name: str
    colour: str


class Lobby:
    """The players a phone may join before their match is on the table, offered by the
    table's screen; and the bell that tells that screen a phone joined or left."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._players: tuple[LobbyPlayer, ...] = ()
        self._screens: list[Wake] = []

    @property
    def players(self) -> tuple[LobbyPlayer, ...]:
        """The players on offer now, in seat order; () when the lobby is closed."""
        with self._lock:
            return self._players

    def offers(self, name: str) -> bool:
        """True when a phone may join as `name` now (a player on offer)."""
        with self._lock:
            return any(player.name == name for player in self._players)

    def offer(self, players: Sequence[LobbyPlayer]) -> None:
        """Offer `players` to the phones (the screen's match draft, as it is now)."""
        with self._lock:
            self._players = tuple(players)

    def close(self) -> None:
        """Offer nobody: the match set up started, or the screen went back to a match."""
        with self._lock:
            self._players = ()

    def attach(self, wake: Wake) -> None:
        """A screen hears from now on that a phone joined or left: `wake()` is called."""
        with self._lock:
            self._screens.append(wake)

    def detach(self, wake: Wake) -> None:
        """That screen has gone (safe to call twice)."""
        with self._lock:
            if wake in self._screens:
                self._screens.remove(wake)

    def phones_changed(self) -> None:
        """A phone joined a seat, left one or took one over: ring every screen attached."""
        with self._lock:
            screens = list(self._screens)
        for wake in screens:
            wake()


__all__ = ["Lobby", "LobbyPlayer"]
