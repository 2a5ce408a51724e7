"""One input adapter: pygame's touch and mouse events become one gesture per touch.

A finger on a touchscreen arrives twice: as FINGER events (0..1 panel
coordinates) and as mouse events SDL synthesises from them (`touch=True`).
A resistive panel, or a mouse on a laptop, sends mouse events only. The
adapter takes FINGER events and real mouse events (button 1) as sources,
drops the synthesised ones, follows one pointer at a time, and turns each
touch into exactly one of:

- `Tap`: released within `slop` logical pixels of where it went down,
  before `press_s` seconds;
- `Press`: held still for `press_s` (fired by `poll()` while still held; the
  release after it produces nothing more);
- `Drag`: moved beyond `slop`; `Drag(done=False)` for each movement, then one
  `Drag(done=True)` at release.

Positions are logical pixels (the upright picture, see `ui.rotation`). A tap
and a press are placed where the finger went down: the place aimed at, since
a finger rolls as it lifts.

A touch is cancelled when the pointer leaves the window or the window loses
focus, when a new rotation is set, or by `cancel()`: a drag in progress then
ends with `Drag(done=True, cancelled=True)` (put back what was dragged), and
a touch that had not yet become anything ends with nothing.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ui.rotation import Rotation

Pos = tuple[int, int]


@dataclass(frozen=True)
class Tap:
    """A short touch that stayed where it went down."""

    pos: Pos


@dataclass(frozen=True)
class Press:
    """A long press: a touch held still for the adapter's `press_s`."""

    pos: Pos


@dataclass(frozen=True)
class Drag:
    """A touch that moved: `start` where it went down, `pos` where it is now.

    `done` is True once, at release; `cancelled` with it when the touch was
    cut off (the window lost the pointer) rather than released.
    """

    start: Pos
    pos: Pos
    done: bool
    cancelled: bool = False


Gesture = Tap | Press | Drag

MOUSE = "mouse"
"""The source key of the mouse pointer (a mouse or a resistive panel)."""

_CANCELLING_EVENTS = frozenset(
    {pygame.WINDOWLEAVE, pygame.WINDOWFOCUSLOST, pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED}
)


@dataclass
class _Touch:
    """The one touch being followed."""

    source: object
    """MOUSE, or a FINGER event's (touch_id, finger_id)."""
    start: Pos
    pos: Pos
    down_at: float
    dragging: bool = False
    pressed: bool = False

    @property
    def still_undecided(self) -> bool:
        """Neither a drag nor a press yet: a tap if released now."""
        return not (self.dragging or self.pressed)


