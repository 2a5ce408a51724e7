"""The table's news on the touchscreen: what the table and the devices hand over.

`App` (``ui.app``) is a `ScreenNews`: on each turn of its loop (and in `settle`) it takes
the table's latest snapshot, then the table's answers, the devices' results and a phone's
ask to undo, in that order. A snapshot may show a match started elsewhere (a phone), which
the home screens follow, or an undo, which the match's screen says aloud.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ui.answers import Answers, refusal_words
from ui.game_scenes import took_back_words
from ui.scene import MatchScene, Scene
from ui.undo_card import UndoCard

if TYPE_CHECKING:
    from companion.table import Table, TableSnapshot
    from companion.table.snapshot import Subscription
    from ui.mailbox import Mailbox

FOLLOWS_NEW_MATCHES = frozenset({"home", "player", "options"})
"""The scenes that give way to a match started elsewhere (a phone): the ones where a match
is chosen, not the companion's own screens."""
SETS_UP_MATCHES = FOLLOWS_NEW_MATCHES | {"join"}
"""The scenes shown while a match is set up, the join screen's QR code among them: the lobby
offers the draft's players to phones there, and nowhere else."""


class _Listening(Protocol):
    """What taking the news needs of the app."""

    table: Table
    answers: Answers
    undo_card: UndoCard
    scene: Scene
    scenes: dict[str, Scene]
    subscription: Subscription
    phones_joining: Mailbox[bool]
    _snapshot: TableSnapshot | None

    def say(self, text: str, refusal: bool = True) -> None: ...
    def changed(self) -> None: ...
    def go(self, scene: str) -> None: ...
    def scene_for(self, game: str) -> str | None: ...
    def _face(self, snapshot: TableSnapshot | None) -> None: ...
    def _take_snapshot(self) -> None: ...
    def _take_answers(self) -> None: ...
    def _take_results(self) -> None: ...
    def _take_undo_asks(self) -> None: ...
    def _take_phones(self) -> None: ...
    def _rebuild_scene(self) -> None: ...
    def _follow_new_match(self, before: TableSnapshot | None, now: TableSnapshot) -> bool: ...
    def _say_took_back(self, before: TableSnapshot | None, now: TableSnapshot) -> None: ...


class ScreenNews:
    """The app's taking of news (`App` is one)."""

    _snapshot: TableSnapshot | None
    """The last snapshot taken: what the screen shows."""

    def _take_news(self: _Listening) -> None:
        """Take what the table and the devices handed over: the table publishes a snapshot
        before it answers, so the snapshot first (an answer's follow-up, such as going to
        the match's screen, sees the state it answered for), then the answers, then the
        devices' results, a phone's ask to undo (or its withdrawal), and last a phone
        that joined or left."""
        self._take_snapshot()
        self._take_answers()
        self._take_results()
        self._take_undo_asks()
        self._take_phones()

    def _take_phones(self: _Listening) -> None:
        if self.phones_joining.take_all():  # a phone joined or left: who has one is drawn
            self._rebuild_scene()

    def _take_answers(self: _Listening) -> None:
        self.answers.take_outcomes(
            lambda outcome: self.say(refusal_words(outcome, self._snapshot)))

    def _take_results(self: _Listening) -> None:
        self.answers.take_results(self.say)

    def _take_undo_asks(self: _Listening) -> None:
        if self.undo_card.take(self._snapshot):  # a phone asked to undo, or its ask went
            self._rebuild_scene()

    def _rebuild_scene(self: _Listening) -> None:
        self.scene.rebuild()

    def _take_snapshot(self: _Listening) -> None:
        snapshot = self.subscription.latest()
        if snapshot is None:
            return
        before, self._snapshot = self._snapshot, snapshot
        self._face(snapshot)
        if self._follow_new_match(before, snapshot):
            return
        self.scene.snapshot_arrived(snapshot)
        self._say_took_back(before, snapshot)
        self.changed()

    def _say_took_back(self: _Listening, before: TableSnapshot | None, now: TableSnapshot) -> None:
        """An undo (here, on a keyboard or on a phone) says on the match's screen what it
        took back, so that nothing goes back unseen."""
        words = took_back_words(now)
        if words is None or not isinstance(self.scene, MatchScene):
            return
        if before is not None and (before.match_id, before.seq) == (now.match_id, now.seq):
            return
        self.say(words, refusal=False)

    def _follow_new_match(
        self: _Listening, before: TableSnapshot | None, now: TableSnapshot
    ) -> bool:
        """A match started elsewhere (a phone) while the screen shows home or its player and
        options screens: show the match. True when the screen went to it. The companion's
        own screens (settings, seats...) are left alone: someone is busy there. A match
        played to its end between two looks shows too: its result is news. `before` is
        first the table's snapshot when the app opened: a match resumed at start is not news."""
        if before is not None and before.match_id == now.match_id:
            return False
        if self.scene.name not in FOLLOWS_NEW_MATCHES:
            return False
        scene = self.scene_for(now.game)
        if scene is None:
            return False
        self.go(scene)
        return True

    def scene_for(self: _Listening, game: str) -> str | None:
        """The name of the app's scene that shows the game called `game` (the scene of its
        family, `MatchScene.family`), or None if none of its scenes does."""
        spec = self.table.games.get(game)
        if spec is None:
            return None
        return next((name for name, scene in self.scenes.items()
                     if isinstance(scene, MatchScene) and scene.family == spec.family), None)
