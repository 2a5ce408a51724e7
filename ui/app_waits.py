"""Waiting for the touchscreen to catch up: what the scripted driver and the tests wait on.

`App` (``ui.app``) is a `ScreenWaits`: `settle` waits until the table answered
every posted command and the screen shows it; `finish_animation` draws a
running spin to its end and `let_time_pass` lets the app's own clock run,
frame by frame (the script's ``wait`` and ``wait SECONDS``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import CancelledError
from typing import Protocol

from ui.animation import FRAME_SECONDS, Animation
from ui.answers import Answers
from ui.scene import Scene
from ui.spinner_watch import SpinnerWatch

MIN_SLEEP_SECONDS = 1e-6
"""The shortest wait between two frames of `finish_animation` and `let_time_pass`."""


class _Waiting(Protocol):
    """What the waits need of the app."""

    answers: Answers
    animation: Animation
    spinner_watch: SpinnerWatch
    clock: Callable[[], float]
    sleep: Callable[[float], None]
    scene: Scene
    _dirty: bool

    def _take_news(self) -> None: ...
    def _take_results(self) -> None: ...
    def _take_motions(self) -> None: ...
    def _tick_animation(self) -> None: ...
    def _expire_message(self) -> None: ...
    def _next_frame(self, until: float) -> None: ...
    def draw(self) -> None: ...


class ScreenWaits:
    """The app's waits (`App` is one)."""

    def settle(self: _Waiting, timeout: float = 10.0) -> bool:
        """Wait until the table answered every posted command and the screen is drawn.

        Returns False when the table did not answer within `timeout` seconds.
        """
        deadline = time.monotonic() + timeout
        while self.answers.waiting:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            ticket = self.answers.next_waiting()
            try:
                ticket.exception(timeout=remaining)
            except TimeoutError:
                return False
            except CancelledError:
                pass
            # A device's answer leaves `background` once its callback handed it over.
            self.answers.pending.discard(ticket)
            self._take_news()
        self._take_news()
        # A spin the table drew is told by the spinner's worker: hear it before going on.
        if not self.spinner_watch.wait_idle(max(0.0, deadline - time.monotonic())):
            return False
        self._take_motions()
        self._take_results()
        self._tick_animation()
        self.draw()
        return True

    def finish_animation(self: _Waiting, timeout: float = 60.0) -> None:
        """Draw the running animation frame by frame to its end, on the app's clock, and
        let a spin's landing be seen to its end.

        The scripted driver's `wait`: a spin on screen stops, and its landing leaves the
        screen, before the next line. Gives up after `timeout` seconds of the app's clock.
        """
        deadline = self.clock() + timeout
        while self.animation.until is not None and self.clock() < deadline:
            self._next_frame(self.animation.until)
        landing = self.animation.landing_until
        if landing is not None and self.clock() < deadline:
            self.sleep(max(MIN_SLEEP_SECONDS, landing - self.clock()))  # nothing moves
            self._tick_animation()
            if self._dirty:
                self.draw()

    def let_time_pass(self: _Waiting, seconds: float) -> None:
        """Let `seconds` of the app's clock pass, frame by frame: the scripted driver's
        `wait SECONDS`, which catches a spin at a chosen moment of its motion."""
        until = self.clock() + seconds
        while self.clock() < until:
            self._next_frame(until)
        self._expire_message()
        self.draw()

    def _next_frame(self: _Waiting, until: float) -> None:
        """Sleep to the next frame (at most to `until`) and draw the animation there."""
        # At least a microsecond: a virtual clock counts whole nanoseconds, so a step of
        # less than one would never arrive.
        self.sleep(max(MIN_SLEEP_SECONDS, min(until - self.clock(), FRAME_SECONDS)))
        self._take_motions()
        self.scene.tick(self.clock())  # as every turn of the loop does
        self._tick_animation()
        if self._dirty:
            self.draw()


__all__ = ["MIN_SLEEP_SECONDS", "ScreenWaits"]
