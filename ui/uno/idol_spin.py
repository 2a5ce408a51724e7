"""The idol's spin on the UNO screen (UNO Tiki Twist): the dial, its words and its buttons.

While the motor turns the idol, the screen keeps showing the table as it was
before the spin's result and draws the dial turning with the spinner's own
motion (`dial`); when the idol stopped between two seats, the player who
spun picks (`pick:<seat>`). `spin` asks the table's spinner; `spinning`
answers while the idol turns. A software spin says so (`spinner`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from companion.games.uno import tiki_actions as tact
from companion.games.uno.phases import Phase
from companion.hardware.spin_status import problem_words
from companion.i18n import _, note_text
from ui import theme
from ui.spin_view import SpinMotion, spin_dial
from ui.uno.actions import GO, IdolActions, Press
from ui.uno.phones_view import PhonesView
from ui.uno.view_model import UnoView
from ui.widgets import Panel, Widget

View = UnoView | PhonesView
"""The match on screen: refereed (real cards), or with phones as hands (its public view)."""

FACE_BEAT_S = 0.6
"""How long a Tiki Face is seen on the idol before the spin it asks for starts by itself."""


@dataclass(frozen=True)
class FaceBeat:
    """A spin a Tiki Face asked for, not yet started: the table's seq after the face went
    on the idol and, once the table showed that state, when its spin starts (app clock)."""

    seq: int
    due: float | None = None
    """None until the screen shows the state `seq`; then a beat after the face is seen."""


class IdolSpin:
    """What the UNO scene shows of a spin: the table held until the idol stops, the dial."""

    def __init__(self, scene: IdolActions) -> None:
        self.scene = scene
        self.before_spin: View | None = None
        """The table as it was before a spin's result, shown while the idol turns to it."""
        self.motion_before: SpinMotion | None = None
        """The app's latest spin when that result arrived (the spin to show comes after)."""
        self.face_beat: FaceBeat | None = None
        """The spin a Tiki Face laid on the idol asked for, until it starts by itself."""

    def face_laid(self, seq: int, view: View | None) -> None:
        """A Tiki Face went on the idol, leaving the table at `seq`: its spin starts by
        itself (`spin_if_asked`, `tick`)."""
        self.face_beat = FaceBeat(seq)
        self.spin_if_asked(view)

    def spin_if_asked(self, view: View | None) -> None:
        """Once the table shows the state a Tiki Face play made and it asks for a spin, the
        spin starts a beat later (`FACE_BEAT_S`, `tick`): laying the face on the idol is the
        tap that turns it."""
        beat = self.face_beat
        if beat is None or beat.due is not None or view is None:
            return
        if view.snapshot.seq < beat.seq:
            return
        if view.snapshot.seq != beat.seq or not view.spinning:
            self.face_beat = None
            return
        stage = self.scene.stage
        due = stage.now() + FACE_BEAT_S
        self.face_beat = replace(beat, due=due)
        stage.animate(due)  # the loop turns until then

    def tick(self, now: float, view: View | None) -> None:
        """The beat is over: spin, unless the table has moved on since (an undo, another
        tap, a spin already asked)."""
        beat = self.face_beat
        if beat is None or beat.due is None or now < beat.due:
            return
        self.face_beat = None
        if view is not None and view.snapshot.seq == beat.seq and view.spinning:
            self.scene.spin()

    def hold_for_the_spin(self, view: View | None, previous: View | None) -> None:
        """A spin's result arrived: keep showing the table as it was until the idol stops
        there on screen (the table's spinner tells its motion as the motor starts)."""
        stage = self.scene.stage
        if view is None or view.spinning or previous is None:
            self.before_spin = None
            return
        if previous.spinning and stage.spinner_status is not None:
            self.before_spin = previous
            # A motion still turning is this spin's (its motor may start before the result
            # reaches the screen); one already stopped is an earlier spin's.
            latest = stage.spin
            running = latest is not None and not latest.done(stage.now())
            self.motion_before = None if running else latest

    def holding(self) -> bool:
        """True while the screen shows the table before the spin's result: the idol's motion
        runs, or the spinner is still to start it."""
        if self.before_spin is None:
            return False
        stage = self.scene.stage
        motion = stage.spin
        if motion is not None and motion is not self.motion_before:
            return not motion.done(stage.now())
        status = stage.spinner_status
        return status is not None and status.moving

    def dial_widgets(self, view: View, area: pygame.Rect) -> list[Widget]:
        """The table from above with the idol turning, over the cards while a spin is shown.

        It shows while the motor turns (the spinner's own motion, frame by frame) and while
        the player who spun picks between two seats; once the idol stopped on a seat the
        table comes back, its prompt naming who acts. A software spin says so.
        """
        if view.tiki is None:
            return []
        stage = self.scene.stage
        picks = tuple(action.picked for action in view.actions_of(tact.PickSeat))
        motion = stage.spin
        # Turning, or resting on where it landed for a moment (`SpinMotion.shown`).
        turning = motion is not None and motion.shown(stage.now())
        if not (turning or picks or self.holding()):
            return []
        shown = motion if turning or (picks and motion is not None
                                      and motion.result == picks) else None
        look = stage.look
        card = area.inflate(look.px(8), look.px(8))
        dial = spin_dial(area, view.snapshot.players, stage.seat_angles, shown,
                         stage.now, landed=() if turning else picks)
        return [Panel("dial_card", card, border=theme.ACCENT, on_tap=_nothing), dial]

    def words(self, view: View) -> str:
        """Why the idol is spun in software, while a spin is asked or shown (Tiki Twist)."""
        status = self.scene.stage.spinner_status
        if view.tiki is None or status is None or status.available:
            return ""
        if not (view.spinning or view.phase is Phase.PICK_SEAT or self.holding()):
            return ""
        reason = note_text(problem_words(status), str)
        return _("Software spin: the companion picks. {reason}").format(reason=reason)

    def stopped(self, motion: SpinMotion) -> None:
        """The idol stopped: the table shows the spin's result and who must act."""
        if motion is not self.motion_before:
            self.before_spin = None

    def presses(self, view: View) -> list[Press]:
        """`spin` (the table's spinner answers) or the `pick:<seat>` buttons; `spinning`
        while the idol turns."""
        scene = self.scene
        if self.holding():
            return [Press("spinning", _("Spinning…"), lambda: scene.stage.say(
                _("The idol is turning: wait until it stops."), refusal=False))]
        if view.spinning:
            return [Press("spin", _("Spin the idol"), scene.spin, GO)]
        return [Press(f"pick:{action.picked}", _("Pick {name}").format(
            name=view.name(action.picked)), scene.sender(action), GO)
            for action in view.actions_of(tact.PickSeat)]


def _nothing() -> None:
    """The dial's card takes the taps that land on it (the cards under it are hidden)."""


__all__ = ["FACE_BEAT_S", "FaceBeat", "IdolSpin"]
