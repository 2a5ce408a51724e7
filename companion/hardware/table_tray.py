"""The dice tray as a source of table commands: dice that settle become `SupplyChance`.

`TrayFeed` watches a `DiceTray` (polling it for settles on its own thread)
and posts each throw's values read by the dice reader to the table, for the
request for dice the table had open when the dice were thrown (`for_seq`): dice
that settle after the table moved on (a roll entered on the screen, an undo)
are refused rather than applied to the next roll. A throw made before the table
asked for dice (a player rolling while the last move is still being entered)
is for the request open when the dice settle.
With the companion's fair roll (`dice_source = "fair"`, or the tray button)
the table rolls itself (`DrawChance`), as many dice as the rules ask for. A cocked die is the
engine's business (`INVALID_ROLL`: the rules say roll again). A throw whose
values could not be read (`dice_source = "touch"`, or a failed reader) posts
nothing: the screen asks for the dice to be tapped in.

Listeners (the touchscreen) hear every tray event, to show "dice rolling".
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable

from companion.closing import ClosesItself
from companion.config import Config
from companion.games.base import INVALID_ROLL
from companion.table import DrawChance, SupplyChance, Table
from device.backend import TrayInputs
from device.tray import BUTTON, SETTLED, THROW, DiceTray, TrayEvent

POLL_SECONDS = 0.02
"""How often the tray is asked whether the dice have settled, while dice roll (between a
throw and its settle; otherwise the feed sleeps until the next throw)."""
log = logging.getLogger(__name__)


class TrayFeed(ClosesItself):
    """Posts the tray's dice to the table. Use as a context manager, or call `close()`."""

    def __init__(
        self,
        tray: DiceTray,
        table: Table,
        listener: Callable[[TrayEvent], None] | None = None,
        *,
        poll_seconds: float = POLL_SECONDS,
    ) -> None:
        self.tray = tray
        self.table = table
        self.listener = listener
        self._poll_seconds = poll_seconds
        self._stop = threading.Event()
        self._rolling = threading.Event()  # a throw is under way: poll for its settle
        self._thrown_for: int | None = None
        """The seq of the request for dice open when the dice now rolling were thrown."""
        tray.on_event = self.event
        self._thread = threading.Thread(target=self._watch, name="tray-feed", daemon=True)

    @property
    def inputs(self) -> TrayInputs:
        """The tray's sensor and button inputs (the hardware test judges them)."""
        return self.tray.inputs

    @property
    def polling(self) -> bool:
        """True while dice roll (a throw not yet settled): only then is the tray polled."""
        return self._rolling.is_set() and not self._stop.is_set()

    def start(self) -> TrayFeed:
        """Start listening to the tray and polling it for settles."""
        self.tray.start()
        self._thread.start()
        return self

    def event(self, event: TrayEvent) -> None:
        """One tray event: dice that settled (or the button's fair roll) go to the table."""
        if self.listener is not None:
            try:
                self.listener(event)
            except Exception:  # a screen's bug must not stop the dice
                log.exception("The tray listener failed on %s", event)
        if event.kind == THROW:
            self._rolling.set()
        elif event.kind == SETTLED:
            self._rolling.clear()
        snapshot = self.table.snapshot
        if event.kind == THROW:
            self._thrown_for = (
                snapshot.seq if snapshot is not None and snapshot.chance is not None else None
            )
        if event.kind not in (SETTLED, BUTTON) or event.roll is None:
            if event.error:
                log.warning("Dice tray: %s", event.error)
            return
        thrown_for, self._thrown_for = self._thrown_for, None
        if snapshot is None:
            return
        if event.roll.source == "fair":
            # The companion rolls: the table's own fair dice, as many as the rules ask for
            # (one each in an opening roll of four, two on a turn), logged as its roll.
            self.table.post(DrawChance())
            return
        outcome: object = INVALID_ROLL if event.roll.cocked else list(event.roll.values)
        for_seq = snapshot.seq if thrown_for is None else thrown_for
        self.table.post(SupplyChance(outcome, source="dice tray", for_seq=for_seq))

    def _watch(self) -> None:
        while self._rolling.wait() and not self._stop.wait(self._poll_seconds):
            try:
                self.tray.poll()
            except Exception:  # a reader fault must not end the polling
                log.exception("The dice tray could not be polled")

    def close(self) -> None:
        """Stop polling and close the tray (idempotent)."""
        self._stop.set()
        self._rolling.set()  # the watch wakes to see it must stop
        if self._thread.is_alive():
            self._thread.join()
        self.tray.close()


def open_tray_feed(
    config: Config,
    table: Table,
    listener: Callable[[TrayEvent], None] | None = None,
) -> contextlib.AbstractContextManager[TrayFeed | None]:
    """The configured dice tray feeding `table`, started; nothing when it is off or absent.

    A tray that cannot be opened (no hardware, a missing library) is a warning
    in the log, not a failure: the dice are then rolled from a screen or a
    phone, or entered by hand.
    """
    if not config.tray.enabled:
        return contextlib.nullcontext()
    from device.backends import make_clock, open_tray
    from device.errors import DeviceError

    try:
        tray = open_tray(config, make_clock(config))
    except (DeviceError, ImportError) as error:
        log.warning("The dice tray is not available (%s): roll from a screen or a phone.", error)
        return contextlib.nullcontext()
    log.info("Dice tray on the %s backend, dice from %s", config.backend, config.tray.dice_source)
    return TrayFeed(tray, table, listener).start()


__all__ = ["TrayFeed", "open_tray_feed"]