class InputAdapter:
    """Turns pygame events into gestures in logical coordinates, one per touch.

    `clock` gives seconds (monotonic); tests inject a fake one. `slop` is in
    logical pixels, `press_s` in seconds.

    Raises:
        ValueError: (on construction) when `slop` is negative or `press_s` is
            not positive.
    """

    def __init__(
        self,
        rotation: Rotation,
        *,
        clock: Callable[[], float] = time.monotonic,
        slop: int = 12,
        press_s: float = 0.6,
    ) -> None:
        if slop < 0:
            raise ValueError(f"The touch slop {slop} is negative; give 0 or more pixels.")
        if not press_s > 0:
            raise ValueError(
                f"The long-press time {press_s} is not positive; give seconds above 0."
            )
        self._rotation = rotation
        self._clock = clock
        self._slop = slop
        self._press_s = press_s
        self._touch: _Touch | None = None
        self._pending: list[Gesture] = []

    @property
    def rotation(self) -> Rotation:
        """How panel coordinates turn into logical ones."""
        return self._rotation

    @rotation.setter
    def rotation(self, rotation: Rotation) -> None:
        # A touch begun in the old picture means nothing in the new one.
        if rotation != self._rotation:
            self._pending.extend(self.cancel())
        self._rotation = rotation

    def feed(self, event: pygame.event.Event) -> list[Gesture]:
        """The gestures `event` completes or advances (often none)."""
        gestures = self.poll()
        if event.type in _FINGER_PHASES:
            pos = self._rotation.finger_to_logical(event.x, event.y)
            source = (event.touch_id, event.finger_id)
            gestures += self._pointer(_FINGER_PHASES[event.type], source, pos)
        elif event.type in _MOUSE_PHASES:
            if self._is_real_mouse(event):
                pos = self._rotation.to_logical(event.pos)
                gestures += self._pointer(_MOUSE_PHASES[event.type], MOUSE, pos)
        elif event.type in _CANCELLING_EVENTS:
            gestures += self.cancel()
        return gestures

    def poll(self) -> list[Gesture]:
        """Gestures due by time: a long press fires here while the touch is still held."""
        gestures, self._pending = self._pending, []
        touch = self._touch
        if touch and touch.still_undecided and self._clock() >= self._press_due(touch):
            touch.pressed = True
            gestures.append(Press(touch.start))
        return gestures

    def next_deadline(self) -> float | None:
        """When `poll()` may next produce something (clock seconds), None if nothing is pending."""
        if self._pending:
            return self._clock()
        touch = self._touch
        if touch and touch.still_undecided:
            return self._press_due(touch)
        return None

    def cancel(self) -> list[Gesture]:
        """Drop the touch in progress: a drag ends cancelled, anything else ends silently."""
        touch, self._touch = self._touch, None
        if touch and touch.dragging:
            return [Drag(touch.start, touch.pos, done=True, cancelled=True)]
        return []

    def _press_due(self, touch: _Touch) -> float:
        return touch.down_at + self._press_s

    @staticmethod
    def _is_real_mouse(event: pygame.event.Event) -> bool:
        """Button 1 of a real mouse; SDL's copies of a finger carry `touch=True`."""
        if getattr(event, "touch", False):
            return False
        if event.type == pygame.MOUSEMOTION:
            return True
        return bool(event.button == 1)

    def _pointer(self, phase: int, source: object, pos: Pos) -> list[Gesture]:
        """One pointer event of either source, in logical pixels."""
        if phase == _DOWN:
            return self._down(source, pos)
        touch = self._touch
        if touch is None or touch.source != source:
            return []  # a second finger, or a mouse moving with no button held
        if phase == _MOTION:
            return self._move(touch, pos)
        self._touch = None
        return self._release(touch, pos)

    def _down(self, source: object, pos: Pos) -> list[Gesture]:
        gestures: list[Gesture] = []
        if self._touch is not None:
            if self._touch.source != source:
                return []  # one pointer at a time
            gestures = self.cancel()  # the same pointer down again: its release was lost
        self._touch = _Touch(source, pos, pos, self._clock())
        return gestures

    def _move(self, touch: _Touch, pos: Pos) -> list[Gesture]:
        touch.pos = pos
        if touch.pressed:
            return []
        if not touch.dragging and self._beyond_slop(touch.start, pos):
            touch.dragging = True
        return [Drag(touch.start, pos, done=False)] if touch.dragging else []

    def _release(self, touch: _Touch, pos: Pos) -> list[Gesture]:
        if touch.pressed:
            return []
        if touch.dragging or self._beyond_slop(touch.start, pos):
            return [Drag(touch.start, pos, done=True)]
        return [Tap(touch.start)]

    def _beyond_slop(self, start: Pos, pos: Pos) -> bool:
        return math.hypot(pos[0] - start[0], pos[1] - start[1]) > self._slop


_DOWN, _MOTION, _UP = 0, 1, 2
_FINGER_PHASES = {pygame.FINGERDOWN: _DOWN, pygame.FINGERMOTION: _MOTION, pygame.FINGERUP: _UP}
_MOUSE_PHASES = {
    pygame.MOUSEBUTTONDOWN: _DOWN,
    pygame.MOUSEMOTION: _MOTION,
    pygame.MOUSEBUTTONUP: _UP,
}
