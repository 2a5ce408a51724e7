"""Scenes: one screen each (home, a game's board, dialogs), on a small base class.

As in pibooth, the app shows one scene at a time and the scene decides what
its screen holds. A scene builds its widgets from what it knows (the table's
latest snapshot, what the player has selected) whenever that changes, and
draws them; a tap goes to the topmost visible widget under it. The scene
never changes a match: it posts commands to the table through its `Stage`.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Protocol, TypeGuard, TypeVar, runtime_checkable

import pygame

from companion.i18n import _
from ui import theme
from ui.theme import Theme
from ui.widgets import Button, Panel, TextBlock, Widget

if TYPE_CHECKING:
    from companion.config import Config
    from companion.games.base import GameSpec, JSONValue
    from companion.hardware.spin_status import SpinnerStatus
    from companion.table import Command, Outcome, TableSnapshot
    from companion.table.commands import NewMatch
    from companion.table.hands import Hands
    from ui.spin_view import SpinMotion, SpinnerFeed
    from ui.system import SystemSetup

T = TypeVar("T")


@dataclass
class Message:
    """A sentence on screen until `until` (on the app's clock) or the next tap."""

    text: str
    until: float
    refusal: bool = True


class Stage(Protocol):
    """What every scene may ask of the app around it: the table's state, the screen, the
    way to the table, and the way to other scenes.

    A scene that needs more asks for a wider role (`MatchSetupStage`, `SystemStage`,
    `SpinnerStage`); the app plays them all.
    """

    message: Message | None
    """The sentence on screen now, if any (a scene may take it away)."""
    came_from: str
    """The name of the scene shown before this one."""

    @property
    def snapshot(self) -> TableSnapshot | None:
        """The table's latest snapshot (None before the first match)."""

    @property
    def games(self) -> dict[str, GameSpec]:
        """The games the table can start, by name."""

    @property
    def look(self) -> Theme:
        """Sizes for the current logical screen."""

    @property
    def size(self) -> tuple[int, int]:
        """The logical screen's size: the picture as a person sees it."""

    @property
    def companion_rolls(self) -> bool:
        """True when the dice tray's dice are the companion's own fair roll (`tray.dice_source
        = "fair"`): a tap that throws the dice rolls them too, nothing is read from the tray."""

    def post(
        self, command: Command, then: Callable[[Outcome], None] | None = None
    ) -> Future[Outcome]:
        """Send a command to the table; a refusal is said on screen, `then` hears the outcome."""

    def go(self, scene: str) -> None:
        """Show another scene."""

    def say(self, text: str, refusal: bool = True) -> None:
        """Show a sentence beside the board for a few seconds (a refusal in red)."""

    def changed(self) -> None:
        """Ask for the screen to be drawn again."""

    def now(self) -> float:
        """The app's clock: the time `animate` and a `SpinMotion` are on."""

    def overlay(self) -> list[Widget]:
        """What the app lays over every scene (a phone's ask to undo, to confirm)."""


class MatchPlan(Protocol):
    """The match being set up on the home screen, as the screens that set it up change it
    (the home screen's `MatchDraft` is one)."""

    game: str
    """The chosen game's name."""
    count: int
    """The number of players."""
    names: list[str]
    """The players' names, by seat (more than `count` are kept for later)."""
    colours: list[str]
    """The players' colours, by seat."""
    options: dict[str, dict[str, JSONValue]]
    """Each game's options as changed on screen."""
    hands: Hands
    """Where the hands are held: "table" (real cards) or "phones" (`companion.table.hands`)."""

    def choose_game(self, spec: GameSpec) -> None:
        """Pick a game; the number of players moves into its range."""

    def game_options(self) -> dict[str, JSONValue]:
        """The options changed for the chosen game."""

    def on_phones(self) -> bool:
        """True when the chosen game is to be played with phones as hands."""

    def new_match(self) -> NewMatch:
        """The command that starts this match."""


@runtime_checkable
class MatchSetter(Protocol):
    """A scene that sets up a match as a person would on it (the scripted driver's `new`)."""

    def set_up(self, game: str, count: int | None = None, names: list[str] | None = None,
               options: dict[str, JSONValue] | None = None, hands: Hands = "table") -> None:
        """Set up `game` for `count` players named `names`, with `options`, its hands held
        as `hands` says.

        Raises:
            ValueError: the number of players or of names does not fit the game.
        """

    def start(self, confirmed: bool = False) -> None:
        """Start the match as set up (an unfinished one is abandoned only when `confirmed`)."""


@runtime_checkable
class AddressWatcher(Protocol):
    """A scene that shows the box's network address (the scripted driver's `network`)."""

    def look_again(self, now: float) -> None:
        """Look up the address now; draw again only when it changed."""


class MatchSetupStage(Stage, Protocol):
    """What the screens that set up a match (home, players, options) share."""

    @property
    def draft(self) -> MatchPlan:
        """The match being set up on the home screen."""
    editing_seat: int
    """The seat whose name and colour the player screen edits."""


class SystemStage(Stage, Protocol):
    """What the companion's own screens ask of the box around the app."""

    system: SystemSetup
    """The box around the app: configuration file, log, backlight, network, hardware
    test."""
    config: Config
    """The configuration in effect (`system.config`; saved seats applied)."""

    def follow(self, work: Future[T], then: Callable[[T], None]) -> None:
        """Hear the end of work done on another thread on the app's thread (`then(result)`)."""

    def change_screen(self, rotation: int, face_player: bool) -> None:
        """Turn the picture to `rotation` now, and follow the player on roll or not."""


class SpinnerStage(SystemStage, Protocol):
    """What the scenes that show or set up the spinner ask."""

    spinner: SpinnerFeed | None
    """The table's spinner (a `TableSpinner`, or the software spins); None: no spinner."""

    @property
    def spin(self) -> SpinMotion | None:
        """The latest spin the spinner told (running or stopped); None before any."""

    @property
    def spinner_status(self) -> SpinnerStatus | None:
        """The spinner's status (`sentence()` says why it is unavailable); None: no spinner."""

    @property
    def seat_angles(self) -> tuple[float, ...]:
        """The calibrated seat angles, degrees from the spinner's home, seat 0 first."""

    def use_seat_angles(self, angles: tuple[float, ...]) -> None:
        """Seats were calibrated again: dials and `face_player` use `angles` from now on."""

    def animate(self, until: float) -> None:
        """Keep the loop turning (and `tick`ing) until `until` on the app's clock."""


class Scene:
    """One screen. Subclasses set `name`, build widgets in `build` and may draw a background.

    `build` is called whenever the scene is shown, the table publishes a
    snapshot, the screen changes size, or the scene calls `rebuild` itself.
    """

    name: ClassVar[str] = ""
    plan: ClassVar[Callable[[], MatchPlan] | None] = None
    """What makes the match being set up, for a scene that sets one up (the home scene's
    `MatchDraft`): the app makes one, before any scene, and every scene shares it."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.widgets: list[Widget] = []

    # -- what the app calls ---------------------------------------------------------------

    def shown(self) -> None:
        """The scene comes on screen."""
        self.rebuild()

    def snapshot_arrived(self, snapshot: TableSnapshot) -> None:
        """The table published a new state; by default the scene is built again."""
        self.rebuild()

    def rebuild(self) -> None:
        """Build the widgets again from what the scene knows now (and the app's overlay)."""
        self.widgets = [*self.build(), *self.stage.overlay()]
        self.stage.changed()

    def tap(self, pos: tuple[int, int]) -> None:
        """A tap at `pos`: the topmost visible widget under it answers.

        A disabled widget answers with its refusal (why it cannot be used now),
        as a person tapping it would want to hear.
        """
        widget = self.answering(pos)
        if widget is None:
            self.tapped_nothing(pos)
        elif widget.enabled and widget.on_tap is not None:
            widget.on_tap()
        elif not widget.enabled and widget.refusal:
            self.stage.say(widget.refusal)

    def answering(self, pos: tuple[int, int]) -> Widget | None:
        """The widget a tap at `pos` goes to: the topmost visible one that takes taps (a
        button, a dialog's card, a disabled widget); None when the tap lands on nothing."""
        for widget in reversed(self.widgets):
            if widget.contains(pos) and (widget.on_tap is not None or not widget.enabled):
                return widget
        return None

    def tapped_nothing(self, pos: tuple[int, int]) -> None:
        """A tap that landed on no widget (a board's empty space clears a selection)."""

    def dragged(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """A finger moved from `start` to `end` and lifted; by default nothing happens."""

    def text_typed(self, text: str) -> None:
        """Letters from a physical keyboard; by default nothing happens."""

    def key_pressed(self, key: int) -> None:
        """A key of a physical keyboard (Escape goes back, Enter confirms where a scene says)."""

    def tick(self, now: float) -> None:
        """Called on every turn of the app's loop (whenever it wakes, and at `next_tick`),
        with the app's clock; by default nothing happens. A scene that watches something
        outside the table (the network's address) looks here, and rebuilds when it changed."""

    def next_tick(self) -> float | None:
        """When (app clock) the scene next needs a `tick` though nothing else happens; None
        by default: the idle loop sleeps until something wakes it."""
        return None

    def spin_started(self, motion: SpinMotion) -> None:
        """The spinner started turning (or the companion picked in software); by default
        nothing happens. The app animates until `motion.until` on its own; a scene showing
        a dial builds it again here (`rebuild`)."""

    def spin_stopped(self, motion: SpinMotion) -> None:
        """The spin on screen has stopped (its last frame is next); by default the scene is
        built again, so what it says can name the seat that must act."""
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the background, then every visible widget in order."""
        surface.fill(theme.BACKGROUND)
        look = self.stage.look
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface, look)

    def visible_widgets(self) -> list[Widget]:
        """The widgets a person sees now, in drawing order.

        A widget whose centre lies under a card drawn after it (a `Panel` that takes the
        taps landing on it: a dialog, the spinner's dial) is hidden by that card.
        """
        shown = [widget for widget in self.widgets if widget.visible]
        return [widget for index, widget in enumerate(shown)
                if self.covering(widget, shown[index + 1:]) is None]

    @staticmethod
    def covering(widget: Widget, later: list[Widget]) -> Widget | None:
        """The first card among `later` (drawn after `widget`) that hides its centre."""
        centre = widget.rect.center
        for above in later:
            if (isinstance(above, Panel) and above.on_tap is not None and above.visible
                    and above.rect.collidepoint(centre)):
                return above
        return None

    # -- what subclasses write ------------------------------------------------------------

    def build(self) -> list[Widget]:
        """The scene's widgets for the current state and size."""
        return []


class MatchScene(Scene):
    """A game's table: `undo` takes back the table's last command and `redo` plays again
    what an undo took back, `scores` opens the match's scoresheet, `back` goes home (the
    match stays on the table, one tap to resume), and a keyboard at the table does these
    too (Escape, Backspace, Ctrl+Y)."""

    family: ClassVar[str]
    """The game family whose matches it shows (`GameSpec.family`)."""

    def shows(self, snapshot: TableSnapshot | None) -> TypeGuard[TableSnapshot]:
        """True when `snapshot` is a match of this scene's game family."""
        if snapshot is None:
            return False
        spec = self.stage.games.get(snapshot.game)
        return spec is not None and spec.family == self.family

    def read(self, snapshot: TableSnapshot | None) -> None:
        """Take in the table's snapshot (None: no match yet) before the scene is built."""

    def shown(self) -> None:
        """Read the match on the table, then come on screen."""
        self.read(self.stage.snapshot)
        super().shown()

    def snapshot_arrived(self, snapshot: TableSnapshot) -> None:
        """The table moved on: read the snapshot, then build the scene again."""
        self.read(snapshot)
        self.rebuild()

    def no_match(self, words: str) -> list[Widget]:
        """The screen when the table holds no match of its family: `words` say so, and the
        way back."""
        look = self.stage.look
        width, height = self.stage.size
        return [
            TextBlock("status", pygame.Rect(20, 20, width - 40, height // 2), words),
            Button("back", pygame.Rect(20, height - look.px(70), look.px(140), look.px(56)),
                   _("Back"), on_tap=self.back),
        ]

    def undo(self) -> None:
        """Take back the table's last command, if the table is still as shown (the app then
        says what was taken back)."""
        from companion.table import Undo

        snapshot = self.stage.snapshot
        if snapshot is None:
            return
        self.stage.post(Undo(for_seq=snapshot.seq, for_match=snapshot.match_id))

    def redo(self) -> None:
        """Play again what the last undo took back, if the table is still as shown."""
        from companion.table import Redo

        snapshot = self.stage.snapshot
        if snapshot is None:
            return
        self.stage.post(Redo(for_seq=snapshot.seq, for_match=snapshot.match_id))

    def back(self) -> None:
        """Home (the match stays on the table, one tap to resume)."""
        self.stage.go("home")

    def scores(self) -> None:
        """The match's scoresheet (the scores and history screen); its back comes here."""
        self.stage.go("history")

    def key_pressed(self, key: int) -> None:
        """Escape goes home, Backspace undoes, Ctrl+Y redoes (a keyboard at the table)."""
        if key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_BACKSPACE:
            self.undo()
        elif key == pygame.K_y and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.redo()


__all__ = ["AddressWatcher", "MatchPlan", "MatchScene", "MatchSetter", "MatchSetupStage",
           "Message", "Scene", "SpinnerStage", "Stage", "SystemStage"]
