"""Seats: calibrate where the players sit, by jogging the spinner's pointer to each of them.

Widgets: `jog:--`, `jog:-`, `jog:+`, `jog:++` (10 and 1 degrees back and
forward), `save` (the pointer's angle becomes the next seat), `undo` (forget
the last seat), `write` (write the seats: the spinner, the dials and
`face_player` use them at once), `seat:<n>` (select a saved seat, 0 first),
then `test` (a test spin that stops at it) or `forget`; `home` when the
spinner could not home; `dial`, `angle`, `status`, `hint`, `title`, `back`.
What the spinner answers is the calibration's own sentence, in `status`.

Each button is one of the calibration's keys (`jog:+` is its `f`, `jog:++`
its `F`, `save` its `s`, ...), pressed through the spinner's `SeatCalibration`
port (`SpinnerWorkshop.calibration`), which answers later with a `SeatAnswer`.
"""

from __future__ import annotations

from concurrent.futures import Future
from functools import partial
from typing import TYPE_CHECKING, ClassVar

import pygame

from companion.hardware.spin_status import problem_words
from companion.i18n import _, note_text
from ui import layout, theme
from ui.board_parts import mix
from ui.scene import Scene, SpinnerStage
from ui.scene_parts import header_row, message_widgets
from ui.spin_view import DialSeat, SpinDial, SpinMotion, spinner_sentence
from ui.theme import PLAYER_COLOURS
from ui.widgets import Button, Label, TextBlock, Widget, button_width

if TYPE_CHECKING:
    from companion.hardware.seat_calibration import SeatAnswer, SpinStop
    from companion.ports import SeatCalibration

JOG_KEYS: dict[str, str] = {"jog:--": "B", "jog:-": "b", "jog:+": "f", "jog:++": "F"}
"""The jog buttons and the calibration keys they press: 10 and 1 degrees back and forward."""

JOG_LABELS: dict[str, str] = {"jog:--": "−10°", "jog:-": "−1°", "jog:+": "+1°", "jog:++": "+10°"}
SEAT_COLOURS = tuple(PLAYER_COLOURS.values())


