"""The touchscreen app: one window (or panel), one scene at a time, one subscriber of the table.

The app never changes a match: every tap becomes a command posted to the `Table`, and
the screen shows the snapshots the table publishes (through its subscriber mailbox). The
loop sleeps in the kernel (`ui.doorbell`), with no timeout unless something is due (a
message to take down, a long press, an animation's next frame). Input wakes it, so does a
signal, and so does work handed to it from other threads, each kind through a
`ui.mailbox.Mailbox` that rings the bell: the table's answers and devices' results
(`ui.answers`), the spinner's motions and status changes (`ui.spinner_watch`). Nothing is
drawn unless something changed, so an idle app costs nothing.

Animation is the exception, and it ends (`ui.animation`): a scene asks `animate(until)`,
a spin animates to its stop, and the loop draws up to `FRAMES_PER_SECOND` until then. A
frame in which only a spin moved draws the turning dial alone and sends only the rects it
changed to the panel (`ui.spin_view.draw_turning`); anything else that changed
(`changed()`) draws the whole scene.

Rotation happens here, not below: every scene draws on a logical surface (the
picture as a person sees it), which is turned onto the panel; touch
coordinates are turned back by the same `Rotation`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar

import pygame

from companion.config import Config
from ui.animation import FRAME_SECONDS, FRAMES_PER_SECOND, Animation
from ui.answers import Answers
from ui.app_news import SETS_UP_MATCHES, ScreenNews
from ui.app_waits import ScreenWaits
from ui.display import PLAIN_SETUP, ScreenSetup, open_display
from ui.doorbell import Doorbell
from ui.input import Drag, InputAdapter, Press, Tap
from ui.mailbox import Mailbox
from ui.rotation import Rotation
from ui.scene import MatchPlan, Message, Scene
from ui.spin_view import SpinMotion, SpinnerFeed, draw_turning
from ui.spinner_watch import SpinnerWatch
from ui.system import SystemSetup
from ui.theme import Theme
from ui.undo_card import UndoCard

if TYPE_CHECKING:
    from companion.games.base import GameSpec
    from companion.hardware.spin_status import SpinnerStatus
    from companion.table import Command, Outcome, Table, TableSnapshot
    from ui.widgets import Widget

log = logging.getLogger(__name__)
T = TypeVar("T")

MESSAGE_SECONDS = 5.0
"""How long a sentence (a refused move) stays beside the board."""


class App(ScreenWaits, ScreenNews):
    """The touchscreen: scenes on a logical surface, turned onto the panel.

    Use as a context manager, or call `close()`. `scenes` is a sequence of
    scene classes; the first is the home scene. `spinner` is the table's
    spinner (its motions are animated, its status shown), None when the
    table has none; `spinner_problem` then says why, if it should have.
    `config` is the configuration the devices were opened with (the built-in
    defaults when None).
    `clock` and `sleep` are the app's time (tests pass a fake pair).
    The first scene class with a `plan` makes the match being set up (`draft`).
    `system` is the box around the app: its configuration file, log, backlight,
    network and hardware test (the companion's own screens use it).
    """

    def __init__(
        self,
        table: Table,
        scenes: Sequence[type[Scene]],
        setup: ScreenSetup = PLAIN_SETUP,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        spinner: SpinnerFeed | None = None,
        spinner_problem: str = "",
        system: SystemSetup | None = None,
        config: Config | None = None,
    ) -> None:
        self.table = table
        self.system = system if system is not None else SystemSetup()
        if config is not None:
            self.system.config = config
        self.setup = setup
        self.clock = clock
        self.sleep = sleep
        self.spinner = spinner
        self.spinner_problem = spinner_problem
        self.display = open_display(setup)
        self.doorbell = Doorbell(pygame.display.get_driver())
        """What the idle loop sleeps on; other threads and signals ring it."""
        panel = self.display.get_size()
        self.rotation = Rotation(panel, setup.rotation)
        self.input = InputAdapter(self.rotation, clock=clock)
        self.logical = pygame.Surface(self.rotation.logical_size)
        self._look = Theme.for_size(self.rotation.logical_size)
        self.message: Message | None = None
        plans = [scene_class.plan for scene_class in scenes if scene_class.plan is not None]
        self._draft: MatchPlan | None = plans[0]() if plans else None
        self.editing_seat = 0
        # The table's answers and devices' (`follow`) arrive on their threads, are heard here.
        self.answers = Answers(self._wake)
        self._dirty = True  # a frame is due
        self._whole = True  # ... and more than the spin's animation changed in it
        self._stopped = False
        self._drawn = False  # the first frame is out (said once in the log)
        self.animation = Animation()
        self._last_frame = clock()
        self._snapshot: TableSnapshot | None = table.snapshot
        phone = self.system.phone
        # A phone's ask to undo, over whatever scene shows (its desk rings the doorbell).
        self.undo_card = UndoCard(phone.undo_asks if phone is not None else None, self,
                                  self._wake, self._rebuild_scene)
        # A phone that joins or leaves rings the lobby's bell: the home screen draws who has one.
        self.phones_joining: Mailbox[bool] = Mailbox(4, on_put=self._wake)
        self.lobby = phone.lobby if phone is not None else None
        if self.lobby is not None:
            self.lobby.attach(self._phone_joined)
        self.scenes: dict[str, Scene] = {}
        for scene_class in scenes:
            self.scenes[scene_class.name] = scene_class(self)
        self.home = scenes[0].name
        self.scene = self.scenes[self.home]
        self.came_from = self.home
        """The scene shown before this one (the scores screen goes back to a match)."""
        self.subscription = table.subscribe(maxsize=4, on_offer=self._wake)
        # Spins and status changes are told on the spinner's thread, heard here.
        self.spinner_watch = SpinnerWatch(spinner, spinner_problem, clock, self._wake)
        self._face(self._snapshot)
        self.scene.shown()

    # -- the Stage protocol (what scenes ask) -----------------------------------------------

    @property
    def snapshot(self) -> TableSnapshot | None:
        """The latest snapshot the screen shows."""
        return self._snapshot

    @property
    def draft(self) -> MatchPlan:
        """The match being set up, made by the first scene given that sets one up (`plan`).

        Raises:
            LookupError: none of the app's scenes sets up a match.
        """
        if self._draft is None:
            raise LookupError("None of this app's scenes sets up a match.")
        return self._draft

    @property
    def games(self) -> dict[str, GameSpec]:
        """The games the table can start."""
        return dict(self.table.games)

    @property
    def look(self) -> Theme:
        """Sizes for the logical screen."""
        return self._look

    @property
    def size(self) -> tuple[int, int]:
        """The logical screen: the picture as a person sees it."""
        return self.rotation.logical_size

    def post(
        self, command: Command, then: Callable[[Outcome], None] | None = None
    ) -> Future[Outcome]:
        """Post a command to the table; its answer comes back on the app's thread."""
        return self.answers.post(self.table, command, then)

    def follow(self, work: Future[T], then: Callable[[T], None]) -> None:
        """Hear the end of work done on another thread (a device's answer) on the app's own.

        `then(result)` runs in the loop once `work` is done; work that failed is logged
        and its error said on screen; cancelled work is dropped. `settle` waits for it,
        as for the table's answers.
        """
        self.answers.follow(work, then)

    def use_seat_angles(self, angles: tuple[float, ...]) -> None:
        """Seats were calibrated again: the dials and `face_player` use `angles` from now on."""
        self.setup = replace(self.setup, seat_angles=tuple(angles))
        self._face(self._snapshot)
        self.scene.rebuild()

    def go(self, scene: str) -> None:
        """Show the scene called `scene`."""
        self.came_from = self.scene.name
        self.scene = self.scenes[scene]
        if self.lobby is not None and scene not in SETS_UP_MATCHES:
            self.lobby.close()  # a match shows: phones join its players, not the draft's
        self.message = None
        self.scene.shown()
        self.changed()

    def say(self, text: str, refusal: bool = True) -> None:
        """Show a sentence for a few seconds (or until the next tap)."""
        self.message = Message(text, self.clock() + MESSAGE_SECONDS, refusal)
        self.scene.rebuild()

    def changed(self) -> None:
        """Draw again at the next chance (the whole scene)."""
        self._dirty = True
        self._whole = True

    def now(self) -> float:
        """The app's clock (what `animate` and `SpinMotion` times are on)."""
        return self.clock()

    def overlay(self) -> list[Widget]:
        """The card of a phone's ask to undo, while one waits (over every scene)."""
        return self.undo_card.widgets()

    def animate(self, until: float) -> None:
        """Draw up to 60 frames a second until `until` (app clock), then sleep again."""
        self.animation.ask(until, whole=True)
        self.changed()

    @property
    def animating(self) -> bool:
        """True while an animation asked for more frames."""
        return self.animation.running

    @property
    def spin(self) -> SpinMotion | None:
        """The latest spin the spinner told (running or stopped), None before any."""
        return self.animation.spin

    @property
    def spinner_status(self) -> SpinnerStatus | None:
        """The spinner's status; None when the table has no spinner and none was expected."""
        return self.spinner_watch.status

    @property
    def companion_rolls(self) -> bool:
        """True when the tray's dice are the companion's own fair roll (`tray.dice_source`)."""
        return self.system.config.tray.dice_source == "fair"

    @property
    def config(self) -> Config:
        """The configuration in effect (`system.config`): the devices were opened with it,
        the seats screen and the settings screen replace it when they save."""
        return self.system.config

    @config.setter
    def config(self, config: Config) -> None:
        self.system.config = config

    @property
    def seat_angles(self) -> tuple[float, ...]:
        """The calibrated seat angles (`spinner.seat_angles`, saved seats applied)."""
        return self.setup.seat_angles

    # -- the loop ---------------------------------------------------------------------------

    def run(self) -> None:
        """Show the app until the window is closed or `stop()` is called (also before `run`)."""
        with self.doorbell.hearing_signals():
            if not self._stopped:
                self.step(None)  # the first frame at once, not after the first wait for events
            while not self._stopped:
                self.doorbell.wait(self._wait_seconds())
                self.step(None)

    def stop(self) -> None:
        """End `run()` after the current step (safe from a signal handler)."""
        self._stopped = True
        self._wake()

    def step(self, timeout: float | None) -> None:
        """Wait up to `timeout` seconds for something to happen (None: no wait), handle it all,
        and draw if anything changed."""
        if timeout is not None:
            self.doorbell.wait(timeout)
        for event in pygame.event.get():
            self.handle_event(event)
        for gesture in self.input.poll():
            self._gesture(gesture)
        self._take_motions()
        self._take_news()
        self._expire_message()
        self._tick_animation()
        self.scene.tick(self.clock())
        if self._dirty:
            self.draw()

    def handle_event(self, event: pygame.event.Event) -> None:
        """One pygame event: input becomes gestures; quitting ends the loop."""
        if event.type == pygame.QUIT:
            self._stopped = True
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.changed()
        if event.type == pygame.TEXTINPUT:
            self.scene.text_typed(event.text)
        elif event.type == pygame.KEYDOWN:
            self.scene.key_pressed(event.key)
        for gesture in self.input.feed(event):
            self._gesture(gesture)

    def draw(self) -> None:
        """Draw the current scene on the logical surface and turn it onto the panel.

        When only an animation moved since the last frame, only the turning dial is drawn
        and only the rects it changed go to the panel.
        """
        whole = self._whole or self.animation.draws_whole(self.clock())
        changed = None if whole else draw_turning(self.scene.widgets, self.logical, self.look)
        if changed is None:
            self.scene.draw(self.logical)
            self.rotation.present(self.logical, self.display)
            pygame.display.flip()
        else:
            pygame.display.update([self.rotation.present_rect(self.logical, self.display, rect)
                                   for rect in changed])
        self._dirty = False
        self._whole = False
        if not self._drawn:
            log.info("First frame on screen.")
        self._drawn = True
        self._last_frame = self.clock()

    def screenshot(self) -> pygame.Surface:
        """The picture as a person sees it, read back from the panel."""
        return self.rotation.upright(self.display)

    def close(self) -> None:
        """Stop listening to the table and the spinner, close the display. Safe to call twice."""
        self.subscription.close()
        self.undo_card.close()
        if self.lobby is not None:
            self.lobby.detach(self._phone_joined)
        self.spinner_watch.close()
        self.doorbell.close()
        if pygame.display.get_init():
            pygame.display.quit()

    def __enter__(self) -> App:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- inside -----------------------------------------------------------------------------

    def _wake(self) -> None:
        """Called from other threads: wake the loop (never waits, never raises)."""
        self.doorbell.ring()

    def _phone_joined(self) -> None:
        """Called from the phone page's threads: a phone joined or left a seat."""
        self.phones_joining.put(True)

    def _take_motions(self) -> None:
        for motion in self.spinner_watch.motions.take_all():
            self.animation.spin_started(motion)  # its frames draw the turning dial alone
            self.changed()
            self.scene.spin_started(motion)
        news = self.spinner_watch.news.take_all()
        if news:
            for note in news:
                if note:
                    self.say(note, refusal=False)
            self.scene.rebuild()

    def _tick_animation(self) -> None:
        """While animating, every step draws; at the end the scene hears the spin stopped,
        and once its landing has been shown long enough the scene is built without it."""
        now = self.clock()
        if self.animation.landing_over(now):
            self.scene.rebuild()
            self.changed()
        if not self.animation.running:
            return
        self._dirty = True  # a frame of the animation: the scene need not be drawn whole
        stopped = self.animation.spin_stopping(now)
        if stopped is not None:
            self.scene.spin_stopped(stopped)
        self.animation.end_if_over(now)  # this step draws the last frame

    def _gesture(self, gesture: Tap | Press | Drag) -> None:
        if isinstance(gesture, Drag) and (not gesture.done or gesture.cancelled):
            return
        if self.message is not None:
            # The sentence goes with the next touch, wherever it lands.
            self.message = None
            self.scene.rebuild()
        if isinstance(gesture, Tap | Press):
            self.scene.tap(gesture.pos)
        else:
            self.scene.dragged(gesture.start, gesture.pos)
        self.changed()

    def _face(self, snapshot: TableSnapshot | None) -> None:
        """Turn the screen toward the seat on roll, when it lies flat in the middle."""
        if snapshot is None or snapshot.to_move is None:
            return
        degrees = self.setup.facing(snapshot.to_move)
        if degrees is not None and degrees != self.rotation.degrees:
            self.set_rotation(degrees)

    def change_screen(self, rotation: int, face_player: bool) -> None:
        """Use a new rotation and `face_player` from now on (the settings screen); the
        picture turns at once."""
        self.setup = replace(self.setup, rotation=rotation, face_player=face_player)
        self.set_rotation(rotation)
        self._face(self._snapshot)
        self.changed()

    def set_rotation(self, degrees: int) -> None:
        """Turn the picture on the panel; every scene is laid out again."""
        self.rotation = Rotation(self.display.get_size(), degrees)
        self.input.rotation = self.rotation
        self.logical = pygame.Surface(self.rotation.logical_size)
        self._look = Theme.for_size(self.rotation.logical_size)
        self.scene.rebuild()

    def _expire_message(self) -> None:
        if self.message is not None and self.clock() >= self.message.until:
            self.message = None
            self.scene.rebuild()

    def _wait_seconds(self) -> float | None:
        """How long the loop may sleep: until a message expires, a long press is due, or the
        next frame of an animation, or the scene asks a tick; None: until something wakes it."""
        deadlines = [self.input.next_deadline(), self.animation.next_frame(self._last_frame),
                     self.scene.next_tick()]
        if self.message is not None:
            deadlines.append(self.message.until)
        due = [deadline for deadline in deadlines if deadline is not None]
        if not due:
            return None
        return max(0.001, min(due) - self.clock())


__all__ = ["FRAMES_PER_SECOND", "FRAME_SECONDS", "MESSAGE_SECONDS", "App", "Message", "ScreenSetup",
           "open_display"]
