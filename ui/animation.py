"""When the loop draws frames on its own: an animation runs until the latest time asked.

A scene asks `animate(until)` (its own animation, whose frames draw the whole scene),
and each spin the spinner tells animates until it stops (its frames draw the turning
dial alone, `ui.spin_view.draw_turning`). The loop draws up to `FRAMES_PER_SECOND`
until then, then blocks again. A spin's landing stays on screen a moment after it stopped
(`SpinMotion.shown_until`): the loop wakes once more at its end, to draw the scene without
it, and draws nothing in between.
"""

from __future__ import annotations

import math

from ui.spin_view import SpinMotion

FRAMES_PER_SECOND = 60
"""The most frames an animation draws in a second."""
FRAME_SECONDS = 1.0 / FRAMES_PER_SECOND


class Animation:
    """The running animation's end, on the app's clock, and the latest spin on screen."""

    def __init__(self) -> None:
        self.until: float | None = None
        """When the running animation ends; None while nothing animates."""
        self.spin: SpinMotion | None = None
        """The latest spin the spinner told (running or stopped); None before any."""
        self._scene_until = -math.inf  # a scene's own animation draws whole frames
        self._spin_told_stopped = True
        self._landing_told_over = True

    @property
    def running(self) -> bool:
        """True while an animation asked for more frames."""
        return self.until is not None

    def ask(self, until: float, *, whole: bool = False) -> None:
        """Animate until `until` at least; `whole`: its frames draw the whole scene."""
        if whole:
            self._scene_until = max(self._scene_until, until)
        if self.until is None or until > self.until:
            self.until = until

    def spin_started(self, motion: SpinMotion) -> None:
        """A spin started: animate until it stops."""
        self.spin = motion
        self._spin_told_stopped = False
        self._landing_told_over = False
        self.ask(motion.until)

    def draws_whole(self, now: float) -> bool:
        """True while a scene's own animation runs (its frames draw the whole scene)."""
        return now <= self._scene_until

    def spin_stopping(self, now: float) -> SpinMotion | None:
        """The spin on screen once, at the first frame at which it has stopped; else None."""
        spin = self.spin
        if spin is not None and not self._spin_told_stopped and spin.done(now):
            self._spin_told_stopped = True
            return spin
        return None

    def landing_over(self, now: float) -> bool:
        """True once, at the first look after the latest spin's landing left the screen."""
        spin = self.spin
        if spin is not None and not self._landing_told_over and now >= spin.shown_until:
            self._landing_told_over = True
            return True
        return False

    @property
    def landing_until(self) -> float | None:
        """When the latest spin's landing leaves the screen, until it has; else None."""
        if self.spin is None or self._landing_told_over:
            return None
        return self.spin.shown_until

    def end_if_over(self, now: float) -> None:
        """The animation ends once `now` reaches its end (this frame is its last)."""
        if self.until is not None and now >= self.until:
            self.until = None

    def next_frame(self, last_frame: float) -> float | None:
        """When the next frame is due after one drawn at `last_frame` (or a landing leaves the
        screen); None: none is."""
        if self.until is None:
            return self.landing_until
        return min(self.until, last_frame + FRAME_SECONDS)


__all__ = ["FRAMES_PER_SECOND", "FRAME_SECONDS", "Animation"]