class SeatsScene(Scene):
    """The seats screen: a small dial with the pointer and the seats, and the buttons."""

    name: ClassVar[str] = "seats"
    stage: SpinnerStage

    def __init__(self, stage: SpinnerStage) -> None:
        super().__init__(stage)
        self.setup: SeatCalibration | None = None
        self.pointer_deg: float | None = None
        self.seats: tuple[float, ...] = ()
        self.selected: int | None = None
        self.line = ""
        self.line_ok = True
        self.showing_spin = False

    def shown(self) -> None:
        """Open the calibration on the table's spinner (once) and ask where the pointer is."""
        spinner = self.stage.spinner
        workshop = spinner.workshop if spinner is not None else None
        if self.setup is None and workshop is not None:
            self.setup = workshop.calibration(self.stage.config)
        if self.setup is not None:
            self._ask(self.setup.look())
        super().shown()

    # -- the widgets ------------------------------------------------------------------------

    def build(self) -> list[Widget]:
        """The dial on one side (on top in portrait), the buttons on the other, the status below."""
        look = self.stage.look
        width, height = self.stage.size
        pad = look.px(8)
        area = pygame.Rect(pad, pad, width - 2 * pad, height - 2 * pad)
        top, body = layout.take_top(area, look.px(52), pad)
        status_area, middle = layout.take_bottom(body, look.px(92), pad)
        if width >= height:
            dial_area, controls = layout.take_left(middle, middle.w * 2 // 5, pad)
        else:
            dial_area, controls = layout.take_top(middle, min(middle.w, middle.h // 2), pad)
        widgets = [*self._header(top), *self._dial(dial_area), *self._controls(controls),
                   TextBlock("status", status_area, self._status_text(),
                             background=theme.PANEL if self.line_ok else theme.REFUSAL)]
        return widgets + message_widgets(self.stage, status_area)

    def _header(self, area: pygame.Rect) -> list[Widget]:
        look = self.stage.look
        back, title = header_row(look, area, look.px(8), _("Seats"), self.back, size=28)
        widgets: list[Widget] = [back, title]
        status = self.stage.spinner_status
        if self.setup is not None and status is not None and not status.available:
            home, title.rect = layout.take_right(title.rect, look.px(220), look.px(8))
            widgets.append(Button("home", home, _("Home the spinner"), colour=(0, 120, 80),
                                  on_tap=self.home))
        return widgets

    def _dial(self, area: pygame.Rect) -> list[Widget]:
        look = self.stage.look
        angle_area, dial_area = layout.take_bottom(area, look.px(40), look.px(4))
        seats = tuple(DialSeat(seat, str(seat + 1), SEAT_COLOURS[seat % len(SEAT_COLOURS)], angle)
                      for seat, angle in enumerate(self.seats))
        motion = self.stage.spin if self.showing_spin else None
        landed = (self.selected,) if self.selected is not None else ()
        dial = SpinDial("dial", dial_area, "", seats=seats, motion=motion, clock=self.stage.now,
                        rest_deg=self.pointer_deg or 0.0, landed=landed)
        if self._spinning():
            words = _("Pointer: spinning…")
        elif self.pointer_deg is None:
            words = _("Pointer: not homed")
        else:
            words = _("Pointer at {angle}°").format(angle=f"{self.pointer_deg:.2f}")
        return [dial, Label("angle", angle_area, words, bold=True, centred=True)]

    def _controls(self, area: pygame.Rect) -> list[Widget]:
        look = self.stage.look
        gap = look.px(8)
        row = look.px(56)
        refusal = "" if self.setup is not None else self._no_spinner()
        usable = self.setup is not None
        jog_row, rest = layout.take_top(area, row, gap)
        edit_row, rest = layout.take_top(rest, row, gap)
        seat_row, rest = layout.take_top(rest, row, gap)
        widgets: list[Widget] = [
            Button(name, cell, JOG_LABELS[name], enabled=usable, refusal=refusal,
                   on_tap=partial(self.press, JOG_KEYS[name]))
            for name, cell in zip(JOG_LABELS, layout.columns(jog_row, 4, gap), strict=True)
        ]
        saving, writing = _("Save seat {n}").format(n=len(self.seats) + 1), _("Write seats")
        # Each as wide as its longest word needs (words go on two lines at spaces).
        needs = [button_width(look, *words.split()) for words in (saving, _("Undo"), writing)]
        save, undo, write = layout.columns_at_least(edit_row, needs, gap)
        widgets += [
            Button("save", save, saving, enabled=usable, refusal=refusal, colour=(0, 120, 80),
                   on_tap=partial(self.press, "s")),
            Button("undo", undo, _("Undo"), enabled=usable, refusal=refusal,
                   colour=(80, 80, 96), on_tap=partial(self.press, "u")),
            Button("write", write, writing, enabled=usable, refusal=refusal,
                   on_tap=partial(self.press, "w")),
        ]
        if not self.seats:  # no seat list yet: the first hint has its room
            seat_row = seat_row.union(rest)
        widgets += self._seat_actions(seat_row, usable, refusal)
        return widgets + self._seat_list(rest)

    def _seat_actions(self, area: pygame.Rect, usable: bool, refusal: str) -> list[Widget]:
        seat = self.selected
        if seat is None:
            if self.seats:
                hint = _("Tap a seat to test-spin or forget it.")
            else:
                hint = _("Jog the pointer to each player in playing order and save their seat.")
            return [TextBlock("hint", area, hint)]
        test, forget = layout.columns(area, 2, self.stage.look.px(8))
        return [
            Button("test", test, _("Test spin to {n}").format(n=seat + 1), enabled=usable,
                   refusal=refusal, on_tap=self.test_spin),
            Button("forget", forget, _("Forget seat {n}").format(n=seat + 1), enabled=usable,
                   refusal=refusal, colour=(150, 60, 40), on_tap=self.forget),
        ]

    def _seat_list(self, area: pygame.Rect) -> list[Widget]:
        look = self.stage.look
        gap = look.px(8)
        count = len(self.seats)
        cols = 3 if count <= 6 else (count + 1) // 2
        rows = max(1, -(-count // cols))
        height = max(look.px(48), min(look.px(56), (area.h - gap * (rows - 1)) // rows))
        cells = layout.grid(area, cols, count, height, gap)
        return [
            # Seats are counted from 1 for people; the widget keeps the seat's own number.
            Button(f"seat:{seat}", cell, f"{seat + 1}: {angle:.2f}°",
                   selected=seat == self.selected,
                   colour=mix(SEAT_COLOURS[seat % len(SEAT_COLOURS)].rgb, (0, 0, 0), 0.45),
                   on_tap=partial(self.select, seat))
            for seat, (angle, cell) in enumerate(zip(self.seats, cells, strict=True))
        ]

    def _spinning(self) -> bool:
        """A test spin still turns on the dial (the motor may have stopped before it)."""
        motion = self.stage.spin
        return self.showing_spin and motion is not None and not motion.done(self.stage.now())

    def _status_text(self) -> str:
        if self.setup is None:
            return self._no_spinner()
        if self._spinning():
            return _("Test spin: spinning…")
        if self.line:
            return self.line
        status = self.stage.spinner_status
        if status is not None and not status.available:
            return spinner_sentence(status)
        config = self.stage.config
        if not self.seats:
            angles = ", ".join(f"{angle:g}" for angle in config.spinner.seat_angles)
            return _("No seats are calibrated: the spinner uses its built-in seats at {angles}"
                     " degrees.").format(angles=angles)
        return _("Seats from {source}.").format(source=config.seats_source)

    def _no_spinner(self) -> str:
        status = self.stage.spinner_status
        if status is not None and not status.available:
            return _("Seats cannot be calibrated without the spinner: {reason}").format(
                reason=note_text(problem_words(status), str))
        return _("This screen has no spinner to calibrate.")

    # -- what the buttons do ------------------------------------------------------------------

    def press(self, key: str) -> None:
        """Press one calibration key on the spinner (a jog, save, undo, write)."""
        if self.setup is not None:
            self.showing_spin = False
            self._ask(self.setup.press(key))

    def select(self, seat: int) -> None:
        """Select a saved seat to test or forget (a second tap lets go of it)."""
        self.selected = None if self.selected == seat else seat
        self.rebuild()

    def test_spin(self) -> None:
        """A whole spin that stops at the selected seat, turning on the dial too."""
        seat = self.selected
        if self.setup is None or seat is None or seat >= len(self.seats):
            return
        self.showing_spin = True
        spun: Future[SpinStop] = self.setup.test_spin(seat, self.seats[seat])
        self.stage.follow(spun, partial(self._spun, seat))

    def forget(self) -> None:
        """Forget the selected seat."""
        if self.setup is not None and self.selected is not None:
            seat, self.selected = self.selected, None
            self._ask(self.setup.forget(seat))

    def home(self) -> None:
        """Home the spinner again."""
        if self.setup is not None:
            self.line, self.line_ok = "", True  # the spinner's status says how homing went
            self._ask(self.setup.home())

    def back(self) -> None:
        """Back to the set-up menu."""
        self.stage.go("setup")

    def key_pressed(self, key: int) -> None:
        """Escape goes back."""
        if key == pygame.K_ESCAPE:
            self.back()

    def spin_started(self, motion: SpinMotion) -> None:
        """A test spin turns on the dial."""
        self.rebuild()

    # -- the answers -------------------------------------------------------------------------

    def _ask(self, answer: Future[SeatAnswer]) -> None:
        self.stage.follow(answer, self._answered)

    def _answered(self, answer: SeatAnswer) -> None:
        self.pointer_deg = answer.pointer_deg
        self.seats = answer.seats
        if answer.line:
            self.line, self.line_ok = answer.line, answer.ok
        if self.selected is not None and self.selected >= len(self.seats):
            self.selected = None
        if answer.written is not None:
            self.stage.config = answer.written
            self.stage.use_seat_angles(answer.written.spinner.seat_angles)
        self.rebuild()

    def _spun(self, seat: int, outcome: SpinStop) -> None:
        if outcome.software_pick:
            self.line, self.line_ok = outcome.reason, False
        else:
            self.pointer_deg = outcome.stop_angle_deg
            self.line = _("Test spin: the pointer stopped at {angle}° (seat {n}).").format(
                angle=f"{outcome.stop_angle_deg:.2f}", n=seat + 1)
            self.line_ok = True
        self.rebuild()


__all__ = ["SeatsScene"]
